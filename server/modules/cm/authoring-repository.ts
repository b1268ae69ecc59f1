// SQL of creators' works (issue 20 part V; docs/shop-and-content.md part V). A work is a content of
// reading purpose 5 or 7 whose uploader is its author (uploader_id), with part U's author row
// (author_id) and issue 18's audit columns (audit_state draft → pending → approved / rejected).
// Callers pass a transaction scoped to the tenant: row-level security keeps other tenants out.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { isoOrNull } from '../../lib/list-sql';
import type { Page } from '../../lib/listing';
import type { MyWork, MyWorkItem, SerialState, WorkAttachment, WorkState } from '../../../schemas/api/creators';

type Trx = Transaction<DB>;

/** spec learning §9: content purposes 5, 6 and 7 are reading type. */
export const READING_PURPOSES = [5, 6, 7] as const;

/** The columns of a work row the calls decide on. */
export interface WorkRow {
  id: number;
  title: string;
  summary: string | null;
  cover: string | null;
  purpose: number;
  category_id: number | null;
  state: number;
  audit_state: 'draft' | 'pending' | 'approved' | 'rejected';
  audit_reason: string | null;
  audited_at: Date | null;
  submitted_at: Date | null;
  serial_state: SerialState | null;
  author_id: number | null;
  edited_at: Date | null;
}

/** Where a work stands for its author (schemas/api/creators.ts WorkState). */
export function workStateOf(row: Pick<WorkRow, 'state' | 'audit_state'>): WorkState {
  if (row.audit_state === 'pending') return 'pending';
  if (row.audit_state === 'rejected') return 'rejected';
  return row.state === 1 ? 'published' : 'draft';
}

/** SQL over `c`: the same state, for the state filter. */
const STATE_SQL = sql<WorkState>`case when c.audit_state = 'pending' then 'pending' when c.audit_state = 'rejected' then 'rejected'
  when c.state = 1 then 'published' else 'draft' end`;

const WORK_COLUMNS = sql`c.id, c.title, c.summary, c.cover, c.purpose, c.category_id, c.state, c.audit_state, c.audit_reason, c.audited_at,
  c.submitted_at, c.serial_state, c.author_id, c.edited_at`;

/**
 * My work by id (locked with `forUpdate`), or undefined for a missing id and for anybody else's
 * content alike (spec learning §8's "does not exist" rule: another's row looks missing).
 */
export async function findMyWork(trx: Trx, userId: number, id: number, forUpdate = false): Promise<WorkRow | undefined> {
  const row = (await sql<WorkRow>`
    select ${WORK_COLUMNS} from content c
    where c.id = ${id}::bigint and c.uploader_id = ${userId}::bigint and c.purpose in (5, 6, 7) and c.audit_classes_id is null
    ${forUpdate ? sql`for update` : sql``}`.execute(trx)).rows[0];
  return row && { ...row, id: Number(row.id), category_id: row.category_id === null ? null : Number(row.category_id), author_id: row.author_id === null ? null : Number(row.author_id) };
}

interface ItemRow extends WorkRow { category_name: string | null; word_count: number; chapter_count: number }

const toItem = (r: ItemRow): MyWorkItem => ({
  id: Number(r.id), title: r.title, intro: r.summary, cover: r.cover, purpose: r.purpose,
  categoryId: r.category_id === null ? null : Number(r.category_id), categoryName: r.category_name,
  state: workStateOf(r), published: r.state === 1, unsubmittedChanges: r.state === 1 && r.audit_state === 'draft',
  auditReason: r.audit_state === 'rejected' ? r.audit_reason : null, auditedAt: isoOrNull(r.audited_at), submittedAt: isoOrNull(r.submitted_at),
  serialState: r.serial_state, wordCount: Number(r.word_count), chapterCount: Number(r.chapter_count), editedAt: isoOrNull(r.edited_at),
});

