// The sitting rules on top of the repository: who may start, resuming, autosave, submit, the lazy
// close of overdue attempts and what a result shows. Refusals are ApiErrors with a Chinese message
// (spec learning §8: the client shows the server's message).
import { sql, type Transaction } from 'kysely';
import type { Static } from 'typebox';
import type { DB, SavedAnswer } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import { iso, isoOrNull, cardOf } from '../../lib/list-sql';
import {
  closeAttempt, drawPaper, findAttemptForUpdate, findOpenAttempt, findPublishedExam, inClasses, insertAttempt, listAttempts, listMarks,
  listOverdueAttempts, listQuestions, markBlank, mergeAnswers, type AttemptRow, type ExamRow, type QuestionRow,
} from './paper-repository';
import type {
  AnswerInput, AttemptSummary, ExamDetail, ExamItem, ExamPreview, ExamResult, Paper, ReviewSubQuestion, SubQuestion,
} from '../../../schemas/api/exam';
import { recordExamWrongAnswers } from './practice-wrong';
import { issueCredentialsFor } from '../../lib/credentials';
import { awardPoints, examTitle } from '../../lib/points';
import { blanksOf, deadlineOf, foldBlank, MAX_ATTEMPTS, normaliseAnswer, passedOf, PERSON_MARKED, pointsFor, scorePaper, scoresShown } from './paper-scoring';

type Trx = Transaction<DB>;

const dbNow = async (trx: Trx): Promise<Date> => (await sql<{ now: Date }>`select now() as now`.execute(trx)).rows[0]!.now;

const notFound = (id: number) => new ApiError(`考试或问卷不存在或已下线（编号 ${id}）。`, { code: 404, errorCode: 'EXAM_NOT_FOUND' });
// The attempt is not found, so its type is unknown: the words fit an exam and a survey alike.
const attemptNotFound = (id: number) => new ApiError(`没有找到这份作答记录（编号 ${id}），请从考试或问卷的详情页重新进入。`, { code: 404, errorCode: 'ATTEMPT_NOT_FOUND' });

async function requireExam(trx: Trx, id: number): Promise<ExamRow> {
  const exam = await findPublishedExam(trx, id);
  if (!exam) throw notFound(id);
  return exam;
}

/** The card of an exam row (the list's ExamItem). */
export function examItemOf(r: ExamRow): ExamItem {
  return {
    ...cardOf(r), type: r.type, startTime: iso(r.start_time), endTime: isoOrNull(r.end_time), duration: r.duration,
    ...scoresShown(r.type, r.total_score, r.pass_score), questionCount: r.question_count, joinCount: r.join_count, windowState: r.window_state,
  };
}

const summaryOf = (a: AttemptRow): AttemptSummary => ({
  id: a.id, state: a.state, startedAt: iso(a.started_at), deadline: isoOrNull(a.deadline), submittedAt: isoOrNull(a.submitted_at), score: a.score, passed: a.passed,
  markingState: a.marking_state, objectiveScore: a.objective_score,
});

/** The attempts a user may make: the exam's own limit (issue 18), else exam 3, survey 1. */
const maxAttemptsOf = (exam: Pick<ExamRow, 'type' | 'max_attempts'>) => exam.max_attempts ?? MAX_ATTEMPTS[exam.type];

/**
 * Scores an attempt's saved answers and closes it; false when it was closed meanwhile. issue 18
 * contract "Marking": an exam whose paper has a short question closes pending, with the machine part
 * in objective_score and score and passed null; a blank short answer gets its 0 mark at once; when
 * every short answer is blank the score is final at once (marking_state none).
 */
async function scoreAndClose(trx: Trx, exam: Pick<ExamRow, 'type' | 'pass_score'>, attempt: AttemptRow, questions: QuestionRow[], state: 'submitted' | 'expired') {
  const closed = await scoreAndCloseOnly(trx, exam, attempt, questions, state);
  // Issue 18: "a wrong answer in a closed exam attempt adds or bumps it" in the wrong-answer book:
  // at once when the score is final (one awaiting marking is recorded by finaliseIfMarked).
  if (closed) await recordExamWrongAnswers(trx, attempt.id);
  // Issue 19 part E (docs/growth.md "Credentials"): an exam passed with a final score issues the
  // tenant's credentials for it (one awaiting marking issues from finaliseIfMarked).
  if (closed && exam.type === 'exam') {
    const closedRow = await trx.selectFrom('exam_attempt').select('passed').where('id', '=', attempt.id).executeTakeFirst();
    if (closedRow?.passed) await issueCredentialsFor(trx, attempt.user_id, { kind: 'exam', id: attempt.exam_id });
    // Issue 19 part C (docs/growth.md "Points"): the first pass of an exam earns exam_pass once.
    if (closedRow?.passed) await awardPoints(trx, { userId: attempt.user_id, kind: 'exam_pass', ref: `exam:${attempt.exam_id}`, note: await examTitle(trx, attempt.exam_id) });
  }
  return closed;
}

