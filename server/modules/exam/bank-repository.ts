// The question bank's rows (issue 18 part A; migration 0023 question_category, bank_question;
// docs/exams.md "The bank"). Callers pass a tenant transaction (asBankAdmin): row-level security
// keeps every read and write inside the tenant.
import { sql } from 'kysely';
import type { BankCategory, BankQuestion, BankQuestionInput, BankKind } from '../../../schemas/api/exam-admin';
import { ApiError } from '../../plugins/envelope';
import type { Trx } from './bank-guard';
import { questionProblems, storedAnswer } from './bank-validate';

const iso = (d: Date | string) => new Date(d).toISOString();

// --- Categories ---

export async function listCategories(trx: Trx): Promise<BankCategory[]> {
  const rows = await trx.selectFrom('question_category as c')
    .select(['c.id', 'c.parent_id', 'c.name', 'c.sort',
      sql<number>`(select count(*)::int from bank_question q where q.tenant_id = c.tenant_id and q.category_id = c.id and q.parent_id is null and q.state = 'active')`.as('n')])
    .orderBy('c.sort').orderBy('c.id').execute();
  return rows.map((r) => ({ id: Number(r.id), parentId: r.parent_id === null ? null : Number(r.parent_id), name: r.name, sort: r.sort, questionCount: r.n }));
}

/** The category and every category under it, by id. */
export async function categoryAndBelow(trx: Trx, id: number): Promise<number[]> {
  const rows = await sql<{ id: number }>`with recursive t as (select id from question_category where id = ${id}
    union all select c.id from question_category c join t on c.parent_id = t.id) select id from t`.execute(trx);
  return rows.rows.map((r) => Number(r.id));
}

async function requireCategory(trx: Trx, id: number): Promise<{ id: number; name: string }> {
  const row = await trx.selectFrom('question_category').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError('找不到这个题目分类，它可能已被删除。', { code: 404, errorCode: 'CATEGORY_NOT_FOUND' });
  return { id: Number(row.id), name: row.name };
}

export async function saveCategory(trx: Trx, tenantId: number, input: { id?: number | undefined; name: string; parentId?: number | null | undefined }): Promise<BankCategory> {
  const name = input.name.trim();
  if (!name) throw new ApiError('请填写分类名称。', { errorCode: 'CATEGORY_NAME_REQUIRED' });
  if ([...name].length > 60) throw new ApiError('分类名称最多 60 个字。', { errorCode: 'CATEGORY_NAME_TOO_LONG' });
  const parentId = input.parentId ?? null;
  if (parentId !== null) {
    await requireCategory(trx, parentId);
    // A category cannot move under itself or one of its own sub-categories.
    if (input.id !== undefined && (await categoryAndBelow(trx, input.id)).includes(parentId)) {
      throw new ApiError('不能把分类移到它自己或它的子分类下面。', { errorCode: 'CATEGORY_CYCLE' });
    }
  }
  const clash = await trx.selectFrom('question_category').select('id').where('name', '=', name)
    .where(parentId === null ? sql<boolean>`parent_id is null` : sql<boolean>`parent_id = ${parentId}`)
    .$if(input.id !== undefined, (q) => q.where('id', '<>', input.id!)).executeTakeFirst();
  if (clash) throw new ApiError(`同一级下已有名为「${name}」的分类。`, { errorCode: 'CATEGORY_NAME_TAKEN' });
  let id: number;
  if (input.id === undefined) {
    const sort = await trx.selectFrom('question_category').select(sql<number>`coalesce(max(sort), 0)::int + 1`.as('s')).executeTakeFirstOrThrow();
    id = Number((await trx.insertInto('question_category').values({ tenant_id: tenantId, parent_id: parentId, name, sort: sort.s }).returning('id').executeTakeFirstOrThrow()).id);
  } else {
    await requireCategory(trx, input.id);
    await trx.updateTable('question_category').set({ name, parent_id: parentId }).where('id', '=', input.id).execute();
    id = input.id;
  }
  return (await listCategories(trx)).find((c) => c.id === id)!;
}

/** Deletes an empty category; one with sub-categories or questions (archived ones too) stays, with a clear reason. */
export async function deleteCategory(trx: Trx, id: number): Promise<void> {
  const cat = await requireCategory(trx, id);
  const kids = await trx.selectFrom('question_category').select(sql<number>`count(*)::int`.as('n')).where('parent_id', '=', id).executeTakeFirstOrThrow();
  if (kids.n > 0) throw new ApiError(`分类「${cat.name}」下还有 ${kids.n} 个子分类，请先删除或移走它们。`, { errorCode: 'CATEGORY_NOT_EMPTY' });
  const qs = await trx.selectFrom('bank_question').select(sql<number>`count(*)::int`.as('n')).where('category_id', '=', id).where('parent_id', 'is', null).executeTakeFirstOrThrow();
  if (qs.n > 0) throw new ApiError(`分类「${cat.name}」下还有 ${qs.n} 道题目（含已归档的），请先移走或删除它们。`, { errorCode: 'CATEGORY_NOT_EMPTY' });
  await trx.updateTable('practice_set').set({ category_id: null }).where('category_id', '=', id).execute();
  await trx.deleteFrom('question_category').where('id', '=', id).execute();
}

