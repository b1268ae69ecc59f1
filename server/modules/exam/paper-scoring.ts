// The rules of a sitting that need no database: the deadline, the attempt limit, how an answer is
// checked against its question and how a paper is scored. The server alone scores (the client never
// sees the correct answers before submitting).
import type { QuestionKind, QuestionOption, SavedAnswer } from '../../db/types';

/** Attempts a user may make: an exam may be retaken twice, a survey is answered once. */
export const MAX_ATTEMPTS: Record<'exam' | 'survey', number> = { exam: 3, survey: 1 };

/** The longest text answer of a survey question, in characters. */
export const TEXT_ANSWER_MAX = 1000;

/** A question as the scorer needs it. */
export interface ScoredQuestion {
  id: number;
  kind: QuestionKind;
  options: QuestionOption[];
  /** Option keys; fill: one array of accepted answers per blank; null for text, short, composite. */
  answer: string[] | string[][] | null;
  score: number;
}

/** The longest answer to one blank of a fill question, in characters. */
export const BLANK_ANSWER_MAX = 200;

/** Kinds a person marks (issue 18 contract "Marking"): short answers. */
export const PERSON_MARKED: ReadonlySet<QuestionKind> = new Set(['short']);

/** Kinds that earn no points of their own: a survey's text, a person-marked short, a composite (its sub-questions score). */
const MACHINE_SCORED: ReadonlySet<QuestionKind> = new Set(['single', 'multiple', 'judge', 'fill']);

/** The accepted answers per blank of a fill question ([] when it has none). */
export function blanksOf(q: Pick<ScoredQuestion, 'kind' | 'answer'>): string[][] {
  if (q.kind !== 'fill' || !Array.isArray(q.answer)) return [];
  return q.answer.map((b) => (Array.isArray(b) ? b : [b]));
}

/**
 * A blank's answer as it is compared (issue 18 contract "Marking": trimmed, full-width folded and
 * case-insensitive): full-width ASCII (！ to ～) and the ideographic space become their half-width
 * forms, then the text is trimmed and lower-cased.
 */
export function foldBlank(text: string): string {
  return text
    .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xFEE0))
    .replace(/\u3000/g, ' ')
    .trim()
    .toLowerCase();
}

/**
 * The server deadline of a sitting started at `start`: min(start + duration, end_time) (issue: "a
 * server deadline = min(start + duration, end_time)"); null when the exam has neither a duration
 * (0 = no limit) nor an end.
 */
export function deadlineOf(start: Date, durationMinutes: number, endTime: Date | null): Date | null {
  const byDuration = durationMinutes > 0 ? new Date(start.getTime() + durationMinutes * 60_000) : null;
  if (!byDuration) return endTime;
  if (!endTime) return byDuration;
  return byDuration < endTime ? byDuration : endTime;
}

/**
 * Checks one answer against its question and returns it normalised (keys sorted and unique, text
 * trimmed); an empty value clears the answer. Throws a message naming the question number.
 */
export function normaliseAnswer(q: ScoredQuestion, number: number | string, value: string[]): string[] {
  if (q.kind === 'composite') throw new Error(`第 ${number} 题是综合题，请分别回答它的各个小题。`);
  if (q.kind === 'fill') {
    // One answer per blank, in order; a blank left empty is "" so the later blanks keep their place.
    const blanks = Math.max(1, blanksOf(q).length);
    if (value.length > blanks) throw new Error(`第 ${number} 题只有 ${blanks} 个空，请刷新页面后重新作答。`);
    const given = Array.from({ length: blanks }, (_, i) => (value[i] ?? '').trim());
    const long = given.findIndex((b) => b.length > BLANK_ANSWER_MAX);
    if (long >= 0) throw new Error(`第 ${number} 题第 ${long + 1} 空最多填写 ${BLANK_ANSWER_MAX} 字，请删减后再保存。`);
    return given.some((b) => b) ? given : [];
  }
  if (q.kind === 'text' || q.kind === 'short') {
    const text = value.join('').trim();
    if (text.length > TEXT_ANSWER_MAX) throw new Error(`第 ${number} 题最多填写 ${TEXT_ANSWER_MAX} 字，当前 ${text.length} 字，请删减后再保存。`);
    return text ? [text] : [];
  }
  const keys = [...new Set(value)].sort();
  const known = new Set(q.options.map((o) => o.key));
  const unknown = keys.find((k) => !known.has(k));
  if (unknown !== undefined) throw new Error(`第 ${number} 题没有选项“${unknown}”，请刷新页面后重新作答。`);
  if (q.kind !== 'multiple' && keys.length > 1) throw new Error(`第 ${number} 题是${q.kind === 'judge' ? '判断题' : '单选题'}，只能选择一个答案。`);
  return keys;
}

/**
 * Points one answer earns. single and judge: the one right key. multiple: every right key and no
 * other earns the full score; some right keys and no wrong one earn half (rounded down); any wrong
 * key earns nothing. fill: per blank (below). text, short (a person marks it) and composite (its
 * sub-questions score) earn nothing here.
 */
export function pointsFor(q: ScoredQuestion, given: string[] | undefined): number {
  if (!MACHINE_SCORED.has(q.kind) || !q.answer || !given || given.length === 0) return 0;
  if (q.kind === 'fill') {
    // issue 18 contract: a blank is right when its folded answer equals one accepted answer folded;
    // points = floor(score × right blanks / blanks).
    const blanks = blanksOf(q);
    if (blanks.length === 0) return 0;
    const right = blanks.filter((accepted, i) => {
      const mine = foldBlank(given[i] ?? '');
      return mine !== '' && accepted.some((a) => foldBlank(a) === mine);
    }).length;
    return Math.floor((q.score * right) / blanks.length);
  }
  const right = new Set(q.answer as string[]);
  if (given.some((k) => !right.has(k))) return 0;
  if (given.length === right.size) return q.score;
  return q.kind === 'multiple' ? Math.floor(q.score / 2) : 0;
}

/** The result of scoring a paper. */
export interface PaperScore {
  score: number;
  answered: number;
  correct: number;
  points: Map<number, number>;
}

/**
 * Scores the saved answers of a paper, the machine's part (only what was saved counts; a missing
 * answer scores 0). `questions` is the flat list: a composite's sub-questions are in it; the
 * composite's own row carries no points. score: the machine-scored points (short answers excluded).
 */
export function scorePaper(questions: ScoredQuestion[], answers: Record<string, SavedAnswer>): PaperScore {
  const points = new Map<number, number>();
  let score = 0;
  let answered = 0;
  let correct = 0;
  for (const q of questions) {
    // A composite is answered through its sub-questions, which are in the list themselves.
    if (q.kind === 'composite') continue;
    const given = answers[String(q.id)]?.v;
    if (given && given.length > 0) answered += 1;
    const p = pointsFor(q, given);
    points.set(q.id, p);
    score += p;
    if (MACHINE_SCORED.has(q.kind) && p === q.score && p > 0) correct += 1;
  }
  return { score, answered, correct, points };
}

/** Passed when the score reaches the pass score; surveys (no pass score) are neither, so null. */
export const passedOf = (score: number, passScore: number | null): boolean | null => (passScore === null ? null : score >= passScore);

/**
 * The total and pass score a client may see: none for a survey, whatever its row holds (issue 13: a
 * survey has no right answers, so nothing may show it a score or a pass line).
 */
export function scoresShown(type: 'exam' | 'survey', totalScore: number | null, passScore: number | null): { totalScore: number | null; passScore: number | null } {
  return type === 'survey' ? { totalScore: null, passScore: null } : { totalScore, passScore };
}
