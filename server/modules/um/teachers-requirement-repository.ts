// The requirements hall (issue 19 part G; migration 0033 requirement, requirement_response): the
// hall's list, one requirement with its responses, and the writes. Who may see and do what is
// decided in teachers-requirement-routes.ts; this file only reads and writes rows.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { RequirementCategory, RequirementState, StoredFile } from '../../db/types-teachers';
import { containsPattern, iso, offsetOf } from '../../lib/list-sql';
import type { Page } from '../../lib/listing';
import type { RequirementCard, RequirementStatus } from '../../../schemas/api/teachers';
import { displayName } from './teachers-repository';

type Trx = Transaction<DB>;

/** A requirement row as the calls read it, with the owner's name, the response count and the database clock. */
export interface RequirementRow {
  id: number; owner_id: number; title: string; description: string; category: RequirementCategory; budget: string | null;
  deadline: Date; attachments: StoredFile[]; state: RequirementState; accepted_response_id: number | null;
  created_at: Date; updated_at: Date; owner_nick: string | null; owner_real: string | null; owner_avatar: string | null;
  response_count: string | number; now: Date;
}

/** A response row with its author's name. */
export interface ResponseRow {
  id: number; requirement_id: number; user_id: number; content: string; quote: string | null; attachments: StoredFile[];
  created_at: Date; updated_at: Date; nick_name: string | null; real_name: string | null; avatar_img: string | null;
}

/** The text of sanitised HTML: tags dropped, entities counted as one character, blanks folded. */
export function textOf(html: string): string {
  return html.replace(/<(br|\/p|\/div|\/li|\/h\d)\b[^>]*>/gi, '\n').replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ').replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, '·').replace(/[ \t]+/g, ' ').replace(/\n{3,}/g, '\n\n').trim();
}

/** What a reader sees: an open requirement past its deadline reads 已截止. */
export function statusOf(r: Pick<RequirementRow, 'state' | 'deadline' | 'now'>): RequirementStatus {
  if (r.state !== 'open') return r.state;
  return r.deadline.getTime() <= r.now.getTime() ? 'expired' : 'open';
}

const money = (v: string | null) => (v === null ? null : Number(v));

/** A row as the hall's card. */
export function cardOf(r: RequirementRow): RequirementCard {
  const text = textOf(r.description);
  return {
    id: r.id, title: r.title, summary: text.length > 120 ? `${text.slice(0, 120)}…` : text, category: r.category, budget: money(r.budget),
    deadline: iso(r.deadline), state: r.state, status: statusOf(r), responseCount: Number(r.response_count),
    ownerName: displayName({ nick_name: r.owner_nick, real_name: r.owner_real }, r.owner_id), createdAt: iso(r.created_at),
  };
}

function selectRequirements(trx: Trx) {
  return trx.selectFrom('requirement as q')
    .innerJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'q.tenant_id').onRef('u.id', '=', 'q.owner_id'))
    .select([
      'q.id', 'q.owner_id', 'q.title', 'q.description', 'q.category', 'q.budget', 'q.deadline', 'q.attachments', 'q.state',
      'q.accepted_response_id', 'q.created_at', 'q.updated_at', 'u.nick_name as owner_nick', 'u.real_name as owner_real', 'u.avatar_img as owner_avatar',
      sql<string>`(select count(*) from requirement_response p where p.tenant_id = q.tenant_id and p.requirement_id = q.id)`.as('response_count'),
      sql<Date>`now()`.as('now'),
    ]);
}

/** One requirement, or undefined (another tenant's is invisible under row-level security). */
export async function findRequirement(trx: Trx, id: number): Promise<RequirementRow | undefined> {
  return (await selectRequirements(trx).where('q.id', '=', id).executeTakeFirst()) as RequirementRow | undefined;
}

