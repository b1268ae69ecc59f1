import { defineWidget } from '../../src/runtime/widget-definition';
import { ImageAdProps } from './schema';

/** One picture (or two side by side), each optionally a link. */
export const widget = defineWidget<ImageAdProps>({
  type: 'image-ad',
  version: 2,
  propsSchema: ImageAdProps,
  defaultProps: { image: '', alt: '', height: 0, radius: 8 },
  // Named migrations (issue 14 point 6): the migration report names the ones that ran on each block.
  migrations: [
    // v2 adds a11yLabel, the block's screen-reader name (optional, so v1 props pass unchanged).
    { id: 'image-ad/2-add-a11y-label', up: (props) => ({ ...props }) },
  ],
  load: () => import('./image-ad'),
});
