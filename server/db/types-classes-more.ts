// The tables of migration 0022 (issue 17: the rest of the classes), as Kysely sees them; collected in types.ts `DB`.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './types-columns';

type TenantKey = ColumnType<number, number, never>;
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ClassesFavoriteTable {
  tenant_id: TenantKey;
  user_id: number;
  classes_id: number;
  created_at: CreatedAt;
}

/** The teacher's assessment of a member: one row per member, rewritten by each save. */
export interface ClassesMemberAssessTable {
  tenant_id: TenantKey;
  classes_id: number;
  user_id: number;
  score: number;
  passed: boolean;
  comment: string | null;
  assessor_id: number;
  assessed_at: CreatedAt;
}

/** My time studied on a schedule item inside the class, and when the study records first showed it finished. */
export interface ClassesContentLogTable {
  tenant_id: TenantKey;
  classes_id: number;
  user_id: number;
  item_id: number;
  study_seconds: Generated<number>;
  first_at: CreatedAt;
  last_saved_at: CreatedAt;
  finished_at: Timestamp | null;
}

export interface ClassesCommentTable {
  tenant_id: TenantKey;
  id: Generated<number>;
  classes_id: number;
  user_id: number;
  content: string;
  score: number | null;
  created_at: CreatedAt;
  deleted_at: Timestamp | null;
  deleted_by: number | null;
}

/** A sign-in session: the window is [start_time − before_minutes, start_time + after_minutes]. */
export interface ClassesAttendanceSessionTable {
  tenant_id: TenantKey;
  id: Generated<number>;
  classes_id: number;
  title: string;
  start_time: Timestamp;
  before_minutes: Generated<number>;
  after_minutes: Generated<number>;
  place: string | null;
  latitude: number | null;
  longitude: number | null;
  radius: number | null;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface ClassesAttendanceLogTable {
  tenant_id: TenantKey;
  session_id: number;
  user_id: number;
  classes_id: number;
  signed_at: CreatedAt;
  latitude: number | null;
  longitude: number | null;
  distance: number | null;
}

export interface ClassesNoticeTable {
  tenant_id: TenantKey;
  id: Generated<number>;
  classes_id: number;
  title: string;
  summary: string | null;
  body: string | null;
  top: Generated<boolean>;
  state: Generated<number>;
  publish_time: CreatedAt;
}

/** A post of a class's circle, or (parent_id set) a reply to one. */
export interface ClassesCirclePostTable {
  tenant_id: TenantKey;
  id: Generated<number>;
  classes_id: number;
  user_id: number;
  parent_id: number | null;
  content: string;
  created_at: CreatedAt;
  deleted_at: Timestamp | null;
  deleted_by: number | null;
}

/** The tables of migration 0022 by name, spread into types.ts `DB`. */
export interface ClassesMoreTables {
  classes_favorite: ClassesFavoriteTable;
  classes_member_assess: ClassesMemberAssessTable;
  classes_content_log: ClassesContentLogTable;
  classes_comment: ClassesCommentTable;
  classes_attendance_session: ClassesAttendanceSessionTable;
  classes_attendance_log: ClassesAttendanceLogTable;
  classes_notice: ClassesNoticeTable;
  classes_circle_post: ClassesCirclePostTable;
}
