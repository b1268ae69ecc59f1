import { defineWidget } from '../../src/runtime/widget-definition';
import { NavGridProps } from './schema';

/** An icon grid of shortcuts; each entry is a LinkItem (routes, category jumps by purpose, addresses). */
export const widget = defineWidget<NavGridProps>({
  type: 'nav-grid',
  version: 1,
  propsSchema: NavGridProps,
  // No items: a new block shows the default shortcuts (nav-grid.tsx), named in the visitor's language.
  defaultProps: { columns: 5, iconSize: 48 },
  migrations: [],
  load: () => import('./nav-grid'),
});
