// Exam papers and attempts (migration 0010), as Kysely sees them; collected in types.ts `DB`.
import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from './types-columns';

/** A question kind: single/multiple/judge are scored, text (surveys) is a free answer. */
export type QuestionKind = 'single' | 'multiple' | 'judge' | 'text';

/** One choice of a question. */
export interface QuestionOption {
  key: string;
  text: string;
}

/** One saved answer: option keys (or the text, for a text question) and when it was saved. */
export interface SavedAnswer {
  v: string[];
  at: string;
}

/** A question of an exam or survey. */
export interface ExamQuestionTable {
  tenant_id: ColumnType<number, number, never>;
  id: Generated<number>;
  exam_id: number;
  kind: QuestionKind;
  stem: string;
  options: Json<QuestionOption[]>;
  /** The correct option keys; null for text questions. */
  answer: ColumnType<string[] | null, string | null, string | null>;
  score: Generated<number>;
  sort: Generated<number>;
}

/** One user's sitting of an exam or survey. */
export interface ExamAttemptTable {
  tenant_id: ColumnType<number, number, never>;
  id: Generated<number>;
  exam_id: number;
  user_id: number;
  started_at: Timestamp; // defaults to now()
  /** null: no limit (no duration and an open-ended window). */
  deadline: Timestamp | null;
  submitted_at: Timestamp | null;
  answers: ColumnType<Record<string, SavedAnswer>, string | undefined, string>;
  score: number | null;
  passed: boolean | null;
  state: Generated<'open' | 'submitted' | 'expired'>;
}
