// The live-room chat tables (migration 0021), as Kysely sees them; collected in types.ts `DB`.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './types-columns';

/** timestamptz with a database default: read as a Date, optional on insert. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ChatMessageTable {
  tenant_id: ColumnType<number, number, never>;
  id: Generated<number>;
  room_id: number;
  /** The sender; null for the room's system notice. */
  user_id: number | null;
  nick_name: string;
  message_type: 'text' | 'system';
  content: string;
  created_at: CreatedAt;
  deleted_at: Timestamp | null;
  deleted_by: number | null;
}

/** A teacher's mute or removal of a learner in a room, in force until `until`. */
export interface ChatSanctionTable {
  tenant_id: ColumnType<number, number, never>;
  room_id: number;
  user_id: number;
  kind: 'mute' | 'removal';
  until: Timestamp;
  by_user_id: number;
  created_at: CreatedAt;
}
