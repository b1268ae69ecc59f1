import { defineWidget } from '../../src/runtime/widget-definition';
import { ImageAdProps } from './schema';

/** Named props migrations (STYLE "A widget is one folder"): the key upgrades props of that version. */
export const ImageAdMigrations = {
  /** v1 → v2: a11yLabel, the block's screen-reader name (optional, so v1 props pass unchanged). */
  AddA11yLabel: 1,
} as const;

/** One picture (or two side by side), each optionally a link. */
export const widget = defineWidget<ImageAdProps>({
  type: 'image-ad',
  version: 2,
  propsSchema: ImageAdProps,
  defaultProps: { image: '', alt: '', height: 0, radius: 8 },
  migrations: {
    [ImageAdMigrations.AddA11yLabel]: (props) => ({ ...props }),
  },
  load: () => import('./image-ad'),
});
