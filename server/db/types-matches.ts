// The tables of migration 0032-matches (issue 19 part F: matches: competitions, stages, entrants,
// submissions, scoreboard), as Kysely sees them; collected in types.ts `DB`. docs/growth.md "Matches".
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './types-columns';
import type { StoredFile } from './types-exam-more';

type TenantKey = ColumnType<number, number, never>;
type NullableOptional<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** timestamptz that may be null. */
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A match (competition): enrolment window, running time, optional entrant limit. */
export interface CompetitionTable {
  tenant_id: TenantKey;
  id: Generated<number>;
  title: string;
  summary: Generated<string>;
  /** Sanitised rich text. */
  rules: Generated<string>;
  cover_img: NullableOptional<string>;
  enroll_start: Timestamp;
  enroll_end: Timestamp;
  start_time: Timestamp;
  end_time: Timestamp;
  entrant_limit: NullableOptional<number>;
  state: Generated<'published' | 'draft'>;
  /** Final places written and points awarded. */
  finalised_at: NullableTime;
  created_at: Generated<Date>;
}

/** What a stage asks of entrants. */
export type StageKind = 'submission' | 'exam';

/** One stage of a match. */
export interface CompetitionStageTable {
  tenant_id: TenantKey;
  match_id: number;
  id: Generated<number>;
  sort: Generated<number>;
  title: string;
  description: Generated<string>;
  kind: StageKind;
  start_time: Timestamp;
  end_time: Timestamp;
  /** submission: the judge's maximum; exam: null. */
  max_score: NullableOptional<number>;
  /** exam: the exam whose best passed score counts; submission: null. */
  exam_id: NullableOptional<number>;
}

/** An enrolment (kept when withdrawn) and the final place. */
export interface CompetitionEntrantTable {
  tenant_id: TenantKey;
  match_id: number;
  user_id: number;
  state: Generated<'enrolled' | 'withdrawn'>;
  enrolled_at: Generated<Date>;
  withdrawn_at: NullableTime;
  place: NullableOptional<number>;
  place_points: NullableOptional<number>;
}

/** An entrant's work for a submission stage and the judge's score. */
export interface CompetitionSubmissionTable {
  tenant_id: TenantKey;
  id: Generated<number>;
  match_id: number;
  stage_id: number;
  user_id: number;
  title: string;
  content: Generated<string>;
  attachments: ColumnType<StoredFile[], string | undefined, string>;
  submitted_at: Generated<Date>;
  revision: Generated<number>;
  score: NullableOptional<number>;
  judge_id: NullableOptional<number>;
  judged_at: NullableTime;
  judge_comment: NullableOptional<string>;
}

export interface MatchesTables {
  competition: CompetitionTable;
  competition_stage: CompetitionStageTable;
  competition_entrant: CompetitionEntrantTable;
  competition_submission: CompetitionSubmissionTable;
}