async function scoreAndCloseOnly(trx: Trx, exam: Pick<ExamRow, 'type' | 'pass_score'>, attempt: AttemptRow, questions: QuestionRow[], state: 'submitted' | 'expired') {
  const { score } = scorePaper(questions, attempt.answers);
  if (exam.type !== 'exam') return closeAttempt(trx, attempt.id, state, null, null);
  const shorts = questions.filter((q) => PERSON_MARKED.has(q.kind));
  if (shorts.length === 0) return closeAttempt(trx, attempt.id, state, score, passedOf(score, exam.pass_score));
  const blank = shorts.filter((q) => !(attempt.answers[String(q.id)]?.v.length));
  const final = blank.length === shorts.length;
  const closed = await closeAttempt(
    trx, attempt.id, state, final ? score : null, final ? passedOf(score, exam.pass_score) : null,
    { state: final ? 'none' : 'pending', objectiveScore: score },
  );
  if (closed) await markBlank(trx, attempt.id, blank.map((q) => q.id));
  return closed;
}

/**
 * Closes and scores the user's open attempts whose deadline has passed (issue: "an attempt past its
 * deadline is closed and scored when next read"), with the answers saved before the deadline.
 */
export async function settleOverdue(trx: Trx, userId: number, examId?: number): Promise<number> {
  const overdue = await listOverdueAttempts(trx, userId, examId);
  for (const attempt of overdue) {
    const exam = await trx.selectFrom('exam').select(['type', 'pass_score']).where('id', '=', attempt.exam_id).executeTakeFirstOrThrow();
    await scoreAndClose(trx, exam, attempt, await listQuestions(trx, attempt.exam_id, attempt.id), 'expired');
  }
  return overdue.length;
}

type Refusal = { code: 'NOT_SIGNED_IN' | 'EXAM_UPCOMING' | 'EXAM_CLOSED' | 'NO_ATTEMPTS_LEFT' | 'NOT_IN_AUDIENCE'; message: string };

/** Whether the user may take the exam: audience all, or a member of one of its classes (issue 18). */
async function inAudience(trx: Trx, exam: ExamRow, userId: number | null): Promise<boolean> {
  if (exam.audience === 'all') return true;
  return userId !== null && inClasses(trx, userId, exam.audience_classes);
}

const audienceRefusal = (exam: ExamRow): Refusal => ({
  code: 'NOT_IN_AUDIENCE',
  message: `这场${exam.type === 'survey' ? '问卷' : '考试'}只对指定班级的学员开放，您不在这些班级中；如需参加，请联系班级老师。`,
});

/** Why the user cannot start (or resume) now, or null when they can. */
function refusalOf(exam: ExamRow, attempts: AttemptRow[], signedIn: boolean, member: boolean): Refusal | null {
  if (exam.window_state === 'upcoming') {
    return { code: 'EXAM_UPCOMING', message: `${exam.type === 'survey' ? '问卷' : '考试'}未开始，开始时间：${shanghaiTime(exam.start_time)}。` };
  }
  if (exam.window_state === 'closed') return { code: 'EXAM_CLOSED', message: `${exam.type === 'survey' ? '问卷' : '考试'}已结束，不能再作答。` };
  if (!signedIn) return { code: 'NOT_SIGNED_IN', message: '请先登录后再开始作答。' };
  if (attempts.some((a) => a.state === 'open')) return null;
  if (!member) return audienceRefusal(exam);
  const max = maxAttemptsOf(exam);
  if (attempts.length >= max) {
    return { code: 'NO_ATTEMPTS_LEFT', message: exam.type === 'survey' ? '您已提交过这份问卷，每人只能填写一次。' : `您已用完全部 ${max} 次考试机会。` };
  }
  return null;
}

