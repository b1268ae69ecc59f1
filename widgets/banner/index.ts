import { defineWidget } from '../../src/runtime/widget-definition';
import { getBanners, type BannerItem } from '../../src/api/banner';
import { BannerProps } from './schema';

/** Named props migrations (STYLE "A widget is one folder"): the key upgrades props of that version. */
export const BannerMigrations = {
  /** v1 → v2: a11yLabel, the carousel's screen-reader name (optional, so v1 props pass unchanged). */
  AddA11yLabel: 1,
} as const;

/** A carousel of the banner slides of one position (GET /cfg/api/banner). */
export const widget = defineWidget<BannerProps, BannerItem[]>({
  type: 'banner',
  version: 2,
  propsSchema: BannerProps,
  defaultProps: { position: 'home', autoplay: true, interval: 5000, height: 360, arrows: true },
  migrations: {
    [BannerMigrations.AddA11yLabel]: (props) => ({ ...props }),
  },
  load: () => import('./banner'),
  data: (props, ctx) => ({
    key: ['cfg', 'banner', { position: props.position, storeId: ctx.storeId ?? null }],
    fetch: (signal) => getBanners(ctx.storeId === undefined ? { position: props.position } : { position: props.position, storeId: ctx.storeId }, signal),
  }),
});
