// The reading platform's queries (issue 20 part U): book cards and a book's page, the text
// platform's lists, the bookshelf of reading works. A reading work is a published content (state 1)
// of purpose 5, 6 or 7 (spec learning §9). Run under the tenant's row-level security (readTenant).
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { CONTENT_PURPOSE, CATEGORY_PURPOSE } from '../../lib/purposes';
import { categoryAndDescendants, iso, offsetOf, pageOf } from '../../lib/list-sql';
import type { Page } from '../../lib/listing';
import { listContentParts } from './part-repository';
import type { BookCard, BookChapter, BookDetail, PlatformCategory, PlatformList, ShelfItem } from '../../../schemas/api/reading-platform';

type Trx = Transaction<DB>;

/** spec learning §9: content purposes 5 e-book, 6 audiobook, 7 serial are reading-type. */
export const READING_PURPOSES: readonly number[] = [CONTENT_PURPOSE.ebook, CONTENT_PURPOSE.audiobook, CONTENT_PURPOSE.serial];

/** A chapter's text the reader fetches: a site document, or a creator's approved chapter (part V's partText). */
const READABLE_URL = /^(\/uploads\/|\/cm\/api\/content\/partText\?)/;

/**
 * A part the reader shows as a chapter: of the work's own kind (article chapters, audio episodes),
 * and an article's text is one the reader fetches (the reader's readableChapters rule). The card's
 * count in SQL; the book page lists the parts through listContentParts, so it follows partList's
 * own rules (a creator's hidden or unapproved chapter is left out there).
 */
const CHAPTER_PART = sql<boolean>`(p.kind = c.kind and (p.kind <> 'article'
  or ((p.media_url like '/uploads/%' or p.media_url like '/cm/api/content/partText?%') and p.media_url not like '%..%')))`;

/** The published reading works with their category and author, as `c`, `g` and `a`. */
export function publishedBooks(trx: Trx) {
  return trx.selectFrom('content as c')
    .leftJoin('category as g', (j) => j.onRef('g.tenant_id', '=', 'c.tenant_id').onRef('g.id', '=', 'c.category_id'))
    .leftJoin('author as a', (j) => j.onRef('a.tenant_id', '=', 'c.tenant_id').onRef('a.id', '=', 'c.author_id'))
    .where('c.purpose', 'in', [...READING_PURPOSES]).where('c.state', '=', 1);
}

/** The columns a book card needs, selected from publishedBooks. */
export const BOOK_COLUMNS = [
  'c.id', 'c.title', 'c.cover', 'c.summary', 'c.purpose', 'c.kind', 'c.category_id', 'g.name as category_name', 'c.author as author_text',
  'c.author_id', 'a.pen_name', 'a.avatar as author_avatar', 'c.serial_state', 'c.word_count', 'c.view_count', 'c.publish_time',
  sql<Date>`coalesce(c.chapter_updated_at, c.publish_time)`.as('updated_at'),
  sql<number>`(select count(*) from content_part p where p.tenant_id = c.tenant_id and p.content_id = c.id and ${CHAPTER_PART})`.as('chapter_count'),
] as const;

interface BookRow {
  id: number; title: string; cover: string | null; summary: string | null; purpose: number; category_id: number | null; category_name: string | null;
  author_text: string | null; author_id: number | null; pen_name: string | null; author_avatar: string | null; serial_state: 'serialising' | 'finished' | null;
  word_count: number; view_count: number; updated_at: Date | string; chapter_count: number | string;
}

/** A selected row as the card the API returns. */
export function bookCardOf(r: BookRow): BookCard {
  const author = r.author_id !== null && r.pen_name !== null ? { id: Number(r.author_id), penName: r.pen_name, avatar: r.author_avatar } : null;
  return {
    id: Number(r.id), title: r.title, cover: r.cover, summary: r.summary, purpose: r.purpose,
    categoryId: r.category_id === null ? null : Number(r.category_id), categoryName: r.category_name,
    author, authorName: author?.penName ?? r.author_text, serialState: r.serial_state,
    wordCount: r.word_count, chapterCount: Number(r.chapter_count), viewCount: r.view_count, updatedAt: iso(r.updated_at),
  };
}

