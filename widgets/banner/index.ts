import { defineWidget } from '../../src/runtime/widget-definition';
import { getBanners, type BannerItem } from '../../src/api/banner';
import { bannerContract, type BannerProps } from '../../schemas/widgets/banner';

/** A carousel of the banner slides of one position (GET /cfg/api/banner). */
export const widget = defineWidget<BannerProps, BannerItem[]>({
  ...bannerContract,
  load: () => import('./banner'),
  data: (props, ctx) => ({
    key: ['cfg', 'banner', { position: props.position, storeId: ctx.storeId ?? null }],
    fetch: (signal) => getBanners(ctx.storeId === undefined ? { position: props.position } : { position: props.position, storeId: ctx.storeId }, signal),
  }),
});
