// Made-to-order requests' SQL (issue 20 part S; docs/shop-and-content.md part S). States (ours,
// spec learning §4 "not shown"): submitted → quoted (the back office quotes; it may quote again
// while the learner has not answered) → accepted (an order is made: make-order.ts) or declined;
// submitted or quoted → withdrawn by the learner. Accepted, declined and withdrawn are final.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { MakeRequestState } from '../../db/types-make';
import { ApiError } from '../../plugins/envelope';
import type { Page } from '../../lib/listing';
import { iso, isoOrNull } from '../../lib/list-sql';
import { cents, yuan } from './cart-repository';
import type { MakeFile, MakeKind, MakeMessage, MakeRequestView, MakeState, MakeSubmitBody } from '../../../schemas/api/make';

type Trx = Transaction<DB>;

const tenantIdSql = sql<number>`current_setting('app.tenant_id')::bigint`;
const fail = (message: string, errorCode: string, code = 400) => new ApiError(message, { code, errorCode });

/** Another learner's request or a missing one: the same answer, so ids reveal nothing. */
export const requestNotFound = (id: number) => fail(`定制需求不存在（编号 ${id}）。`, 'MAKE_NOT_FOUND', 404);

/** A user's display name: nickname, else real name, else account. */
const nameOf = (alias: string) => sql<string>`coalesce(nullif(${sql.ref(`${alias}.nick_name`)}, ''), nullif(${sql.ref(`${alias}.real_name`)}, ''), ${sql.ref(`${alias}.account`)})`;

/** The tenant's calendar day today (its time zone), YYYY-MM-DD. */
export async function tenantToday(trx: Trx): Promise<string> {
  const row = await sql<{ today: string }>`select (now() at time zone t.time_zone)::date::text as today from tenant t where t.id = ${tenantIdSql}`.execute(trx);
  return row.rows[0]!.today;
}

/** Whether a YYYY-MM-DD text is a real calendar day (2026-02-30 is not). */
export function isRealDay(day: string): boolean {
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

/** Days from one YYYY-MM-DD to another. */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The kinds offered (state 0) with their store, in menu order. */
export async function listKinds(trx: Trx): Promise<MakeKind[]> {
  const rows = await trx.selectFrom('make_kind as k')
    .innerJoin('provider as p', (j) => j.onRef('p.tenant_id', '=', 'k.tenant_id').onRef('p.id', '=', 'k.provider_id'))
    .select(['k.id', 'k.code', 'k.title', 'k.summary', 'k.lead_days', 'k.provider_id', 'p.name as provider_name'])
    .where('k.state', '=', 0).orderBy('k.sort').orderBy('k.id').execute();
  return rows.map((r) => ({ id: r.id, code: r.code, title: r.title, summary: r.summary, leadDays: r.lead_days, providerId: r.provider_id, providerName: r.provider_name }));
}

/** An offered kind with its store, or null. */
export async function findOfferedKind(trx: Trx, id: number) {
  return trx.selectFrom('make_kind as k')
    .innerJoin('provider as p', (j) => j.onRef('p.tenant_id', '=', 'k.tenant_id').onRef('p.id', '=', 'k.provider_id'))
    .select(['k.id', 'k.title', 'k.provider_id', 'p.name as provider_name'])
    .where('k.id', '=', id).where('k.state', '=', 0).executeTakeFirst();
}

/** Stores a new request (checked by the routes) and returns its id. */
export async function insertRequest(trx: Trx, userId: number, input: Omit<MakeSubmitBody, 'tenantId'> & { attachments: MakeFile[] }): Promise<number> {
  const row = await trx.insertInto('make_request').values({
    tenant_id: tenantIdSql, user_id: userId, kind_id: input.kindId, title: input.title, description: input.description,
    budget_min: input.budgetMin, budget_max: input.budgetMax, deadline: input.deadline, contact_name: input.contactName,
    contact_phone: input.contactPhone, attachments: JSON.stringify(input.attachments),
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

function requestRows(trx: Trx) {
  return trx.selectFrom('make_request as r')
    .innerJoin('make_kind as k', (j) => j.onRef('k.tenant_id', '=', 'r.tenant_id').onRef('k.id', '=', 'r.kind_id'))
    .innerJoin('provider as p', (j) => j.onRef('p.tenant_id', '=', 'k.tenant_id').onRef('p.id', '=', 'k.provider_id'))
    .innerJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'r.tenant_id').onRef('u.id', '=', 'r.user_id'))
    .leftJoin('shop_order as o', (j) => j.onRef('o.tenant_id', '=', 'r.tenant_id').onRef('o.id', '=', 'r.order_id'))
    .select([
      'r.id', 'r.user_id', 'r.kind_id', 'k.title as kind_title', 'k.provider_id', 'p.name as provider_name', 'p.state as provider_state',
      'p.org_type as provider_org_type', 'r.title', 'r.description',
      'r.budget_min', 'r.budget_max', sql<string>`r.deadline::text`.as('deadline'), 'r.contact_name', 'r.contact_phone', 'r.attachments',
      'r.state', 'r.quote_price', sql<string | null>`r.quote_delivery::text`.as('quote_delivery'), 'r.quote_note', 'r.quoted_at',
      'r.decline_reason', 'r.decided_at', 'r.order_id', 'o.state as order_state', 'r.product_id', nameOf('u').as('applicant_name'),
      'r.created_at', 'r.updated_at',
    ]);
}

export type RequestRow = NonNullable<Awaited<ReturnType<ReturnType<typeof requestRows>['executeTakeFirst']>>>;

/** One request of the tenant; `userId` limits it to that learner's; `lock` takes its row lock. */
export async function findRequest(trx: Trx, id: number, userId: number | null, lock = false): Promise<RequestRow | undefined> {
  let q = requestRows(trx).where('r.id', '=', id);
  if (userId !== null) q = q.where('r.user_id', '=', userId);
  if (lock) q = q.forUpdate('r');
  return q.executeTakeFirst();
}

const money = (v: string) => yuan(cents(v));

/** A row as the API shows it, with its messages when given. */
export function viewOf(r: RequestRow, messages: MakeMessage[] = []): MakeRequestView {
  return {
    id: r.id, kindId: r.kind_id, kindTitle: r.kind_title, providerName: r.provider_name, title: r.title, description: r.description,
    budgetMin: money(r.budget_min), budgetMax: money(r.budget_max), deadline: r.deadline, contactName: r.contact_name,
    contactPhone: r.contact_phone, attachments: r.attachments, state: r.state as MakeState,
    quote: r.quote_price !== null && r.quote_delivery !== null && r.quoted_at !== null
      ? { price: money(r.quote_price), deliveryDate: r.quote_delivery, note: r.quote_note ?? '', quotedAt: iso(r.quoted_at) }
      : null,
    declineReason: r.decline_reason, decidedAt: isoOrNull(r.decided_at), orderId: r.order_id, orderState: r.order_state ?? null,
    applicantName: r.applicant_name, createdAt: iso(r.created_at), updatedAt: iso(r.updated_at), messages,
  };
}

/** The messages of a request, oldest first. */
export async function listMessages(trx: Trx, requestId: number): Promise<MakeMessage[]> {
  const rows = await trx.selectFrom('make_message as m')
    .innerJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'm.tenant_id').onRef('u.id', '=', 'm.user_id'))
    .select(['m.id', 'm.from_staff', nameOf('u').as('author'), 'm.body', 'm.created_at'])
    .where('m.request_id', '=', requestId).orderBy('m.id').execute();
  return rows.map((m) => ({ id: m.id, fromStaff: m.from_staff, authorName: m.author, body: m.body, createdAt: iso(m.created_at) }));
}