/** A time as the portal's users read it (the demo tenants are in China Standard Time). */
const shanghaiTime = (d: Date) => d.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });

/** GET detail: the exam, the caller's attempts and whether they can start now. */
export async function examDetail(trx: Trx, userId: number | null, examId: number): Promise<Static<typeof ExamDetail>> {
  const exam = await requireExam(trx, examId);
  if (userId !== null) await settleOverdue(trx, userId, examId);
  const attempts = userId === null ? [] : await listAttempts(trx, userId, examId);
  const refusal = refusalOf(exam, attempts, userId !== null, await inAudience(trx, exam, userId));
  const scores = attempts.map((a) => a.score).filter((s): s is number => s !== null);
  return {
    exam: examItemOf(exam), maxAttempts: maxAttemptsOf(exam), allowPreview: exam.allow_preview, attempts: attempts.map(summaryOf),
    openAttemptId: attempts.find((a) => a.state === 'open')?.id ?? null, bestScore: scores.length ? Math.max(...scores) : null,
    canStart: refusal === null, reasonCode: refusal?.code ?? null, reason: refusal?.message ?? null, serverNow: iso(await dbNow(trx)),
  };
}

/** A flat question list as a tree: top-level questions with a composite's sub-questions as children. */
function treeOf<T>(questions: QuestionRow[], build: (q: QuestionRow) => T): (T & { children?: T[] })[] {
  return questions.filter((q) => q.parent_id === null).map((q) => {
    const node = build(q) as T & { children?: T[] };
    if (q.kind === 'composite') node.children = questions.filter((c) => c.parent_id === q.id).map(build);
    return node;
  });
}

/** A question as a learner may see it before the hand-in: never its answer, reference or explanation. */
const publicQuestion = (type: 'exam' | 'survey') => (q: QuestionRow): Static<typeof SubQuestion> => ({
  id: q.id, kind: q.kind, stem: q.stem, options: q.options, score: pointsShown(type, q.score), sort: q.sort,
  ...(q.kind === 'fill' ? { blanks: Math.max(1, blanksOf(q).length) } : {}),
});

/** The numbers a paper shows: 3, and 3.1, 3.2 for a composite's sub-questions. */
function numbersOf(questions: QuestionRow[]): Map<number, string> {
  const numbers = new Map<number, string>();
  let top = 0;
  const kids = new Map<number, number>();
  for (const q of questions) {
    if (q.parent_id === null) numbers.set(q.id, String(++top));
    else {
      const k = (kids.get(q.parent_id) ?? 0) + 1;
      kids.set(q.parent_id, k);
      numbers.set(q.id, `${numbers.get(q.parent_id) ?? '?'}.${k}`);
    }
  }
  return numbers;
}

function paperOf(exam: ExamRow, attempt: AttemptRow, questions: QuestionRow[], now: Date): Static<typeof Paper> {
  return {
    attemptId: attempt.id, examId: exam.id, title: exam.title, type: exam.type, startedAt: iso(attempt.started_at),
    deadline: isoOrNull(attempt.deadline), serverNow: iso(now), ...scoresShown(exam.type, exam.total_score, exam.pass_score),
    // The correct answers never leave before the submit: only the public fields are copied.
    questions: treeOf(questions, publicQuestion(exam.type)),
    answers: Object.fromEntries(Object.entries(attempt.answers).map(([id, a]) => [id, a.v])),
  };
}

