// When an attempt's short answers are all marked, its score is final (issue 18 contract "Marking"):
// score = objective_score + Σ marks, passed = score >= pass_score, marking_state = 'done'. Submit
// (part B) and the marker's save both call finaliseIfMarked; marking again later recomputes.
import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { passedOf } from './paper-scoring';
import { recordExamWrongAnswers } from './practice-wrong';
import { issueCredentialsFor } from '../../lib/credentials';
import { awardPoints, examTitle } from '../../lib/points';

type Trx = Transaction<DB>;

/** A person-marked question of an attempt: its id and the most a mark may give. */
export interface ShortQuestion {
  id: number;
  score: number;
}

/**
 * The short questions of an attempt (sub-questions of a composite included): a fixed paper's are
 * the exam's own (attempt_id null), a random paper's those drawn for this attempt.
 */
export async function shortQuestionsOf(trx: Trx, attempt: { id: number; exam_id: number }): Promise<ShortQuestion[]> {
  const exam = await trx.selectFrom('exam').select('paper_mode').where('id', '=', attempt.exam_id).executeTakeFirstOrThrow();
  let q = trx.selectFrom('exam_question').select(['id', 'score']).where('exam_id', '=', attempt.exam_id).where('kind', '=', 'short');
  q = exam.paper_mode === 'random' ? q.where('attempt_id', '=', attempt.id) : q.where('attempt_id', 'is', null);
  const rows = await q.orderBy('sort').orderBy('id').execute();
  return rows.map((r) => ({ id: Number(r.id), score: r.score }));
}

/** What finaliseIfMarked found: final (done) with the score, or still awaiting marks. */
export interface FinaliseOutcome {
  markingState: 'none' | 'pending' | 'done';
  score: number | null;
  passed: boolean | null;
}

/**
 * Makes the attempt's score final when every short question has a mark (again after a re-mark, so
 * the sum follows the latest marks); leaves an open attempt, a survey's and one still missing a mark
 * as they are. The machine part is objective_score (set at submit); an attempt closed final at
 * submit with no objective_score (every short answer blank) keeps its score as the machine part.
 */
export async function finaliseIfMarked(trx: Trx, attemptId: number): Promise<FinaliseOutcome> {
  const attempt = await trx.selectFrom('exam_attempt')
    .select(['id', 'exam_id', 'user_id', 'state', 'score', 'passed', 'objective_score', 'marking_state'])
    .where('id', '=', attemptId).forUpdate().executeTakeFirst();
  if (!attempt) throw new Error(`finaliseIfMarked: no attempt ${attemptId} in this tenant.`);
  const unchanged = { markingState: attempt.marking_state, score: attempt.score, passed: attempt.passed };
  if (attempt.state === 'open') return unchanged;
  const examId = Number(attempt.exam_id);
  const exam = await trx.selectFrom('exam').select(['type', 'pass_score']).where('id', '=', examId).executeTakeFirstOrThrow();
  if (exam.type !== 'exam') return unchanged;
  const shorts = await shortQuestionsOf(trx, { id: Number(attempt.id), exam_id: examId });
  if (shorts.length === 0) return unchanged;
  const marks = await trx.selectFrom('exam_mark').select(['question_id', 'score'])
    .where('attempt_id', '=', attemptId).where('question_id', 'in', shorts.map((s) => s.id)).execute();
  if (marks.length < shorts.length) return unchanged;
  const objective = attempt.objective_score ?? (attempt.marking_state === 'none' ? attempt.score ?? 0 : 0);
  const score = objective + marks.reduce((sum, m) => sum + m.score, 0);
  const passed = passedOf(score, exam.pass_score);
  await trx.updateTable('exam_attempt')
    .set({ score, passed, objective_score: objective, marking_state: 'done' })
    .where('id', '=', attemptId).execute();
  // Issue 18: the wrong answers of a marked attempt enter the wrong-answer book (once per attempt,
  // so a later change of mark does not bring back entries the learner removed).
  await recordExamWrongAnswers(trx, attemptId);
  // Issue 19 part E (docs/growth.md "Credentials"): a marked attempt that passed issues the
  // tenant's credentials for the exam (idempotent: marking again issues nothing more).
  if (passed) await issueCredentialsFor(trx, Number(attempt.user_id), { kind: 'exam', id: examId });
  // Issue 19 part C (docs/growth.md "Points"): the first pass of an exam earns exam_pass once.
  if (passed) await awardPoints(trx, { userId: Number(attempt.user_id), kind: 'exam_pass', ref: `exam:${examId}`, note: await examTitle(trx, examId) });
  return { markingState: 'done', score, passed };
}
