// The marker's queries (issue 18, myExamMarking): the exams a user marks, their short questions and
// the answers to mark. Callers pass a transaction under the tenant's row-level security (readTenant).
// An "answer" is one short question of one handed-in attempt whose marking is pending or done; a
// random paper's copies of one bank question are one question to the marker (group_id).
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../../db/types';

type Trx = Transaction<DB>;

/** An exam as marking needs it. */
export interface MarkingExamRow {
  id: number;
  title: string;
  type: 'exam' | 'survey';
  blind_marking: boolean;
  paper_mode: 'fixed' | 'random';
}

export async function findMarkingExam(trx: Trx, examId: number): Promise<MarkingExamRow | undefined> {
  const row = await trx.selectFrom('exam').select(['id', 'title', 'type', 'blind_marking', 'paper_mode']).where('id', '=', examId).executeTakeFirst();
  return row && { ...row, id: Number(row.id) };
}

/**
 * The exams with short questions the user holds the marker role over (a grant on the exam or
 * tenant-wide: server/lib/roles.ts), newest first.
 */
export async function listMarkerExams(trx: Trx, userId: number): Promise<MarkingExamRow[]> {
  const rows = await trx.selectFrom('exam as e').select(['e.id', 'e.title', 'e.type', 'e.blind_marking', 'e.paper_mode'])
    .where('e.type', '=', 'exam')
    .where(({ exists, selectFrom }) => exists(selectFrom('exam_question as q').select(sql`1`.as('one')).whereRef('q.exam_id', '=', 'e.id').where('q.kind', '=', 'short')))
    .where(({ exists, selectFrom, eb }) => exists(selectFrom('user_role as r').select(sql`1`.as('one'))
      .where('r.user_id', '=', userId).where('r.role', '=', 'marker')
      .where((w) => w.or([w('r.scope_type', 'is', null), w.and([w('r.scope_type', '=', 'exam'), w('r.scope_id', '=', eb.ref('e.id'))])]))))
    .orderBy('e.id', 'desc').execute();
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** The group of a question: itself on a fixed paper, its bank question on a random one. */
const groupOf = (paperMode: 'fixed' | 'random'): RawBuilder<number> =>
  (paperMode === 'random' ? sql<number>`coalesce(q.bank_question_id, q.id)` : sql<number>`q.id`);

/** Every answer to mark of an exam, marked or not (see the head comment), as a subquery `p`. */
function answersOf(exam: MarkingExamRow) {
  const paper = exam.paper_mode === 'random' ? sql`q.attempt_id = a.id` : sql`q.attempt_id is null`;
  return sql<AnswerPair>`(
    select a.id as attempt_id, a.user_id, a.submitted_at, a.marking_state, a.answers -> (q.id::text) -> 'v' ->> 0 as answer,
      q.id as question_id, ${groupOf(exam.paper_mode)} as group_id,
      m.score, m.comment, m.marker_id, m.marked_at
    from exam_attempt a
    join exam_question q on q.tenant_id = a.tenant_id and q.exam_id = a.exam_id and q.kind = 'short' and ${paper}
    left join exam_mark m on m.tenant_id = a.tenant_id and m.attempt_id = a.id and m.question_id = q.id
    where a.exam_id = ${exam.id} and a.state <> 'open' and a.marking_state in ('pending', 'done')
  )`;
}

interface AnswerPair {
  attempt_id: number;
  user_id: number;
  submitted_at: Date | null;
  marking_state: 'pending' | 'done';
  answer: string | null;
  question_id: number;
  group_id: number;
  score: number | null;
  comment: string | null;
  marker_id: number | null;
  marked_at: Date | null;
}

/** An exam's counts for the marker's list. */
export interface ExamMarkingCounts {
  pendingAttempts: number;
  pendingAnswers: number;
  markedAnswers: number;
  lastSubmittedAt: Date | null;
}

export async function countExamMarking(trx: Trx, exam: MarkingExamRow): Promise<ExamMarkingCounts> {
  const { rows } = await sql<{ pending_attempts: string; pending_answers: string; marked_answers: string; last: Date | null }>`
    select count(distinct p.attempt_id) filter (where p.marking_state = 'pending') as pending_attempts,
      count(*) filter (where p.score is null and p.marking_state = 'pending') as pending_answers,
      count(p.score) as marked_answers, max(p.submitted_at) as last
    from ${answersOf(exam)} p`.execute(trx);
  const r = rows[0]!;
  return { pendingAttempts: Number(r.pending_attempts), pendingAnswers: Number(r.pending_answers), markedAnswers: Number(r.marked_answers), lastSubmittedAt: r.last };
}

/** A short question of an exam (one per group), with its passage and progress. */
export interface ShortQuestionRow {
  id: number;
  group_id: number;
  stem: string;
  passage: string | null;
  reference: string | null;
  score: number;
  total: number;
  marked: number;
}

/** The exam's short questions in paper order (a random paper's: as they were first drawn), with progress. */
export async function listShortQuestions(trx: Trx, exam: MarkingExamRow): Promise<ShortQuestionRow[]> {
  const paper = exam.paper_mode === 'random' ? sql`q.attempt_id is not null` : sql`q.attempt_id is null`;
  const { rows } = await sql<Omit<ShortQuestionRow, 'total' | 'marked'>>`
    select distinct on (${groupOf(exam.paper_mode)}) q.id, ${groupOf(exam.paper_mode)} as group_id, q.stem, p.stem as passage, q.reference, q.score,
      coalesce(p.sort, q.sort) as top_sort, coalesce(p.id, q.id) as top_id, q.sort
    from exam_question q left join exam_question p on p.tenant_id = q.tenant_id and p.id = q.parent_id
    where q.exam_id = ${exam.id} and q.kind = 'short' and ${paper}
    order by ${groupOf(exam.paper_mode)}, q.id`.execute(trx);
  const ordered = (rows as (Omit<ShortQuestionRow, 'total' | 'marked'> & { top_sort: number; top_id: number; sort: number })[])
    .sort((a, b) => a.top_sort - b.top_sort || Number(a.top_id) - Number(b.top_id) || a.sort - b.sort || Number(a.id) - Number(b.id));
  const { rows: counts } = await sql<{ group_id: number; total: string; marked: string }>`
    select p.group_id, count(*) as total, count(p.score) as marked from ${answersOf(exam)} p group by p.group_id`.execute(trx);
  const byGroup = new Map(counts.map((c) => [Number(c.group_id), c]));
  return ordered.map((q) => {
    const c = byGroup.get(Number(q.group_id));
    return {
      id: Number(q.id), group_id: Number(q.group_id), stem: q.stem, passage: q.passage, reference: q.reference, score: q.score,
      total: Number(c?.total ?? 0), marked: Number(c?.marked ?? 0),
    };
  });
}

/** One answer with who wrote it (numbered within the exam) and who marked it. */
export interface AnswerRow extends AnswerPair {
  candidate_number: number;
  candidate_name: string;
  marker_name: string | null;
}

/** The most answers one list returns. */
export const ANSWERS_LIMIT = 500;

/**
 * The answers to one question group: pending (no mark yet, attempts awaiting marking) oldest submit
 * first, or marked, latest mark first. Candidates are numbered by their first attempt at the exam,
 * so a number never changes as more people hand in.
 */
export async function listAnswers(trx: Trx, exam: MarkingExamRow, groupId: number, state: 'pending' | 'marked'): Promise<AnswerRow[]> {
  const filter = state === 'pending' ? sql`p.score is null and p.marking_state = 'pending'` : sql`p.score is not null`;
  const order = state === 'pending' ? sql`p.submitted_at, p.attempt_id` : sql`p.marked_at desc, p.attempt_id`;
  const { rows } = await sql<AnswerRow>`
    with numbered as (
      select user_id, row_number() over (order by min(id)) as n from exam_attempt where exam_id = ${exam.id} group by user_id
    )
    select p.*, n.n as candidate_number,
      coalesce(nullif(u.real_name, ''), nullif(u.nick_name, ''), u.account) as candidate_name,
      coalesce(nullif(mk.real_name, ''), nullif(mk.nick_name, ''), mk.account) as marker_name
    from ${answersOf(exam)} p
    join numbered n on n.user_id = p.user_id
    join user_account u on u.id = p.user_id
    left join user_account mk on mk.id = p.marker_id
    where p.group_id = ${groupId} and ${filter}
    order by ${order}
    limit ${ANSWERS_LIMIT}`.execute(trx);
  return rows.map((r) => ({ ...r, attempt_id: Number(r.attempt_id), question_id: Number(r.question_id), candidate_number: Number(r.candidate_number) }));
}

/** Writes (or rewrites) a marker's mark on one question of one attempt, stamped with the marker and now. */
export async function upsertMark(trx: Trx, tenantId: number, mark: { attemptId: number; questionId: number; score: number; comment: string | null; markerId: number }) {
  await trx.insertInto('exam_mark').values({
    tenant_id: tenantId, attempt_id: mark.attemptId, question_id: mark.questionId, score: mark.score, comment: mark.comment,
    marker_id: mark.markerId, marked_at: sql`now()`,
  }).onConflict((oc) => oc.columns(['tenant_id', 'attempt_id', 'question_id']).doUpdateSet({
    score: mark.score, comment: mark.comment, marker_id: mark.markerId, marked_at: sql`now()`,
  })).execute();
}
