// What a product grants (issue 20 part P; docs/shop-and-content.md "Product lists, product content,
// bought"): the product_grant rows of migration 0035 with their titles, covers, outlines and links,
// and who owns a product. A reading product (types 8, 9, 10) always grants its own book, row or not.
// Run under the tenant's row-level security (readTenant).
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { GrantKind } from '../../db/types-shop-catalogue';
import { CONTENT_PURPOSE } from '../../lib/purposes';
import { PAID_STATES, READING_TYPES } from './reading-repository';
import type { ProductGrant } from '../../../schemas/api/shop-catalogue';

type Trx = Transaction<DB>;
type Outline = ProductGrant['outline'];
type Link = ProductGrant['link'];

/** Outline lines a content page shows per grant; outlineTotal tells the rest. */
export const OUTLINE_LIMIT = 60;

/** spec learning §9: content purposes 5, 6 and 7 are reading-type; they open /content/noval/{id}. */
const READING_PURPOSES: readonly number[] = [CONTENT_PURPOSE.ebook, CONTENT_PURPOSE.audiobook, CONTENT_PURPOSE.serial];

/** Where a granted thing opens (routes of spec learning §2). */
export function grantLink(kind: GrantKind, targetId: number, contentPurpose?: number): Link {
  if (kind === 'course') return { path: `/course/detail/${targetId}`, query: {} };
  if (kind === 'subject') return { path: `/subject/detail/${targetId}`, query: {} };
  if (kind === 'book') return { path: `/sub_shop/noval/${targetId}`, query: {} };
  // spec learning §2: /content/noval/{id} for content purposes 5, 6, 7 (query purpose); /sub_cm/content/detail with query id otherwise.
  if (contentPurpose !== undefined && READING_PURPOSES.includes(contentPurpose)) return { path: `/content/noval/${targetId}`, query: { purpose: String(contentPurpose) } };
  return { path: '/sub_cm/content/detail', query: { id: String(targetId), ...(contentPurpose !== undefined ? { purpose: String(contentPurpose) } : {}) } };
}

/** A grant row as the lists need it: kind and target (the product itself for a book). */
export interface GrantRef { productId: number; kind: GrantKind; targetId: number }

/** The grants of some products, in each product's order; reading products get their book first when no row names it. */
export async function grantRefs(trx: Trx, products: { id: number; type: number }[]): Promise<GrantRef[]> {
  if (products.length === 0) return [];
  const rows = await trx.selectFrom('product_grant')
    .select(['product_id', 'kind', 'course_id', 'subject_id', 'content_id'])
    .where('product_id', 'in', products.map((p) => p.id)).orderBy('product_id').orderBy('sort').orderBy('id').execute();
  const refs: GrantRef[] = [];
  for (const p of products) {
    const own = rows.filter((r) => Number(r.product_id) === p.id);
    if (READING_TYPES.includes(p.type) && !own.some((r) => r.kind === 'book')) refs.push({ productId: p.id, kind: 'book', targetId: p.id });
    for (const r of own) {
      const targetId = r.kind === 'book' ? p.id : Number(r.course_id ?? r.subject_id ?? r.content_id);
      refs.push({ productId: p.id, kind: r.kind, targetId });
    }
  }
  return refs;
}

/** Title, cover, summary and (for contents) purpose of each granted thing, keyed `kind:id`. */
export async function grantTargets(trx: Trx, refs: GrantRef[]): Promise<Map<string, { title: string; cover: string | null; summary: string | null; purpose?: number }>> {
  const ids = (kind: GrantKind) => [...new Set(refs.filter((r) => r.kind === kind).map((r) => r.targetId))];
  const found = new Map<string, { title: string; cover: string | null; summary: string | null; purpose?: number }>();
  const courses = ids('course');
  const subjects = ids('subject');
  const contents = ids('content');
  const books = ids('book');
  if (courses.length) for (const r of await trx.selectFrom('course').select(['id', 'title', 'cover', 'summary']).where('id', 'in', courses).execute()) found.set(`course:${r.id}`, r);
  if (subjects.length) for (const r of await trx.selectFrom('subject').select(['id', 'title', 'cover', 'summary']).where('id', 'in', subjects).execute()) found.set(`subject:${r.id}`, r);
  if (contents.length) for (const r of await trx.selectFrom('content').select(['id', 'title', 'cover', 'summary', 'purpose']).where('id', 'in', contents).execute()) found.set(`content:${r.id}`, r);
  if (books.length) for (const r of await trx.selectFrom('product').select(['id', 'title', 'cover', 'summary']).where('id', 'in', books).execute()) found.set(`book:${r.id}`, r);
  return found;
}

