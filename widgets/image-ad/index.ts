import { defineWidget } from '../../src/runtime/widget-definition';
import { imageAdContract, type ImageAdProps } from '../../schemas/widgets/image-ad';

/** One picture (or two side by side), each optionally a link. */
export const widget = defineWidget<ImageAdProps>({
  ...imageAdContract,
  load: () => import('./image-ad'),
});
