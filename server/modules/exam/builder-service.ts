// The back-office's exam builder, role grants and practice sets (issue 18 part A; docs/exams.md
// "The builder", "Roles"). Callers pass a tenant transaction (asBankAdmin): row-level security keeps
// every read and write inside the tenant.
import { sql } from 'kysely';
import type { AdminExam, AdminRoleGrant, DrawRuleInput, ExamSettingsInput } from '../../../schemas/api/exam-admin';
import { isSiteAddress } from '../../../schemas/url';
import type { RoleName, RoleScopeType } from '../../db/types';
import { CATEGORY_PURPOSE } from '../../lib/purposes';
import { grantRole } from '../../lib/roles';
import { ApiError } from '../../plugins/envelope';
import type { Trx } from './bank-guard';
import { drawPool, poolSize, poolsOverlap } from './builder-draw';

const iso = (d: Date | string) => new Date(d).toISOString();
const isoOrNull = (d: Date | string | null) => (d === null ? null : iso(d));

const attempts = sql<number>`(select count(*)::int from exam_attempt a where a.tenant_id = exam.tenant_id and a.exam_id = exam.id)`;

async function requireExam(trx: Trx, id: number) {
  const exam = await trx.selectFrom('exam').selectAll().select(attempts.as('attempt_count')).where('id', '=', id).executeTakeFirst();
  if (!exam) throw new ApiError('找不到这场考试，它可能已被删除。', { code: 404, errorCode: 'EXAM_NOT_FOUND' });
  return exam;
}

// --- Exams ---

export async function listAdminExams(trx: Trx, q: { text?: string | undefined; pageNo?: number | undefined; pageSize?: number | undefined }) {
  const pageNo = q.pageNo ?? 1;
  const pageSize = q.pageSize ?? 10;
  const text = q.text?.trim();
  const base = trx.selectFrom('exam').$if(Boolean(text), (b) => b.where('title', 'ilike', `%${text!.replace(/[\\%_]/g, (m) => `\\${m}`)}%`));
  const [rows, count] = await Promise.all([
    base.select(['id', 'title', 'type', 'state', 'paper_mode', 'question_count', 'total_score', 'start_time', 'end_time', attempts.as('attempt_count')])
      .orderBy('id', 'desc').limit(pageSize).offset((pageNo - 1) * pageSize).execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({
      id: Number(r.id), title: r.title, type: r.type, published: r.state === 1, paperMode: r.paper_mode, questionCount: r.question_count,
      totalScore: r.total_score, startTime: iso(r.start_time), endTime: isoOrNull(r.end_time), attemptCount: r.attempt_count,
    })),
    total: count.n, pageNo, pageSize,
  };
}

async function holders(trx: Trx, role: RoleName, examId: number) {
  const rows = await trx.selectFrom('user_role as r').innerJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'r.tenant_id').onRef('u.id', '=', 'r.user_id'))
    .select(['u.id', 'u.account', 'u.real_name', 'u.nick_name']).where('r.role', '=', role).where('r.scope_type', '=', 'exam').where('r.scope_id', '=', examId)
    .orderBy('u.id').execute();
  return rows.map((u) => ({ userId: Number(u.id), account: u.account, name: u.real_name || u.nick_name || u.account }));
}

