// The questions practice reads (issue 18 part C): bank questions by category and by id, an exam
// attempt's paper with what was answered, and the snapshot a session keeps of each (answers and
// explanations included: server side only). Every function runs in the tenant's transaction.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { PracticeQuestionSnapshot } from '../../db/types-exam-more';
import type { QuestionOption } from '../../db/types-exam';

type Trx = Transaction<DB>;
type Kind = PracticeQuestionSnapshot['kind'];

/** A question row of the bank or a paper, as both tables hold them. */
interface QuestionRow {
  id: number | string; parent_id: number | string | null; kind: string; stem: string; options: QuestionOption[] | string;
  answer: string[] | string[][] | null; explanation: string | null; reference: string | null;
}

const optionsOf = (o: QuestionOption[] | string): QuestionOption[] => (typeof o === 'string' ? JSON.parse(o) as QuestionOption[] : o);

function snapshotOf(source: 'bank' | 'exam', row: QuestionRow, children: QuestionRow[]): PracticeQuestionSnapshot {
  const snap: PracticeQuestionSnapshot = {
    source, id: Number(row.id), kind: row.kind as Kind, stem: row.stem, options: optionsOf(row.options),
    answer: row.answer, explanation: row.explanation, reference: row.reference,
  };
  if (row.kind === 'composite') snap.children = children.map((c) => snapshotOf(source, c, []));
  return snap;
}

const BANK_COLUMNS = ['id', 'parent_id', 'kind', 'stem', 'options', 'answer', 'explanation', 'reference'] as const;

/** Snapshots of bank questions by id, in the order given; archived and unknown ids are left out. */
export async function bankSnapshots(trx: Trx, ids: readonly number[]): Promise<PracticeQuestionSnapshot[]> {
  if (ids.length === 0) return [];
  const rows = await trx.selectFrom('bank_question').select(BANK_COLUMNS)
    .where('id', 'in', [...ids]).where('parent_id', 'is', null).where('state', '=', 'active').execute();
  const children = await trx.selectFrom('bank_question').select(BANK_COLUMNS)
    .where('parent_id', 'in', [...ids]).orderBy('sort').orderBy('id').execute();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [snapshotOf('bank', row, children.filter((c) => Number(c.parent_id) === id))] : [];
  });
}

/** The category and every category under it. */
export async function subtreeOf(trx: Trx, categoryId: number): Promise<number[]> {
  const { rows } = await sql<{ id: string }>`
    with recursive sub as (
      select id from question_category where id = ${categoryId}
      union all
      select c.id from question_category c join sub on c.parent_id = sub.id
    ) select id from sub`.execute(trx);
  return rows.map((r) => Number(r.id));
}

/** Up to `count` active top-level questions drawn at random from the categories. */
export async function drawBankIds(trx: Trx, categoryIds: readonly number[], count: number): Promise<number[]> {
  if (categoryIds.length === 0) return [];
  const rows = await trx.selectFrom('bank_question').select('id')
    .where('category_id', 'in', [...categoryIds]).where('parent_id', 'is', null).where('state', '=', 'active')
    .orderBy(sql`random()`).limit(count).execute();
  return rows.map((r) => Number(r.id));
}

/** Every category with its own count of practisable questions (active, top level). */
export async function listCategoryCounts(trx: Trx): Promise<Array<{ id: number; parentId: number | null; name: string; sort: number; own: number }>> {
  const rows = await trx.selectFrom('question_category as c')
    .select(['c.id', 'c.parent_id', 'c.name', 'c.sort', sql<number>`(select count(*)::int from bank_question q
      where q.tenant_id = c.tenant_id and q.category_id = c.id and q.parent_id is null and q.state = 'active')`.as('own')])
    .orderBy('c.sort').orderBy('c.id').execute();
  return rows.map((r) => ({ id: Number(r.id), parentId: r.parent_id === null ? null : Number(r.parent_id), name: r.name, sort: r.sort, own: r.own }));
}

