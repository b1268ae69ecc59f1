import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';
import type { Page } from '../../lib/listing';
import { iso, offsetOf, pageOf } from '../../lib/list-sql';
import { MESSAGE_TYPES, type MessageTypeItem, type UserMessage } from '../../../schemas/api/um';

// A user's messages (user_message). Every query names the user: nobody reads another's messages.
// Callers pass a transaction scoped to the tenant (withTenant).

type Row = { id: number; type: number; title: string; content: string; state: number; created_at: Date | string };
const columns = ['id', 'type', 'title', 'content', 'state', 'created_at'] as const;

function toMessage(r: Row): UserMessage {
  return { id: Number(r.id), type: r.type, title: r.title, content: r.content, state: r.state, createTime: iso(r.created_at) };
}

/** Every message type with the user's unread count in it (0 when none). */
export async function listMessageTypes(db: Kysely<DB>, userId: number): Promise<MessageTypeItem[]> {
  const rows = await db.selectFrom('user_message').select(['type', sql<number>`count(*)`.as('n')])
    .where('user_id', '=', userId).where('state', '=', 0).groupBy('type').execute();
  const unread = new Map(rows.map((r) => [r.type, Number(r.n)]));
  return MESSAGE_TYPES.map((t) => ({ type: t.type, name: t.name, unread: unread.get(t.type) ?? 0 }));
}

/** A page of the user's messages, newest first, optionally of one type and state. */
export async function searchUserMessages(db: Kysely<DB>, userId: number, q: { pageNo: number; pageSize: number; type?: number | undefined; state?: number | undefined }): Promise<Page<UserMessage>> {
  let base = db.selectFrom('user_message').where('user_id', '=', userId);
  if (q.type !== undefined) base = base.where('type', '=', q.type);
  if (q.state !== undefined) base = base.where('state', '=', q.state);
  const rows = base.select(columns).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.pageSize).offset(offsetOf(q)).execute();
  const count = base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return pageOf(rows, count, q, toMessage);
}

/** How many of the user's messages are unread. */
export async function countUnreadMessages(db: Kysely<DB>, userId: number): Promise<number> {
  const row = await db.selectFrom('user_message').select(sql<number>`count(*)`.as('n'))
    .where('user_id', '=', userId).where('state', '=', 0).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks one of the user's messages read and returns it, or undefined when it is not theirs. */
export async function markMessageRead(db: Kysely<DB>, userId: number, id: number): Promise<UserMessage | undefined> {
  const row = await db.updateTable('user_message').set({ state: 1 })
    .where('id', '=', id).where('user_id', '=', userId)
    .returning(columns).executeTakeFirst();
  return row && toMessage(row);
}

/** Sets the state of those of the ids that are the user's; returns how many changed. */
export async function updateMessageStates(db: Kysely<DB>, userId: number, ids: number[], state: number): Promise<number> {
  const result = await db.updateTable('user_message').set({ state })
    .where('user_id', '=', userId).where('id', 'in', ids).where('state', '<>', state)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
