import { defineWidget } from '../../src/runtime/widget-definition';
import { ImageAdProps } from './schema';

/** One picture (or two side by side), each optionally a link. */
export const widget = defineWidget<ImageAdProps>({
  type: 'image-ad',
  version: 1,
  propsSchema: ImageAdProps,
  defaultProps: { image: '', alt: '', height: 0, radius: 8 },
  migrations: {},
  load: () => import('./image-ad'),
});