const ITEM_SQL = sql`${WORK_COLUMNS}, k.name as category_name,
  (select coalesce(sum(p.word_count), 0)::int from content_part p where p.tenant_id = c.tenant_id and p.content_id = c.id) as word_count,
  (select count(*)::int from content_part p where p.tenant_id = c.tenant_id and p.content_id = c.id) as chapter_count
  from content c left join category k on k.tenant_id = c.tenant_id and k.id = c.category_id`;

const MINE = (userId: number) => sql`c.uploader_id = ${userId}::bigint and c.purpose in (5, 6, 7) and c.audit_classes_id is null`;

/** A page of my works, the latest edited first; `state` filters. */
export async function listMyWorks(trx: Trx, userId: number, q: { state?: WorkState | undefined; pageNo: number; pageSize: number }): Promise<Page<MyWorkItem>> {
  const where = q.state ? sql`${MINE(userId)} and ${STATE_SQL} = ${q.state}` : MINE(userId);
  const [rows, count] = await Promise.all([
    sql<ItemRow>`select ${ITEM_SQL} where ${where}
      order by c.edited_at desc nulls last, c.id desc limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`.execute(trx),
    sql<{ n: number }>`select count(*)::int as n from content c where ${where}`.execute(trx),
  ]);
  return { list: rows.rows.map(toItem), total: count.rows[0]!.n, pageNo: q.pageNo, pageSize: q.pageSize };
}

/** My work whole, for the editor (contentInfo); undefined as findMyWork. */
export async function myWorkDetail(trx: Trx, userId: number, id: number): Promise<MyWork | undefined> {
  const row = (await sql<ItemRow>`select ${ITEM_SQL}
    where c.id = ${id}::bigint and ${MINE(userId)}`.execute(trx)).rows[0];
  if (!row) return undefined;
  const pen = (await sql<{ pen_name: string | null }>`select a.pen_name from content c join author a on a.tenant_id = c.tenant_id and a.id = c.author_id where c.id = ${id}::bigint`.execute(trx)).rows[0];
  return { ...toItem(row), penName: pen?.pen_name ?? null, authorId: row.author_id === null ? null : Number(row.author_id), attachments: await workAttachments(trx, id) };
}

/** A work's attachments in the order added. */
export async function workAttachments(trx: Trx, contentId: number): Promise<WorkAttachment[]> {
  const rows = await trx.selectFrom('attachment').select(['id', 'name', 'size', 'mime'])
    .where('target_type', '=', 'content').where('target_id', '=', contentId).orderBy('sort').orderBy('id').execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name, size: r.size === null ? null : Number(r.size), mime: r.mime }));
}

/** My author row (part U's author, user_id unique per tenant), or undefined before my first work. */
export async function myAuthor(trx: Trx, userId: number): Promise<{ id: number; penName: string } | undefined> {
  const row = await trx.selectFrom('author').select(['id', 'pen_name']).where('user_id', '=', userId).executeTakeFirst();
  return row && { id: Number(row.id), penName: row.pen_name };
}

/** Creates my author row with this pen name (my first work). */
export async function createAuthor(trx: Trx, tenantId: number, userId: number, penName: string): Promise<{ id: number; penName: string }> {
  const row = await trx.insertInto('author').values({ tenant_id: tenantId, user_id: userId, pen_name: penName }).returning('id').executeTakeFirstOrThrow();
  return { id: Number(row.id), penName };
}

/** How many of my works are not published (the cap of UNPUBLISHED_WORKS_MAX). */
export async function unpublishedCount(trx: Trx, userId: number): Promise<number> {
  return (await sql<{ n: number }>`select count(*)::int as n from content c where ${MINE(userId)} and c.state <> 1`.execute(trx)).rows[0]!.n;
}

/** Whether the tenant has this category for reading works (purpose 11, CATEGORY_PURPOSE.reading). */
export async function readingCategoryExists(trx: Trx, id: number): Promise<boolean> {
  return (await trx.selectFrom('category').select('id').where('id', '=', id).where('purpose', '=', 11).executeTakeFirst()) !== undefined;
}

/** The fields of a work's card as stored. */
export interface WorkCard {
  title: string;
  summary: string | null;
  category_id: number | null;
  cover: string | null;
  purpose: number;
}

