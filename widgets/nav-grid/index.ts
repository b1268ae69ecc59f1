import { defineWidget } from '../../src/runtime/widget-definition';
import { navGridContract, type NavGridProps } from '../../schemas/widgets/nav-grid';

/** An icon grid of shortcuts; each entry is a LinkItem (routes, category jumps by purpose, addresses). */
export const widget = defineWidget<NavGridProps>({
  ...navGridContract,
  load: () => import('./nav-grid'),
});
