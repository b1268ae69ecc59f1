// SQL of the sitting calls (migration 0010): questions, attempts, autosaved answers and the
// caller's exams. Every function runs in the caller's tenant transaction (row-level security).
import { sql, type Transaction } from 'kysely';
import type { DB, DrawRule, QuestionKind, QuestionOption, SavedAnswer } from '../../db/types';
import type { Page } from '../../lib/listing';
import { iso, isoOrNull } from '../../lib/list-sql';
import type { HistoryItem, MemberExam } from '../../../schemas/api/exam';
import { scoresShown } from './paper-scoring';
import { windowState } from './repository';

type Trx = Transaction<DB>;

/** A published exam row with its window state, as the sitting rules read it. */
export interface ExamRow {
  id: number; title: string; cover: string | null; summary: string | null; category_id: number | null; category_name: string | null;
  publish_time: Date; type: 'exam' | 'survey'; start_time: Date; end_time: Date | null; duration: number; pass_score: number | null;
  total_score: number | null; question_count: number; join_count: number; window_state: 'upcoming' | 'open' | 'closed';
  // issue 18 (migration 0023): how the paper is made, attempts, preview and who may take it.
  paper_mode: 'fixed' | 'random'; draw_rules: DrawRule[]; max_attempts: number | null; allow_preview: boolean;
  audience: 'all' | 'classes'; audience_classes: number[];
}

/** A question with everything the server knows, answer included. parent_id: its composite. */
export interface QuestionRow {
  id: number; kind: QuestionKind; stem: string; options: QuestionOption[]; answer: string[] | string[][] | null; score: number; sort: number;
  parent_id: number | null; explanation: string | null; reference: string | null;
}

/** An attempt row. */
export interface AttemptRow {
  id: number; exam_id: number; user_id: number; started_at: Date; deadline: Date | null; submitted_at: Date | null;
  answers: Record<string, SavedAnswer>; score: number | null; passed: boolean | null; state: 'open' | 'submitted' | 'expired';
  marking_state: 'none' | 'pending' | 'done'; objective_score: number | null;
}

/** The published exam or survey with this id, or undefined. */
export async function findPublishedExam(trx: Trx, id: number): Promise<ExamRow | undefined> {
  const row = await trx.selectFrom('exam')
    .leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'exam.tenant_id').onRef('cat.id', '=', 'exam.category_id'))
    .select([
      'exam.id', 'exam.title', 'exam.cover', 'exam.summary', 'exam.category_id', 'cat.name as category_name', 'exam.publish_time',
      'exam.type', 'exam.start_time', 'exam.end_time', 'exam.duration', 'exam.pass_score', 'exam.total_score',
      'exam.question_count', 'exam.join_count', windowState.as('window_state'),
      'exam.paper_mode', 'exam.draw_rules', 'exam.max_attempts', 'exam.allow_preview', 'exam.audience', 'exam.audience_classes',
    ])
    .where('exam.id', '=', id).where('exam.state', '=', 1).executeTakeFirst();
  return row ? { ...row, id: Number(row.id), audience_classes: (row.audience_classes ?? []).map(Number) } : undefined;
}

const QUESTION_COLUMNS = ['id', 'kind', 'stem', 'options', 'answer', 'score', 'sort', 'parent_id', 'explanation', 'reference'] as const;

/**
 * The questions of a paper in paper order, answers included (never send these before the submit):
 * a fixed paper's are the exam's own (attempt_id null); a random paper's those drawn for the attempt
 * (none before it starts). A flat list: each composite is followed by its sub-questions in order.
 */
export async function listQuestions(trx: Trx, examId: number, attemptId: number | null): Promise<QuestionRow[]> {
  const exam = await trx.selectFrom('exam').select('paper_mode').where('id', '=', examId).executeTakeFirst();
  if (exam?.paper_mode === 'random' && attemptId === null) return [];
  let q = trx.selectFrom('exam_question').select(QUESTION_COLUMNS).where('exam_id', '=', examId);
  q = exam?.paper_mode === 'random' ? q.where('attempt_id', '=', attemptId) : q.where('attempt_id', 'is', null);
  const rows = (await q.orderBy('sort').orderBy('id').execute())
    .map((r) => ({ ...r, id: Number(r.id), parent_id: r.parent_id === null ? null : Number(r.parent_id) }));
  const children = new Map<number, QuestionRow[]>();
  for (const r of rows) if (r.parent_id !== null) children.set(r.parent_id, [...(children.get(r.parent_id) ?? []), r]);
  return rows.filter((r) => r.parent_id === null).flatMap((r) => [r, ...(children.get(r.id) ?? [])]);
}

