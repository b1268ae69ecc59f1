import { Type, type Static } from 'typebox';
import { LinkItem } from '../link';
import type { WidgetContract } from './contract';
import type { RequestContext, WidgetRequest } from './request';

/** spec commerce §9: product types 8, 9 and 10 are reading-type. */
export const READING_TYPES = [8, 9, 10] as const;

export const BookShelfProps = Type.Object({
  title: Type.Optional(Type.String({ title: '标题', description: "Heading above the shelf; none when empty, the widget's default heading in the visitor's language when unset.", maxLength: 60 })),
  count: Type.Integer({ title: '数量', description: 'How many books to show, 1 to 50.', minimum: 1, maximum: 50, default: 10 }),
  columns: Type.Integer({ title: '每行个数', description: 'Books per row, 2 to 8.', minimum: 2, maximum: 8, default: 5 }),
  categoryId: Type.Optional(Type.Integer({ title: '分类', description: 'Only books of this category (and the categories under it).' })),
  sort: Type.Union([Type.Literal('newest'), Type.Literal('popular')], { title: '排序', description: 'Newest first, or best selling first.', default: 'newest' }),
  showPrice: Type.Boolean({ title: '显示价格', description: 'Show the price under each book.', default: true }),
  more: Type.Optional(LinkItem),
});
export type BookShelfProps = Static<typeof BookShelfProps>;

/** The contract of the book-shelf widget (widgets/book-shelf/): what the runtime and the server's template check share. */
export const bookShelfContract = {
  type: 'book-shelf',
  version: 1,
  propsSchema: BookShelfProps,
  defaultProps: { count: 10, columns: 5, sort: 'newest', showPrice: true },
  migrations: [],
} satisfies WidgetContract<BookShelfProps>;

/** The one GET of widgets/book-shelf/, reading products; the server's home bootstrap makes it too. */
export function bookShelfRequest(props: BookShelfProps, _ctx: RequestContext): WidgetRequest {
  return {
    path: '/order/api/product/search',
    query: { pageNo: 1, pageSize: props.count, sort: props.sort, categoryId: props.categoryId, productType: READING_TYPES },
  };
}