/** A page of requests, newest first: one learner's (userId) or the whole tenant's (null), optionally in one state. */
export async function pageRequests(trx: Trx, userId: number | null, q: { state?: MakeState | undefined; pageNo: number; pageSize: number }): Promise<Page<MakeRequestView>> {
  let base = trx.selectFrom('make_request as r');
  if (userId !== null) base = base.where('r.user_id', '=', userId);
  if (q.state !== undefined) base = base.where('r.state', '=', q.state);
  let rows = requestRows(trx);
  if (userId !== null) rows = rows.where('r.user_id', '=', userId);
  if (q.state !== undefined) rows = rows.where('r.state', '=', q.state);
  const [list, count] = await Promise.all([
    rows.orderBy('r.id', 'desc').limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: list.map((r) => viewOf(r)), total: count.n, pageNo: q.pageNo, pageSize: q.pageSize };
}

const STATE_WORDS: Record<MakeRequestState, string> = { submitted: '待报价', quoted: '已报价', accepted: '已接受', declined: '已拒绝', withdrawn: '已撤回' };

/** Refuses a change that the request's state does not allow, naming the state. */
export function requireState(r: RequestRow, allowed: readonly MakeRequestState[], what: string): void {
  if (!allowed.includes(r.state)) {
    throw fail(`该定制需求当前为“${STATE_WORDS[r.state]}”，不能${what}。`, 'MAKE_STATE');
  }
}

/** Sets the back office's quote (submitted or quoted: a new quote replaces the old one). */
export async function saveQuote(trx: Trx, staffId: number, id: number, quote: { price: number; deliveryDate: string; note: string | null }): Promise<void> {
  await trx.updateTable('make_request').set({
    state: 'quoted', quote_price: quote.price, quote_delivery: quote.deliveryDate, quote_note: quote.note, quoted_at: sql<Date>`now()`,
    quoted_by: staffId, updated_at: sql<Date>`now()`,
  }).where('id', '=', id).execute();
}

/** Closes a request as declined or withdrawn. */
export async function closeRequest(trx: Trx, id: number, state: 'declined' | 'withdrawn', reason: string | null): Promise<void> {
  await trx.updateTable('make_request').set({ state, decline_reason: reason, decided_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', id).execute();
}

/** Adds a message to a request and touches it. */
export async function insertMessage(trx: Trx, requestId: number, userId: number, fromStaff: boolean, body: string): Promise<void> {
  await trx.insertInto('make_message').values({ tenant_id: tenantIdSql, request_id: requestId, user_id: userId, from_staff: fromStaff, body }).execute();
  await trx.updateTable('make_request').set({ updated_at: sql<Date>`now()` }).where('id', '=', requestId).execute();
}

/** Whether a URL is an upload of this tenant (spec shell §7 "Upload"): no outside links, no other tenant's files. */
export function uploadedHere(tenantId: number, url: string): boolean {
  return new RegExp(`^(/uploads/|https?://[^\\s]+/)u/${tenantId}/\\d{4}-\\d{2}/[0-9a-f-]{36}\\.[a-z0-9]{1,5}$`).test(url);
}