/**
 * Draws a random paper for an attempt (issue 18: "random draw by category and difficulty"): per
 * rule, `count` active top-level bank questions of the category (and kind and difficulty) no other
 * rule drew, copied into exam_question with the attempt and the bank question, sub-questions
 * included. Each drawn question is worth the rule's score; a composite's is spread over its
 * sub-questions (the first takes the remainder). Returns the questions short of a rule, or null.
 */
export async function drawPaper(trx: Trx, examId: number, attemptId: number, rules: DrawRule[]): Promise<{ rule: number; wanted: number; found: number } | null> {
  const taken: number[] = [];
  let sort = 0;
  for (const [index, rule] of rules.entries()) {
    let q = trx.selectFrom('bank_question').select(['id', 'kind', 'stem', 'options', 'answer', 'reference', 'explanation'])
      .where('category_id', '=', rule.categoryId).where('parent_id', 'is', null).where('state', '=', 'active');
    if (rule.kind) q = q.where('kind', '=', rule.kind);
    if (rule.difficulty) q = q.where('difficulty', '=', rule.difficulty);
    if (taken.length) q = q.where('id', 'not in', taken);
    const drawn = await q.orderBy(sql`random()`).limit(rule.count).execute();
    if (drawn.length < rule.count) return { rule: index + 1, wanted: rule.count, found: drawn.length };
    for (const b of drawn) {
      taken.push(Number(b.id));
      const subs = b.kind === 'composite'
        ? await trx.selectFrom('bank_question').select(['id', 'kind', 'stem', 'options', 'answer', 'reference', 'explanation'])
          .where('parent_id', '=', Number(b.id)).where('state', '=', 'active').orderBy('sort').orderBy('id').execute()
        : [];
      const copy = (x: typeof b, score: number, parent: number | null) => trx.insertInto('exam_question').values({
        tenant_id: sql<number>`current_setting('app.tenant_id')::bigint`, exam_id: examId, attempt_id: attemptId, bank_question_id: Number(x.id),
        parent_id: parent, kind: x.kind, stem: x.stem, options: JSON.stringify(x.options), answer: x.answer === null ? null : JSON.stringify(x.answer),
        reference: x.reference, explanation: x.explanation, score, sort: sort++,
      }).returning('id').executeTakeFirstOrThrow();
      const parent = await copy(b, rule.score, null);
      const share = subs.length ? Math.floor(rule.score / subs.length) : 0;
      for (const [i, c] of subs.entries()) await copy(c, share + (i === 0 ? rule.score - share * subs.length : 0), Number(parent.id));
    }
  }
  return null;
}

/** Whether the user is a member of one of these classes (an exam's audience). */
export async function inClasses(trx: Trx, userId: number, classIds: number[]): Promise<boolean> {
  if (classIds.length === 0) return false;
  // Enrolled members (state 1) of the training classes (classes_member, migration 0009).
  const row = await trx.selectFrom('classes_member').select('classes_id')
    .where('user_id', '=', userId).where('classes_id', 'in', classIds).where('state', '=', 1).executeTakeFirst();
  return row !== undefined;
}

/** The marks of an attempt's person-marked questions by question id (learner's view: no marker). */
export async function listMarks(trx: Trx, attemptId: number): Promise<Map<number, { score: number; comment: string | null }>> {
  const rows = await trx.selectFrom('exam_mark').select(['question_id', 'score', 'comment']).where('attempt_id', '=', attemptId).execute();
  return new Map(rows.map((r) => [Number(r.question_id), { score: r.score, comment: r.comment }]));
}

/** Gives the blank short answers of a just-closed attempt their 0 at once (marker_id null). */
export async function markBlank(trx: Trx, attemptId: number, questionIds: number[]): Promise<void> {
  if (questionIds.length === 0) return;
  await trx.insertInto('exam_mark')
    .values(questionIds.map((q) => ({ tenant_id: sql<number>`current_setting('app.tenant_id')::bigint`, attempt_id: attemptId, question_id: q, score: 0, marker_id: null })))
    .onConflict((c) => c.columns(['tenant_id', 'attempt_id', 'question_id']).doNothing()).execute();
}

