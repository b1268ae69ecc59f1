// The order service's contract (spec learning §7 "Orders"): products and providers, cart and orders, reading.
// Server routes validate with these; src/api and the shop feature derive their types.
import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../common';
import { CardFields, ListParams, Nullable, PageParams, PageNo, PageSize } from './list';

// --- Products and providers ---
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
  // issue 20 part Q: a buyer's review may carry photos.
  images: Type.Optional(Type.Array(Type.String(), { description: 'Photo URLs (at most 6).' })),
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

// --- Cart and orders ---
// TypeBox schemas of the cart and order calls (spec learning §3 Cart and order fields, §7 "Orders").
/** Most of one product a cart line or an order line may hold. */
export const MAX_QUANTITY = 99;
/** Most lines a cart may hold. */
export const MAX_CART_LINES = 100;

const Quantity = Type.Integer({ minimum: 1, maximum: MAX_QUANTITY, description: `1 to ${MAX_QUANTITY}, and no more than the stock.` });
const Ids = Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: MAX_CART_LINES, description: 'Cart line ids.' });
const Money = (description: string) => Type.Number({ description });

/** Why a cart line cannot be bought now; null when it can. */
const Unavailable = Nullable(Type.Enum(['offShelf', 'providerOffShelf', 'soldOut', 'stockShort'], {
  description: 'offShelf: the product was taken off sale; providerOffShelf: its provider is off shelf (spec learning §4); soldOut: no stock; stockShort: less stock than the quantity.',
}));

/** A cart line (spec learning §3 cartList): the spec's fields plus what the page shows. */
export const CartLine = Type.Object({
  id: Type.Integer(),
  prodId: Type.Integer(),
  prodSku: Nullable(Type.String({ description: 'Always null: products have no SKUs here.' })),
  userId: Type.Integer(),
  quantity: Type.Integer(),
  price: Money('Price of one, now.'),
  retPrice: Money('List price of one (the price when the product has none).'),
  totalPrice: Money('price × quantity.'),
  totalRetPrice: Money('retPrice × quantity.'),
  checked: Type.Boolean(),
  title: Type.String(),
  cover: Nullable(Type.String()),
  productType: Type.Integer(),
  stock: Type.Integer(),
  unavailable: Unavailable,
});
export type CartLine = Static<typeof CartLine>;

/** The cart lines of one provider (spec learning §3: cartData grouped by provider). */
export const CartGroup = Type.Object({
  providerId: Type.Integer(),
  providerName: Type.String(),
  providerState: Type.Integer({ description: '1 or -1: off shelf.' }),
  orgType: Type.String(),
  cartList: Type.Array(CartLine),
});
export type CartGroup = Static<typeof CartGroup>;

/** Totals (spec learning §3): counts and prices of all lines and of the checked ones that can be bought. */
export const CartTotals = {
  productCount: Type.Integer({ description: 'Lines (distinct products).' }),
  itemCount: Type.Integer({ description: 'Pieces: the sum of the quantities.' }),
  checkedProductCount: Type.Integer({ description: 'Checked lines that can be bought.' }),
  checkedItemCount: Type.Integer({ description: 'Pieces in those lines.' }),
  checkedPrice: Money('What the checked lines cost.'),
  checkedRetPrice: Money('Their list price.'),
  checkedSaving: Money('checkedRetPrice − checkedPrice.'),
};

export const CartView = Type.Object({ cartData: Type.Array(CartGroup), ...CartTotals });
export type CartView = Static<typeof CartView>;

export const CartCount = Type.Object({ productCount: Type.Integer(), itemCount: Type.Integer({ description: 'What the navbar badge shows.' }) });
export type CartCount = Static<typeof CartCount>;

export const AddCartBody = Type.Object({ tenantId: TenantIdParam, prodId: Type.Integer({ minimum: 1 }), quantity: Type.Optional(Quantity) });

export const MulModifyBody = Type.Object({
  tenantId: TenantIdParam,
  list: Type.Array(Type.Object({ id: Type.Integer({ minimum: 1 }), quantity: Type.Optional(Quantity), checked: Type.Optional(Type.Boolean()) }), {
    minItems: 1, maxItems: MAX_CART_LINES, description: 'Lines to change: a quantity, a checked flag, or both.',
  }),
});

export const MulDeleteBody = Type.Object({ tenantId: TenantIdParam, ids: Ids });

/** What to buy: cart lines (the checked ones when no ids are given), or one product now. */
export const BuySelection = {
  tenantId: TenantIdParam,
  cartIds: Type.Optional(Ids),
  prodId: Type.Optional(Type.Integer({ minimum: 1, description: 'Buy now: this product, not the cart.' })),
  quantity: Type.Optional(Quantity),
};

export const ConfirmBody = Type.Object(BuySelection);

