// Marking rules on top of the repository (issue 18 contract "Marking"; docs/exams.md "Marking"):
// only a marker of the exam reads its answers or saves a mark (checked on every call), a mark is a
// whole number from 0 to the question's points on a short question of a handed-in attempt (the
// exam's window does not matter), and a saved mark finalises the attempt once all are in.
import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import { hasRole } from '../../lib/roles';
import { iso, isoOrNull } from '../../lib/list-sql';
import type { MarkingAnswers, MarkingExam, MarkingPaper, MarkingQuestion, SaveMarkResult } from '../../../schemas/api/exam-marking';
import { finaliseIfMarked, shortQuestionsOf } from './marking-finalise';
import {
  countExamMarking, findMarkingExam, listAnswers, listMarkerExams, listShortQuestions, upsertMark,
  type MarkingExamRow, type ShortQuestionRow,
} from './marking-repository';

type Trx = Transaction<DB>;

const notMarker = () => new ApiError('阅卷仅对阅卷老师开放：您还没有被指定为任何考试的阅卷老师，如需阅卷请联系管理员。', { code: 403, errorCode: 'NOT_MARKER' });
const notMarkerOf = (title: string) => new ApiError(`您不是“${title}”的阅卷老师，不能查看或批阅它的答卷。`, { code: 403, errorCode: 'NOT_MARKER' });
const examNotFound = (id: number) => new ApiError(`考试不存在或已删除（编号 ${id}）。`, { code: 404, errorCode: 'EXAM_NOT_FOUND' });

/** The exam when the user marks it; 404 or 403 otherwise (spec learning §6: roles checked on the server). */
async function requireMarkerOf(trx: Trx, userId: number, examId: number): Promise<MarkingExamRow> {
  const exam = await findMarkingExam(trx, examId);
  if (!exam) throw examNotFound(examId);
  if (!(await hasRole(trx, userId, 'marker', { type: 'exam', id: examId }))) throw notMarkerOf(exam.title);
  return exam;
}

async function examCardOf(trx: Trx, exam: MarkingExamRow, shortCount: number): Promise<MarkingExam> {
  const c = await countExamMarking(trx, exam);
  return {
    examId: exam.id, title: exam.title, blind: exam.blind_marking, shortCount,
    pendingAttempts: c.pendingAttempts, pendingAnswers: c.pendingAnswers, markedAnswers: c.markedAnswers, lastSubmittedAt: isoOrNull(c.lastSubmittedAt),
  };
}

const questionOf = (q: ShortQuestionRow, index: number): MarkingQuestion => ({
  questionId: q.id, number: index + 1, stem: q.stem, passage: q.passage, reference: q.reference, points: q.score, total: q.total, marked: q.marked,
});

/** GET exams: the exams the user marks, those with answers waiting first. A user who marks nothing is refused. */
export async function markerExams(trx: Trx, userId: number): Promise<MarkingExam[]> {
  if (!(await hasRole(trx, userId, 'marker'))) throw notMarker();
  const cards: MarkingExam[] = [];
  for (const exam of await listMarkerExams(trx, userId)) cards.push(await examCardOf(trx, exam, (await listShortQuestions(trx, exam)).length));
  return cards.sort((a, b) => Number(b.pendingAnswers > 0) - Number(a.pendingAnswers > 0) || b.examId - a.examId);
}

/** GET paper: one exam's short questions with the model answers and the progress of each. */
export async function markingPaper(trx: Trx, userId: number, examId: number): Promise<MarkingPaper> {
  const exam = await requireMarkerOf(trx, userId, examId);
  const questions = await listShortQuestions(trx, exam);
  return { exam: await examCardOf(trx, exam, questions.length), questions: questions.map(questionOf) };
}

