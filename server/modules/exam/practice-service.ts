// Mock practice (issue 18 "Learners": /paper, /paper/latest, /exam/practice, myTest): start a session
// by category, set or wrong answers, check one answer at a time, finish, the history. A session keeps
// its snapshot, answers included, server side; the learner sees a question's answer only once it is
// checked. Refusals are ApiErrors with a Chinese message (spec learning §8: the client shows it).
import { sql, type Transaction } from 'kysely';
import type { Static } from 'typebox';
import type { DB } from '../../db/types';
import type { PracticeAnswer, PracticeQuestionSnapshot } from '../../db/types-exam-more';
import { ApiError } from '../../plugins/envelope';
import { iso, isoOrNull } from '../../lib/list-sql';
import type {
  AnswerResult, ExamWrongSummary, PracticeCategory, PracticeFeedback, PracticeHistoryItem, PracticeQuestion, PracticeSession,
  PracticeSetItem, StartPracticeBody,
} from '../../../schemas/api/practice';
import { accuracyOf, blanksOf, compositeRight, isRight } from './practice-check';
import { bankSnapshots, drawBankIds, examSnapshots, listCategoryCounts, subtreeOf, wrongOfAttempt } from './practice-questions';
import { addWrong, backfillExamWrongAnswers, masterWrong, openWrongEntries } from './practice-wrong';

type Trx = Transaction<DB>;
/** A checked answer; a composite keeps its parts' values and verdicts. */
type StoredAnswer = PracticeAnswer & { parts?: Array<{ v: string[]; correct: boolean | null }> };

/**
 * A session's title names its source (the category, the set, the exam); the client adds the kind in
 * the reader's language. The wrong-answer book's practice has no name of its own: this one.
 */
export const WRONG_BOOK_TITLE = 'wrong-answer book';

/** The most questions one session holds (the largest count offered, and the book's practice). */
export const SESSION_MAX = 50;

const refuse = (message: string, errorCode: string, code = 400) => new ApiError(message, { code, errorCode });
const sessionNotFound = (id: number) => refuse(`没有找到这次练习（编号 ${id}），请从“我的练习”重新进入。`, 'PRACTICE_NOT_FOUND', 404);

/** Categories with counts of practisable questions; a parent's count includes its children's. */
export async function practiceCategories(trx: Trx): Promise<Array<Static<typeof PracticeCategory>>> {
  const rows = await listCategoryCounts(trx);
  const total = new Map<number, number>();
  const childrenOf = new Map<number | null, typeof rows>();
  for (const r of rows) childrenOf.set(r.parentId, [...(childrenOf.get(r.parentId) ?? []), r]);
  const sum = (id: number, seen: Set<number>): number => {
    if (seen.has(id)) return 0; // a cycle in hand-edited data never loops
    seen.add(id);
    const own = rows.find((r) => r.id === id)?.own ?? 0;
    const n = own + (childrenOf.get(id) ?? []).reduce((s, c) => s + sum(c.id, seen), 0);
    total.set(id, n);
    return n;
  };
  for (const r of rows) if (!total.has(r.id)) sum(r.id, new Set());
  return rows.map((r) => ({ id: r.id, parentId: r.parentId, name: r.name, count: total.get(r.id) ?? 0 }));
}

/** The newest published practice sets (/paper/latest). */
export async function latestSets(trx: Trx, pageNo: number, pageSize: number) {
  const base = trx.selectFrom('practice_set as s').where('s.state', '=', 'published');
  const rows = await base
    .leftJoin('question_category as c', (j) => j.onRef('c.tenant_id', '=', 's.tenant_id').onRef('c.id', '=', 's.category_id'))
    .select(['s.id', 's.title', 'c.name as category_name', sql<number>`cardinality(s.question_ids)`.as('n'), 's.created_at'])
    .orderBy('s.created_at', 'desc').orderBy('s.id', 'desc').limit(pageSize).offset((pageNo - 1) * pageSize).execute();
  const { n } = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const list: Array<Static<typeof PracticeSetItem>> = rows.map((r) => ({
    id: Number(r.id), title: r.title, categoryName: r.category_name, questionCount: r.n, createdAt: iso(r.created_at),
  }));
  return { list, total: n, pageNo, pageSize };
}