// --- Questions ---

type QuestionRow = {
  id: number; category_id: number; kind: BankKind; stem: string; options: Array<{ key: string; text: string }>;
  answer: string[] | string[][] | null; reference: string | null; explanation: string | null; difficulty: number; score: number;
};

const usedBy = sql<number>`(select count(distinct eq.exam_id)::int from exam_question eq where eq.tenant_id = q.tenant_id and eq.bank_question_id = q.id)`;

function questionOf(r: QuestionRow & { category_name: string; state: 'active' | 'archived'; used_by: number; updated_at: Date | string }, kids: QuestionRow[]): BankQuestion {
  const plain = (k: QuestionRow) => ({
    id: Number(k.id), kind: k.kind, stem: k.stem, options: k.options, answer: k.answer, reference: k.reference, explanation: k.explanation,
    difficulty: k.difficulty, score: k.score,
  });
  return {
    ...plain(r), categoryId: Number(r.category_id), categoryName: r.category_name, state: r.state, usedBy: r.used_by, updatedAt: iso(r.updated_at),
    children: kids.map(plain),
  };
}

const COLUMNS = ['q.id', 'q.category_id', 'q.kind', 'q.stem', 'q.options', 'q.answer', 'q.reference', 'q.explanation', 'q.difficulty', 'q.score', 'q.state', 'q.updated_at', 'c.name as category_name'] as const;

async function childrenOf(trx: Trx, ids: number[]): Promise<Map<number, QuestionRow[]>> {
  const out = new Map<number, QuestionRow[]>();
  if (ids.length === 0) return out;
  const rows = await trx.selectFrom('bank_question').select(['id', 'parent_id', 'category_id', 'kind', 'stem', 'options', 'answer', 'reference', 'explanation', 'difficulty', 'score'])
    .where('parent_id', 'in', ids).orderBy('sort').orderBy('id').execute();
  for (const r of rows) {
    const list = out.get(Number(r.parent_id)) ?? [];
    list.push(r as QuestionRow);
    out.set(Number(r.parent_id), list);
  }
  return out;
}

export interface QuestionSearch {
  categoryId?: number | undefined; kind?: BankKind | undefined; difficulty?: number | undefined; text?: string | undefined;
  state?: 'active' | 'archived' | undefined; pageNo?: number | undefined; pageSize?: number | undefined;
}

