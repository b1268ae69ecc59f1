// The personal center's shop SQL (issue 20 part T): the overview's counts, product favourites, and
// the bookshelf's progress and removal. Run under the tenant's row-level security (readTenant); each
// function touches only the given user's rows.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import { iso, isoOrNull, offsetOf, pageOf } from '../../lib/list-sql';
import type { Page } from '../../lib/listing';
import { cents, providerOffShelf, yuan } from './cart-repository';
import { queryOrders } from './order-repository';
import { PAID_STATES, READING_TYPES } from './reading-repository';
import { MAX_FAVORITES, RECENT_ORDERS, type CenterShopSummary, type FavoriteItem, type FavoriteState, type ShelfBook } from '../../../schemas/api/center-shop';

type Trx = Transaction<DB>;

const tenantIdSql = sql<number>`current_setting('app.tenant_id')::bigint`;

const productNotFound = (id: number) => new ApiError(`商品不存在（编号 ${id}），它可能已被删除。`, { code: 404, errorCode: 'PRODUCT_NOT_FOUND' });

/**
 * The bought reading products still on the user's shelf: a paid order (state 2 or 3) holds them,
 * and they were not taken off the shelf after their latest purchase.
 */
function shelfBooks(trx: Trx, userId: number) {
  const bought = trx.selectFrom('shop_order_item as i')
    .innerJoin('shop_order as o', (j) => j.onRef('o.tenant_id', '=', 'i.tenant_id').onRef('o.id', '=', 'i.order_id'))
    .where('o.user_id', '=', userId).where('o.state', 'in', [...PAID_STATES]).where('i.product_type', 'in', [...READING_TYPES])
    .select(['i.product_id', sql<Date>`max(coalesce(o.paid_at, o.created_at))`.as('bought_at')])
    .groupBy('i.product_id');
  return trx.selectFrom(bought.as('b'))
    .leftJoin('reading_shelf as s', (j) => j.onRef('s.product_id', '=', 'b.product_id').on('s.user_id', '=', userId))
    .where((eb) => eb.or([eb('s.removed_at', 'is', null), eb('s.removed_at', '<', eb.ref('b.bought_at'))]));
}

/** The overview of /user/center/shop/shopMy: orders by state, the latest orders, and the other counts. */
export async function centerShopSummary(trx: Trx, userId: number): Promise<CenterShopSummary> {
  const n = (state: number) => sql<number>`(count(*) filter (where state = ${state}))::int`;
  const counts = await trx.selectFrom('shop_order').where('user_id', '=', userId).select([
    n(1).as('pending'), n(3).as('completed'), n(4).as('cancelled'),
    sql<number>`(count(*) filter (where state = 2 and shipped_at is null))::int`.as('toShip'),
    sql<number>`(count(*) filter (where state = 2 and shipped_at is not null))::int`.as('toReceive'),
  ]).executeTakeFirstOrThrow();
  const refunds = await trx.selectFrom('order_refund').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', userId).where('state', '=', 'requested').executeTakeFirstOrThrow();
  const recent = await queryOrders(trx, userId, { pageNo: 1, pageSize: RECENT_ORDERS });
  const favorites = await favoriteCount(trx, userId);
  const shelf = await shelfBooks(trx, userId).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const addresses = await trx.selectFrom('user_address').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return {
    counts: { ...counts, afterSale: refunds.n }, orderCount: recent.total, recent: recent.list,
    favoriteCount: favorites, bookshelfCount: shelf.n, addressCount: addresses.n,
  };
}

