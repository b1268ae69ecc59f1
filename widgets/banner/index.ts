import { defineWidget } from '../../src/runtime/widget-definition';
import { getBanners, type BannerItem } from '../../src/api/banner';
import { BannerProps } from './schema';

/** A carousel of the banner slides of one position (GET /cfg/api/banner). */
export const widget = defineWidget<BannerProps, BannerItem[]>({
  type: 'banner',
  version: 2,
  propsSchema: BannerProps,
  defaultProps: { position: 'home', autoplay: true, interval: 5000, height: 360, arrows: true },
  // Named migrations (issue 14 point 6): the migration report names the ones that ran on each block.
  migrations: [
    // v2 adds a11yLabel, the carousel's screen-reader name (optional, so v1 props pass unchanged).
    { id: 'banner/2-add-a11y-label', up: (props) => ({ ...props }) },
  ],
  load: () => import('./banner'),
  data: (props, ctx) => ({
    key: ['cfg', 'banner', { position: props.position, storeId: ctx.storeId ?? null }],
    fetch: (signal) => getBanners(ctx.storeId === undefined ? { position: props.position } : { position: props.position, storeId: ctx.storeId }, signal),
  }),
});
