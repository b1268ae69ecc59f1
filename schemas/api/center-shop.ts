// The personal center's shop section (issue 20 part T; spec learning §2 "Personal center" shop):
// the overview, product favourites and the bookshelf's progress and removal. Calls the spec does
// not name: ours, under the order service's prefix (docs/api.md "Personal center: shop").
import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../common';
import { Nullable, PageParams } from './list';
import { OrderView } from './order';

const ProdId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'The product id.' });

/** The most products one learner may keep in 商品收藏 (ours: the spec sets none). */
export const MAX_FAVORITES = 200;

/** Orders shown under 最近订单 on the overview. */
export const RECENT_ORDERS = 3;

export const CenterShopQuery = Type.Object({ tenantId: TenantIdParam });

/** GET /order/api/centerShop/summary: the overview of /user/center/shop/shopMy. */
export const CenterShopSummary = Type.Object({
  counts: Type.Object({
    pending: Type.Integer({ description: '待付款: state 1.' }),
    toShip: Type.Integer({ description: '待发货: state 2, not shipped yet (part Q ships in the back office).' }),
    toReceive: Type.Integer({ description: '待收货: state 2, shipped.' }),
    completed: Type.Integer({ description: '已完成: state 3.' }),
    cancelled: Type.Integer({ description: '已取消: state 4.' }),
    afterSale: Type.Integer({ description: '售后: my refund requests waiting for the back office\'s decision (order_refund, part R).' }),
  }, { description: 'My orders counted by state.' }),
  orderCount: Type.Integer({ description: 'All my orders.' }),
  recent: Type.Array(OrderView, { description: `The latest ${RECENT_ORDERS} orders, newest first.` }),
  favoriteCount: Type.Integer(),
  bookshelfCount: Type.Integer({ description: 'Bought books on the shelf (not taken off it).' }),
  addressCount: Type.Integer(),
});
export type CenterShopSummary = Static<typeof CenterShopSummary>;

/** POST /order/api/productFavorite/save: save (favorite true) or unsave a product; both are idempotent. */
export const FavoriteSaveBody = Type.Object({
  tenantId: TenantIdParam,
  prodId: ProdId,
  favorite: Type.Boolean({ description: 'true saves, false removes.' }),
});

export const FavoriteState = Type.Object({
  prodId: Type.Integer(),
  favorite: Type.Boolean(),
  count: Type.Integer({ description: 'How many products the caller has saved now.' }),
});
export type FavoriteState = Static<typeof FavoriteState>;

export const FavoriteStateQuery = Type.Object({ tenantId: TenantIdParam, prodId: ProdId });

export const FavoriteListQuery = Type.Object({ ...PageParams });

/** A saved product as it is now: price, stock, and whether it can be bought. */
export const FavoriteItem = Type.Object({
  prodId: Type.Integer(),
  title: Type.String(),
  cover: Nullable(Type.String()),
  productType: Type.Integer({ description: '8, 9, 10 are reading products (/sub_shop/noval/{id}); others /product/detail/{id}.' }),
  price: Type.Number(),
  retPrice: Nullable(Type.Number({ description: 'The list price when higher than the price.' })),
  stock: Type.Integer(),
  providerName: Type.String(),
  availability: Type.Enum(['onSale', 'soldOut', 'offShelf', 'providerOffShelf'], {
    description: 'onSale: can be bought; soldOut: no stock; offShelf: the product is off shelf; providerOffShelf: its provider is (spec learning §4).',
  }),
  savedAt: Type.String({ format: 'date-time' }),
});
export type FavoriteItem = Static<typeof FavoriteItem>;

export const ShelfQuery = Type.Object({ ...PageParams });

/** A bought book on the shelf, with the chapter read last (progress). */
export const ShelfBook = Type.Object({
  id: Type.Integer({ description: 'The product id.' }),
  title: Type.String(),
  cover: Nullable(Type.String()),
  productType: Type.Integer(),
  providerName: Type.String(),
  chapterCount: Type.Integer(),
  boughtAt: Type.String({ format: 'date-time' }),
  lastChapterId: Nullable(Type.Integer({ description: 'The chapter opened last; null: not started.' })),
  lastChapterTitle: Nullable(Type.String()),
  lastChapterNo: Nullable(Type.Integer({ description: 'Its position, from 1.' })),
  readAt: Nullable(Type.String({ format: 'date-time' })),
  percent: Type.Integer({ minimum: 0, maximum: 100, description: 'lastChapterNo of chapterCount, in percent (0 when not started).' }),
});
export type ShelfBook = Static<typeof ShelfBook>;

/** POST /order/api/reading/progress: the reader opened a chapter. */
export const ProgressBody = Type.Object({
  tenantId: TenantIdParam,
  productId: ProdId,
  chapterId: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
});

/** POST /order/api/reading/shelfRemove: take a bought book off the shelf (buying or opening it again puts it back). */
export const ShelfRemoveBody = Type.Object({ tenantId: TenantIdParam, productId: ProdId });

export const ShelfDone = Type.Object({ productId: Type.Integer(), onShelf: Type.Boolean() });