async function favoriteCount(trx: Trx, userId: number): Promise<number> {
  const row = await trx.selectFrom('product_favorite').select(sql<number>`count(*)::int`.as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return row.n;
}

/** Whether the user saved the product; PRODUCT_NOT_FOUND when the tenant has no such product. */
export async function favoriteState(trx: Trx, userId: number, productId: number): Promise<FavoriteState> {
  const product = await trx.selectFrom('product').select('id').where('id', '=', productId).executeTakeFirst();
  if (!product) throw productNotFound(productId);
  const row = await trx.selectFrom('product_favorite').select('product_id').where('user_id', '=', userId).where('product_id', '=', productId).executeTakeFirst();
  return { prodId: productId, favorite: row !== undefined, count: await favoriteCount(trx, userId) };
}

/**
 * Saves or unsaves a product. Saving needs a product of the tenant (an off-shelf one may be saved:
 * it may come back) and room under MAX_FAVORITES; saving twice or removing an unsaved one is harmless.
 */
export async function saveFavorite(trx: Trx, userId: number, productId: number, favorite: boolean): Promise<FavoriteState> {
  if (!favorite) {
    await trx.deleteFrom('product_favorite').where('user_id', '=', userId).where('product_id', '=', productId).execute();
    return { prodId: productId, favorite: false, count: await favoriteCount(trx, userId) };
  }
  const product = await trx.selectFrom('product').select('id').where('id', '=', productId).executeTakeFirst();
  if (!product) throw productNotFound(productId);
  // One learner's saves are serialised, so two at once cannot both pass the limit.
  await trx.selectFrom('user_account').select('id').where('id', '=', userId).forUpdate().execute();
  const already = await trx.selectFrom('product_favorite').select('product_id').where('user_id', '=', userId).where('product_id', '=', productId).executeTakeFirst();
  if (!already) {
    if (await favoriteCount(trx, userId) >= MAX_FAVORITES) {
      throw new ApiError(`最多收藏 ${MAX_FAVORITES} 件商品，请先移除一些不再关注的商品。`, { errorCode: 'FAVORITE_LIMIT' });
    }
    await trx.insertInto('product_favorite').values({ tenant_id: tenantIdSql, user_id: userId, product_id: productId }).execute();
  }
  return { prodId: productId, favorite: true, count: await favoriteCount(trx, userId) };
}

/** A page of the user's saved products, the latest saved first, each as it is now. */
export async function listFavorites(trx: Trx, userId: number, q: { pageNo: number; pageSize: number }): Promise<Page<FavoriteItem>> {
  const base = trx.selectFrom('product_favorite as f')
    .innerJoin('product as p', 'p.id', 'f.product_id')
    .innerJoin('provider as v', (j) => j.onRef('v.tenant_id', '=', 'p.tenant_id').onRef('v.id', '=', 'p.provider_id'))
    .where('f.user_id', '=', userId);
  const rows = base.select([
    'p.id', 'p.title', 'p.cover', 'p.type', 'p.price', 'p.retail_price', 'p.stock', 'p.state', 'v.name as provider_name', 'v.state as provider_state', 'f.created_at',
  ]).orderBy('f.created_at', 'desc').orderBy('p.id', 'desc').limit(q.pageSize).offset(offsetOf(q)).execute();
  const count = base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return pageOf(rows, count, q, (r) => {
    const price = cents(r.price);
    const list = r.retail_price === null ? null : cents(r.retail_price);
    let availability: FavoriteItem['availability'] = 'onSale';
    if (r.state !== 1) availability = 'offShelf';
    else if (providerOffShelf(r.provider_state)) availability = 'providerOffShelf';
    else if (r.stock <= 0) availability = 'soldOut';
    return {
      prodId: r.id, title: r.title, cover: r.cover, productType: r.type, price: yuan(price), retPrice: list !== null && list > price ? yuan(list) : null,
      stock: r.stock, providerName: r.provider_name, availability, savedAt: iso(r.created_at),
    };
  });
}

/** A page of the user's shelf: bought books not taken off it, the latest read (else bought) first, with progress. */
export async function listShelf(trx: Trx, userId: number, q: { pageNo: number; pageSize: number }): Promise<Page<ShelfBook>> {
  const base = shelfBooks(trx, userId)
    .innerJoin('product as p', 'p.id', 'b.product_id')
    .innerJoin('provider as v', (j) => j.onRef('v.tenant_id', '=', 'p.tenant_id').onRef('v.id', '=', 'p.provider_id'))
    .leftJoin('reading_chapter as c', (j) => j.onRef('c.tenant_id', '=', 'p.tenant_id').onRef('c.id', '=', 's.chapter_id'));
  const rows = base.select([
    'p.id', 'p.title', 'p.cover', 'p.type', 'v.name as provider_name', 'b.bought_at', 's.read_at', 'c.id as chapter_id', 'c.title as chapter_title',
    sql<number>`(select count(*)::int from reading_chapter x where x.tenant_id = p.tenant_id and x.product_id = p.id)`.as('chapter_count'),
    sql<number | null>`(select count(*)::int from reading_chapter x where x.tenant_id = c.tenant_id and x.product_id = c.product_id and x.sort <= c.sort)`.as('chapter_no'),
  ]).orderBy(sql`coalesce(s.read_at, b.bought_at)`, 'desc').orderBy('p.id', 'desc').limit(q.pageSize).offset(offsetOf(q)).execute();
  const count = base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return pageOf(rows, count, q, (r) => {
    const started = r.chapter_id !== null;
    const no = started ? Number(r.chapter_no) : null;
    return {
      id: r.id, title: r.title, cover: r.cover, productType: r.type, providerName: r.provider_name, chapterCount: r.chapter_count,
      boughtAt: iso(r.bought_at), lastChapterId: r.chapter_id, lastChapterTitle: r.chapter_title, lastChapterNo: no,
      readAt: isoOrNull(r.read_at), percent: no !== null && r.chapter_count > 0 ? Math.min(100, Math.round((no / r.chapter_count) * 100)) : 0,
    };
  });
}

/** Whether the user has this reading product on the shelf now. */
async function onShelf(trx: Trx, userId: number, productId: number): Promise<boolean> {
  const row = await shelfBooks(trx, userId).select('b.product_id').where('b.product_id', '=', productId).executeTakeFirst();
  return row !== undefined;
}

/**
 * Records that the user opened a chapter of a reading product (the shelf's progress); opening a
 * book puts it back on the shelf. CHAPTER_NOT_FOUND when the chapter is not one of that product's.
 */
export async function saveProgress(trx: Trx, userId: number, productId: number, chapterId: number): Promise<{ productId: number; onShelf: boolean }> {
  const chapter = await trx.selectFrom('reading_chapter').select('id').where('id', '=', chapterId).where('product_id', '=', productId).executeTakeFirst();
  if (!chapter) throw new ApiError(`这本书没有编号 ${chapterId} 的章节，请从目录重新打开。`, { code: 404, errorCode: 'CHAPTER_NOT_FOUND' });
  await trx.insertInto('reading_shelf')
    .values({ tenant_id: tenantIdSql, user_id: userId, product_id: productId, chapter_id: chapterId, read_at: sql<Date>`now()`, removed_at: null })
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'product_id']).doUpdateSet({ chapter_id: chapterId, read_at: sql<Date>`now()`, removed_at: null }))
    .execute();
  return { productId, onShelf: await onShelf(trx, userId, productId) };
}

/** Takes a bought book off the shelf; READING_NOT_ON_SHELF when it is not on the user's shelf. */
export async function removeFromShelf(trx: Trx, userId: number, productId: number): Promise<{ productId: number; onShelf: boolean }> {
  if (!await onShelf(trx, userId, productId)) {
    throw new ApiError(`书架上没有这本书（编号 ${productId}），请刷新书架。`, { code: 404, errorCode: 'READING_NOT_ON_SHELF' });
  }
  await trx.insertInto('reading_shelf')
    .values({ tenant_id: tenantIdSql, user_id: userId, product_id: productId, removed_at: sql<Date>`now()` })
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'product_id']).doUpdateSet({ removed_at: sql<Date>`now()` }))
    .execute();
  return { productId, onShelf: false };
}