/** An order line as the confirm page and the order pages show it. */
export const OrderLine = Type.Object({
  cartId: Nullable(Type.Integer({ description: 'The cart line it comes from; null for buy-now and bought items.' })),
  prodId: Type.Integer(),
  title: Type.String(),
  cover: Nullable(Type.String()),
  productType: Type.Integer(),
  providerId: Type.Integer(),
  providerName: Type.String(),
  price: Type.Number(),
  retPrice: Type.Number(),
  quantity: Type.Integer(),
  totalPrice: Type.Number(),
});
export type OrderLine = Static<typeof OrderLine>;

const OrderSums = {
  productCount: Type.Integer(),
  itemCount: Type.Integer(),
  totalPrice: Money('What the items cost.'),
  totalRetPrice: Money('Their list price.'),
  freight: Money('Always 0 in this shop.'),
  payPrice: Money('The actual payment (spec learning §3): totalPrice + freight.'),
};

export const ConfirmView = Type.Object({
  items: Type.Array(OrderLine), ...OrderSums,
  // issue 20 part Q: the confirm page asks an address only when this is true.
  needsDelivery: Type.Optional(Type.Boolean({ description: 'true: a line ships something, the order needs an address.' })),
});
export type ConfirmView = Static<typeof ConfirmView>;

export const SubmitBody = Type.Object({
  ...BuySelection,
  addressId: Type.Optional(Type.Integer({ minimum: 1, description: 'Required when a line ships something (issue 20 part Q: reading products and courses need no address).' })),
  submitToken: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'Made once per confirm page: a second submit with it returns the same order.' }),
  remark: Type.Optional(Type.String({ maxLength: 200 })),
});

/** Order states (our decision; the spec does not show them). */
export const ORDER_STATE = { pending: 1, toReceive: 2, completed: 3, cancelled: 4 } as const;

export const OrderView = Type.Object({
  id: Type.Integer(),
  orderNo: Type.String({ description: 'The order number (spec learning §3).' }),
  state: Type.Integer({ description: '1 pending payment, 2 paid: to be shipped (shippedAt null) or to be received, 3 completed, 4 cancelled.' }),
  cancelReason: Nullable(Type.Enum(['user', 'expired'])),
  createdAt: Type.String({ format: 'date-time', description: 'Creation time (spec learning §3).' }),
  expiresAt: Type.String({ format: 'date-time', description: 'An unpaid order is cancelled at this time.' }),
  paidAt: Nullable(Type.String({ format: 'date-time' })),
  shippedAt: Nullable(Type.String({ format: 'date-time' })),
  receivedAt: Nullable(Type.String({ format: 'date-time' })),
  cancelledAt: Nullable(Type.String({ format: 'date-time' })),
  payType: Nullable(Type.String()),
  remark: Nullable(Type.String()),
  address: Type.Object({ receiver: Type.String(), phone: Type.String(), area: Type.String(), detail: Type.String() }),
  items: Type.Array(OrderLine),
  ...OrderSums,
  // issue 20 part Q: digital orders and reviews.
  needsDelivery: Type.Optional(Type.Boolean({ description: 'false: every line ships nothing; the address is empty and the order completed at payment.' })),
  reviewState: Type.Optional(Type.Enum(['none', 'open', 'done'], { description: 'none: not completed; open: a line waits for its review (评价); done: all reviewed (已评价).' })),
});
export type OrderView = Static<typeof OrderView>;

export const OrderQuery = Type.Object({
  ...PageParams,
  state: Type.Optional(Type.Integer({ minimum: 1, maximum: 4, description: 'The tab: none for all, 1 pending payment, 2 to be received, 3 completed, 4 cancelled.' })),
  // issue 20 part T: the personal center's order search.
  searchValue: Type.Optional(Type.String({ maxLength: 50, description: 'Words in the order number or in a product title of the order (case-insensitive).' })),
});

export const OrderIdQuery = Type.Object({ tenantId: TenantIdParam, id: Type.Integer({ minimum: 1 }) });
export const OrderIdBody = Type.Object({ tenantId: TenantIdParam, id: Type.Integer({ minimum: 1 }) });

export const PayBody = Type.Object({ tenantId: TenantIdParam, id: Type.Integer({ minimum: 1 }), payType: Type.String({ maxLength: 40 }) });

export const PayType = Type.Object({
  payType: Type.String(), name: Type.String(), nameEn: Type.String(), simulated: Type.Boolean({ description: 'true: no money moves.' }),
});
export type PayType = Static<typeof PayType>;

// --- Reading ---
// TypeBox schemas of the reading calls (docs/api.md "Shop: reading"): the chapters of a reading
// product (types 8, 9, 10), one chapter, and the caller's bookshelf.
const ProductId = Type.Integer({ minimum: 1, description: 'The reading product (type 8 e-book, 9 audiobook or 10 serial).' });

export const ChapterListQuery = Type.Object({ tenantId: TenantIdParam, productId: ProductId });

export const ChapterQuery = Type.Object({
  tenantId: TenantIdParam,
  productId: ProductId,
  id: Type.Integer({ minimum: 1, description: 'The chapter id, from the chapter list.' }),
});