const ATTEMPT_COLUMNS = [
  'id', 'exam_id', 'user_id', 'started_at', 'deadline', 'submitted_at', 'answers', 'score', 'passed', 'state', 'marking_state', 'objective_score',
] as const;
const attemptOf = (r: AttemptRow): AttemptRow => ({ ...r, id: Number(r.id), exam_id: Number(r.exam_id), user_id: Number(r.user_id) });

/** The user's attempts at an exam, newest first. */
export async function listAttempts(trx: Trx, userId: number, examId: number): Promise<AttemptRow[]> {
  const rows = await trx.selectFrom('exam_attempt').select(ATTEMPT_COLUMNS)
    .where('user_id', '=', userId).where('exam_id', '=', examId).orderBy('started_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(attemptOf);
}

/** One of the user's attempts, locked for update, or undefined (another user's attempt is not found). */
export async function findAttemptForUpdate(trx: Trx, userId: number, attemptId: number): Promise<AttemptRow | undefined> {
  const row = await trx.selectFrom('exam_attempt').select(ATTEMPT_COLUMNS)
    .where('id', '=', attemptId).where('user_id', '=', userId).forUpdate().executeTakeFirst();
  return row ? attemptOf(row) : undefined;
}

/** The user's open attempts whose deadline has passed (to close them when next read). */
export async function listOverdueAttempts(trx: Trx, userId: number, examId?: number): Promise<AttemptRow[]> {
  let q = trx.selectFrom('exam_attempt').select(ATTEMPT_COLUMNS)
    .where('user_id', '=', userId).where('state', '=', 'open').where('deadline', '<', sql<Date>`now()`);
  if (examId !== undefined) q = q.where('exam_id', '=', examId);
  return (await q.forUpdate().execute()).map(attemptOf);
}

/**
 * Starts an attempt, or returns undefined when the user already has an open one (the partial unique
 * index settles a race between two starts). The exam's join count grows on a user's first attempt.
 */
export async function insertAttempt(trx: Trx, userId: number, examId: number, deadline: (start: Date) => Date | null): Promise<AttemptRow | undefined> {
  const { now } = await sql<{ now: Date }>`select now() as now`.execute(trx).then((r) => r.rows[0]!);
  const first = !(await trx.selectFrom('exam_attempt').select('id').where('user_id', '=', userId).where('exam_id', '=', examId).executeTakeFirst());
  const row = await trx.insertInto('exam_attempt')
    .values({ tenant_id: sql<number>`current_setting('app.tenant_id')::bigint`, exam_id: examId, user_id: userId, started_at: now, deadline: deadline(now), submitted_at: null, score: null, passed: null })
    .onConflict((c) => c.columns(['tenant_id', 'exam_id', 'user_id']).where('state', '=', 'open').doNothing())
    .returning(ATTEMPT_COLUMNS).executeTakeFirst();
  if (row && first) await trx.updateTable('exam').set((eb) => ({ join_count: eb('join_count', '+', 1) })).where('id', '=', examId).execute();
  return row ? attemptOf(row) : undefined;
}

/** The user's open attempt at an exam, if any. */
export async function findOpenAttempt(trx: Trx, userId: number, examId: number): Promise<AttemptRow | undefined> {
  const row = await trx.selectFrom('exam_attempt').select(ATTEMPT_COLUMNS)
    .where('user_id', '=', userId).where('exam_id', '=', examId).where('state', '=', 'open').executeTakeFirst();
  return row ? attemptOf(row) : undefined;
}

/**
 * Merges answers into an open attempt, only while its deadline has not passed by the database clock
 * (spec rule: "only answers saved before the deadline count"). Returns false when nothing was saved.
 */
export async function mergeAnswers(trx: Trx, attemptId: number, set: Record<string, SavedAnswer>, clear: string[]): Promise<boolean> {
  const result = await trx.updateTable('exam_attempt')
    .set({ answers: sql`(answers || ${JSON.stringify(set)}::jsonb) - ${clear}::text[]` })
    .where('id', '=', attemptId).where('state', '=', 'open')
    .where((eb) => eb.or([eb('deadline', 'is', null), eb('deadline', '>=', sql<Date>`now()`)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Closes an open attempt with its score; false if it was already closed. */
export async function closeAttempt(
  trx: Trx, attemptId: number, state: 'submitted' | 'expired', score: number | null, passed: boolean | null,
  marking: { state: 'none' | 'pending'; objectiveScore: number | null } = { state: 'none', objectiveScore: null },
): Promise<boolean> {
  const result = await trx.updateTable('exam_attempt')
    // An expired attempt closes at its deadline: that is when answering stopped.
    .set({
      state, score, passed, submitted_at: state === 'expired' ? sql`coalesce(deadline, now())` : sql`now()`,
      marking_state: marking.state, objective_score: marking.objectiveScore,
    })
    .where('id', '=', attemptId).where('state', '=', 'open').executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A page of the exams and surveys the user has sat, latest attempt first. */
export async function searchMemberExams(trx: Trx, userId: number, q: { pageNo: number; pageSize: number; type?: 'exam' | 'survey' }): Promise<Page<MemberExam>> {
  let mine = trx.selectFrom('exam_attempt as a')
    .innerJoin('exam', (j) => j.onRef('exam.tenant_id', '=', 'a.tenant_id').onRef('exam.id', '=', 'a.exam_id'))
    .where('a.user_id', '=', userId);
  if (q.type) mine = mine.where('exam.type', '=', q.type);
  const rows = await mine
    .select([
      'exam.id', 'exam.title', 'exam.cover', 'exam.type', 'exam.end_time', 'exam.total_score', 'exam.pass_score', windowState.as('window_state'),
      sql<number>`count(*)::int`.as('attempt_count'),
      sql<number>`(array_agg(a.id order by a.started_at desc, a.id desc))[1]`.as('last_id'),
      sql<'open' | 'submitted' | 'expired'>`(array_agg(a.state order by a.started_at desc, a.id desc))[1]`.as('last_state'),
      sql<'none' | 'pending' | 'done'>`(array_agg(a.marking_state order by a.started_at desc, a.id desc))[1]`.as('last_marking_state'),
      sql<Date>`max(a.started_at)`.as('last_time'),
      sql<number | null>`max(a.score)`.as('best_score'),
      sql<boolean | null>`bool_or(a.passed)`.as('passed'),
    ])
    .groupBy(['exam.tenant_id', 'exam.id']).orderBy(sql`max(a.started_at)`, 'desc').orderBy('exam.id', 'desc')
    .limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute();
  const { n } = await mine.select(sql<number>`count(distinct a.exam_id)::int`.as('n')).executeTakeFirstOrThrow();
  return {
    list: rows.map((r) => ({
      examId: Number(r.id), title: r.title, cover: r.cover, type: r.type, windowState: r.window_state, endTime: isoOrNull(r.end_time),
      ...scoresShown(r.type, r.total_score, r.pass_score), attemptCount: r.attempt_count, lastAttemptId: Number(r.last_id),
      lastState: r.last_state, lastMarkingState: r.last_marking_state, lastTime: iso(r.last_time), bestScore: r.best_score, passed: r.passed,
    })),
    total: Number(n), pageNo: q.pageNo, pageSize: q.pageSize,
  };
}

/** A page of the user's attempts at exams (not surveys), newest first (/exam/examHistory, issue 18). */
export async function searchHistory(trx: Trx, userId: number, q: { pageNo: number; pageSize: number }): Promise<Page<HistoryItem>> {
  const mine = trx.selectFrom('exam_attempt as a')
    .innerJoin('exam', (j) => j.onRef('exam.tenant_id', '=', 'a.tenant_id').onRef('exam.id', '=', 'a.exam_id'))
    .where('a.user_id', '=', userId).where('exam.type', '=', 'exam');
  const rows = await mine
    .select([
      'a.id', 'a.exam_id', 'exam.title', 'a.state', 'a.marking_state', 'a.started_at', 'a.submitted_at', 'a.score', 'a.objective_score', 'a.passed',
      'exam.total_score', sql<number | null>`floor(extract(epoch from (a.submitted_at - a.started_at)))::int`.as('time_used'),
    ])
    .orderBy('a.started_at', 'desc').orderBy('a.id', 'desc')
    .limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute();
  const { n } = await mine.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return {
    list: rows.map((r) => ({
      attemptId: Number(r.id), examId: Number(r.exam_id), title: r.title, state: r.state, markingState: r.marking_state,
      startedAt: iso(r.started_at), submittedAt: isoOrNull(r.submitted_at), timeUsedSeconds: r.time_used === null ? null : Math.max(0, r.time_used),
      score: r.score, objectiveScore: r.objective_score, passed: r.passed, totalScore: r.total_score,
    })),
    total: Number(n), pageNo: q.pageNo, pageSize: q.pageSize,
  };
}
