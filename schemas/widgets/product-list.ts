import { Type, type Static } from 'typebox';
import { LinkItem } from '../link';
import type { WidgetContract } from './contract';
import type { RequestContext, WidgetRequest } from './request';

export const ProductListProps = Type.Object({
  title: Type.Optional(Type.String({ title: '标题', description: "Heading above the list; none when empty, the widget's default heading in the visitor's language when unset.", maxLength: 60 })),
  count: Type.Integer({ title: '数量', description: 'How many products to show, 1 to 50.', minimum: 1, maximum: 50, default: 8 }),
  columns: Type.Integer({ title: '每行个数', description: 'Products per row, 1 to 6.', minimum: 1, maximum: 6, default: 4 }),
  categoryId: Type.Optional(Type.Integer({ title: '分类', description: 'Only products of this category (and the categories under it).' })),
  providerId: Type.Optional(Type.Integer({ title: '商家', description: 'Only products of this school or merchant.' })),
  productTypes: Type.Array(Type.Integer({ title: '商品类型', description: 'A product type; 8, 9 and 10 are reading-type.' }), {
    title: '商品类型', description: 'Only products of these types; empty lists every type.', maxItems: 20, default: [],
  }),
  sort: Type.Union([Type.Literal('newest'), Type.Literal('popular')], { title: '排序', description: 'Newest first, or best selling first.', default: 'newest' }),
  showProvider: Type.Boolean({ title: '显示商家', description: 'Show the school or merchant under each product, linking to its page.', default: true }),
  more: Type.Optional(LinkItem),
});
export type ProductListProps = Static<typeof ProductListProps>;

/** The contract of the product-list widget (widgets/product-list/): what the runtime and the server's template check share. */
export const productListContract = {
  type: 'product-list',
  version: 1,
  propsSchema: ProductListProps,
  defaultProps: { count: 8, columns: 4, productTypes: [], sort: 'newest', showProvider: true },
  migrations: [],
} satisfies WidgetContract<ProductListProps>;

/** The one GET of widgets/product-list/, shop products of the types chosen (de-duplicated, sorted); the server's home bootstrap makes it too. */
export function productListRequest(props: ProductListProps, _ctx: RequestContext): WidgetRequest {
  const productType = [...new Set(props.productTypes)].sort((a, b) => a - b);
  return {
    path: '/order/api/product/search',
    query: { pageNo: 1, pageSize: props.count, sort: props.sort, categoryId: props.categoryId, providerId: props.providerId, productType },
  };
}
