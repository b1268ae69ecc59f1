// The assistant's rows (migration 0012): the question log behind the rate limits, and signed-in
// learners' conversations. Callers pass a transaction scoped to the tenant (withTenant).
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { iso } from '../../lib/list-sql';
import type { Page } from '../../lib/listing';
import type { ConversationItem, RobotLink, RobotMessage } from '../../../schemas/api/cm/robot';

type Trx = Transaction<DB>;

/**
 * Counts the questions of a key (an address, or a user) in the last `minutes` and, when under
 * `limit`, records this one. Serialised per key (a transaction advisory lock), so two simultaneous
 * questions cannot both take the last place. Returns false when the limit is reached.
 */
export async function takeAskPlace(trx: Trx, tenantId: number, who: { address: string; userId: number | null }, limit: number, minutes: number): Promise<boolean> {
  const key = who.userId === null ? `robot:${tenantId}:a:${who.address}` : `robot:${tenantId}:u:${who.userId}`;
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
  let count = trx.selectFrom('robot_ask').select(sql<number>`count(*)`.as('n')).where('at', '>', sql<Date>`now() - make_interval(mins => ${minutes})`);
  count = who.userId === null ? count.where('address', '=', who.address).where('user_id', 'is', null) : count.where('user_id', '=', who.userId);
  const { n } = await count.executeTakeFirstOrThrow();
  if (Number(n) >= limit) return false;
  await trx.insertInto('robot_ask').values({ tenant_id: tenantId, address: who.address, user_id: who.userId }).execute();
  // Housekeeping: a day is the longest window any limit looks at.
  await trx.deleteFrom('robot_ask').where('address', '=', who.address).where('at', '<', sql<Date>`now() - interval '1 day'`).execute();
  return true;
}

const conversationOf = (r: { id: number; title: string; message_count: number; assistant_id: number | null; created_at: Date | string; updated_at: Date | string }): ConversationItem => ({
  id: Number(r.id), title: r.title, messageCount: r.message_count, assistantId: r.assistant_id === null ? null : Number(r.assistant_id),
  createdAt: iso(r.created_at), updatedAt: iso(r.updated_at),
});

const CONVERSATION_COLUMNS = ['id', 'title', 'message_count', 'assistant_id', 'created_at', 'updated_at'] as const;

/** One conversation of the user, or undefined (none, or someone else's). */
export async function findConversation(trx: Trx, userId: number, id: number): Promise<ConversationItem | undefined> {
  const row = await trx.selectFrom('robot_conversation').select(CONVERSATION_COLUMNS)
    .where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return row && conversationOf(row);
}

/** A page of the user's conversations, most recently active first; `title` keeps those whose title contains it. */
export async function searchConversations(trx: Trx, userId: number, q: { pageNo: number; pageSize: number; title?: string | undefined }): Promise<Page<ConversationItem>> {
  let base = trx.selectFrom('robot_conversation').where('user_id', '=', userId);
  const title = q.title?.trim();
  if (title) base = base.where('title', 'ilike', `%${title.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const [rows, total] = await Promise.all([
    base.select(CONVERSATION_COLUMNS).orderBy('updated_at', 'desc').orderBy('id', 'desc')
      .limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute(),
    base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(conversationOf), total: Number(total.n), pageNo: q.pageNo, pageSize: q.pageSize };
}

/** The messages of a conversation, oldest first. */
export async function listMessages(trx: Trx, conversationId: number): Promise<RobotMessage[]> {
  const rows = await trx.selectFrom('robot_message')
    .select(['id', 'role', 'text', 'links', 'source', 'fallback', 'created_at', 'state', 'provider', 'feedback', 'feedback_reason', 'previous'])
    .where('conversation_id', '=', conversationId).orderBy('id').execute();
  return rows.map((r) => ({
    id: Number(r.id), role: r.role, text: r.text, links: (r.links ?? []) as RobotLink[], source: r.source, fallback: r.fallback, createdAt: iso(r.created_at),
    state: r.state, provider: r.provider, feedback: r.feedback, feedbackReason: r.feedback_reason,
    previous: (r.previous ?? []).map((p) => ({ text: p.text, links: p.links as RobotLink[], state: p.state, createdAt: p.createdAt })),
  }));
}

/** Starts a conversation titled by its first question (cut to 40 characters). */
export async function insertConversation(trx: Trx, tenantId: number, userId: number, question: string, assistantId: number | null = null): Promise<ConversationItem> {
  const chars = [...question.replace(/\s+/g, ' ').trim()];
  const title = chars.length > 40 ? `${chars.slice(0, 40).join('')}…` : chars.join('');
  const row = await trx.insertInto('robot_conversation').values({ tenant_id: tenantId, user_id: userId, title, assistant_id: assistantId })
    .returning(CONVERSATION_COLUMNS).executeTakeFirstOrThrow();
  return conversationOf(row);
}

/** Appends a question and its answer to a conversation and marks it active. */
export async function appendExchange(trx: Trx, tenantId: number, conversationId: number, exchange: {
  question: string; answer: string; links: RobotLink[]; source: 'retrieval' | 'provider'; fallback: 'notConfigured' | 'providerFailed' | null;
}): Promise<void> {
  await trx.insertInto('robot_message').values([
    { tenant_id: tenantId, conversation_id: conversationId, role: 'user', text: exchange.question, source: null, fallback: null },
    {
      tenant_id: tenantId, conversation_id: conversationId, role: 'assistant', text: exchange.answer,
      links: JSON.stringify(exchange.links), source: exchange.source, fallback: exchange.fallback,
    },
  ]).execute();
  await trx.updateTable('robot_conversation')
    .set({ message_count: sql`message_count + 2`, updated_at: sql`now()` })
    .where('id', '=', conversationId).execute();
}

/** Deletes a conversation of the user with its messages; false when there was none. */
export async function deleteConversation(trx: Trx, userId: number, id: number): Promise<boolean> {
  const res = await trx.deleteFrom('robot_conversation').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