export async function getAdminExam(trx: Trx, id: number): Promise<AdminExam> {
  const e = await requireExam(trx, id);
  const questions = await trx.selectFrom('exam_question as q')
    .select(['q.bank_question_id', 'q.kind', 'q.stem', 'q.score', 'q.id',
      sql<number>`(select count(*)::int from exam_question c where c.tenant_id = q.tenant_id and c.parent_id = q.id)`.as('child_count'),
      sql<number>`(select coalesce(sum(c.score), 0)::int from exam_question c where c.tenant_id = q.tenant_id and c.parent_id = q.id)`.as('child_score')])
    .where('q.exam_id', '=', id).where('q.attempt_id', 'is', null).where('q.parent_id', 'is', null).orderBy('q.sort').orderBy('q.id').execute();
  return {
    id: Number(e.id), title: e.title, type: e.type, categoryId: e.category_id === null ? null : Number(e.category_id), cover: e.cover, summary: e.summary,
    startTime: iso(e.start_time), endTime: isoOrNull(e.end_time), duration: e.duration, passScore: e.pass_score, maxAttempts: e.max_attempts,
    allowPreview: e.allow_preview, allowPractice: e.allow_practice, audience: e.audience, audienceClasses: e.audience_classes.map(Number),
    blindMarking: e.blind_marking, published: e.state === 1, paperMode: e.paper_mode,
    questions: questions.map((q) => ({
      bankQuestionId: q.bank_question_id === null ? null : Number(q.bank_question_id), kind: q.kind, stem: q.stem,
      score: q.kind === 'composite' ? q.child_score : q.score, childCount: q.child_count,
    })),
    drawRules: e.draw_rules.map((r) => ({ categoryId: r.categoryId, kind: r.kind ?? null, difficulty: r.difficulty ?? null, count: r.count, score: r.score })),
    questionCount: e.question_count, totalScore: e.total_score, attemptCount: e.attempt_count,
    markers: await holders(trx, 'marker', id), invigilators: await holders(trx, 'invigilator', id),
  };
}

export async function saveExamSettings(trx: Trx, tenantId: number, userId: number, input: ExamSettingsInput): Promise<AdminExam> {
  const title = input.title.trim();
  if (!title) throw new ApiError('请填写考试名称。', { errorCode: 'EXAM_TITLE_REQUIRED' });
  const start = new Date(input.startTime);
  const end = input.endTime ? new Date(input.endTime) : null;
  if (end && end <= start) throw new ApiError('结束时间须晚于开始时间。', { errorCode: 'EXAM_WINDOW_INVALID' });
  const cover = input.cover?.trim() || null;
  if (cover && !isSiteAddress(cover)) throw new ApiError('封面地址需以 / 开头（站内文件）或以 http:// 、https:// 开头。', { errorCode: 'EXAM_COVER_INVALID' });
  const categoryId = input.categoryId ?? null;
  if (categoryId !== null) {
    const cat = await trx.selectFrom('category').select('id').where('id', '=', categoryId).where('purpose', '=', CATEGORY_PURPOSE.exam).executeTakeFirst();
    if (!cat) throw new ApiError('所选考试分类不存在。', { errorCode: 'EXAM_CATEGORY_NOT_FOUND' });
  }
  const classes = [...new Set(input.audienceClasses)];
  if (input.audience === 'classes') {
    if (classes.length === 0) throw new ApiError('“指定班级”须至少选一个班级。', { errorCode: 'EXAM_AUDIENCE_EMPTY' });
    const found = await trx.selectFrom('training_class').select('id').where('id', 'in', classes).execute();
    if (found.length !== classes.length) throw new ApiError('所选班级中有的已不存在，请重新选择。', { errorCode: 'EXAM_CLASS_NOT_FOUND' });
  }
  const values = {
    title, type: input.type, category_id: categoryId, cover, summary: input.summary?.trim() || null, start_time: start, end_time: end,
    duration: input.duration, pass_score: input.type === 'survey' ? null : input.passScore ?? null, max_attempts: input.maxAttempts ?? null,
    allow_preview: input.allowPreview, allow_practice: input.allowPractice, audience: input.audience,
    audience_classes: input.audience === 'classes' ? classes : [], blind_marking: input.blindMarking,
  };
  let id: number;
  if (input.id === undefined) {
    // A new exam starts as a draft (state 0): the learner's lists show published ones only (state 1).
    id = Number((await trx.insertInto('exam').values({ ...values, tenant_id: tenantId, state: 0, created_by: userId }).returning('id').executeTakeFirstOrThrow()).id);
  } else {
    const old = await requireExam(trx, input.id);
    if (old.type !== input.type && old.attempt_count > 0) throw new ApiError('已有人参加，不能再更改考试/问卷类型。', { errorCode: 'EXAM_HAS_ATTEMPTS' });
    await trx.updateTable('exam').set({ ...values, updated_at: new Date() }).where('id', '=', input.id).execute();
    id = input.id;
    await recount(trx, id);
  }
  return getAdminExam(trx, id);
}

