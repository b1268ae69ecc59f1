// The live chat's SQL (migration 0021). Callers pass a transaction scoped to the tenant
// (withTenant): row-level security keeps every statement inside it, so another tenant's room or
// message is simply not found. Events for other API nodes are NOTIFYed in the same transaction and
// reach them only when it commits (server/db/chat-listener.ts).
import { sql, type Kysely } from 'kysely';
import type { ChatMessage, ServerFrame } from '../../../schemas/api/train-chat';
import { CHAT_CHANNEL } from '../../db/migrations/0021-live-chat';
import type { DB } from '../../db/types';

/** What one chat event asks every node to do with its sockets of one room. */
export type ChatEvent =
  /** Send the frame to every socket of the room. */
  | { kind: 'frame'; frame: ServerFrame }
  /** Abort the user's sockets in the room (the teacher removed them). */
  | { kind: 'abort'; uid: number; reason: 'removed' }
  /** The user connected from `sessionId`: abort their sockets in the room from any other session. */
  | { kind: 'join'; uid: number; sessionId: string };

/** A chat event as NOTIFY carries it: the node that sent it, the room, the event. */
export interface ChatNotice {
  node: string;
  tenantId: number;
  roomId: number;
  event: ChatEvent;
}

/** The room as the chat needs it, or undefined when the tenant has no such room. */
export async function findChatRoom(trx: Kysely<DB>, roomId: number) {
  const row = await trx.selectFrom('live_room').select(['id', 'live_state', 'need_enroll', 'state'])
    .where('id', '=', roomId).executeTakeFirst();
  return row ? { id: Number(row.id), liveState: row.live_state, needEnroll: row.need_enroll, published: row.state === 1 } : undefined;
}

/** Whether the user enrolled in the room (live_room_member, migration 0020). */
export async function isRoomMember(trx: Kysely<DB>, roomId: number, userId: number): Promise<boolean> {
  const row = await trx.selectFrom('live_room_member').select('user_id')
    .where('room_id', '=', roomId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** The name the chat shows for a user: nickname, else real name, else account; undefined for no such user. */
export async function chatNameOf(trx: Kysely<DB>, userId: number): Promise<string | undefined> {
  const row = await trx.selectFrom('user_account').select(['nick_name', 'real_name', 'account'])
    .where('id', '=', userId).executeTakeFirst();
  if (!row) return undefined;
  const name = [row.nick_name, row.real_name, row.account].find((n) => n && n.trim() !== '')!.trim();
  return [...name].slice(0, 100).join('');
}

const MESSAGE_COLUMNS = ['id', 'user_id', 'nick_name', 'message_type', 'content', 'created_at'] as const;

function toMessage(row: { id: number; user_id: number | null; nick_name: string; message_type: 'text' | 'system'; content: string; created_at: Date }): ChatMessage {
  return {
    id: Number(row.id),
    uid: row.user_id === null ? 0 : Number(row.user_id),
    nickName: row.nick_name,
    messageType: row.message_type,
    content: row.content,
    at: new Date(row.created_at).toISOString(),
  };
}

/** The room's last `limit` messages that were not deleted, oldest first. */
export async function latestMessages(trx: Kysely<DB>, roomId: number, limit: number): Promise<ChatMessage[]> {
  const rows = await trx.selectFrom('chat_message').select(MESSAGE_COLUMNS)
    .where('room_id', '=', roomId).where('deleted_at', 'is', null)
    .orderBy('id', 'desc').limit(limit).execute();
  return rows.reverse().map(toMessage);
}

/** Stores a message (user null: a system notice) and returns it as the frames carry it. */
export async function insertMessage(trx: Kysely<DB>, row: { tenantId: number; roomId: number; userId: number | null; nickName: string; type: 'text' | 'system'; content: string }): Promise<ChatMessage> {
  const stored = await trx.insertInto('chat_message')
    .values({ tenant_id: row.tenantId, room_id: row.roomId, user_id: row.userId, nick_name: row.nickName, message_type: row.type, content: row.content })
    .returning(MESSAGE_COLUMNS).executeTakeFirstOrThrow();
  return toMessage(stored);
}

/** Marks a message of the room deleted; false when there is no such message (or it is deleted already). */
export async function deleteMessage(trx: Kysely<DB>, roomId: number, messageId: number, byUserId: number): Promise<boolean> {
  const result = await trx.updateTable('chat_message').set({ deleted_at: sql<Date>`now()`, deleted_by: byUserId })
    .where('id', '=', messageId).where('room_id', '=', roomId).where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Serialises one user's sends (a transaction-scoped advisory lock), so two sockets or two nodes
 * cannot both pass the rate limit with the same count.
 */
export async function lockSender(trx: Kysely<DB>, tenantId: number, userId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`chat-send:${tenantId}:${userId}`}, 0))`.execute(trx);
}

/** How many messages the user sent (in any room of the tenant) in the last `windowMs`. */
export async function countSentSince(trx: Kysely<DB>, userId: number, windowMs: number): Promise<number> {
  const row = await trx.selectFrom('chat_message').select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>', sql<Date>`now() - make_interval(secs => ${windowMs / 1000})`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Until when a mute or removal of the user in the room is in force, or undefined when none is. */
export async function sanctionUntil(trx: Kysely<DB>, roomId: number, userId: number, kind: 'mute' | 'removal'): Promise<Date | undefined> {
  const row = await trx.selectFrom('chat_sanction').select('until')
    .where('room_id', '=', roomId).where('user_id', '=', userId).where('kind', '=', kind)
    .where('until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row ? new Date(row.until) : undefined;
}

/** Puts a mute or removal in force for `minutes` from now (replacing an earlier one); returns its end. */
export async function setSanction(trx: Kysely<DB>, row: { tenantId: number; roomId: number; userId: number; kind: 'mute' | 'removal'; minutes: number; byUserId: number }): Promise<Date> {
  const until = sql<Date>`now() + make_interval(mins => ${row.minutes})`;
  const stored = await trx.insertInto('chat_sanction')
    .values({ tenant_id: row.tenantId, room_id: row.roomId, user_id: row.userId, kind: row.kind, until, by_user_id: row.byUserId })
    .onConflict((oc) => oc.columns(['tenant_id', 'room_id', 'user_id', 'kind']).doUpdateSet({ until, by_user_id: row.byUserId, created_at: sql<Date>`now()` }))
    .returning('until').executeTakeFirstOrThrow();
  return new Date(stored.until);
}

/** Lifts a mute or removal; false when none was in force. */
export async function liftSanction(trx: Kysely<DB>, roomId: number, userId: number, kind: 'mute' | 'removal'): Promise<boolean> {
  const result = await trx.deleteFrom('chat_sanction')
    .where('room_id', '=', roomId).where('user_id', '=', userId).where('kind', '=', kind)
    .where('until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Tells every API node about an event; delivered when the transaction commits. */
export async function notifyChat(trx: Kysely<DB>, notice: ChatNotice): Promise<void> {
  await sql`select pg_notify(${CHAT_CHANNEL}, ${JSON.stringify(notice)})`.execute(trx);
}
