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

/** A product page's product: the card plus its sale state (1 on sale; anything else off sale). */
export const ProductDetail = Type.Object({ ...ProductItem.properties, state: Type.Integer({ description: '1 on sale; anything else taken off sale.' }) });
export type ProductDetail = Static<typeof ProductDetail>;
