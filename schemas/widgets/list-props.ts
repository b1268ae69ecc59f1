// Props every catalogue list widget shares, as TypeBox fields for the widget contracts in schemas/widgets/. A
// title and description on every field: the page designer shows them.
import { Type } from 'typebox';

/**
 * The heading above the list. Unset: the widget's default heading in the visitor's language
 * (widget-texts.ts widgetHeading), so no default is written into a block in one language.
 */
export const ListTitle = Type.Optional(Type.String({
  title: '标题', description: "Heading above the list; leave empty for none, unset for the widget's default heading in the visitor's language.", maxLength: 40,
}));

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
export const listFields = () => ({
  title: ListTitle,
  categoryId: ListCategoryId,
  sort: ListSort,
  count: ListCount,
  columns: ListColumns,
  showMore: ListShowMore,
  layout: ListLayout,
});

/** The defaults of the common fields (no title: the heading follows the language, see ListTitle). */
export const listDefaults = () => ({
  sort: 'newest' as const, count: 8, columns: 4, showMore: true, layout: 'grid' as const,
});