/** question_count and total_score follow the paper (spec: they describe it). */
async function recount(trx: Trx, examId: number): Promise<void> {
  const e = await requireExam(trx, examId);
  let count: number;
  let total: number;
  if (e.paper_mode === 'random') {
    count = e.draw_rules.reduce((n, r) => n + r.count, 0);
    total = e.draw_rules.reduce((n, r) => n + r.count * r.score, 0);
  } else {
    const row = await trx.selectFrom('exam_question').select([
      sql<number>`count(*) filter (where parent_id is null)::int`.as('n'),
      sql<number>`coalesce(sum(score) filter (where kind <> 'composite'), 0)::int`.as('total'),
    ]).where('exam_id', '=', examId).where('attempt_id', 'is', null).executeTakeFirstOrThrow();
    count = row.n;
    total = row.total;
  }
  await trx.updateTable('exam').set({ question_count: count, total_score: e.type === 'exam' ? total : null }).where('id', '=', examId).execute();
}

export async function savePaper(trx: Trx, tenantId: number, input: { examId: number; paperMode: 'fixed' | 'random'; questions: Array<{ bankQuestionId: number; score: number }>; drawRules: DrawRuleInput[] }): Promise<AdminExam> {
  const exam = await requireExam(trx, input.examId);
  // Ours (docs/exams.md): a paper someone has sat stays as it was, so every attempt is marked against the paper it answered.
  if (exam.attempt_count > 0) {
    throw new ApiError(`已有 ${exam.attempt_count} 人次参加了这场考试，试卷不能再修改；如需调整，请新建一场考试。`, { errorCode: 'PAPER_LOCKED' });
  }
  if (input.paperMode === 'random') {
    if (input.drawRules.length === 0) throw new ApiError('随机组卷须至少有一条抽题规则。', { errorCode: 'DRAW_RULES_EMPTY' });
    const total = input.drawRules.reduce((n, r) => n + r.count, 0);
    if (total > 200) throw new ApiError(`一份试卷最多 200 道题，这些规则要抽 ${total} 道。`, { errorCode: 'DRAW_TOO_MANY' });
    for (const [i, r] of input.drawRules.entries()) {
      const cat = await trx.selectFrom('question_category').select('name').where('id', '=', r.categoryId).executeTakeFirst();
      if (!cat) throw new ApiError('抽题规则中的题目分类不存在。', { errorCode: 'CATEGORY_NOT_FOUND' });
      const rule = { categoryId: r.categoryId, ...(r.kind ? { kind: r.kind } : {}), ...(r.difficulty ? { difficulty: r.difficulty } : {}) };
      const n = await poolSize(trx, rule);
      // The draw goes rule by rule and never draws a question twice, so an earlier rule whose pool
      // overlaps this one may take from it: this pool must hold them all.
      const earlier = input.drawRules.slice(0, i).filter((e) => poolsOverlap(rule, { categoryId: e.categoryId, ...(e.kind ? { kind: e.kind } : {}), ...(e.difficulty ? { difficulty: e.difficulty } : {}) }));
      const wanted = r.count + earlier.reduce((sum, e) => sum + e.count, 0);
      if (n < wanted) {
        throw new ApiError(earlier.length
          ? `分类「${cat.name}」只有 ${n} 道符合条件的题目，不够第 ${i + 1} 条和它之前的相同范围的规则一共抽 ${wanted} 道。`
          : `分类「${cat.name}」只有 ${n} 道符合条件的题目，不够抽 ${r.count} 道。`, { errorCode: 'DRAW_POOL_TOO_SMALL' });
      }
    }
    await trx.deleteFrom('exam_question').where('exam_id', '=', input.examId).where('attempt_id', 'is', null).execute();
    const rules = input.drawRules.map((r) => ({ categoryId: r.categoryId, ...(r.kind ? { kind: r.kind } : {}), ...(r.difficulty ? { difficulty: r.difficulty } : {}), count: r.count, score: r.score }));
    await trx.updateTable('exam').set({ paper_mode: 'random', draw_rules: JSON.stringify(rules), updated_at: new Date() }).where('id', '=', input.examId).execute();
  } else {
    if (input.questions.length === 0) throw new ApiError('请至少选一道题目。', { errorCode: 'PAPER_EMPTY' });
    const ids = input.questions.map((q) => q.bankQuestionId);
    if (new Set(ids).size !== ids.length) throw new ApiError('同一道题在试卷中出现了两次。', { errorCode: 'PAPER_DUPLICATE' });
    const bank = await trx.selectFrom('bank_question').selectAll().where((eb) => eb.or([eb('id', 'in', ids), eb('parent_id', 'in', ids)])).orderBy('sort').orderBy('id').execute();
    const byId = new Map(bank.filter((b) => b.parent_id === null).map((b) => [Number(b.id), b]));
    const missing = ids.find((id) => byId.get(id)?.state !== 'active');
    if (missing !== undefined) throw new ApiError(`题目 ${missing} 不存在或已归档，请从题库重新选择。`, { errorCode: 'QUESTION_NOT_FOUND' });
    await trx.deleteFrom('exam_question').where('exam_id', '=', input.examId).where('attempt_id', 'is', null).execute();
    const copy = (b: (typeof bank)[number], score: number, sort: number, parentId: number | null) => ({
      tenant_id: tenantId, exam_id: input.examId, kind: b.kind, stem: b.stem, options: JSON.stringify(b.options), answer: b.answer === null ? null : JSON.stringify(b.answer),
      // The composite's own row carries no points (its sub-questions do: issue 18 contract "Marking").
      score: b.kind === 'composite' ? 0 : score, sort, parent_id: parentId, explanation: b.explanation, reference: b.reference, bank_question_id: Number(b.id),
    });
    const top = await trx.insertInto('exam_question').values(input.questions.map((q, i) => copy(byId.get(q.bankQuestionId)!, q.score, i + 1, null)))
      .returning(['id', 'bank_question_id']).execute();
    const kids = top.flatMap((t) => bank.filter((b) => b.parent_id !== null && Number(b.parent_id) === Number(t.bank_question_id))
      .map((b, i) => copy(b, b.score, i + 1, Number(t.id))));
    if (kids.length) await trx.insertInto('exam_question').values(kids).execute();
    await trx.updateTable('exam').set({ paper_mode: 'fixed', draw_rules: '[]', updated_at: new Date() }).where('id', '=', input.examId).execute();
  }
  await recount(trx, input.examId);
  return getAdminExam(trx, input.examId);
}