/** A new draft work of mine: unpublished (state 0), audit draft, serialising. */
export async function insertWork(trx: Trx, tenantId: number, userId: number, author: { id: number; penName: string }, card: WorkCard): Promise<number> {
  const row = await trx.insertInto('content').values({
    tenant_id: tenantId, purpose: card.purpose, kind: 'article', title: card.title, summary: card.summary, cover: card.cover,
    category_id: card.category_id, state: 0, uploader_id: userId, audit_state: 'draft', author_id: author.id, author: author.penName,
    serial_state: 'serialising', edited_at: sql<Date>`now()`,
  }).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Changes my work's card (only the fields given) and marks it edited: a published work changed
 * after its approval goes back to audit draft (changes not submitted) and stays readable.
 */
export async function updateWork(trx: Trx, work: WorkRow, set: Partial<WorkCard> & { serial_state?: SerialState }): Promise<void> {
  await trx.updateTable('content').set({ ...set, ...editedSet(work) }).where('id', '=', work.id).execute();
}

/** What any save of a work or its chapters sets on the work. */
export function editedSet(work: Pick<WorkRow, 'audit_state'>) {
  return { edited_at: sql<Date>`now()`, ...(work.audit_state === 'approved' ? { audit_state: 'draft' as const } : {}) };
}

/** Marks my work edited (a chapter saved, reordered, shown or hidden). */
export async function touchWork(trx: Trx, work: WorkRow): Promise<void> {
  await trx.updateTable('content').set(editedSet(work)).where('id', '=', work.id).execute();
}

/** Submits the work for review. */
export async function submitWork(trx: Trx, id: number): Promise<void> {
  await trx.updateTable('content').set({ audit_state: 'pending', audit_reason: null, submitted_at: sql<Date>`now()` }).where('id', '=', id).execute();
}

/** Deletes my unpublished work: its chapters (cascade), attachments and favourites of it go with it. */
export async function deleteWork(trx: Trx, id: number): Promise<number> {
  const parts = await trx.deleteFrom('content_part').where('content_id', '=', id).executeTakeFirst();
  await trx.deleteFrom('attachment').where('target_type', '=', 'content').where('target_id', '=', id).execute();
  await trx.deleteFrom('content').where('id', '=', id).execute();
  return Number(parts.numDeletedRows);
}

/** Sets a work's cover. */
export async function setCover(trx: Trx, work: WorkRow, url: string): Promise<void> {
  await trx.updateTable('content').set({ cover: url, ...editedSet(work) }).where('id', '=', work.id).execute();
}

/** Adds an attachment to a work (last). */
export async function addAttachment(trx: Trx, tenantId: number, contentId: number, file: { name: string; url: string; size: number | null; mime: string | null }): Promise<void> {
  const n = await trx.selectFrom('attachment').select(sql<number>`count(*)::int`.as('n'))
    .where('target_type', '=', 'content').where('target_id', '=', contentId).executeTakeFirstOrThrow();
  await trx.insertInto('attachment').values({ tenant_id: tenantId, target_type: 'content', target_id: contentId, ...file, sort: n.n }).execute();
}

/** An attachment with its work's uploader and whether the work is published, or undefined. */
export async function findAttachment(trx: Trx, id: number) {
  const row = (await sql<{ id: number; name: string; url: string; content_id: number; uploader_id: number | null; state: number }>`
    select a.id, a.name, a.url, c.id as content_id, c.uploader_id, c.state from attachment a
    join content c on c.tenant_id = a.tenant_id and c.id = a.target_id
    where a.id = ${id}::bigint and a.target_type = 'content' and c.purpose in (5, 6, 7)`.execute(trx)).rows[0];
  return row && { id: Number(row.id), name: row.name, url: row.url, contentId: Number(row.content_id), uploaderId: row.uploader_id === null ? null : Number(row.uploader_id), published: row.state === 1 };
}

/** Removes an attachment. */
export async function removeAttachment(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('attachment').where('id', '=', id).execute();
}
