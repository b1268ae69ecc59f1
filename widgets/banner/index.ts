import type { BannerItem } from '../../src/api/banner';
import { requestDeclaration } from '../../src/runtime/request-data';
import { defineWidget } from '../../src/runtime/widget-definition';
import { bannerContract, bannerRequest, type BannerProps } from '../../schemas/widgets/banner';

/** A carousel of the banner slides of one position (GET /cfg/api/banner). */
export const widget = defineWidget<BannerProps, BannerItem[]>({
  ...bannerContract,
  load: () => import('./banner'),
  data: (props, ctx) => requestDeclaration<BannerItem[]>(bannerRequest(props, ctx)),
});