/** The hall: open (taking responses) or closed (matched, closed or past the deadline), by category and words. */
export async function searchRequirements(trx: Trx, q: {
  pageNo: number; pageSize: number; searchValue?: string | undefined; state?: 'open' | 'closed' | undefined;
  category?: RequirementCategory | undefined; sort: 'newest' | 'deadline'; ownerId?: number | undefined;
}): Promise<Page<RequirementCard>> {
  let base = selectRequirements(trx);
  if (q.state === 'open') base = base.where('q.state', '=', 'open').where('q.deadline', '>', sql<Date>`now()`);
  if (q.state === 'closed') base = base.where((eb) => eb.or([eb('q.state', '<>', 'open'), eb('q.deadline', '<=', sql<Date>`now()`)]));
  if (q.category) base = base.where('q.category', '=', q.category);
  const words = q.searchValue?.trim();
  if (words) base = base.where('q.title', 'ilike', containsPattern(words));
  if (q.ownerId !== undefined) base = base.where('q.owner_id', '=', q.ownerId);
  const ordered = q.sort === 'deadline'
    // Nearest deadline first among those still ahead; past ones after, most recently passed first.
    ? base.orderBy(sql`q.deadline <= now()`).orderBy(sql`case when q.deadline > now() then q.deadline end`).orderBy('q.deadline', 'desc').orderBy('q.id', 'desc')
    : base.orderBy('q.created_at', 'desc').orderBy('q.id', 'desc');
  const rows = (await ordered.limit(q.pageSize).offset(offsetOf(q)).execute()) as RequirementRow[];
  const total = await base.clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return { list: rows.map(cardOf), total: Number(total.n), pageNo: q.pageNo, pageSize: q.pageSize };
}

/** Inserts a requirement and returns its id. */
export async function insertRequirement(trx: Trx, tenantId: number, ownerId: number, v: {
  title: string; description: string; category: RequirementCategory; budget: number | null; deadline: Date; attachments: StoredFile[];
}): Promise<number> {
  const row = await trx.insertInto('requirement').values({
    tenant_id: tenantId, owner_id: ownerId, title: v.title, description: v.description, category: v.category, budget: v.budget,
    deadline: v.deadline, attachments: JSON.stringify(v.attachments),
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Rewrites an open requirement's fields. */
export async function updateRequirement(trx: Trx, id: number, v: {
  title: string; description: string; category: RequirementCategory; budget: number | null; deadline: Date; attachments: StoredFile[];
}): Promise<void> {
  await trx.updateTable('requirement').set({
    title: v.title, description: v.description, category: v.category, budget: v.budget, deadline: v.deadline,
    attachments: JSON.stringify(v.attachments), updated_at: sql`now()`,
  }).where('id', '=', id).where('state', '=', 'open').execute();
}

/** Every response of a requirement, oldest first. */
export async function listResponses(trx: Trx, requirementId: number): Promise<ResponseRow[]> {
  return (await trx.selectFrom('requirement_response as p')
    .innerJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'p.tenant_id').onRef('u.id', '=', 'p.user_id'))
    .select(['p.id', 'p.requirement_id', 'p.user_id', 'p.content', 'p.quote', 'p.attachments', 'p.created_at', 'p.updated_at', 'u.nick_name', 'u.real_name', 'u.avatar_img'])
    .where('p.requirement_id', '=', requirementId).orderBy('p.created_at').orderBy('p.id').execute()) as ResponseRow[];
}

/** One response by id (with its requirement id), or undefined. */
export async function findResponse(trx: Trx, id: number): Promise<{ id: number; requirement_id: number; user_id: number } | undefined> {
  return trx.selectFrom('requirement_response').select(['id', 'requirement_id', 'user_id']).where('id', '=', id).executeTakeFirst();
}

/** Writes my response: the first, or an edit of mine (one per user and requirement). */
export async function upsertResponse(trx: Trx, tenantId: number, requirementId: number, userId: number, v: {
  content: string; quote: number | null; attachments: StoredFile[];
}): Promise<void> {
  const attachments = JSON.stringify(v.attachments);
  await trx.insertInto('requirement_response').values({
    tenant_id: tenantId, requirement_id: requirementId, user_id: userId, content: v.content, quote: v.quote, attachments,
  }).onConflict((oc) => oc.columns(['tenant_id', 'requirement_id', 'user_id']).doUpdateSet({
    content: v.content, quote: v.quote, attachments, updated_at: sql`now()`,
  })).execute();
}

/** Accepts a response: the requirement leaves open for matched. False when it was no longer open. */
export async function acceptResponse(trx: Trx, requirementId: number, responseId: number): Promise<boolean> {
  const done = await trx.updateTable('requirement')
    .set({ state: 'matched', accepted_response_id: responseId, closed_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', requirementId).where('state', '=', 'open').executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** Closes an open requirement. False when it was no longer open. */
export async function closeRequirement(trx: Trx, requirementId: number): Promise<boolean> {
  const done = await trx.updateTable('requirement').set({ state: 'closed', closed_at: sql`now()`, updated_at: sql`now()` })
    .where('id', '=', requirementId).where('state', '=', 'open').executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}
