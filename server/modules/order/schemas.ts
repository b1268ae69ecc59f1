import { Type, type Static } from 'typebox';
import { CardFields, Nullable } from '../cm/catalogue';

const OrgType = Type.String({ description: 'SCHOOL opens /sub_shop/school/{providerId}; anything else /sub_shop/provider/{providerId}.' });
const ProviderState = Type.Integer({ description: '1 or -1: taken off shelf (spec learning §4: warn, do not navigate); 0 open.' });

/**
 * A product card. Its link item is { productType, prodId: id, providerId, state: providerState,
 * orgType }: types 8, 9 and 10 open /sub_shop/noval/{id}, others /product/detail/{id}.
 */
export const ProductItem = Type.Object({
  ...CardFields,
  productType: Type.Integer({ description: '1 book, 2 course, 3 stationery, 4 gift card, 8 e-book, 9 audiobook, 10 serial novel; 8/9/10 are reading-type.' }),
  price: Type.Number({ description: 'Price to pay.' }),
  retailPrice: Nullable(Type.Number({ description: 'List price shown struck through; null when there is none.' })),
  stock: Type.Integer(),
  salesCount: Type.Integer(),
  providerId: Type.Integer(),
  providerName: Type.String(),
  providerState: ProviderState,
  orgType: OrgType,
});
export type ProductItem = Static<typeof ProductItem>;

/** A provider (school or merchant) card, with the spec's store field names (spec learning §3). */
export const ProviderItem = Type.Object({
  id: Type.Integer(),
  storeId: Type.Integer({ description: 'Same as id: the providerId of links.' }),
  storeName: Type.String(),
  storeThumbImg: Nullable(Type.String()),
  title: Type.String({ description: 'Same as storeName, for generic cards.' }),
  cover: Nullable(Type.String({ description: 'Same as storeThumbImg, for generic cards.' })),
  summary: Nullable(Type.String()),
  orgType: OrgType,
  orgPath: Nullable(Type.String()),
  state: ProviderState,
  productCount: Type.Integer({ description: 'Products on sale.' }),
});
export type ProviderItem = Static<typeof ProviderItem>;

/** A product page's product: the card plus its sale state (1 on sale; anything else off sale), description, gallery and specifications. */
export const ProductDetail = Type.Object({
  ...ProductItem.properties,
  state: Type.Integer({ description: '1 on sale; anything else taken off sale.' }),
  description: Nullable(Type.String({ description: 'Plain text, paragraphs split by a blank line; render it as text, never as HTML.' })),
  images: Type.Array(Type.String(), { description: 'The gallery after the cover: image addresses.' }),
  specs: Type.Array(Type.Object({ name: Type.String(), value: Type.String() }), { description: 'Specifications in display order.' }),
});
export type ProductDetail = Static<typeof ProductDetail>;

/** One review of a product. */
export const ProductComment = Type.Object({
  id: Type.Integer(),
  score: Type.Integer({ minimum: 1, maximum: 5 }),
  content: Type.String({ description: 'Plain text; render it as text, never as HTML.' }),
  createTime: Type.String({ format: 'date-time' }),
  userName: Type.String({ description: 'The author\'s nickname, else real name, else 买家.' }),
  avatar: Nullable(Type.String()),
});
export type ProductComment = Static<typeof ProductComment>;

/** A page of a product's reviews, newest first, with the summary of all of them. */
export const ProductCommentPage = Type.Object({
  summary: Type.Object({
    average: Type.Number({ description: 'Mean score, one decimal; 0 when there are no reviews.' }),
    count: Type.Integer({ description: 'Visible reviews.' }),
    distribution: Type.Object({ 1: Type.Integer(), 2: Type.Integer(), 3: Type.Integer(), 4: Type.Integer(), 5: Type.Integer() }),
  }),
  list: Type.Array(ProductComment),
  total: Type.Integer(),
  pageNo: Type.Integer(),
  pageSize: Type.Integer(),
});
export type ProductCommentPage = Static<typeof ProductCommentPage>;