/** POST start: resumes the open attempt, or starts a new one when the window and the attempt limit allow. */
export async function startAttempt(trx: Trx, userId: number, examId: number): Promise<Static<typeof Paper>> {
  const exam = await requireExam(trx, examId);
  const now = await dbNow(trx);
  const open = await findOpenAttempt(trx, userId, examId);
  // A random paper resumes with the questions drawn at its start (attempt_id).
  if (open && (open.deadline === null || open.deadline >= now)) {
    await noteAttempt(trx, open.id, 'resume');
    return paperOf(exam, open, await listQuestions(trx, examId, open.id), now);
  }
  const refusal = refusalOf(exam, await listAttempts(trx, userId, examId), true, await inAudience(trx, exam, userId));
  if (refusal) throw new ApiError(refusal.message, { code: 403, errorCode: refusal.code });
  const random = exam.paper_mode === 'random';
  if (random ? exam.draw_rules.length === 0 : (await listQuestions(trx, examId, null)).length === 0) {
    throw new ApiError(`这份${exam.type === 'survey' ? '问卷' : '试卷'}还没有题目，暂时不能作答，请联系管理员。`, { code: 409, errorCode: 'PAPER_EMPTY' });
  }
  const inserted = await insertAttempt(trx, userId, examId, (start) => deadlineOf(start, exam.duration, exam.end_time));
  const started = inserted ?? await findOpenAttempt(trx, userId, examId);
  if (!started) throw new ApiError('开始作答失败，请刷新页面后重试。', { code: 409, errorCode: 'ATTEMPT_CONFLICT' });
  if (random && inserted) {
    // issue 18: a random paper is drawn from the bank at start; the refusal rolls the attempt back.
    const short = await drawPaper(trx, examId, inserted.id, exam.draw_rules);
    if (short) {
      throw new ApiError(
        `题库中符合第 ${short.rule} 条抽题规则的题目只有 ${short.found} 道，少于要抽的 ${short.wanted} 道，暂时不能开始，请联系管理员。`,
        { code: 409, errorCode: 'PAPER_DRAW_SHORT' },
      );
    }
  }
  await noteAttempt(trx, started.id, inserted ? 'start' : 'resume');
  return paperOf(exam, started, await listQuestions(trx, examId, started.id), now);
}

/**
 * The invigilator's timeline and last-seen (issue 18 "myExamInvigilate": started, last seen, the
 * events the paper reports): opening the paper is a start, reopening it a resume.
 */
async function noteAttempt(trx: Trx, attemptId: number, kind: 'start' | 'resume'): Promise<void> {
  await trx.updateTable('exam_attempt').set({ last_seen_at: sql`now()` }).where('id', '=', attemptId).execute();
  await trx.insertInto('exam_attempt_event')
    .values({ tenant_id: sql<number>`current_setting('app.tenant_id')::bigint`, attempt_id: attemptId, kind, at: sql`now()` })
    .execute();
}

/** Checks the given answers against the paper; returns what to set and what to clear. */
function answerPatch(questions: QuestionRow[], answers: AnswerInput[], at: Date) {
  // Sub-questions are answered by their own id; a composite itself takes no answer.
  const numbers = numbersOf(questions);
  const byId = new Map(questions.map((q) => [q.id, { q, number: numbers.get(q.id) ?? '?' }]));
  const set: Record<string, SavedAnswer> = {};
  const clear: string[] = [];
  for (const a of answers) {
    const found = byId.get(a.questionId);
    if (!found) throw new ApiError(`题目 ${a.questionId} 不在这份试卷中，请刷新页面后重试。`, { code: 400, errorCode: 'QUESTION_NOT_IN_PAPER' });
    let value: string[];
    try {
      value = normaliseAnswer(found.q, found.number, a.value);
    } catch (error) {
      throw new ApiError((error as Error).message, { code: 400, errorCode: 'INVALID_ANSWER' });
    }
    if (value.length) set[String(a.questionId)] = { v: value, at: at.toISOString() };
    else clear.push(String(a.questionId));
  }
  return { set, clear };
}

/** The refusal for writing to an attempt that is no longer open, in a survey's own words for a survey. */
async function closedRefusal(trx: Trx, attempt: AttemptRow): Promise<ApiError> {
  const survey = (await typeOf(trx, attempt.exam_id)) === 'survey';
  if (attempt.state === 'expired') {
    return new ApiError(survey ? '问卷已截止，已按截止前保存的回答自动提交。' : '作答时间已到，答卷已按截止前保存的答案自动交卷。', { code: 409, errorCode: 'ATTEMPT_EXPIRED' });
  }
  return new ApiError(survey ? '这份问卷已经提交，不能重复提交或修改回答。' : '这份答卷已经交卷，不能重复提交或修改答案。', { code: 409, errorCode: 'ALREADY_SUBMITTED' });
}

/** Whether an attempt's exam is an exam or a survey (also once it is no longer published). */
async function typeOf(trx: Trx, examId: number): Promise<'exam' | 'survey'> {
  return (await trx.selectFrom('exam').select('type').where('id', '=', examId).executeTakeFirstOrThrow()).type;
}