export async function publishExam(trx: Trx, id: number, published: boolean): Promise<AdminExam> {
  const e = await requireExam(trx, id);
  if (published) {
    if (e.question_count === 0) throw new ApiError('试卷还没有题目，不能发布。', { errorCode: 'PAPER_EMPTY' });
    if (e.type === 'exam' && e.pass_score !== null && e.total_score !== null && e.pass_score > e.total_score) {
      throw new ApiError(`及格分 ${e.pass_score} 高于试卷总分 ${e.total_score}，请先调整。`, { errorCode: 'PASS_SCORE_TOO_HIGH' });
    }
  }
  await trx.updateTable('exam').set({ state: published ? 1 : 0, ...(published ? { publish_time: new Date() } : {}), updated_at: new Date() }).where('id', '=', id).execute();
  return getAdminExam(trx, id);
}

export async function builderChoices(trx: Trx) {
  const [cats, classes, rooms, matches] = await Promise.all([
    trx.selectFrom('category').select(['id', 'name']).where('purpose', '=', CATEGORY_PURPOSE.exam).orderBy('sort').orderBy('id').execute(),
    trx.selectFrom('training_class').select(['id', 'title']).orderBy('id', 'desc').limit(500).execute(),
    trx.selectFrom('live_room').select(['id', 'title']).orderBy('id', 'desc').limit(500).execute(),
    trx.selectFrom('competition').select(['id', 'title']).orderBy('id', 'desc').limit(500).execute(),
  ]);
  const pick = (r: { id: number; title: string }) => ({ id: Number(r.id), title: r.title });
  return { examCategories: cats.map((c) => ({ id: Number(c.id), name: c.name })), classes: classes.map(pick), rooms: rooms.map(pick), matches: matches.map(pick) };
}

// --- Roles ---