export async function searchQuestions(trx: Trx, s: QuestionSearch): Promise<{ list: BankQuestion[]; total: number; pageNo: number; pageSize: number }> {
  const pageNo = s.pageNo ?? 1;
  const pageSize = s.pageSize ?? 10;
  const cats = s.categoryId === undefined ? undefined : await categoryAndBelow(trx, s.categoryId);
  const text = s.text?.trim();
  const base = trx.selectFrom('bank_question as q')
    .innerJoin('question_category as c', (j) => j.onRef('c.tenant_id', '=', 'q.tenant_id').onRef('c.id', '=', 'q.category_id'))
    .where('q.parent_id', 'is', null).where('q.state', '=', s.state ?? 'active')
    .$if(cats !== undefined, (q) => q.where('q.category_id', 'in', cats!.length ? cats! : [0]))
    .$if(s.kind !== undefined, (q) => q.where('q.kind', '=', s.kind!))
    .$if(s.difficulty !== undefined, (q) => q.where('q.difficulty', '=', s.difficulty!))
    .$if(Boolean(text), (q) => q.where('q.stem', 'ilike', `%${text!.replace(/[\\%_]/g, (m) => `\\${m}`)}%`));
  const [rows, count] = await Promise.all([
    base.select([...COLUMNS, usedBy.as('used_by')]).orderBy('q.category_id').orderBy('q.sort').orderBy('q.id').limit(pageSize).offset((pageNo - 1) * pageSize).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  const kids = await childrenOf(trx, rows.filter((r) => r.kind === 'composite').map((r) => Number(r.id)));
  return { list: rows.map((r) => questionOf(r as never, kids.get(Number(r.id)) ?? [])), total: count.n, pageNo, pageSize };
}

export async function getQuestion(trx: Trx, id: number): Promise<BankQuestion> {
  const r = await trx.selectFrom('bank_question as q')
    .innerJoin('question_category as c', (j) => j.onRef('c.tenant_id', '=', 'q.tenant_id').onRef('c.id', '=', 'q.category_id'))
    .select([...COLUMNS, usedBy.as('used_by')]).where('q.id', '=', id).where('q.parent_id', 'is', null).executeTakeFirst();
  if (!r) throw new ApiError('找不到这道题目，它可能已被删除。', { code: 404, errorCode: 'QUESTION_NOT_FOUND' });
  const kids = await childrenOf(trx, [id]);
  return questionOf(r as never, kids.get(id) ?? []);
}

/** One problem as the form shows it: the first reason, in one sentence. */
export function problemMessage(problems: ReturnType<typeof questionProblems>): string {
  return problems.map((p) => p.reason).join(' ');
}

type InsertRow = {
  tenant_id: number; category_id: number; parent_id?: number | null; kind: BankKind; stem: string; options: string; answer: string | null;
  reference: string | null; explanation: string | null; difficulty: number; score: number; sort: number; created_by: number | null;
};

/** The rows to write for one checked question (its children separately, once the parent has an id). */
export function rowOf(tenantId: number, categoryId: number, q: Omit<BankQuestionInput, 'categoryId' | 'id'>, sort: number, userId: number | null): InsertRow {
  const answer = storedAnswer(q.kind, q.answer);
  const children = q.children ?? [];
  return {
    tenant_id: tenantId, category_id: categoryId, kind: q.kind, stem: q.stem.trim(), options: JSON.stringify(q.options.map((o) => ({ key: o.key, text: o.text.trim() }))),
    answer: answer === null ? null : JSON.stringify(answer), reference: q.kind === 'short' ? (q.reference?.trim() || null) : null,
    explanation: q.explanation?.trim() || null, difficulty: q.difficulty,
    // A composite's points are its sub-questions' sum (migration 0023).
    score: q.kind === 'composite' ? children.reduce((n, c) => n + c.score, 0) : q.score, sort, created_by: userId,
  };
}

/** Writes the sub-questions of a composite (replacing any it had). */
async function writeChildren(trx: Trx, tenantId: number, parentId: number, categoryId: number, q: BankQuestionInput, userId: number): Promise<void> {
  await trx.deleteFrom('bank_question').where('parent_id', '=', parentId).execute();
  const kids = q.kind === 'composite' ? q.children ?? [] : [];
  if (kids.length) {
    await trx.insertInto('bank_question').values(kids.map((k, i) => ({ ...rowOf(tenantId, categoryId, k, i + 1, userId), parent_id: parentId }))).execute();
  }
}

export async function saveQuestion(trx: Trx, tenantId: number, userId: number, q: BankQuestionInput): Promise<BankQuestion> {
  const problems = questionProblems(q);
  if (problems.length) throw new ApiError(problemMessage(problems), { errorCode: 'QUESTION_INVALID' });
  await requireCategory(trx, q.categoryId);
  const row = rowOf(tenantId, q.categoryId, q, 0, userId);
  let id: number;
  if (q.id === undefined) {
    const sort = await trx.selectFrom('bank_question').select(sql<number>`coalesce(max(sort), 0)::int + 1`.as('s')).where('category_id', '=', q.categoryId).where('parent_id', 'is', null).executeTakeFirstOrThrow();
    id = Number((await trx.insertInto('bank_question').values({ ...row, sort: sort.s }).returning('id').executeTakeFirstOrThrow()).id);
  } else {
    const old = await trx.selectFrom('bank_question').select(['id']).where('id', '=', q.id).where('parent_id', 'is', null).executeTakeFirst();
    if (!old) throw new ApiError('找不到这道题目，它可能已被删除。', { code: 404, errorCode: 'QUESTION_NOT_FOUND' });
    const { tenant_id: _t, sort: _s, created_by: _c, ...changes } = row;
    // An exam's paper holds a copy (exam_question), so editing the bank never changes a paper already built.
    await trx.updateTable('bank_question').set({ ...changes, updated_at: new Date() }).where('id', '=', q.id).execute();
    id = q.id;
  }
  await writeChildren(trx, tenantId, id, q.categoryId, q, userId);
  return getQuestion(trx, id);
}

/** Deletes a question no exam used; archives one an exam's paper copied (restore brings it back). */
export async function archiveQuestion(trx: Trx, id: number, restore: boolean): Promise<'deleted' | 'archived' | 'restored'> {
  const q = await getQuestion(trx, id).catch(async () => {
    const archived = await trx.selectFrom('bank_question').select('id').where('id', '=', id).where('parent_id', 'is', null).executeTakeFirst();
    if (!archived) throw new ApiError('找不到这道题目，它可能已被删除。', { code: 404, errorCode: 'QUESTION_NOT_FOUND' });
    return null;
  });
  if (restore) {
    await trx.updateTable('bank_question').set({ state: 'active', updated_at: new Date() }).where('id', '=', id).execute();
    return 'restored';
  }
  const used = await trx.selectFrom('exam_question').select('id').where('bank_question_id', 'in',
    trx.selectFrom('bank_question').select('id').where((eb) => eb.or([eb('id', '=', id), eb('parent_id', '=', id)]))).limit(1).executeTakeFirst();
  const inSet = await trx.selectFrom('practice_set').select('id').where(sql<boolean>`${id}::bigint = any(question_ids)`).limit(1).executeTakeFirst();
  if (used || inSet || (q && q.usedBy > 0)) {
    await trx.updateTable('bank_question').set({ state: 'archived', updated_at: new Date() }).where('id', '=', id).execute();
    return 'archived';
  }
  await trx.deleteFrom('bank_question').where('id', '=', id).execute();
  return 'deleted';
}
