// Exam papers and attempts (migration 0010), as Kysely sees them; collected in types.ts `DB`.
import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from './types-columns';

/**
 * A question kind: single/multiple/judge/fill are scored by the machine, text (surveys) is a free
 * answer, short is marked by a person, composite is a passage whose sub-questions are answered
 * (migration 0023).
 */
export type QuestionKind = 'single' | 'multiple' | 'judge' | 'text' | 'fill' | 'short' | 'composite';

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
  /**
   * The correct option keys; for fill one array of accepted answers per blank; null for text,
   * short and composite questions.
   */
  answer: ColumnType<string[] | string[][] | null, string | null, string | null>;
  score: Generated<number>;
  sort: Generated<number>;
  /** The composite question this one belongs to (migration 0023). */
  parent_id: ColumnType<number | null, number | null | undefined, number | null>;
  explanation: ColumnType<string | null, string | null | undefined, string | null>;
  /** A model answer for markers (short questions). */
  reference: ColumnType<string | null, string | null | undefined, string | null>;
  /** The bank question it was copied from. */
  bank_question_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The attempt it was drawn for (a random paper); null: the exam's fixed paper. */
  attempt_id: ColumnType<number | null, number | null | undefined, number | null>;
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
  /** none: score final at submit; pending: short answers await a marker; done: marked (migration 0023). */
  marking_state: Generated<MarkingState>;
  /** The machine-scored part while marking is pending or done. */
  objective_score: ColumnType<number | null, number | null | undefined, number | null>;
  /** The paper's last autosave or heartbeat (invigilation). */
  last_seen_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The invigilator who forced the submit. */
  forced_by: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Whether an attempt's answers await a person. */
export type MarkingState = 'none' | 'pending' | 'done';