// Issue 19 part I: a teacher may also be granted over one live room, a marker over one competition (its judge).
const SCOPES: Record<RoleName, ReadonlyArray<RoleScopeType | null>> = { teacher: [null, 'classes', 'room'], marker: [null, 'exam', 'match'], invigilator: [null, 'exam'] };
const ROLE_WORDS: Record<RoleName, string> = { teacher: '教师', marker: '阅卷人', invigilator: '监考人' };
const SCOPE_WORDS: Record<RoleName, string> = { teacher: '某个班级、某个直播间', marker: '某场考试、某场竞赛', invigilator: '某场考试' };
const CHOOSE: Record<RoleScopeType, string> = { classes: '请选择班级。', exam: '请选择考试。', room: '请选择直播间。', match: '请选择竞赛。' };
type GrantScope = 'classes' | 'exam' | 'room' | 'match' | null;

export async function listGrants(trx: Trx): Promise<AdminRoleGrant[]> {
  const rows = await trx.selectFrom('user_role as r').innerJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'r.tenant_id').onRef('u.id', '=', 'r.user_id'))
    .select(['r.user_id', 'u.account', 'u.real_name', 'u.nick_name', 'r.role', 'r.scope_type', 'r.scope_id',
      sql<string | null>`case r.scope_type
        when 'classes' then (select title from training_class c where c.tenant_id = r.tenant_id and c.id = r.scope_id)
        when 'exam' then (select title from exam e where e.tenant_id = r.tenant_id and e.id = r.scope_id)
        when 'room' then (select title from live_room l where l.tenant_id = r.tenant_id and l.id = r.scope_id)
        when 'match' then (select title from competition m where m.tenant_id = r.tenant_id and m.id = r.scope_id) end`.as('scope_name')])
    .orderBy('u.account').orderBy('r.role').orderBy(sql`r.scope_type nulls first`).orderBy('r.scope_id').execute();
  return rows.map((r) => ({
    userId: Number(r.user_id), account: r.account, name: r.real_name || r.nick_name || r.account, role: r.role,
    scopeType: r.scope_type, scopeId: r.scope_id === null ? null : Number(r.scope_id), scopeName: r.scope_name,
  }));
}

async function checkGrant(trx: Trx, g: { userId: number; role: RoleName; scopeType: GrantScope; scopeId?: number | null | undefined }) {
  if (!SCOPES[g.role].includes(g.scopeType)) {
    throw new ApiError(`${ROLE_WORDS[g.role]}只能授予${SCOPE_WORDS[g.role]}或整个租户。`, { errorCode: 'ROLE_SCOPE_INVALID' });
  }
  if (g.scopeType !== null && !g.scopeId) throw new ApiError(CHOOSE[g.scopeType], { errorCode: 'ROLE_SCOPE_REQUIRED' });
  const user = await trx.selectFrom('user_account').select('id').where('id', '=', g.userId).executeTakeFirst();
  if (!user) throw new ApiError('找不到这个用户。', { code: 404, errorCode: 'USER_NOT_FOUND' });
  if (g.scopeType === 'classes' && !(await trx.selectFrom('training_class').select('id').where('id', '=', g.scopeId!).executeTakeFirst())) {
    throw new ApiError('找不到这个班级。', { code: 404, errorCode: 'CLASS_NOT_FOUND' });
  }
  if (g.scopeType === 'exam') await requireExam(trx, g.scopeId!);
  if (g.scopeType === 'room' && !(await trx.selectFrom('live_room').select('id').where('id', '=', g.scopeId!).executeTakeFirst())) {
    throw new ApiError('找不到这个直播间。', { code: 404, errorCode: 'ROOM_NOT_FOUND' });
  }
  if (g.scopeType === 'match' && !(await trx.selectFrom('competition').select('id').where('id', '=', g.scopeId!).executeTakeFirst())) {
    throw new ApiError('找不到这场竞赛。', { code: 404, errorCode: 'MATCH_NOT_FOUND' });
  }
}

export async function grant(trx: Trx, tenantId: number, g: { userId: number; role: RoleName; scopeType: GrantScope; scopeId?: number | null | undefined }): Promise<AdminRoleGrant[]> {
  await checkGrant(trx, g);
  await grantRole(trx, tenantId, g.userId, g.role, g.scopeType === null ? undefined : { type: g.scopeType, id: g.scopeId! });
  return listGrants(trx);
}

