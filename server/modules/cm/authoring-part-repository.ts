// SQL of a creator's chapters (issue 20 part V; docs/shop-and-content.md part V): the parts of a
// work (content_part, kind article). body_html is the text as its author last saved it;
// published_html the text readers see, copied from it when the work is approved; state 0 hides a
// chapter from readers. A chapter readers see has state 1 and published_html, and its media_url is
// the partText address the reader (/content/noval/{id}) fetches. Callers pass a transaction scoped
// to the tenant.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { isoOrNull } from '../../lib/list-sql';
import type { Page } from '../../lib/listing';
import { countWords, type ChapterDetail, type ChapterItem } from '../../../schemas/api/creators';

type Trx = Transaction<DB>;

/** Where the reader fetches a shown, approved chapter's text (GET /cm/api/content/partText). */
export const partTextUrl = (tenantId: number, partId: number) => `/cm/api/content/partText?tenantId=${tenantId}&id=${partId}`;

/** The plain text of sanitised chapter HTML, blocks on their own lines, for counting words. */
export function htmlText(html: string): string {
  return html
    .replace(/<(br|\/p|\/h[1-6]|\/li|\/blockquote|\/div)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

/** The words of sanitised chapter HTML (schemas/api/creators.ts countWords). */
export const htmlWords = (html: string) => countWords(htmlText(html));

export interface ChapterRow {
  id: number;
  content_id: number;
  title: string;
  sort: number;
  word_count: number;
  state: number;
  body_html: string | null;
  published_html: string | null;
  updated_at: Date | null;
}

const toItem = (r: ChapterRow, position: number): ChapterItem => ({
  id: Number(r.id), contentId: Number(r.content_id), title: r.title, sort: position, wordCount: r.word_count,
  shown: r.state === 1, published: r.state === 1 && r.published_html !== null, updatedAt: isoOrNull(r.updated_at),
});

const COLUMNS = ['id', 'content_id', 'title', 'sort', 'word_count', 'state', 'body_html', 'published_html', 'updated_at'] as const;

/** Every chapter of a work in reading order (sort, then id). */
export async function workChapters(trx: Trx, contentId: number): Promise<ChapterRow[]> {
  const rows = await trx.selectFrom('content_part').select(COLUMNS).where('content_id', '=', contentId).orderBy('sort').orderBy('id').execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), content_id: Number(r.content_id) }));
}

/** A page of a work's chapters: every chapter for its author, only published ones for a reader. */
export async function chapterPage(trx: Trx, contentId: number, forAuthor: boolean, q: { pageNo: number; pageSize: number }): Promise<Page<ChapterItem>> {
  const all = await workChapters(trx, contentId);
  const rows = forAuthor ? all : all.filter((r) => r.state === 1 && r.published_html !== null);
  const from = (q.pageNo - 1) * q.pageSize;
  return { list: rows.slice(from, from + q.pageSize).map((r, i) => toItem(r, from + i + 1)), total: rows.length, pageNo: q.pageNo, pageSize: q.pageSize };
}

/** A chapter of a reading work with its work's uploader and state, or undefined. */
export async function findChapter(trx: Trx, id: number): Promise<(ChapterRow & { uploader_id: number | null; work_state: number; audit_state: string }) | undefined> {
  const row = await trx.selectFrom('content_part as p')
    .innerJoin('content as c', (j) => j.onRef('c.tenant_id', '=', 'p.tenant_id').onRef('c.id', '=', 'p.content_id'))
    .select(['p.id', 'p.content_id', 'p.title', 'p.sort', 'p.word_count', 'p.state', 'p.body_html', 'p.published_html', 'p.updated_at',
      'c.uploader_id', 'c.state as work_state', 'c.audit_state'])
    .where('p.id', '=', id).where('c.purpose', 'in', [5, 6, 7]).executeTakeFirst();
  return row && { ...row, id: Number(row.id), content_id: Number(row.content_id), uploader_id: row.uploader_id === null ? null : Number(row.uploader_id) };
}

/** A chapter whole: its author gets the text as saved, anybody else the approved text. */
export function chapterDetail(row: ChapterRow, position: number, forAuthor: boolean): ChapterDetail {
  return { ...toItem(row, position), html: (forAuthor ? row.body_html : row.published_html) ?? '' };
}

/** Renumbers a work's chapters 1..n in their current order (after an insert or a delete). */
async function renumber(trx: Trx, contentId: number): Promise<void> {
  await sql`update content_part p set sort = o.n from (
      select id, row_number() over (order by sort, id)::int as n from content_part where content_id = ${contentId}::bigint
    ) o where p.id = o.id and p.content_id = ${contentId}::bigint and p.sort <> o.n`.execute(trx);
}