export const BookshelfQuery = Type.Object({ tenantId: TenantIdParam, pageNo: Type.Optional(PageNo), pageSize: Type.Optional(PageSize) });

/** A chapter as the list shows it: never its text. */
export const ChapterItem = Type.Object({
  id: Type.Integer(),
  sort: Type.Integer({ description: 'Position in the book, from 1.' }),
  title: Type.String(),
  free: Type.Boolean({ description: 'A sample chapter anyone may read.' }),
  locked: Type.Boolean({ description: 'true: the caller may not read it yet (not free, and no paid order with this product).' }),
  hasAudio: Type.Boolean({ description: 'An audiobook chapter: it has an audio address to play.' }),
  duration: Type.Integer({ description: 'Seconds of audio; 0 without audio.' }),
});
export type ChapterItem = Static<typeof ChapterItem>;

export const ChapterList = Type.Object({
  productId: Type.Integer(),
  productType: Type.Integer({ description: '8 e-book, 9 audiobook, 10 serial.' }),
  owned: Type.Boolean({ description: 'The signed-in caller has a paid order (state 2 or 3) with this product; false for guests.' }),
  freeCount: Type.Integer(),
  chapters: Type.Array(ChapterItem),
});
export type ChapterList = Static<typeof ChapterList>;

/** One chapter with its text and audio, and its neighbours for previous / next. */
export const ChapterView = Type.Object({
  ...ChapterItem.properties,
  productId: Type.Integer(),
  count: Type.Integer({ description: 'Chapters in the book.' }),
  html: Nullable(Type.String({ description: 'The chapter text as HTML (show it through a sanitiser).' })),
  audioUrl: Nullable(Type.String({ description: 'The audio address (media:… or http(s)); decode it with GET /cm/api/media/decode.' })),
  prevId: Nullable(Type.Integer()),
  nextId: Nullable(Type.Integer()),
});
export type ChapterView = Static<typeof ChapterView>;

/** A book on the caller's shelf: the product as it is now, and when it was last bought. */
export const BookshelfItem = Type.Object({
  id: Type.Integer({ description: 'The product id.' }),
  title: Type.String(),
  cover: Nullable(Type.String()),
  summary: Nullable(Type.String()),
  productType: Type.Integer(),
  providerName: Type.String(),
  chapterCount: Type.Integer(),
  boughtAt: Type.String({ format: 'date-time', description: 'When the latest paid order with it was paid.' }),
  orderId: Type.Integer({ description: 'That order.' }),
});
export type BookshelfItem = Static<typeof BookshelfItem>;

// --- Shop queries and the small answers (docs/api.md "Calls", "Cart and orders") ---
/** The query of the calls that take only the tenant (the cart, the pay types). */
export const OrderTenantQuery = Type.Object({ tenantId: TenantIdParam });

/** The query of GET /order/api/product/search. */
export const ProductSearchQuery = Type.Object({
  ...ListParams,
  productType: Type.Optional(Type.Array(Type.Integer(), { maxItems: 20, description: 'Product type, repeatable (productType=8&productType=9&productType=10 for reading).' })),
  providerId: Type.Optional(Type.Integer({ minimum: 1, description: 'Only this provider\'s products.' })),
  // Issue 20 (spec learning §5 "Provider price range"): the provider page's price filter; min above max is refused.
  minPrice: Type.Optional(Type.Number({ minimum: 0, maximum: 1_000_000, description: 'Only products priced at least this (yuan).' })),
  maxPrice: Type.Optional(Type.Number({ minimum: 0, maximum: 1_000_000, description: 'Only products priced at most this (yuan); below minPrice is refused (PRICE_RANGE_INVALID).' })),
  priceOrder: Type.Optional(Type.Enum(['asc', 'desc'], { description: 'Cheapest (asc) or dearest (desc) first; overrides sort.' })),
});

/** The query of GET /order/api/product/detail. */
export const ProductDetailQuery = Type.Object({ tenantId: TenantIdParam, id: Type.Integer({ minimum: 1 }) });

/** The query of GET /order/api/orderComment/prodCommentList. */
export const ProductCommentQuery = Type.Object({ ...PageParams, prodId: Type.Integer({ minimum: 1, description: 'The product.' }) });

/** The query of GET /cfg/api/page/provider. */
export const ProviderQuery = Type.Object({
  ...PageParams,
  searchValue: Type.Optional(Type.String({ maxLength: 100, description: 'Case-insensitive words in the name.' })),
  orgType: Type.Optional(Type.String({ maxLength: 40, description: 'Only this organisation type, e.g. SCHOOL.' })),
});

/** What submitting an order answers: the order, and whether this token had placed it already. */
export const SubmitResult = Type.Object({ id: Type.Integer(), orderNo: Type.String(), repeated: Type.Boolean({ description: 'true: this token had already placed the order.' }) });
export type SubmitResult = Static<typeof SubmitResult>;