/** A question's points as a client sees them: a survey's questions are worth nothing (issue 13). */
const pointsShown = (type: 'exam' | 'survey', score: number) => (type === 'survey' ? 0 : score);

/**
 * POST saveAnswer: merges answers into the open attempt. Call settleOverdue first in its own
 * transaction, so an attempt past its deadline is already closed here and the save is refused.
 */
export async function saveAnswers(trx: Trx, userId: number, attemptId: number, answers: AnswerInput[]) {
  const attempt = await findAttemptForUpdate(trx, userId, attemptId);
  if (!attempt) throw attemptNotFound(attemptId);
  if (attempt.state !== 'open') throw await closedRefusal(trx, attempt);
  const now = await dbNow(trx);
  const { set, clear } = answerPatch(await listQuestions(trx, attempt.exam_id, attempt.id), answers, now);
  // spec rule: after the deadline only answers saved before it count, so a late save is refused.
  if (!(await mergeAnswers(trx, attemptId, set, clear))) {
    const message = (await typeOf(trx, attempt.exam_id)) === 'survey'
      ? '问卷已截止，这次修改没有保存；问卷将按截止前保存的回答提交。'
      : '作答时间已到，答案没有保存；答卷将按截止前保存的答案交卷。';
    throw new ApiError(message, { code: 409, errorCode: 'ATTEMPT_EXPIRED' });
  }
  return { saved: answers.length, savedAt: iso(now) };
}

/**
 * POST submit: hands the attempt in and scores it on the server. Answers sent with it count only
 * before the deadline; past it the attempt is closed with what was saved in time. Twice is refused.
 */
export async function submitAttempt(trx: Trx, userId: number, attemptId: number, answers: AnswerInput[] = []): Promise<Static<typeof ExamResult>> {
  const attempt = await findAttemptForUpdate(trx, userId, attemptId);
  if (!attempt) throw attemptNotFound(attemptId);
  if (attempt.state !== 'open') throw await closedRefusal(trx, attempt);
  const exam = await requireExam(trx, attempt.exam_id);
  const questions = await listQuestions(trx, attempt.exam_id, attempt.id);
  const now = await dbNow(trx);
  const inTime = attempt.deadline === null || now <= attempt.deadline;
  if (inTime && answers.length) {
    const { set, clear } = answerPatch(questions, answers, now);
    for (const id of clear) delete attempt.answers[id];
    Object.assign(attempt.answers, set);
    await mergeAnswers(trx, attemptId, set, clear);
  }
  await scoreAndClose(trx, exam, attempt, questions, inTime ? 'submitted' : 'expired');
  return resultOf(trx, userId, attemptId);
}

/**
 * GET result: score, pass and the review with the correct answers, only once the attempt is closed.
 * A survey's result is a receipt for the thank-you page: the answers given and when, and no score,
 * pass, total, pass line, points or right answer (issue 13; docs/decisions.md "Surveys").
 * issue 18: while short answers await marking the score is null and the machine part shows; once
 * marked, each short answer shows its mark and comment (never the marker).
 */
