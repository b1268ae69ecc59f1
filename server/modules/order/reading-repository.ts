// The reading queries: a reading product's chapters, one chapter, whether a user has bought a
// product, and the user's bookshelf. Run under the tenant's row-level security (readTenant).
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { PRODUCT_TYPE } from '../../lib/purposes';
import { offsetOf, pageOf } from '../../lib/list-sql';
import type { Page } from '../../lib/listing';
import type { BookshelfItem, ChapterItem, ChapterView } from '../../../schemas/api/order';

type Trx = Transaction<DB>;

/** spec learning §9: "Product types 8, 9, 10 … are reading type". */
export const READING_TYPES: readonly number[] = [PRODUCT_TYPE.ebook, PRODUCT_TYPE.audiobook, PRODUCT_TYPE.serial];

/** Order states that mean paid: 2 to be received, 3 completed (0011-shop-orders). */
export const PAID_STATES = [2, 3] as const;

/** The type of a reading product (8, 9 or 10), or null when the tenant has no such reading product. */
export async function readingProductType(trx: Trx, productId: number): Promise<number | null> {
  const row = await trx.selectFrom('product').select('type').where('id', '=', productId).where('type', 'in', [...READING_TYPES]).executeTakeFirst();
  return row ? row.type : null;
}

/** Whether the user has a paid order (state 2 or 3) with this product. */
export async function hasPaidOrder(trx: Trx, userId: number, productId: number): Promise<boolean> {
  const row = await trx.selectFrom('shop_order_item as i')
    .innerJoin('shop_order as o', (j) => j.onRef('o.tenant_id', '=', 'i.tenant_id').onRef('o.id', '=', 'i.order_id'))
    .select('i.id').where('o.user_id', '=', userId).where('o.state', 'in', [...PAID_STATES]).where('i.product_id', '=', productId)
    .limit(1).executeTakeFirst();
  return row !== undefined;
}

const chapterItem = (r: { id: number; sort: number; title: string; is_free: boolean; audio_url: string | null; duration: number }, owned: boolean): ChapterItem => ({
  id: Number(r.id), sort: r.sort + 1, title: r.title, free: r.is_free, locked: !r.is_free && !owned, hasAudio: r.audio_url !== null, duration: r.duration,
});

/** The chapters of a product in order, each with its lock state for a caller who owns the book or not. */
export async function listChapters(trx: Trx, productId: number, owned: boolean): Promise<ChapterItem[]> {
  const rows = await trx.selectFrom('reading_chapter').select(['id', 'sort', 'title', 'is_free', 'audio_url', 'duration'])
    .where('product_id', '=', productId).orderBy('sort').execute();
  return rows.map((r) => chapterItem(r, owned));
}

/** One chapter of a product with its text, audio and neighbours; null when the product has no such chapter. */
export async function findChapter(trx: Trx, productId: number, chapterId: number, owned: boolean): Promise<ChapterView | null> {
  const rows = await trx.selectFrom('reading_chapter').select(['id', 'sort', 'title', 'is_free', 'audio_url', 'duration'])
    .where('product_id', '=', productId).orderBy('sort').execute();
  const at = rows.findIndex((r) => Number(r.id) === chapterId);
  if (at < 0) return null;
  const body = await trx.selectFrom('reading_chapter').select(['body_html', 'audio_url']).where('id', '=', chapterId).executeTakeFirstOrThrow();
  return {
    ...chapterItem(rows[at]!, owned), productId, count: rows.length, html: body.body_html, audioUrl: body.audio_url,
    prevId: at > 0 ? Number(rows[at - 1]!.id) : null, nextId: at < rows.length - 1 ? Number(rows[at + 1]!.id) : null,
  };
}

/**
 * A page of the reading products the user has bought (a paid order, state 2 or 3), the latest
 * bought first; a product bought twice is listed once.
 */
export async function bookshelf(trx: Trx, userId: number, q: { pageNo: number; pageSize: number }): Promise<Page<BookshelfItem>> {
  const bought = trx.selectFrom('shop_order_item as i')
    .innerJoin('shop_order as o', (j) => j.onRef('o.tenant_id', '=', 'i.tenant_id').onRef('o.id', '=', 'i.order_id'))
    .where('o.user_id', '=', userId).where('o.state', 'in', [...PAID_STATES]).where('i.product_type', 'in', [...READING_TYPES])
    .select(['i.product_id', sql<Date>`max(coalesce(o.paid_at, o.created_at))`.as('bought_at'), sql<number>`max(o.id)`.as('order_id')])
    .groupBy('i.product_id');
  const base = trx.selectFrom(bought.as('b'))
    .innerJoin('product as p', 'p.id', 'b.product_id')
    .innerJoin('provider as v', (j) => j.onRef('v.tenant_id', '=', 'p.tenant_id').onRef('v.id', '=', 'p.provider_id'))
    // issue 20 part T: a book taken off the shelf (reading_shelf.removed_at) stays off until bought or opened again.
    .leftJoin('reading_shelf as s', (j) => j.onRef('s.product_id', '=', 'b.product_id').on('s.user_id', '=', userId))
    .where((eb) => eb.or([eb('s.removed_at', 'is', null), eb('s.removed_at', '<', eb.ref('b.bought_at'))]));
  const rows = base
    .select([
      'p.id', 'p.title', 'p.cover', 'p.summary', 'p.type', 'v.name as provider_name', 'b.bought_at', 'b.order_id',
      sql<number>`(select count(*) from reading_chapter c where c.tenant_id = p.tenant_id and c.product_id = p.id)`.as('chapter_count'),
    ])
    .orderBy('b.bought_at', 'desc').orderBy('p.id', 'desc')
    .limit(q.pageSize).offset(offsetOf(q)).execute();
  const count = base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return pageOf(rows, count, q, (r) => ({
    id: Number(r.id), title: r.title, cover: r.cover, summary: r.summary, productType: r.type, providerName: r.provider_name,
    chapterCount: Number(r.chapter_count), boughtAt: new Date(r.bought_at).toISOString(), orderId: Number(r.order_id),
  }));
}
