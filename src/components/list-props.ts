// Props every catalogue list widget shares, as TypeBox fields for the widgets' schema.ts files. A
// title and description on every field: the page designer shows them.
import { Type } from 'typebox';

/** The heading above the list; `fallback` is the widget's default heading. */
export const ListTitle = (fallback: string) =>
  Type.String({ title: '标题', description: 'Heading above the list; leave empty for none.', maxLength: 40, default: fallback });

export const ListCategoryId = Type.Optional(Type.Integer({
  title: '分类', description: 'Only items of this category and the categories under it; empty for every category.', minimum: 1,
}));

export const ListSort = Type.Union([Type.Literal('newest'), Type.Literal('popular')], {
  title: '排序', description: 'newest: latest published first; popular: most studied, viewed or joined first.', default: 'newest',
});
export type ListSort = 'newest' | 'popular';

export const ListCount = Type.Integer({ title: '数量', description: 'How many cards to show (1 to 50).', minimum: 1, maximum: 50, default: 8 });

export const ListColumns = Type.Integer({ title: '每行列数', description: 'Cards per row in the grid layout (2 to 6).', minimum: 2, maximum: 6, default: 4 });

export const ListShowMore = Type.Boolean({
  title: '显示“更多”', description: 'Show a "more" link to the full list page, filtered by the chosen category.', default: true,
});

export const ListLayout = Type.Union([Type.Literal('grid'), Type.Literal('list')], {
  title: '布局', description: 'grid: cards with the cover on top; list: one row per item with the cover at the left.', default: 'grid',
});

/** Common fields, spread into a widget's Type.Object. */
export const listFields = (fallbackTitle: string) => ({
  title: ListTitle(fallbackTitle),
  categoryId: ListCategoryId,
  sort: ListSort,
  count: ListCount,
  columns: ListColumns,
  showMore: ListShowMore,
  layout: ListLayout,
});

/** The defaults of the common fields. */
export const listDefaults = (title: string) => ({
  title, sort: 'newest' as const, count: 8, columns: 4, showMore: true, layout: 'grid' as const,
});
