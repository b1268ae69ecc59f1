import { defineWidget } from '../../src/runtime/widget-definition';
import { titleBarContract, type TitleBarProps } from '../../schemas/widgets/title-bar';

/** A section heading with an optional subtitle and "more" link. */
export const widget = defineWidget<TitleBarProps>({
  ...titleBarContract,
  load: () => import('./title-bar'),
});
