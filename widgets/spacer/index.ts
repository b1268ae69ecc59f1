import { defineWidget } from '../../src/runtime/widget-definition';
import { SpacerProps } from './schema';

/** Blank vertical space between blocks, with an optional divider line. */
export const widget = defineWidget<SpacerProps>({
  type: 'spacer',
  version: 1,
  propsSchema: SpacerProps,
  defaultProps: { height: 24, divider: false },
  migrations: [],
  load: () => import('./spacer'),
});