/** The outline of one granted thing (at most OUTLINE_LIMIT lines) and how many lines it has. */
export async function grantOutline(trx: Trx, kind: GrantKind, targetId: number): Promise<{ outline: Outline; total: number }> {
  let rows: Outline;
  if (kind === 'course') {
    const lessons = await trx.selectFrom('course_phase_content as c')
      .innerJoin('course_phase as ph', (j) => j.onRef('ph.tenant_id', '=', 'c.tenant_id').onRef('ph.id', '=', 'c.phase_id'))
      .select(['c.title', 'c.kind', 'c.duration', 'ph.title as phase']).where('c.course_id', '=', targetId)
      .orderBy('ph.sort').orderBy('ph.id').orderBy('c.sort').orderBy('c.id').execute();
    rows = lessons.map((r) => ({ title: r.title, group: r.phase, kind: r.kind, duration: r.duration, free: false }));
  } else if (kind === 'subject') {
    const items = await trx.selectFrom('subject_item as i')
      .leftJoin('course as co', (j) => j.onRef('co.tenant_id', '=', 'i.tenant_id').onRef('co.id', '=', 'i.course_id'))
      .leftJoin('content as ct', (j) => j.onRef('ct.tenant_id', '=', 'i.tenant_id').onRef('ct.id', '=', 'i.content_id'))
      .select(['co.title as course_title', 'ct.title as content_title', 'ct.duration']).where('i.subject_id', '=', targetId)
      .orderBy('i.sort').orderBy('i.id').execute();
    rows = items.map((r) => ({ title: r.course_title ?? r.content_title ?? '', group: null, kind: r.course_title ? 'course' : 'content', duration: r.duration ?? 0, free: false }));
  } else if (kind === 'content') {
    const parts = await trx.selectFrom('content_part').select(['title', 'kind', 'duration']).where('content_id', '=', targetId).orderBy('sort').orderBy('id').execute();
    rows = parts.map((r) => ({ title: r.title, group: null, kind: r.kind, duration: r.duration, free: false }));
  } else {
    const chapters = await trx.selectFrom('reading_chapter').select(['title', 'duration', 'is_free']).where('product_id', '=', targetId).orderBy('sort').execute();
    rows = chapters.map((r) => ({ title: r.title, group: null, kind: 'chapter', duration: r.duration, free: r.is_free }));
  }
  return { outline: rows.slice(0, OUTLINE_LIMIT), total: rows.length };
}

/** Everything a product grants, with outlines and links; a grant whose target is gone is left out. */
export async function productGrants(trx: Trx, product: { id: number; type: number }): Promise<ProductGrant[]> {
  const refs = await grantRefs(trx, [product]);
  const targets = await grantTargets(trx, refs);
  const grants: ProductGrant[] = [];
  for (const ref of refs) {
    const target = targets.get(`${ref.kind}:${ref.targetId}`);
    if (!target) continue;
    const { outline, total } = await grantOutline(trx, ref.kind, ref.targetId);
    grants.push({
      kind: ref.kind, targetId: ref.targetId, title: target.title, cover: target.cover, summary: target.summary,
      outline, outlineTotal: total, link: grantLink(ref.kind, ref.targetId, target.purpose),
    });
  }
  return grants;
}

/**
 * When the user's latest paid order (state 2 or 3) of the product was paid, or null: owning a
 * product is having paid for it, as the reader's chapters decide (reading-repository hasPaidOrder).
 */
export async function boughtAt(trx: Trx, userId: number, productId: number): Promise<Date | null> {
  const row = await trx.selectFrom('shop_order_item as i')
    .innerJoin('shop_order as o', (j) => j.onRef('o.tenant_id', '=', 'i.tenant_id').onRef('o.id', '=', 'i.order_id'))
    .select(sql<Date | null>`max(coalesce(o.paid_at, o.created_at))`.as('at'))
    .where('o.user_id', '=', userId).where('o.state', 'in', [...PAID_STATES]).where('i.product_id', '=', productId)
    .executeTakeFirst();
  return row?.at ? new Date(row.at) : null;
}