/** One published reading work with its chapters and the caller's shelf state; null when there is none. */
export async function findBook(trx: Trx, id: number, userId: number | null): Promise<BookDetail | null> {
  const row = await publishedBooks(trx).select(BOOK_COLUMNS).where('c.id', '=', id).executeTakeFirst();
  if (!row) return null;
  const parts = (await listContentParts(trx, id)) ?? [];
  const readable = parts.filter((p) => p.kind === row.kind && (p.kind !== 'article' || (READABLE_URL.test(p.mediaUrl ?? '') && !(p.mediaUrl ?? '').includes('..'))));
  // Contents carry no price (spec §9 prices products, not contents): every chapter of a work is free to read.
  const chapters: BookChapter[] = readable.map((p, i) => ({ id: Number(p.id), index: i + 1, title: p.title, free: true, locked: false }));
  const shelf = userId === null ? undefined
    : await trx.selectFrom('content_shelf').select('content_id').where('user_id', '=', userId).where('content_id', '=', id).executeTakeFirst();
  return { ...bookCardOf(row), chapterCount: chapters.length, kind: row.kind, publishTime: iso(row.publish_time), chapters, onShelf: shelf !== undefined };
}

/** ORDER BY of a text platform list. */
function listOrder(list: PlatformList) {
  switch (list) {
    case 'new': return sql`c.publish_time desc, c.id desc`;
    case 'popular': return sql`c.view_count desc, c.id desc`;
    default: return sql`coalesce(c.chapter_updated_at, c.publish_time) desc, c.id desc`;
  }
}

/** A page of the platform's works: one list, in a reading category's tree when asked. */
export async function platformPage(trx: Trx, q: { categoryId?: number; list: PlatformList; pageNo: number; pageSize: number }): Promise<Page<BookCard>> {
  let base = publishedBooks(trx);
  if (q.categoryId !== undefined) base = base.where(sql<boolean>`c.category_id in ${categoryAndDescendants(q.categoryId)}`);
  if (q.list === 'finished') base = base.where('c.serial_state', '=', 'finished');
  const rows = base.select(BOOK_COLUMNS).orderBy(listOrder(q.list)).limit(q.pageSize).offset(offsetOf(q)).execute();
  const count = base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return pageOf(rows, count, q, bookCardOf);
}

/** The reading categories (purpose 11) that hold published works: the roots, or one category, with counts. */
export async function platformCategories(trx: Trx, onlyId?: number): Promise<PlatformCategory[]> {
  let q = trx.selectFrom('category as r')
    .select(['r.id', 'r.name', sql<number>`(
      select count(*) from content c join category cc on cc.tenant_id = c.tenant_id and cc.id = c.category_id
      where c.purpose in (${sql.join(READING_PURPOSES)}) and c.state = 1 and cc.path like r.path || '%')`.as('n')])
    .where('r.purpose', '=', CATEGORY_PURPOSE.reading).where('r.state', '=', 1);
  q = onlyId === undefined ? q.where('r.parent_id', 'is', null) : q.where('r.id', '=', onlyId);
  const rows = await q.orderBy('r.sort').orderBy('r.id').execute();
  return rows.filter((r) => onlyId !== undefined || Number(r.n) > 0).map((r) => ({ id: Number(r.id), name: r.name, count: Number(r.n) }));
}

/** Puts a published work on the user's shelf or takes it off; false when there is no such work. */
export async function setShelf(trx: Trx, userId: number, contentId: number, onShelf: boolean): Promise<boolean> {
  if (!onShelf) {
    await trx.deleteFrom('content_shelf').where('user_id', '=', userId).where('content_id', '=', contentId).execute();
    return true;
  }
  const book = await publishedBooks(trx).select('c.id').where('c.id', '=', contentId).executeTakeFirst();
  if (!book) return false;
  await trx.insertInto('content_shelf').values({ tenant_id: sql<number>`current_setting('app.tenant_id')::bigint`, user_id: userId, content_id: contentId })
    .onConflict((oc) => oc.doNothing()).execute();
  return true;
}

/** A page of the user's shelved works that are still published, the latest shelved first. */
export async function shelfPage(trx: Trx, userId: number, q: { pageNo: number; pageSize: number }): Promise<Page<ShelfItem>> {
  const base = publishedBooks(trx)
    .innerJoin('content_shelf as s', (j) => j.onRef('s.tenant_id', '=', 'c.tenant_id').onRef('s.content_id', '=', 'c.id'))
    .where('s.user_id', '=', userId);
  const rows = base.select([...BOOK_COLUMNS, 's.added_at']).orderBy('s.added_at', 'desc').orderBy('c.id', 'desc')
    .limit(q.pageSize).offset(offsetOf(q)).execute();
  const count = base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return pageOf(rows, count, q, (r) => ({ ...bookCardOf(r), addedAt: iso(r.added_at) }));
}
