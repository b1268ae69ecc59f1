// Study progress, study time per day and the social tables (migrations 0004–0006), as Kysely sees them; collected in types.ts `DB`.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './types-columns';

/**
 * A user's study progress on one content part (migration 0004; part_id 0: the whole content).
 * Seconds throughout; saved_at is the client's epoch ms of the stored position.
 */
export interface StudyRecordTable {
  tenant_id: ColumnType<number, number, never>;
  user_id: number;
  content_id: number;
  part_id: Generated<number>;
  progress: Generated<number>;
  saved_at: Generated<number>;
  max_progress: Generated<number>;
  duration: Generated<number>;
  state: Generated<number>; // 1 in progress, 2 finished
  play_time: Generated<number>;
  percentage: Generated<number>;
  course_id: number | null;
  subject_id: number | null;
  log_type: number | null;
  content_type: string | null;
  terminal: Generated<string>;
  finished_at: Timestamp | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/**
 * A user's study time on one calendar day of the tenant's time zone (migration 0006): the folded
 * sum of their study_day_delta rows; at most 86,400 s.
 */
export interface StudyDayTable {
  tenant_id: ColumnType<number, number, never>;
  user_id: number;
  day: ColumnType<Date | string, string, string>; // date; queries read it with to_char(day, 'YYYY-MM-DD')
  seconds: Generated<number>;
  updated_at: Generated<Timestamp>;
}

/** Study time appended by the study_record triggers (migration 0006), until a read folds it into study_day. */
export interface StudyDayDeltaTable {
  tenant_id: ColumnType<number, number, never>;
  id: Generated<number>;
  user_id: number;
  day: ColumnType<Date | string, string, string>;
  seconds: number;
}

/** What a favourite, comment or appraisal is about (migration 0005). */
export type SocialTargetType = 'course' | 'subject' | 'content';

/** A user's favourite: one row per user and target (migration 0005). */
export interface FavoriteTable {
  tenant_id: ColumnType<number, number, never>;
  user_id: number;
  target_type: SocialTargetType;
  target_id: number;
  created_at: Timestamp;
}

/** A comment, plain filtered text of 1–500 characters with an optional 1–5 score; state 1 visible, 0 deleted by its author. */
export interface CommentTable {
  tenant_id: ColumnType<number, number, never>;
  id: Generated<number>;
  user_id: number;
  target_type: SocialTargetType;
  target_id: number;
  content: string;
  score: number | null;
  state: Generated<number>;
  created_at: Timestamp;
  deleted_at: Timestamp | null;
}

/** A like (1) or dislike (-1): one row per user and target (migration 0005). */
export interface AppraiseTable {
  tenant_id: ColumnType<number, number, never>;
  user_id: number;
  target_type: SocialTargetType;
  target_id: number;
  value: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}
