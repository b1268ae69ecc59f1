// SQL of the sitting calls (migration 0010): questions, attempts, autosaved answers and the
// caller's exams. Every function runs in the caller's tenant transaction (row-level security).
import { sql, type Transaction } from 'kysely';
import type { DB, QuestionKind, QuestionOption, SavedAnswer } from '../../db/types';
import type { Page } from '../../lib/listing';
import { iso, isoOrNull } from '../../lib/list-sql';
import type { MemberExam } from '../../../schemas/api/exam';
import { scoresShown } from './paper-scoring';
import { windowState } from './repository';

type Trx = Transaction<DB>;

/** A published exam row with its window state, as the sitting rules read it. */
export interface ExamRow {
  id: number; title: string; cover: string | null; summary: string | null; category_id: number | null; category_name: string | null;
  publish_time: Date; type: 'exam' | 'survey'; start_time: Date; end_time: Date | null; duration: number; pass_score: number | null;
  total_score: number | null; question_count: number; join_count: number; window_state: 'upcoming' | 'open' | 'closed';
}

/** A question with everything the server knows, answer included. */
export interface QuestionRow {
  id: number; kind: QuestionKind; stem: string; options: QuestionOption[]; answer: string[] | null; score: number; sort: number;
}

/** An attempt row. */
export interface AttemptRow {
  id: number; exam_id: number; user_id: number; started_at: Date; deadline: Date | null; submitted_at: Date | null;
  answers: Record<string, SavedAnswer>; score: number | null; passed: boolean | null; state: 'open' | 'submitted' | 'expired';
}

/** The published exam or survey with this id, or undefined. */
export async function findPublishedExam(trx: Trx, id: number): Promise<ExamRow | undefined> {
  const row = await trx.selectFrom('exam')
    .leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'exam.tenant_id').onRef('cat.id', '=', 'exam.category_id'))
    .select([
      'exam.id', 'exam.title', 'exam.cover', 'exam.summary', 'exam.category_id', 'cat.name as category_name', 'exam.publish_time',
      'exam.type', 'exam.start_time', 'exam.end_time', 'exam.duration', 'exam.pass_score', 'exam.total_score',
      'exam.question_count', 'exam.join_count', windowState.as('window_state'),
    ])
    .where('exam.id', '=', id).where('exam.state', '=', 1).executeTakeFirst();
  return row ? { ...row, id: Number(row.id) } : undefined;
}

/** The questions of an exam in paper order, answers included (never send these before the submit). */
export async function listQuestions(trx: Trx, examId: number): Promise<QuestionRow[]> {
  const rows = await trx.selectFrom('exam_question').select(['id', 'kind', 'stem', 'options', 'answer', 'score', 'sort'])
    .where('exam_id', '=', examId).orderBy('sort').orderBy('id').execute();
  // Fill answers (string[][]) arrive with issue 18's scoring; until then only option keys are stored.
  return rows.map((r) => ({ ...r, id: Number(r.id), answer: r.answer as string[] | null }));
}

const ATTEMPT_COLUMNS = ['id', 'exam_id', 'user_id', 'started_at', 'deadline', 'submitted_at', 'answers', 'score', 'passed', 'state'] as const;
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
export async function closeAttempt(trx: Trx, attemptId: number, state: 'submitted' | 'expired', score: number | null, passed: boolean | null): Promise<boolean> {
  const result = await trx.updateTable('exam_attempt')
    // An expired attempt closes at its deadline: that is when answering stopped.
    .set({ state, score, passed, submitted_at: state === 'expired' ? sql`coalesce(deadline, now())` : sql`now()` })
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
      lastState: r.last_state, lastTime: iso(r.last_time), bestScore: r.best_score, passed: r.passed,
    })),
    total: Number(n), pageNo: q.pageNo, pageSize: q.pageSize,
  };
}