/** A new chapter of a work at position `sort` (from 1; absent or past the end: last). */
export async function insertChapter(trx: Trx, tenantId: number, contentId: number, c: { title: string; html: string; sort?: number | undefined }): Promise<number> {
  const count = (await workChapters(trx, contentId)).length;
  const at = c.sort === undefined || c.sort > count ? count + 1 : c.sort;
  await trx.updateTable('content_part').set({ sort: sql<number>`sort + 1` }).where('content_id', '=', contentId).where('sort', '>=', at).execute();
  const row = await trx.insertInto('content_part').values({
    tenant_id: tenantId, content_id: contentId, title: c.title, kind: 'article', sort: at, body_html: c.html, word_count: htmlWords(c.html),
    state: 1, updated_at: sql<Date>`now()`,
  }).returning('id').executeTakeFirstOrThrow();
  await renumber(trx, contentId);
  return Number(row.id);
}

/** Changes a chapter's title and text. */
export async function updateChapter(trx: Trx, id: number, c: { title: string; html: string }): Promise<void> {
  await trx.updateTable('content_part').set({ title: c.title, body_html: c.html, word_count: htmlWords(c.html), updated_at: sql<Date>`now()` }).where('id', '=', id).execute();
}

/** Deletes a chapter; the others close the gap. */
export async function deleteChapter(trx: Trx, contentId: number, id: number): Promise<void> {
  await trx.deleteFrom('content_part').where('id', '=', id).execute();
  await renumber(trx, contentId);
}

/** Puts the chapters in the order given (every chapter of the work once) with these titles. */
export async function reorderChapters(trx: Trx, parts: readonly { id: number; title: string }[]): Promise<void> {
  for (const [i, p] of parts.entries()) {
    await trx.updateTable('content_part').set({ sort: i + 1, title: p.title }).where('id', '=', p.id).execute();
  }
}

/** Shows (1) or hides (0) chapters from readers: a shown chapter with approved text gets its reader address back. */
export async function setChaptersState(trx: Trx, contentId: number, ids: readonly number[], state: 0 | 1): Promise<void> {
  await sql`update content_part set state = ${state},
      media_url = case when ${state} = 1 and published_html is not null then '/cm/api/content/partText?tenantId=' || tenant_id::text || '&id=' || id::text else null end
    where content_id = ${contentId}::bigint and id = any(${ids.map(String)}::bigint[])`.execute(trx);
  await refreshPublishedCount(trx, contentId);
}

/** The work's word count readers see (part U's content.word_count): the approved text of its shown chapters. */
async function refreshPublishedCount(trx: Trx, contentId: number): Promise<void> {
  await sql`update content c set word_count = coalesce((select sum(p.word_count) from content_part p
      where p.tenant_id = c.tenant_id and p.content_id = c.id and p.state = 1 and p.published_html is not null), 0)
    where c.id = ${contentId}::bigint`.execute(trx);
}

/**
 * Publishes a creator's work on approval: every chapter's saved text becomes the text readers see;
 * shown chapters get their reader address; the work's word count and chapter_updated_at follow.
 * Content without a creator's chapters (issue 18's uploaded works) is left as it is.
 */
export async function publishChapters(trx: Trx, contentId: number): Promise<void> {
  const changed = await sql`update content_part set published_html = body_html,
      media_url = case when state = 1 then '/cm/api/content/partText?tenantId=' || tenant_id::text || '&id=' || id::text else null end
    where content_id = ${contentId}::bigint and body_html is not null`.execute(trx);
  if (Number(changed.numAffectedRows ?? 0) === 0) return;
  await refreshPublishedCount(trx, contentId);
  await trx.updateTable('content').set({ chapter_updated_at: sql<Date>`now()` }).where('id', '=', contentId).execute();
}

/** The approved text of a chapter readers may see (published work, shown chapter), or undefined. */
export async function publishedChapterText(trx: Trx, id: number): Promise<string | undefined> {
  const row = await trx.selectFrom('content_part as p')
    .innerJoin('content as c', (j) => j.onRef('c.tenant_id', '=', 'p.tenant_id').onRef('c.id', '=', 'p.content_id'))
    .select('p.published_html').where('p.id', '=', id).where('p.state', '=', 1).where('c.state', '=', 1).where('p.published_html', 'is not', null)
    .executeTakeFirst();
  return row?.published_html ?? undefined;
}
