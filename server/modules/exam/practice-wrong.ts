// The wrong-answer book (issue 18 part C): a question answered wrong in practice or in a closed exam
// attempt is added, or bumped when it is there; answered right in a later practice it is mastered.
// An attempt is recorded once (exam_attempt.wrong_recorded_at, migration 0026): at its close
// (recordExamWrongAnswers, wired by the lead where attempts close) and, for any attempt not yet
// recorded, when the learner next starts a practice (backfillExamWrongAnswers).
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { PracticeQuestionSnapshot } from '../../db/types-exam-more';
import { isRight } from './practice-check';
import { wrongOfAttempt } from './practice-questions';

type Trx = Transaction<DB>;

const tenantOfTrx = sql<number>`current_setting('app.tenant_id')::bigint`;

/**
 * Adds a wrong answer to the user's book, or bumps it (count + 1, un-mastered). `at` is when it was
 * answered wrong: a bump only happens for a newer wrong, so recording the same attempt twice (or an
 * older attempt after a later practice) changes nothing.
 */
export async function addWrong(trx: Trx, userId: number, q: Pick<PracticeQuestionSnapshot, 'source' | 'id' | 'kind' | 'stem'>, given: string[], at: Date | 'now', examId: number | null): Promise<void> {
  const when = at === 'now' ? sql<Date>`now()` : sql<Date>`${at.toISOString()}::timestamptz`;
  await trx.insertInto('wrong_answer').values({
    tenant_id: tenantOfTrx, user_id: userId, source: q.source, question_id: q.id, exam_id: examId, kind: q.kind,
    stem: q.stem.slice(0, 4000), last_answer: JSON.stringify(given), last_wrong_at: when,
  }).onConflict((c) => c.columns(['tenant_id', 'user_id', 'source', 'question_id']).doUpdateSet((eb) => ({
    wrong_count: sql<number>`wrong_answer.wrong_count + 1`,
    last_answer: eb.ref('excluded.last_answer'),
    last_wrong_at: eb.ref('excluded.last_wrong_at'),
    stem: eb.ref('excluded.stem'),
    mastered_at: null,
  })).where(sql<boolean>`excluded.last_wrong_at > wrong_answer.last_wrong_at`)).execute();
}

/** Marks a book entry mastered (answered right in practice); nothing when it is not in the book or mastered already. */
export async function masterWrong(trx: Trx, userId: number, q: Pick<PracticeQuestionSnapshot, 'source' | 'id'>): Promise<void> {
  await trx.updateTable('wrong_answer').set({ mastered_at: sql`now()` })
    .where('user_id', '=', userId).where('source', '=', q.source).where('question_id', '=', q.id).where('mastered_at', 'is', null).execute();
}

/**
 * Records the wrong answers of one closed exam attempt in its owner's book, once (issue 18: "a wrong
 * answer in a closed exam attempt adds or bumps it"). Nothing for an open attempt, a survey, an
 * attempt still awaiting marking (recorded once marked), an exam that does not allow practice, or an
 * attempt recorded before. Returns how many questions were recorded.
 */
export async function recordExamWrongAnswers(trx: Trx, attemptId: number): Promise<number> {
  const attempt = await trx.selectFrom('exam_attempt as a')
    .innerJoin('exam as e', (j) => j.onRef('e.tenant_id', '=', 'a.tenant_id').onRef('e.id', '=', 'a.exam_id'))
    .select(['a.id', 'a.exam_id', 'a.user_id', 'a.answers', 'a.state', 'a.marking_state', 'a.submitted_at', 'e.type', 'e.allow_practice', sql<Date | null>`a.wrong_recorded_at`.as('recorded')])
    .where('a.id', '=', attemptId).forUpdate().executeTakeFirst();
  if (!attempt || attempt.state === 'open' || attempt.marking_state === 'pending' || attempt.recorded !== null) return 0;
  let recorded = 0;
  if (attempt.type === 'exam' && attempt.allow_practice) {
    const wrong = await wrongOfAttempt(trx, { id: Number(attempt.id), exam_id: Number(attempt.exam_id), answers: attempt.answers }, isRight);
    for (const w of wrong) await addWrong(trx, Number(attempt.user_id), w.snapshot, w.given, attempt.submitted_at ?? 'now', Number(attempt.exam_id));
    recorded = wrong.length;
  }
  await sql`update exam_attempt set wrong_recorded_at = now() where id = ${attemptId}`.execute(trx);
  return recorded;
}

/** Records every closed attempt of the user not recorded yet (practice start: attempts closed by a path that did not record). */
export async function backfillExamWrongAnswers(trx: Trx, userId: number): Promise<number> {
  const { rows } = await sql<{ id: string }>`select id from exam_attempt where user_id = ${userId} and state <> 'open'
    and marking_state <> 'pending' and wrong_recorded_at is null order by submitted_at, id`.execute(trx);
  let n = 0;
  for (const r of rows) n += await recordExamWrongAnswers(trx, Number(r.id));
  return n;
}

/** A page of the user's book: open entries (or the mastered ones), the latest wrong first. */
export async function listWrongBook(trx: Trx, userId: number, q: { pageNo: number; pageSize: number; mastered: boolean }) {
  const base = trx.selectFrom('wrong_answer as w').where('w.user_id', '=', userId)
    .where('w.mastered_at', q.mastered ? 'is not' : 'is', null);
  const rows = await base
    .leftJoin('exam as e', (j) => j.onRef('e.tenant_id', '=', 'w.tenant_id').onRef('e.id', '=', 'w.exam_id'))
    .select(['w.source', 'w.question_id', 'w.exam_id', 'e.title as exam_title', 'w.kind', 'w.stem', 'w.last_answer', 'w.wrong_count', 'w.last_wrong_at', 'w.mastered_at'])
    .orderBy(q.mastered ? 'w.mastered_at' : 'w.last_wrong_at', 'desc').orderBy('w.question_id', 'desc')
    .limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute();
  const { n } = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return { rows, total: n };
}

/** The user's open book entries to practise, the latest wrong first. */
export async function openWrongEntries(trx: Trx, userId: number, limit: number) {
  return trx.selectFrom('wrong_answer').select(['source', 'question_id'])
    .where('user_id', '=', userId).where('mastered_at', 'is', null)
    .orderBy('last_wrong_at', 'desc').orderBy('question_id', 'desc').limit(limit).execute();
}

/** Removes an entry from the user's book; false when it was not there. */
export async function removeWrong(trx: Trx, userId: number, source: 'bank' | 'exam', questionId: number): Promise<boolean> {
  const r = await trx.deleteFrom('wrong_answer').where('user_id', '=', userId).where('source', '=', source).where('question_id', '=', questionId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}
