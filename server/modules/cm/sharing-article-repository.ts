// A learner's own articles (issue 19 part H; docs/growth.md "Sharing, notices, topics and affairs"):
// the article table's rows with owner_id set. State 0 is a draft only its owner sees; state 1 is
// published, listed on /share (kind share) by the catalogue's article search like any article.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { iso } from '../../lib/list-sql';
import type { ArticleState, MyArticle, MyArticleItem } from '../../../schemas/api/sharing';

type Trx = Transaction<DB>;

const PUBLISHED = 1;
const DRAFT = 0;

/** The state as the API names it. */
export const stateName = (state: number): ArticleState => (state === PUBLISHED ? 'published' : 'draft');
/** The state column for an API state. */
export const stateValue = (state: ArticleState): number => (state === 'published' ? PUBLISHED : DRAFT);

const columns = ['id', 'title', 'summary', 'cover', 'state', 'view_count', 'favour_count', 'publish_time', 'updated_at'] as const;

interface Row {
  id: number; title: string; summary: string | null; cover: string | null; state: number; view_count: number; favour_count: number;
  publish_time: Date; updated_at: Date;
}

const toItem = (r: Row): MyArticleItem => ({
  id: r.id, title: r.title, summary: r.summary, cover: r.cover, state: stateName(r.state), viewCount: r.view_count,
  favourCount: r.favour_count, publishTime: r.state === PUBLISHED ? iso(r.publish_time) : null, updatedAt: iso(r.updated_at),
});

/** My articles, newest edit first; a state filters. */
export async function listMyArticles(trx: Trx, userId: number, q: { state?: ArticleState | undefined; pageNo: number; pageSize: number }) {
  let base = trx.selectFrom('article').where('owner_id', '=', userId);
  if (q.state) base = base.where('state', '=', stateValue(q.state));
  const [rows, count] = await Promise.all([
    base.select(columns).orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toItem), total: count.n, pageNo: q.pageNo, pageSize: q.pageSize };
}

/** How many articles I keep. */
export async function countMyArticles(trx: Trx, userId: number): Promise<number> {
  const row = await trx.selectFrom('article').select(sql<number>`count(*)::int`.as('n')).where('owner_id', '=', userId).executeTakeFirstOrThrow();
  return row.n;
}

/** One of my articles with its text, or undefined (not mine, or not there). */
export async function findMyArticle(trx: Trx, userId: number, id: number): Promise<MyArticle | undefined> {
  const row = await trx.selectFrom('article').select([...columns, 'body']).where('id', '=', id).where('owner_id', '=', userId).executeTakeFirst();
  return row && { ...toItem(row), body: row.body ?? '' };
}

/** The name shown as an article's author: nickname, else real name, else account. */
export async function authorName(trx: Trx, userId: number): Promise<string> {
  const u = await trx.selectFrom('user_account').select(['nick_name', 'real_name', 'account']).where('id', '=', userId).executeTakeFirstOrThrow();
  return u.nick_name?.trim() || u.real_name?.trim() || u.account;
}

export interface ArticleWrite { title: string; summary: string; body: string; bodyPolicy: number; author: string }

/** A new article of mine; its id. */
export async function insertMyArticle(trx: Trx, tenantId: number, userId: number, w: ArticleWrite, publish: boolean): Promise<number> {
  const row = await trx.insertInto('article').values({
    tenant_id: tenantId, kind: 'share', owner_id: userId, title: w.title, summary: w.summary || null, body: w.body, body_policy: w.bodyPolicy,
    author: w.author, state: publish ? PUBLISHED : DRAFT, category_id: null, cover: null,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Saves an edit of mine. Publishing a draft stamps the publish time (so it comes first on /share);
 * an edit of a published article keeps its time and stays published.
 */
export async function updateMyArticle(trx: Trx, userId: number, id: number, w: ArticleWrite, publish: boolean): Promise<void> {
  await trx.updateTable('article').set({
    title: w.title, summary: w.summary || null, body: w.body, body_policy: w.bodyPolicy, author: w.author, updated_at: sql`now()`,
    ...(publish ? { state: PUBLISHED, publish_time: sql`case when state = ${PUBLISHED} then publish_time else now() end` } : {}),
  }).where('id', '=', id).where('owner_id', '=', userId).execute();
}

/** Sets my article's state (publish, withdraw); publishing a draft stamps the publish time. */
export async function setMyArticleState(trx: Trx, userId: number, id: number, state: ArticleState): Promise<void> {
  const value = stateValue(state);
  await trx.updateTable('article').set({
    state: value, updated_at: sql`now()`,
    publish_time: sql`case when state <> ${PUBLISHED} and ${value}::int = ${PUBLISHED} then now() else publish_time end`,
  }).where('id', '=', id).where('owner_id', '=', userId).execute();
}

/** Deletes my article (either state). */
export async function deleteMyArticle(trx: Trx, userId: number, id: number): Promise<void> {
  await trx.deleteFrom('article').where('id', '=', id).where('owner_id', '=', userId).execute();
}

/** The visible text of sanitised HTML, spaces collapsed: the summary when none is given, and the check that a text is not empty. */
export function plainTextOf(html: string): string {
  // Block boundaries and line breaks part words; inline tags (strong, em, a…) do not.
  return html.replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<\/?(p|div|h[1-6]|li|ul|ol|blockquote|pre|tr|td|th|table|section|article|br|hr|img)\b[^>]*>/gi, ' ').replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ').trim();
}
