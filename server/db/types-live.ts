// The live-room and role tables of migration 0020, as Kysely sees them; collected in types.ts `DB`.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './types-columns';

/** A teacher-side role (spec learning §6 "Teacher functions"; docs/decisions.md "Roles: user_role"). */
export type RoleName = 'teacher' | 'marker' | 'invigilator';
/** What a grant covers; null with a null scope_id: the whole tenant. A marker over a match judges it (migration 0032). */
export type RoleScopeType = 'classes' | 'exam' | 'room' | 'match';

export interface UserRoleTable {
  tenant_id: ColumnType<number, number, never>;
  id: Generated<number>;
  user_id: number;
  role: RoleName;
  scope_type: RoleScopeType | null;
  scope_id: number | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** Columns migration 0020 adds to live_room. */
export interface LiveRoomLiveColumns {
  classes_id: number | null;
  notice: string | null;
  need_enroll: Generated<boolean>;
  stream_url: string | null;
  replay_url: string | null;
  live_started_at: Timestamp | null;
  live_ended_at: Timestamp | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Column migration 0020 adds to teacher: the account behind the profile. */
export interface TeacherAccountColumn {
  user_id: number | null;
}

export interface LiveRoomMemberTable {
  tenant_id: ColumnType<number, number, never>;
  room_id: ColumnType<number, number, never>;
  user_id: ColumnType<number, number, never>;
  enrolled_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface LiveRoomPresenceTable {
  tenant_id: ColumnType<number, number, never>;
  room_id: ColumnType<number, number, never>;
  user_id: ColumnType<number, number, never>;
  entered_at: ColumnType<Date, Date | string | undefined, never>;
  last_seen_at: Timestamp;
  left_at: Timestamp | null;
}
