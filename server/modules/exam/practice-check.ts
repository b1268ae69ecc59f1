// How practice checks one answer (issue 18, the shared marking rule): no database, no points. A
// practised question is right or wrong as a whole; short answers are judged by the learner against
// the reference answer (null here).
import type { PracticeQuestionSnapshot } from '../../db/types-exam-more';
import { foldBlank } from './paper-scoring';

/** Whether one blank's answer equals one of its accepted answers, folded as the paper folds it (foldBlank: one rule for exams and practice). */
export const blankRight = (given: string | undefined, accepted: readonly string[]): boolean =>
  given !== undefined && foldBlank(given) !== '' && accepted.some((a) => foldBlank(a) === foldBlank(given));

/** The question as the checker needs it. */
type Checked = Pick<PracticeQuestionSnapshot, 'kind' | 'answer'>;

/**
 * Whether `value` answers the question right. single/judge: the one right key; multiple: exactly
 * the right keys (practice has no half marks); fill: every blank right; short and composite: null
 * (short is the learner's own verdict, a composite is judged by its parts).
 */
export function isRight(q: Checked, value: readonly string[]): boolean | null {
  if (q.kind === 'short' || q.kind === 'composite') return null;
  if (!q.answer) return false;
  if (q.kind === 'fill') {
    const blanks = q.answer as string[][];
    return blanks.length > 0 && blanks.every((accepted, i) => blankRight(value[i], accepted));
  }
  const right = [...new Set(q.answer as string[])].sort();
  const given = [...new Set(value)].sort();
  return given.length === right.length && given.every((k, i) => k === right[i]);
}

/**
 * A composite's verdict from its parts: wrong when any machine-checked part is wrong, right when
 * every one is right, null when it has none (only short parts: the learner judges it).
 */
export function compositeRight(parts: readonly (boolean | null)[]): boolean | null {
  const checked = parts.filter((p): p is boolean => p !== null);
  if (checked.length === 0) return null;
  return checked.every(Boolean);
}

/** How many blanks a fill question has (0 for other kinds): the length of its accepted-answers list, else the ___ runs in its stem. */
export function blanksOf(q: Pick<PracticeQuestionSnapshot, 'kind' | 'answer' | 'stem'>): number {
  if (q.kind !== 'fill') return 0;
  if (Array.isArray(q.answer) && q.answer.length > 0) return q.answer.length;
  return Math.max(1, (q.stem.match(/_{2,}|（\s*）|\(\s*\)/g) ?? []).length);
}

/** Percent right of the answered, or null before any answer. */
export const accuracyOf = (answered: number, correct: number): number | null => (answered > 0 ? Math.round((correct * 100) / answered) : null);
