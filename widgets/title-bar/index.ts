import { defineWidget } from '../../src/runtime/widget-definition';
import { TitleBarProps } from './schema';

/** A section heading with an optional subtitle and "more" link. */
export const widget = defineWidget<TitleBarProps>({
  type: 'title-bar',
  version: 1,
  propsSchema: TitleBarProps,
  defaultProps: { align: 'left' },
  migrations: [],
  load: () => import('./title-bar'),
});
