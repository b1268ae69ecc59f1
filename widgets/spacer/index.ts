import { defineWidget } from '../../src/runtime/widget-definition';
import { spacerContract, type SpacerProps } from '../../schemas/widgets/spacer';

/** Blank vertical space between blocks, with an optional divider line. */
export const widget = defineWidget<SpacerProps>({
  ...spacerContract,
  load: () => import('./spacer'),
});