/** The exam practice may draw on: a published exam (not a survey). */
async function practisableExam(trx: Trx, examId: number) {
  const exam = await trx.selectFrom('exam').select(['id', 'title', 'type', 'allow_practice']).where('id', '=', examId).where('state', '=', 1).executeTakeFirst();
  if (!exam || exam.type !== 'exam') throw refuse(`考试不存在或已下线（编号 ${examId}）。`, 'EXAM_NOT_FOUND', 404);
  return exam;
}

/** The user's latest closed attempt at an exam. */
async function latestClosedAttempt(trx: Trx, userId: number, examId: number) {
  return trx.selectFrom('exam_attempt').select(['id', 'exam_id', 'answers', 'marking_state'])
    .where('user_id', '=', userId).where('exam_id', '=', examId).where('state', '<>', 'open')
    .orderBy('submitted_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
}

/** /exam/practice: whether the exam's wrong answers can be practised and how many there are. */
export async function examWrongSummary(trx: Trx, userId: number, examId: number): Promise<Static<typeof ExamWrongSummary>> {
  const exam = await practisableExam(trx, examId);
  const attempt = await latestClosedAttempt(trx, userId, examId);
  const wrong = attempt && exam.allow_practice
    ? await wrongOfAttempt(trx, { id: Number(attempt.id), exam_id: examId, answers: attempt.answers }, isRight) : [];
  return { examId, title: exam.title, allowPractice: exam.allow_practice, attemptId: attempt ? Number(attempt.id) : null, wrongCount: wrong.length };
}

/** The questions and title of a new session, by its source. */
async function questionsFor(trx: Trx, userId: number, body: Static<typeof StartPracticeBody>) {
  const count = body.count ?? 10;
  if (body.source === 'category') {
    if (!body.categoryId) throw refuse('请先选择一个题目分类。', 'CATEGORY_REQUIRED');
    const cat = await trx.selectFrom('question_category').select(['id', 'name']).where('id', '=', body.categoryId).executeTakeFirst();
    if (!cat) throw refuse(`题目分类不存在（编号 ${body.categoryId}），请刷新页面后重新选择。`, 'CATEGORY_NOT_FOUND', 404);
    const ids = await drawBankIds(trx, await subtreeOf(trx, body.categoryId), count);
    return { title: cat.name, questions: await bankSnapshots(trx, ids), requested: count, categoryId: body.categoryId, empty: `“${cat.name}”下还没有可练习的题目，请换一个分类。` };
  }
  if (body.source === 'set') {
    if (!body.setId) throw refuse('请选择一套练习题。', 'SET_REQUIRED');
    const set = await trx.selectFrom('practice_set').select(['id', 'title', 'question_ids', 'category_id'])
      .where('id', '=', body.setId).where('state', '=', 'published').executeTakeFirst();
    if (!set) throw refuse(`练习题集不存在或已下架（编号 ${body.setId}）。`, 'SET_NOT_FOUND', 404);
    const ids = set.question_ids.map(Number);
    const questions = await bankSnapshots(trx, ids.slice(0, SESSION_MAX));
    return { title: set.title, questions, requested: null, setId: Number(set.id), categoryId: set.category_id === null ? null : Number(set.category_id), empty: `练习题集“${set.title}”中的题目已全部下架，暂时不能练习。` };
  }
  if (body.examId) {
    const exam = await practisableExam(trx, body.examId);
    // spec (issue 18): practise a finished exam's wrong answers only if the exam allows practice.
    if (!exam.allow_practice) throw refuse(`考试“${exam.title}”未开放错题练习。`, 'PRACTICE_OFF', 403);
    const attempt = await latestClosedAttempt(trx, userId, body.examId);
    if (!attempt) throw refuse(`您还没有完成考试“${exam.title}”，交卷后才能练习错题。`, 'NO_FINISHED_ATTEMPT', 403);
    const wrong = await wrongOfAttempt(trx, { id: Number(attempt.id), exam_id: body.examId, answers: attempt.answers }, isRight);
    return { title: exam.title, questions: wrong.slice(0, SESSION_MAX).map((w) => w.snapshot), requested: null, examId: body.examId, empty: `考试“${exam.title}”最近一次作答没有错题，无需练习。` };
  }
  const entries = await openWrongEntries(trx, userId, Math.min(body.count ?? SESSION_MAX, SESSION_MAX));
  const bank = await bankSnapshots(trx, entries.filter((e) => e.source === 'bank').map((e) => Number(e.question_id)));
  const exam = await examSnapshots(trx, entries.filter((e) => e.source === 'exam').map((e) => Number(e.question_id)));
  const byKey = new Map([...bank, ...exam].map((q) => [`${q.source}:${q.id}`, q]));
  const questions = entries.flatMap((e) => byKey.get(`${e.source}:${Number(e.question_id)}`) ?? []);
  return { title: WRONG_BOOK_TITLE, questions, requested: null, empty: '错题本里没有待练习的题目。' };
}

/** POST start: a new session from a category, a set or wrong answers. */
export async function startPractice(trx: Trx, userId: number, body: Static<typeof StartPracticeBody>): Promise<Static<typeof PracticeSession>> {
  // Attempts closed by a path that did not record them reach the book before it is read.
  await backfillExamWrongAnswers(trx, userId);
  const made = await questionsFor(trx, userId, body);
  if (made.questions.length === 0) throw refuse(made.empty, 'PRACTICE_EMPTY', 409);
  const row = await trx.insertInto('practice_session').values({
    tenant_id: sql<number>`current_setting('app.tenant_id')::bigint`, user_id: userId, source: body.source,
    category_id: 'categoryId' in made ? made.categoryId ?? null : null, set_id: 'setId' in made ? made.setId : null,
    exam_id: 'examId' in made ? made.examId : null, title: made.title.slice(0, 200),
    questions: JSON.stringify(made.questions), question_count: made.questions.length,
  }).returning('id').executeTakeFirstOrThrow();
  const session = await sessionOf(trx, userId, Number(row.id));
  // spec (issue 18): fewer when the bank has fewer, and say so.
  return { ...session, requested: made.requested !== null && made.questions.length < made.requested ? made.requested : null };
}

/** What a checked answer shows: the verdict, the right answer, the explanation (and the parts'). */
function feedbackOf(q: PracticeQuestionSnapshot, a: StoredAnswer): Static<typeof PracticeFeedback> {
  const base = { correct: a.correct, yourAnswer: a.v, correctAnswer: q.kind === 'composite' || q.kind === 'short' ? null : q.answer, explanation: q.explanation, reference: q.reference };
  if (q.kind !== 'composite') return base;
  return {
    ...base,
    parts: (q.children ?? []).map((c, i) => {
      const p = a.parts?.[i] ?? { v: [], correct: isRight(c, []) };
      return { correct: p.correct, yourAnswer: p.v, correctAnswer: c.kind === 'short' ? null : c.answer, explanation: c.explanation, reference: c.reference };
    }),
  };
}

/** A question as the learner sees it: the answer only once checked. */
function publicQuestion(q: PracticeQuestionSnapshot, index: number, a: StoredAnswer | undefined): Static<typeof PracticeQuestion> {
  const fields = (s: PracticeQuestionSnapshot) => ({ kind: s.kind, stem: s.stem, options: s.options, blanks: blanksOf(s) });
  return { index, ...fields(q), children: (q.children ?? []).map(fields), feedback: a ? feedbackOf(q, a) : null };
}

interface SessionRow {
  id: number; title: string; source: 'category' | 'set' | 'wrong'; exam_id: number | null; questions: PracticeQuestionSnapshot[];
  answers: Record<string, StoredAnswer>; question_count: number; answered_count: number; correct_count: number; started_at: Date; finished_at: Date | null;
}

async function findSession(trx: Trx, userId: number, id: number, lock = false): Promise<SessionRow> {
  let q = trx.selectFrom('practice_session')
    .select(['id', 'title', 'source', 'exam_id', 'questions', 'answers', 'question_count', 'answered_count', 'correct_count', 'started_at', 'finished_at'])
    .where('id', '=', id).where('user_id', '=', userId);
  if (lock) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw sessionNotFound(id);
  return { ...row, id: Number(row.id), exam_id: row.exam_id === null ? null : Number(row.exam_id), answers: row.answers as Record<string, StoredAnswer> };
}

const countsOf = (s: Pick<SessionRow, 'question_count' | 'answered_count' | 'correct_count'>) => ({
  questionCount: s.question_count, answeredCount: s.answered_count, correctCount: s.correct_count, accuracy: accuracyOf(s.answered_count, s.correct_count),
});

/** GET session: resume (the questions, those checked with their answers) or review a finished one. */
export async function sessionOf(trx: Trx, userId: number, id: number): Promise<Static<typeof PracticeSession>> {
  const s = await findSession(trx, userId, id);
  return {
    id: s.id, title: s.title, source: s.source, examId: s.exam_id, requested: null, startedAt: iso(s.started_at), finishedAt: isoOrNull(s.finished_at),
    ...countsOf(s), questions: s.questions.map((q, i) => publicQuestion(q, i, s.answers[String(i)])),
  };
}

/** The wrong-answer book follows a verdict: wrong adds or bumps, right masters. */
async function followVerdict(trx: Trx, userId: number, q: PracticeQuestionSnapshot, correct: boolean, given: string[], examId: number | null) {
  if (correct) await masterWrong(trx, userId, q);
  else await addWrong(trx, userId, q, given, 'now', q.source === 'exam' ? examId : null);
}

/** Saves a verdict into the session and its counts, returning the counts after it. */
async function saveAnswer(trx: Trx, s: SessionRow, index: number, stored: StoredAnswer, answeredDelta: number, correctDelta: number) {
  const row = await trx.updateTable('practice_session')
    .set({
      answers: sql`answers || jsonb_build_object(${String(index)}::text, ${JSON.stringify(stored)}::jsonb)`,
      answered_count: sql`answered_count + ${answeredDelta}::int`, correct_count: sql`correct_count + ${correctDelta}::int`,
    })
    .where('id', '=', s.id).returning(['question_count', 'answered_count', 'correct_count']).executeTakeFirstOrThrow();
  return countsOf(row);
}

/** The question at `index` of an unfinished session, refusing a finished session or an unknown index. */
function questionAt(s: SessionRow, index: number): PracticeQuestionSnapshot {
  if (s.finished_at) throw refuse('这次练习已经结束，不能再作答；可以在“我的练习”中查看解析或重新练习。', 'PRACTICE_FINISHED', 409);
  const q = s.questions[index];
  if (!q) throw refuse(`这次练习没有第 ${index + 1} 题。`, 'QUESTION_NOT_IN_PRACTICE');
  return q;
}

/**
 * POST answer: checks ONE question and returns right or wrong, the right answer and the explanation
 * (a short one: the reference answer, the verdict left to assess). Answering twice is refused.
 */
export async function answerPractice(trx: Trx, userId: number, sessionId: number, index: number, value: string[], parts: string[][] = []): Promise<Static<typeof AnswerResult>> {
  const s = await findSession(trx, userId, sessionId, true);
  const q = questionAt(s, index);
  if (s.answers[String(index)]) throw refuse(`第 ${index + 1} 题已经作答过，每道题只能提交一次。`, 'ALREADY_ANSWERED', 409);
  const trimmed = value.map((v) => v.trim());
  const stored: StoredAnswer = { v: q.kind === 'fill' ? trimmed : trimmed.filter((v) => v !== ''), correct: null, at: new Date().toISOString() };
  const empty = q.kind === 'composite' ? parts.every((p) => p.every((v) => v.trim() === '')) : stored.v.every((v) => v === '');
  if (empty) throw refuse(`请先作答第 ${index + 1} 题，再核对答案。`, 'ANSWER_EMPTY');
  if (q.kind === 'composite') {
    stored.parts = (q.children ?? []).map((c, i) => {
      const v = (parts[i] ?? []).map((x) => x.trim());
      return { v, correct: isRight(c, v) };
    });
    stored.v = [];
    stored.correct = compositeRight(stored.parts.map((p) => p.correct));
  } else {
    stored.correct = isRight(q, stored.v);
  }
  const given = q.kind === 'composite' ? (stored.parts ?? []).map((p) => p.v.join(' / ')) : stored.v;
  if (stored.correct !== null) await followVerdict(trx, userId, q, stored.correct, given, s.exam_id);
  const counts = await saveAnswer(trx, s, index, stored, 1, stored.correct ? 1 : 0);
  return { index, feedback: feedbackOf(q, stored), ...counts };
}

/** POST assess: the learner's own verdict on a short answer once the reference is shown ("I got it" / "I missed it"); once. */
export async function assessPractice(trx: Trx, userId: number, sessionId: number, index: number, correct: boolean): Promise<Static<typeof AnswerResult>> {
  const s = await findSession(trx, userId, sessionId, true);
  const q = questionAt(s, index);
  const a = s.answers[String(index)];
  if (!a) throw refuse(`请先提交第 ${index + 1} 题的答案，看过参考答案后再自评。`, 'NOT_ANSWERED', 409);
  if (a.correct !== null) throw refuse(`第 ${index + 1} 题已经有结果，不能再次自评。`, 'ALREADY_ASSESSED', 409);
  const stored: StoredAnswer = { ...a, correct };
  await followVerdict(trx, userId, q, correct, q.kind === 'composite' ? [] : a.v, s.exam_id);
  const counts = await saveAnswer(trx, s, index, stored, 0, correct ? 1 : 0);
  return { index, feedback: feedbackOf(q, stored), ...counts };
}

/** POST finish: closes the session (unanswered questions stay unanswered); finishing again returns it as it is. */
export async function finishPractice(trx: Trx, userId: number, sessionId: number): Promise<Static<typeof PracticeSession>> {
  await findSession(trx, userId, sessionId, true);
  await trx.updateTable('practice_session').set({ finished_at: sql`now()` }).where('id', '=', sessionId).where('finished_at', 'is', null).execute();
  return sessionOf(trx, userId, sessionId);
}

/** GET history: the user's sessions, newest first, with counts and accuracy. */
export async function practiceHistory(trx: Trx, userId: number, pageNo: number, pageSize: number) {
  const base = trx.selectFrom('practice_session').where('user_id', '=', userId);
  const rows = await base.select(['id', 'title', 'source', 'exam_id', 'question_count', 'answered_count', 'correct_count', 'started_at', 'finished_at'])
    .orderBy('started_at', 'desc').orderBy('id', 'desc').limit(pageSize).offset((pageNo - 1) * pageSize).execute();
  const { n } = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const list: Array<Static<typeof PracticeHistoryItem>> = rows.map((r) => ({
    id: Number(r.id), title: r.title, source: r.source, examId: r.exam_id === null ? null : Number(r.exam_id), startedAt: iso(r.started_at), finishedAt: isoOrNull(r.finished_at), ...countsOf(r),
  }));
  return { list, total: n, pageNo, pageSize };
}
