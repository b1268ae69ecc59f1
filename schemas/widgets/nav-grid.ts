import { Type, type Static } from 'typebox';
import { LinkItem } from '../link';
import type { WidgetContract } from './contract';

export const NavGridItem = Type.Object({
  title: Type.String({ title: '名称', description: 'Text under the icon.', minLength: 1, maxLength: 20 }),
  icon: Type.Optional(Type.String({ title: '图标', description: 'Address of the icon picture; the first letter of the name is shown when empty.', maxLength: 2000 })),
  link: LinkItem,
}, { title: '导航项', description: 'One entry of the grid: an icon, a name and where it leads (a route, a category jump by purpose, an address…).' });
export type NavGridItem = Static<typeof NavGridItem>;

export const NavGridProps = Type.Object({
  title: Type.Optional(Type.String({ title: '标题', description: 'Heading above the grid; none when empty.', maxLength: 60 })),
  columns: Type.Integer({ title: '每行个数', description: 'Entries per row, 2 to 10.', minimum: 2, maximum: 10, default: 5 }),
  iconSize: Type.Integer({ title: '图标大小', description: 'Icon width and height in pixels.', minimum: 24, maximum: 128, default: 48 }),
  items: Type.Optional(Type.Array(NavGridItem, { title: '导航项', description: "The entries, in order. Unset: shortcuts to courses, knowledge, classes, exams and the points ranking, named in the visitor's language.", maxItems: 40 })),
});
export type NavGridProps = Static<typeof NavGridProps>;

/** The contract of the nav-grid widget (widgets/nav-grid/): what the runtime and the server's template check share. */
export const navGridContract = {
  type: 'nav-grid',
  version: 1,
  propsSchema: NavGridProps,
  // No items: a new block shows the default shortcuts (nav-grid.tsx), named in the visitor's language.
  defaultProps: { columns: 5, iconSize: 48 },
  migrations: [],
} satisfies WidgetContract<NavGridProps>;