export async function resultOf(trx: Trx, userId: number, attemptId: number): Promise<Static<typeof ExamResult>> {
  const attempt = await findAttemptForUpdate(trx, userId, attemptId);
  if (!attempt) throw attemptNotFound(attemptId);
  if (attempt.state === 'open') {
    const message = (await typeOf(trx, attempt.exam_id)) === 'survey' ? '提交问卷后才能查看您的回答。' : '交卷后才能查看成绩和答案解析。';
    throw new ApiError(message, { code: 403, errorCode: 'RESULT_HIDDEN' });
  }
  const exam = await findPublishedExam(trx, attempt.exam_id);
  if (!exam) throw notFound(attempt.exam_id);
  const questions = await listQuestions(trx, attempt.exam_id, attempt.id);
  const { answered, correct, points } = scorePaper(questions, attempt.answers);
  const scored = exam.type === 'exam';
  const marks = scored ? await listMarks(trx, attempt.id) : new Map<number, { score: number; comment: string | null }>();
  const review = (q: QuestionRow): Static<typeof ReviewSubQuestion> => {
    const yourAnswer = attempt.answers[String(q.id)]?.v ?? [];
    const base = { ...publicQuestion(exam.type)(q), yourAnswer };
    if (!scored) return { ...base, correctAnswer: null, gained: null };
    if (q.kind === 'short') {
      const mark = marks.get(q.id) ?? null;
      return { ...base, correctAnswer: null, gained: mark?.score ?? null, mark, reference: q.reference, explanation: q.explanation };
    }
    if (q.kind === 'composite') {
      const kids = questions.filter((c) => c.parent_id === q.id);
      const gained = kids.map((c) => (c.kind === 'short' ? marks.get(c.id)?.score ?? null : points.get(c.id) ?? 0));
      return { ...base, correctAnswer: null, gained: gained.includes(null) ? null : gained.reduce<number>((a, b) => a + (b ?? 0), 0), explanation: q.explanation };
    }
    if (q.kind === 'fill') {
      const blanks = blanksOf(q);
      return {
        ...base, correctAnswer: blanks.map((accepted) => accepted.join(' / ')), gained: points.get(q.id) ?? 0, explanation: q.explanation,
        blankRight: blanks.map((accepted, i) => pointsFor({ ...q, answer: [accepted], score: 1 }, [yourAnswer[i] ?? '']) === 1 && foldBlank(yourAnswer[i] ?? '') !== ''),
      };
    }
    return { ...base, correctAnswer: q.answer as string[] | null, gained: points.get(q.id) ?? 0, explanation: q.explanation };
  };
  return {
    attemptId: attempt.id, examId: exam.id, title: exam.title, type: exam.type, state: attempt.state,
    startedAt: iso(attempt.started_at), submittedAt: isoOrNull(attempt.submitted_at),
    score: scored ? attempt.score : null, passed: scored ? attempt.passed : null,
    markingState: scored ? attempt.marking_state : 'none', objectiveScore: scored ? attempt.objective_score : null,
    ...scoresShown(exam.type, exam.total_score, exam.pass_score), questionCount: questions.filter((q) => q.kind !== 'composite').length,
    answeredCount: answered, correctCount: scored ? correct : null,
    questions: treeOf(questions, review),
  };
}

/**
 * GET preview (/exam/preview/{id}, issue 18): the paper read-only with no answers, only when the
 * exam allows it and the caller may take it; a random paper shows how many questions it draws.
 */
export async function previewOf(trx: Trx, userId: number | null, examId: number): Promise<Static<typeof ExamPreview>> {
  const exam = await requireExam(trx, examId);
  const what = exam.type === 'survey' ? '问卷' : '考试';
  if (!exam.allow_preview) throw new ApiError(`这场${what}不提供试卷预览，请在详情页查看${what}说明。`, { code: 403, errorCode: 'PREVIEW_OFF' });
  if (!(await inAudience(trx, exam, userId))) {
    const refusal = userId === null ? { code: 'NOT_SIGNED_IN', message: `这场${what}只对指定班级的学员开放，请先登录。` } : audienceRefusal(exam);
    throw new ApiError(refusal.message, { code: 403, errorCode: refusal.code });
  }
  const random = exam.paper_mode === 'random';
  return {
    examId: exam.id, title: exam.title, type: exam.type, duration: exam.duration, ...scoresShown(exam.type, exam.total_score, exam.pass_score),
    paperMode: exam.paper_mode, drawCount: random ? exam.draw_rules.reduce((n, r) => n + r.count, 0) : 0,
    questions: random ? [] : treeOf(await listQuestions(trx, examId, null), publicQuestion(exam.type)),
  };
}

/**
 * Closes and scores anyone's open attempt: the deadline sweep and an invigilator's force-submit
 * (issue 18). False when it is not open (closed meanwhile, or no such attempt in this tenant).
 */
export async function closeOpenAttempt(trx: Trx, attemptId: number, state: 'submitted' | 'expired'): Promise<boolean> {
  const owner = await trx.selectFrom('exam_attempt').select('user_id').where('id', '=', attemptId).executeTakeFirst();
  if (!owner) return false;
  const attempt = await findAttemptForUpdate(trx, Number(owner.user_id), attemptId);
  if (!attempt || attempt.state !== 'open') return false;
  const exam = await trx.selectFrom('exam').select(['type', 'pass_score']).where('id', '=', attempt.exam_id).executeTakeFirstOrThrow();
  return scoreAndClose(trx, exam, attempt, await listQuestions(trx, attempt.exam_id, attempt.id), state);
}