/** A question of an attempt's paper with the points it carries. */
export interface PaperQuestion extends QuestionRow { score: number }

/**
 * The questions of an attempt (shared rule of issue 18): a random paper's are the rows drawn for
 * the attempt (attempt_id), a fixed paper's the exam's own (attempt_id null). Top level first.
 */
export async function attemptQuestions(trx: Trx, examId: number, attemptId: number): Promise<PaperQuestion[]> {
  const cols = ['id', 'parent_id', 'kind', 'stem', 'options', 'answer', 'explanation', 'reference', 'score', 'sort'] as const;
  const drawn = await trx.selectFrom('exam_question').select(cols).where('attempt_id', '=', attemptId).orderBy('sort').orderBy('id').execute();
  if (drawn.length > 0) return drawn;
  return trx.selectFrom('exam_question').select(cols).where('exam_id', '=', examId).where('attempt_id', 'is', null).orderBy('sort').orderBy('id').execute();
}

/** A wrong top-level question of an attempt with the snapshot to practise it and what was answered. */
export interface ExamWrong {
  snapshot: PracticeQuestionSnapshot;
  given: string[];
}

/** Points a short question got from its marker, by question id. */
async function marksOf(trx: Trx, attemptId: number): Promise<Map<number, number>> {
  const rows = await trx.selectFrom('exam_mark').select(['question_id', 'score']).where('attempt_id', '=', attemptId).execute();
  return new Map(rows.map((r) => [Number(r.question_id), r.score]));
}

/**
 * The top-level questions a closed attempt got wrong: a machine-checked one not right (unanswered
 * included), a short one marked below its points (unmarked: not yet known, left out), a composite
 * with any wrong part. Survey text questions are never wrong.
 */
export async function wrongOfAttempt(
  trx: Trx, attempt: { id: number; exam_id: number; answers: Record<string, { v: string[] }> }, isRight: (q: { kind: Kind; answer: PaperQuestion['answer'] }, v: string[]) => boolean | null,
): Promise<ExamWrong[]> {
  const questions = await attemptQuestions(trx, attempt.exam_id, attempt.id);
  const marks = await marksOf(trx, attempt.id);
  const given = (id: number | string) => attempt.answers[String(id)]?.v ?? [];
  const wrong = (q: PaperQuestion): boolean => {
    if (q.kind === 'text') return false;
    if (q.kind === 'short') {
      const mark = marks.get(Number(q.id));
      return mark !== undefined && mark < q.score;
    }
    return isRight({ kind: q.kind as Kind, answer: q.answer }, given(q.id)) === false;
  };
  const top = questions.filter((q) => q.parent_id === null);
  const out: ExamWrong[] = [];
  for (const q of top) {
    const children = questions.filter((c) => c.parent_id !== null && Number(c.parent_id) === Number(q.id));
    const isWrong = q.kind === 'composite' ? children.some(wrong) : wrong(q);
    if (isWrong) out.push({ snapshot: snapshotOf('exam', q, children), given: given(q.id) });
  }
  return out;
}

/** Snapshots of exam questions by id, in the order given (the wrong-answer book's exam entries). */
export async function examSnapshots(trx: Trx, ids: readonly number[]): Promise<PracticeQuestionSnapshot[]> {
  if (ids.length === 0) return [];
  const cols = ['id', 'parent_id', 'kind', 'stem', 'options', 'answer', 'explanation', 'reference'] as const;
  const rows = await trx.selectFrom('exam_question').select(cols).where('id', 'in', [...ids]).where('parent_id', 'is', null).execute();
  const children = await trx.selectFrom('exam_question').select(cols).where('parent_id', 'in', [...ids]).orderBy('sort').orderBy('id').execute();
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row && row.kind !== 'text' ? [snapshotOf('exam', row, children.filter((c) => Number(c.parent_id) === id))] : [];
  });
}
