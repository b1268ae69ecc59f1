// The tables and columns of migration 0023 (issue 18: exams complete and the teachers' work
// center), as Kysely sees them; collected in types.ts `DB`. docs/exams.md explains them.
import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from './types-columns';
import type { QuestionKind, QuestionOption } from './types-exam';

type TenantKey = ColumnType<number, number, never>;
type Id = Generated<number>;
type Optional<T> = ColumnType<T, T | undefined, T>;
type NullableOptional<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** A jsonb column written as JSON text (JSON.stringify) and read parsed. */
type JsonDefault<T> = ColumnType<T, string | undefined, string>;

export interface QuestionCategoryTable {
  tenant_id: TenantKey;
  id: Id;
  parent_id: number | null;
  name: string;
  sort: Generated<number>;
  created_at: Timestamp;
}

/** A question of the back-office's bank; composite questions own their sub-questions (parent_id). */
export interface BankQuestionTable {
  tenant_id: TenantKey;
  id: Id;
  category_id: number;
  parent_id: NullableOptional<number>;
  kind: Exclude<QuestionKind, 'text'>;
  stem: string;
  options: JsonDefault<QuestionOption[]>;
  /** single/multiple/judge: option keys; fill: accepted answers per blank; short, composite: null. */
  answer: ColumnType<string[] | string[][] | null, string | null | undefined, string | null>;
  reference: NullableOptional<string>;
  explanation: NullableOptional<string>;
  difficulty: Generated<number>;
  score: Generated<number>;
  sort: Generated<number>;
  state: Generated<'active' | 'archived'>;
  created_by: NullableOptional<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One rule of a random paper: draw `count` questions of a category (and kind, difficulty), `score` each. */
export interface DrawRule {
  categoryId: number;
  kind?: Exclude<QuestionKind, 'text'>;
  difficulty?: number;
  count: number;
  score: number;
}

/** The columns migration 0023 adds to exam. */
export interface ExamBuilderColumns {
  paper_mode: Generated<'fixed' | 'random'>;
  draw_rules: JsonDefault<DrawRule[]>;
  /** null: the default (exam 3, survey 1). */
  max_attempts: NullableOptional<number>;
  allow_preview: Generated<boolean>;
  allow_practice: Generated<boolean>;
  audience: Generated<'all' | 'classes'>;
  audience_classes: ColumnType<number[], number[] | undefined, number[]>;
  blind_marking: Generated<boolean>;
  created_by: NullableOptional<number>;
  updated_at: Timestamp;
}

/** A marker's score and comment on one person-marked question of an attempt. */
export interface ExamMarkTable {
  tenant_id: TenantKey;
  attempt_id: number;
  question_id: number;
  score: number;
  comment: NullableOptional<string>;
  marker_id: NullableOptional<number>;
  marked_at: Timestamp;
}

export type AttemptEventKind = 'start' | 'resume' | 'leave' | 'return' | 'offline' | 'online' | 'force_submit' | 'auto_submit';

/** What the paper reported during an attempt, and the invigilator's force-submit. */
export interface ExamAttemptEventTable {
  tenant_id: TenantKey;
  id: Id;
  attempt_id: number;
  kind: AttemptEventKind;
  at: Timestamp;
  detail: NullableOptional<string>;
}

export interface PracticeSetTable {
  tenant_id: TenantKey;
  id: Id;
  title: string;
  category_id: NullableOptional<number>;
  question_ids: number[];
  state: Generated<'published' | 'hidden'>;
  created_by: NullableOptional<number>;
  created_at: Timestamp;
}

/** A practised question as the session keeps it (answer and explanation included, server side only). */
export interface PracticeQuestionSnapshot {
  source: 'bank' | 'exam';
  id: number;
  kind: Exclude<QuestionKind, 'text'>;
  stem: string;
  options: QuestionOption[];
  answer: string[] | string[][] | null;
  explanation: string | null;
  reference: string | null;
  children?: PracticeQuestionSnapshot[];
}

/** One checked answer of a practice session. */
export interface PracticeAnswer {
  v: string[];
  correct: boolean | null;
  at: string;
}

export interface PracticeSessionTable {
  tenant_id: TenantKey;
  id: Id;
  user_id: number;
  source: 'category' | 'set' | 'wrong';
  category_id: NullableOptional<number>;
  set_id: NullableOptional<number>;
  exam_id: NullableOptional<number>;
  title: string;
  questions: Json<PracticeQuestionSnapshot[]>;
  answers: JsonDefault<Record<string, PracticeAnswer>>;
  question_count: number;
  answered_count: Generated<number>;
  correct_count: Generated<number>;
  started_at: Timestamp;
  finished_at: NullableOptional<Date>;
}

export interface WrongAnswerTable {
  tenant_id: TenantKey;
  user_id: number;
  source: 'bank' | 'exam';
  question_id: number;
  exam_id: NullableOptional<number>;
  kind: string;
  stem: string;
  last_answer: JsonDefault<string[]>;
  wrong_count: Generated<number>;
  last_wrong_at: Timestamp;
  mastered_at: NullableOptional<Date>;
}

/** A file from the upload flow, as homework and submissions keep it. */
export interface StoredFile {
  name: string;
  url: string;
  size: number;
  contentType: string;
}

export interface HomeworkTable {
  tenant_id: TenantKey;
  id: Id;
  classes_id: number;
  title: string;
  instructions: Optional<string>;
  attachments: JsonDefault<StoredFile[]>;
  deadline: NullableOptional<Date>;
  total_score: Generated<number>;
  allow_late: Generated<boolean>;
  state: Generated<'published' | 'closed'>;
  created_by: NullableOptional<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface HomeworkSubmissionTable {
  tenant_id: TenantKey;
  id: Id;
  homework_id: number;
  user_id: number;
  content: Optional<string>;
  files: JsonDefault<StoredFile[]>;
  state: Generated<'submitted' | 'returned' | 'marked'>;
  score: NullableOptional<number>;
  comment: NullableOptional<string>;
  marker_id: NullableOptional<number>;
  marked_at: NullableOptional<Date>;
  submitted_at: Timestamp;
  revision: Generated<number>;
}

/** The audit columns migration 0023 adds to content: a learner's submitted work (myContent). */
export interface ContentAuditColumns {
  uploader_id: NullableOptional<number>;
  audit_state: Generated<'draft' | 'pending' | 'approved' | 'rejected'>;
  audit_reason: NullableOptional<string>;
  audited_by: NullableOptional<number>;
  audited_at: NullableOptional<Date>;
  submitted_at: NullableOptional<Date>;
  audit_classes_id: NullableOptional<number>;
}

/** The tables of migration 0023 by name, spread into types.ts `DB`. */
export interface ExamMoreTables {
  question_category: QuestionCategoryTable;
  bank_question: BankQuestionTable;
  exam_mark: ExamMarkTable;
  exam_attempt_event: ExamAttemptEventTable;
  practice_set: PracticeSetTable;
  practice_session: PracticeSessionTable;
  wrong_answer: WrongAnswerTable;
  homework: HomeworkTable;
  homework_submission: HomeworkSubmissionTable;
}