export async function revoke(trx: Trx, g: { userId: number; role: RoleName; scopeType: GrantScope; scopeId?: number | null | undefined }): Promise<AdminRoleGrant[]> {
  const res = await trx.deleteFrom('user_role').where('user_id', '=', g.userId).where('role', '=', g.role)
    .where((eb) => (g.scopeType === null ? eb('scope_type', 'is', null) : eb.and([eb('scope_type', '=', g.scopeType), eb('scope_id', '=', g.scopeId ?? 0)])))
    .executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw new ApiError('没有找到这项授权，它可能已被撤销。', { code: 404, errorCode: 'GRANT_NOT_FOUND' });
  return listGrants(trx);
}

export async function findUsers(trx: Trx, text: string) {
  const like = `%${text.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  const rows = await trx.selectFrom('user_account').select(['id', 'account', 'real_name', 'nick_name'])
    .where((eb) => eb.or([eb('account', 'ilike', like), eb('real_name', 'ilike', like), eb('nick_name', 'ilike', like)]))
    .orderBy('account').limit(20).execute();
  return rows.map((u) => ({ userId: Number(u.id), account: u.account, name: u.real_name || u.nick_name || u.account }));
}

// --- Practice sets ---

export async function listPracticeSets(trx: Trx) {
  const rows = await trx.selectFrom('practice_set as s').leftJoin('question_category as c', (j) => j.onRef('c.tenant_id', '=', 's.tenant_id').onRef('c.id', '=', 's.category_id'))
    .select(['s.id', 's.title', 's.category_id', 'c.name as category_name', 's.question_ids', 's.state', 's.created_at']).orderBy('s.created_at', 'desc').orderBy('s.id', 'desc').execute();
  return rows.map((r) => ({
    id: Number(r.id), title: r.title, categoryId: r.category_id === null ? null : Number(r.category_id), categoryName: r.category_name,
    questionCount: r.question_ids.length, state: r.state, createdAt: iso(r.created_at),
  }));
}

export async function createPracticeSet(trx: Trx, tenantId: number, userId: number, input: { title: string; categoryId?: number | null | undefined; questionIds?: number[] | undefined; randomCount?: number | undefined }) {
  const title = input.title.trim();
  if (!title) throw new ApiError('请填写练习名称。', { errorCode: 'PRACTICE_TITLE_REQUIRED' });
  const categoryId = input.categoryId ?? null;
  let cat: { name: string } | undefined;
  if (categoryId !== null) {
    cat = await trx.selectFrom('question_category').select('name').where('id', '=', categoryId).executeTakeFirst();
    if (!cat) throw new ApiError('找不到这个题目分类。', { code: 404, errorCode: 'CATEGORY_NOT_FOUND' });
  }
  let ids: number[];
  if (input.randomCount !== undefined) {
    if (categoryId === null) throw new ApiError('随机抽题请先选择分类。', { errorCode: 'PRACTICE_CATEGORY_REQUIRED' });
    const rows = await drawPool(trx, { categoryId }).orderBy(sql`random()`).limit(input.randomCount).execute();
    if (rows.length < input.randomCount) throw new ApiError(`分类「${cat!.name}」只有 ${rows.length} 道题目，不够抽 ${input.randomCount} 道。`, { errorCode: 'DRAW_POOL_TOO_SMALL' });
    ids = rows.map((r) => Number(r.id));
  } else {
    ids = [...new Set(input.questionIds ?? [])];
    if (ids.length === 0) throw new ApiError('请至少选一道题目，或填写随机抽题数量。', { errorCode: 'PRACTICE_EMPTY' });
    const found = await trx.selectFrom('bank_question').select('id').where('id', 'in', ids).where('parent_id', 'is', null).where('state', '=', 'active').execute();
    if (found.length !== ids.length) throw new ApiError('所选题目中有的不存在或已归档，请重新选择。', { errorCode: 'QUESTION_NOT_FOUND' });
  }
  await trx.insertInto('practice_set').values({ tenant_id: tenantId, title, category_id: categoryId, question_ids: ids, created_by: userId }).execute();
  return listPracticeSets(trx);
}

export async function setPracticeSetState(trx: Trx, id: number, state: 'published' | 'hidden') {
  const res = await trx.updateTable('practice_set').set({ state }).where('id', '=', id).executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw new ApiError('找不到这个练习。', { code: 404, errorCode: 'PRACTICE_SET_NOT_FOUND' });
  return listPracticeSets(trx);
}
