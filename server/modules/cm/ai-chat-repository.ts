// Issue 21 part C's rows (docs/ai.md C): a streamed exchange's question and answer, the answer's
// end (complete, stopped, failed), retries keeping the earlier answers, feedback and renaming.
// Tables of migration 0012 with 0046's columns; callers pass a transaction scoped to the tenant.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { PreviousAnswer } from '../../db/types-ai-chat';
import type { ChatMessage } from '../../lib/ai/types';
import type { RobotLink } from '../../../schemas/api/cm/robot';

type Trx = Transaction<DB>;

/** Turns of history sent with a question (a turn is a question and its answer). */
export const HISTORY_TURNS = 10;

export type AnswerState = 'complete' | 'stopped' | 'failed';

/**
 * Saves the question and an empty answer (state failed until it ends, so a crash mid-stream leaves
 * an honest row), and marks the conversation active. Returns both ids and the answer's `started`
 * (its created_at, exact), the version finishAnswer writes to.
 */
export async function insertExchange(trx: Trx, tenantId: number, conversationId: number, question: string): Promise<{ questionId: number; answerId: number; started: string }> {
  const rows = await trx.insertInto('robot_message').values([
    { tenant_id: tenantId, conversation_id: conversationId, role: 'user', text: question, source: null, fallback: null },
    { tenant_id: tenantId, conversation_id: conversationId, role: 'assistant', text: '', source: null, fallback: null, state: 'failed' },
  ]).returning(['id', 'role', sql<string>`created_at::text`.as('started')]).execute();
  await trx.updateTable('robot_conversation')
    .set({ message_count: sql`message_count + 2`, updated_at: sql`now()` })
    .where('id', '=', conversationId).execute();
  const row = (role: string) => rows.find((r) => r.role === role)!;
  return { questionId: Number(row('user').id), answerId: Number(row('assistant').id), started: row('assistant').started };
}

/**
 * Writes an answer's end: its text (cut to the column's 8000), links, provider and state, only into
 * the version it streamed (`started`, set by insertExchange or startRetry). False when a retry has
 * replaced that version meanwhile: nothing is written, and the caller refunds.
 */
export async function finishAnswer(trx: Trx, answer: { id: number; started: string }, end: { text: string; links: RobotLink[]; provider: 'offline' | 'openai'; state: AnswerState }): Promise<boolean> {
  const res = await trx.updateTable('robot_message').set({
    text: [...end.text].slice(0, 8000).join(''),
    links: JSON.stringify(end.links),
    provider: end.provider,
    source: end.provider === 'openai' ? 'provider' : 'retrieval',
    state: end.state,
  }).where('id', '=', answer.id).where('role', '=', 'assistant')
    .where('created_at', '=', sql<Date>`${answer.started}::timestamptz`).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/**
 * The conversation's messages before `beforeId` as chat turns (at most HISTORY_TURNS), oldest first;
 * empty answers (stopped or failed before any text) are left out.
 */
export async function historyOf(trx: Trx, conversationId: number, beforeId: number): Promise<ChatMessage[]> {
  const rows = await trx.selectFrom('robot_message').select(['role', 'text'])
    .where('conversation_id', '=', conversationId).where('id', '<', beforeId).where('text', '<>', '')
    .orderBy('id', 'desc').limit(HISTORY_TURNS * 2).execute();
  return rows.reverse().map((r) => ({ role: r.role, content: r.text }));
}

/** The last answer of a conversation and the question before it, or undefined. */
export async function lastExchange(trx: Trx, conversationId: number) {
  const answer = await trx.selectFrom('robot_message').select(['id', 'text', 'links', 'state', 'provider', 'previous', 'created_at'])
    .where('conversation_id', '=', conversationId).where('role', '=', 'assistant').orderBy('id', 'desc').executeTakeFirst();
  if (!answer) return undefined;
  const question = await trx.selectFrom('robot_message').select(['id', 'text'])
    .where('conversation_id', '=', conversationId).where('role', '=', 'user').where('id', '<', answer.id)
    .orderBy('id', 'desc').executeTakeFirst();
  if (!question) return undefined;
  return { answer: { ...answer, id: Number(answer.id) }, question: { id: Number(question.id), text: question.text } };
}

/**
 * Moves the current answer into `previous` (nothing is lost) and empties it for the new one; returns
 * the new version number and its `started` (see finishAnswer). An answer still empty and unended (a
 * stream in progress, or one that never ended) has nothing to keep and is not added to `previous`.
 */
export async function startRetry(trx: Trx, answer: { id: number; text: string; links: unknown[]; state: AnswerState; provider: 'offline' | 'openai' | null; previous: PreviousAnswer[]; created_at: Date | string }): Promise<{ version: number; started: string }> {
  const unended = answer.provider === null && !answer.text;
  const kept: PreviousAnswer = {
    text: answer.text, links: answer.links, state: answer.state, provider: answer.provider,
    createdAt: new Date(answer.created_at).toISOString(),
  };
  const previous = unended ? [...(answer.previous ?? [])] : [...(answer.previous ?? []), kept];
  const row = await trx.updateTable('robot_message').set({
    previous: JSON.stringify(previous), text: '', links: '[]', state: 'failed', provider: null,
    feedback: null, feedback_reason: null, feedback_at: null, created_at: sql`now()`,
  }).where('id', '=', answer.id).returning(sql<string>`created_at::text`.as('started')).executeTakeFirstOrThrow();
  await trx.updateTable('robot_conversation').set({ updated_at: sql`now()` })
    .where('id', '=', sql<number>`(select conversation_id from robot_message where id = ${answer.id})`).execute();
  return { version: previous.length + 1, started: row.started };
}

/** Rates an answer in one of the user's conversations; false when there is none such. */
export async function rateAnswer(trx: Trx, userId: number, messageId: number, value: 'up' | 'down' | null, reason: string | null): Promise<boolean> {
  const res = await trx.updateTable('robot_message').set({
    feedback: value, feedback_reason: value === 'down' ? reason : null, feedback_at: value ? sql`now()` : null,
  }).where('id', '=', messageId).where('role', '=', 'assistant')
    .where('conversation_id', 'in', (q) => q.selectFrom('robot_conversation').select('id').where('user_id', '=', userId))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Renames one of the user's conversations; false when there is none such. */
export async function renameConversation(trx: Trx, userId: number, id: number, title: string): Promise<boolean> {
  const res = await trx.updateTable('robot_conversation').set({ title })
    .where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