/** GET answers: the answers to one question, pending or marked; names only when blind marking is off. */
export async function markingAnswers(trx: Trx, userId: number, examId: number, questionId: number, state: 'pending' | 'marked'): Promise<MarkingAnswers> {
  const exam = await requireMarkerOf(trx, userId, examId);
  const questions = await listShortQuestions(trx, exam);
  // A random paper's other copies of a question name its group as well as the first copy does.
  let found = questions.findIndex((q) => q.id === questionId);
  if (found < 0 && exam.paper_mode === 'random') {
    const copy = await trx.selectFrom('exam_question').select('bank_question_id').where('id', '=', questionId).where('exam_id', '=', examId).executeTakeFirst();
    found = copy?.bank_question_id == null ? -1 : questions.findIndex((q) => q.group_id === Number(copy.bank_question_id));
  }
  if (found < 0) throw new ApiError(`题目 ${questionId} 不是“${exam.title}”的简答题，请刷新页面后重试。`, { code: 404, errorCode: 'QUESTION_NOT_SHORT' });
  const question = questions[found]!;
  const rows = await listAnswers(trx, exam, question.group_id, state);
  return {
    question: questionOf(question, found),
    items: rows.map((r) => ({
      attemptId: r.attempt_id, questionId: r.question_id,
      // Blind marking (the default): a number, never the name (issue 18 "blind by default").
      candidate: { number: r.candidate_number, name: exam.blind_marking ? null : r.candidate_name },
      answer: r.answer ?? '', submittedAt: isoOrNull(r.submitted_at), score: r.score, comment: r.comment,
      markedAt: r.marked_at ? iso(r.marked_at) : null, markedBy: r.marker_id === null ? null : r.marker_name,
    })),
  };
}

/**
 * POST save: writes the mark (marker and time), then finalises the attempt when every short answer
 * has one; saving again over a final attempt recomputes its score (issue 18 contract "Marking").
 */
export async function saveMark(
  trx: Trx, tenantId: number, userId: number, input: { attemptId: number; questionId: number; score: number; comment?: string | undefined },
): Promise<SaveMarkResult> {
  const attempt = await trx.selectFrom('exam_attempt').select(['id', 'exam_id', 'state']).where('id', '=', input.attemptId).forUpdate().executeTakeFirst();
  if (!attempt) throw new ApiError(`没有找到这份答卷（编号 ${input.attemptId}），请刷新页面后重试。`, { code: 404, errorCode: 'ATTEMPT_NOT_FOUND' });
  const examId = Number(attempt.exam_id);
  await requireMarkerOf(trx, userId, examId);
  if (attempt.state === 'open') throw new ApiError('这份答卷还在作答中，考生交卷后才能批阅。', { code: 409, errorCode: 'ATTEMPT_OPEN' });
  const shorts = await shortQuestionsOf(trx, { id: input.attemptId, exam_id: examId });
  const question = shorts.find((q) => q.id === input.questionId);
  if (!question) {
    const other = await trx.selectFrom('exam_question').select('kind').where('id', '=', input.questionId).where('exam_id', '=', examId).executeTakeFirst();
    throw other
      ? new ApiError(`题目 ${input.questionId} 不是简答题，由系统自动评分，不能人工打分。`, { code: 400, errorCode: 'QUESTION_NOT_SHORT' })
      : new ApiError(`题目 ${input.questionId} 不在这份答卷中，请刷新页面后重试。`, { code: 400, errorCode: 'QUESTION_NOT_IN_ATTEMPT' });
  }
  // Contract "Marking": 0 ≤ score ≤ the question's points, whole points.
  if (input.score > question.score) {
    throw new ApiError(`这道题满分 ${question.score} 分，得分应在 0 到 ${question.score} 分之间。`, { code: 400, errorCode: 'SCORE_OUT_OF_RANGE' });
  }
  const comment = input.comment?.trim() || null;
  await upsertMark(trx, tenantId, { attemptId: input.attemptId, questionId: input.questionId, score: input.score, comment, markerId: userId });
  const outcome = await finaliseIfMarked(trx, input.attemptId);
  return {
    attemptId: input.attemptId, questionId: input.questionId, score: input.score, markingState: outcome.markingState,
    attemptScore: outcome.markingState === 'done' ? outcome.score : null, passed: outcome.markingState === 'done' ? outcome.passed : null,
  };
}
