// Question kinds and sitting rules of issue 18 (part B; docs/exams.md "Kinds, scoring, draw and
// marking state"): fill scoring (trimmed, full-width folded, case-insensitive, partial blanks),
// composite sub-questions answered by their own ids, short answers leaving the attempt awaiting
// marking (blank ones marked 0 at once), the random draw at start (the same paper on resume),
// max_attempts, the audience, preview and history, and one tenant's rows invisible to another.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { finaliseIfMarked } from '../../server/modules/exam/marking-finalise';
import { foldBlank, normaliseAnswer, pointsFor, scorePaper, type ScoredQuestion } from '../../server/modules/exam/paper-scoring';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let acme: { id: number; token: string };
/** The seeded exam with every kind (seed-exam-kinds.ts) in tenant 1001. */
let kinds: number;
/** Other open exams of tenant 1001 (fixed papers of choice questions), one per test that changes its rules. */
let spare: number[];

const start = (token: string, examId: number, tenantId = 1001) => call('POST', '/exam/api/exam/start', token, { tenantId, examId });
const owner = () => t.db.owner;


beforeAll(async () => {
  t = await createTestApp();
  learner = await signIn(1001, 'learner', 'Study@2026');
  acme = await signIn(1002, 'learner', 'Study@2026');
  kinds = Number((await owner().selectFrom('exam').select('id').where('tenant_id', '=', 1001).where('title', '=', '综合能力测评（全题型）').executeTakeFirstOrThrow()).id);
  const open = await owner().selectFrom('exam').select('id').where('tenant_id', '=', 1001).where('type', '=', 'exam').where('state', '=', 1)
    .where('start_time', '<', sql<Date>`now()`).where((eb) => eb.or([eb('end_time', 'is', null), eb('end_time', '>', sql<Date>`now()`)]))
    .where('id', '<>', kinds).orderBy('id', 'desc').execute();
  spare = open.map((e) => Number(e.id));
  expect(spare.length).toBeGreaterThanOrEqual(4);
});
afterAll(() => t.close());

describe('fill and composite scoring (pure)', () => {
  const fill = (answer: string[][], score = 10): ScoredQuestion => ({ id: 1, kind: 'fill', options: [], answer, score });
  it('a blank is right when trimmed, full-width folded and case-insensitive it equals an accepted answer', () => {
    expect(foldBlank('　ＢＥＩＪＩＮＧ ')).toBe('beijing');
    expect(pointsFor(fill([['1949'], ['北京', 'Beijing']]), ['１９４９', ' beiJING '])).toBe(10);
    expect(pointsFor(fill([['1949'], ['北京', 'Beijing']]), ['1949', '上海'])).toBe(5);
    expect(pointsFor(fill([['a'], ['b'], ['c']], 5), ['A', 'x', ''])).toBe(1); // floor(5 × 1 / 3)
    expect(pointsFor(fill([['a']]), [''])).toBe(0);
  });
  it('a fill answer keeps one place per blank, and a composite takes no answer of its own', () => {
    expect(normaliseAnswer(fill([['a'], ['b']]), 4, ['', ' b '])).toEqual(['', 'b']);
    expect(normaliseAnswer(fill([['a'], ['b']]), 4, ['  ', ''])).toEqual([]);
    expect(() => normaliseAnswer(fill([['a']]), 4, ['a', 'b'])).toThrow('第 4 题只有 1 个空');
    expect(() => normaliseAnswer({ id: 2, kind: 'composite', options: [], answer: null, score: 10 }, 7, ['x'])).toThrow('第 7 题是综合题');
  });
  it('short and composite rows earn nothing from the machine; their sub-questions score by kind', () => {
    const qs: ScoredQuestion[] = [
      { id: 1, kind: 'composite', options: [], answer: null, score: 15 },
      { id: 2, kind: 'single', options: [{ key: 'A', text: '' }], answer: ['A'], score: 5 },
      { id: 3, kind: 'short', options: [], answer: null, score: 10 },
    ];
    const at = new Date().toISOString();
    expect(scorePaper(qs, { 2: { v: ['A'], at }, 3: { v: ['my answer'], at } })).toMatchObject({ score: 5, answered: 2, correct: 1 });
  });
});

describe('the seeded exam with every kind', () => {
  it('preview shows the paper without answers, sub-questions nested and fill blanks counted', async () => {
    const detail = await data('GET', `/exam/api/exam/detail?tenantId=1001&id=${kinds}`, learner.token);
    expect(detail).toMatchObject({ allowPreview: true, maxAttempts: 3, canStart: true });
    const preview = await data('GET', `/exam/api/exam/preview?tenantId=1001&id=${kinds}`, undefined);
    expect(preview.paperMode).toBe('fixed');
    expect(preview.questions.map((q: { kind: string }) => q.kind)).toEqual(['single', 'multiple', 'judge', 'fill', 'fill', 'short', 'composite']);
    expect(preview.questions[3].blanks).toBe(2);
    expect(preview.questions[6].children.map((q: { kind: string }) => q.kind)).toEqual(['single', 'fill', 'short']);
    const text = JSON.stringify(preview);
    expect(text).not.toMatch(/"answer"|"reference"|"explanation"|1949|番茄/);
  });

  it('a learner answers fill, short and composite: the result awaits marking with the machine part, then the marks make it final', async () => {
    const paper = await data('POST', '/exam/api/exam/start', learner.token, { tenantId: 1001, examId: kinds });
    expect(JSON.stringify(paper)).not.toMatch(/"answer"|"reference"|1949/);
    const [single, multiple, judge, fill1, fill2, short, composite] = paper.questions;
    const [subSingle, subFill, subShort] = composite.children;
    // Answering the composite itself is refused; its sub-questions are answered by their own ids.
    expect(await call('POST', '/exam/api/exam/saveAnswer', learner.token, { tenantId: 1001, attemptId: paper.attemptId, answers: [{ questionId: composite.id, value: ['x'] }] }))
      .toMatchObject({ success: false, errorCode: 'INVALID_ANSWER' });
    const result = await data('POST', '/exam/api/exam/submit', learner.token, {
      tenantId: 1001, attemptId: paper.attemptId, answers: [
        { questionId: single.id, value: ['C'] }, // right, 5
        { questionId: multiple.id, value: ['A'] }, // partly right, 2
        { questionId: judge.id, value: ['B'] }, // wrong, 0
        { questionId: fill1.id, value: ['１９４９', ' beijing '] }, // both right, 10
        { questionId: fill2.id, value: ['soon'] }, // wrong, 0
        { questionId: short.id, value: ['番茄工作法：25 分钟专注，减少切换。'] },
        { questionId: subSingle.id, value: ['B'] }, // right, 5
        { questionId: subFill.id, value: ['十'] }, // right, 5
        // subShort left blank: marked 0 at once.
      ],
    });
    expect(result).toMatchObject({ markingState: 'pending', score: null, passed: null, objectiveScore: 27 });
    const review = result.questions;
    expect(review[3]).toMatchObject({ gained: 10, blankRight: [true, true], correctAnswer: ['1949', '北京 / 北京市 / Beijing'] });
    expect(review[5]).toMatchObject({ kind: 'short', gained: null, mark: null });
    expect(review[5].reference).toContain('番茄工作法');
    expect(review[6].children[2]).toMatchObject({ kind: 'short', gained: 0, mark: { score: 0, comment: null } });
    const blankMark = await owner().selectFrom('exam_mark').select(['score', 'marker_id']).where('attempt_id', '=', paper.attemptId).where('question_id', '=', subShort.id).executeTakeFirstOrThrow();
    expect(blankMark).toEqual({ score: 0, marker_id: null });

    const history = await data('GET', '/exam/api/exam/history?tenantId=1001&pageNo=1&pageSize=10', learner.token);
    expect(history.list[0]).toMatchObject({ attemptId: paper.attemptId, examId: kinds, markingState: 'pending', score: null, objectiveScore: 27 });
    expect(history.list[0].timeUsedSeconds).toBeGreaterThanOrEqual(0);
    const mine = await data('GET', '/exam/api/exam/searchByMember?tenantId=1001&pageNo=1&pageSize=50&type=exam', learner.token);
    expect(mine.list.find((e: { examId: number }) => e.examId === kinds)).toMatchObject({ lastMarkingState: 'pending' });

    // A marker's mark (part E's save, here straight into the table) makes the score final.
    await owner().insertInto('exam_mark').values({ tenant_id: 1001, attempt_id: paper.attemptId, question_id: short.id, score: 16, comment: '方法清楚，理由充分。' }).execute();
    // In the tenant's transaction, as the marking call runs it (the wrong-answer book needs the tenant).
    await withTenant(owner(), 1001, (trx) => finaliseIfMarked(trx, paper.attemptId));
    const marked = await data('GET', `/exam/api/exam/result?tenantId=1001&attemptId=${paper.attemptId}`, learner.token);
    expect(marked).toMatchObject({ markingState: 'done', score: 43, passed: true });
    expect(marked.questions[5]).toMatchObject({ gained: 16, mark: { score: 16, comment: '方法清楚，理由充分。' } });
    const after = await data('GET', '/exam/api/exam/history?tenantId=1001&pageNo=1&pageSize=10', learner.token);
    expect(after.list[0]).toMatchObject({ markingState: 'done', score: 43, passed: true });
  });

  it('every short answer blank: the score is final at once (marking_state none)', async () => {
    const paper = await data('POST', '/exam/api/exam/start', learner.token, { tenantId: 1001, examId: kinds });
    const result = await data('POST', '/exam/api/exam/submit', learner.token, { tenantId: 1001, attemptId: paper.attemptId, answers: [{ questionId: paper.questions[0].id, value: ['C'] }] });
    expect(result).toMatchObject({ markingState: 'none', score: 5, objectiveScore: 5, passed: false });
  });
});

describe('sitting rules', () => {
  it('preview is refused with a clear message when the exam does not allow it', async () => {
    expect(await call('GET', `/exam/api/exam/preview?tenantId=1001&id=${spare[0]}`, learner.token))
      .toMatchObject({ success: false, errorCode: 'PREVIEW_OFF', message: '这场考试不提供试卷预览，请在详情页查看考试说明。' });
  });

  it('max_attempts: the exam\'s own limit replaces the default of three', async () => {
    const examId = spare[1]!;
    await owner().updateTable('exam').set({ max_attempts: 1 }).where('id', '=', examId).execute();
    const paper = await data('POST', '/exam/api/exam/start', learner.token, { tenantId: 1001, examId });
    await data('POST', '/exam/api/exam/submit', learner.token, { tenantId: 1001, attemptId: paper.attemptId });
    const detail = await data('GET', `/exam/api/exam/detail?tenantId=1001&id=${examId}`, learner.token);
    expect(detail).toMatchObject({ maxAttempts: 1, canStart: false, reasonCode: 'NO_ATTEMPTS_LEFT', reason: '您已用完全部 1 次考试机会。' });
    expect(await start(learner.token, examId)).toMatchObject({ success: false, errorCode: 'NO_ATTEMPTS_LEFT' });
  });

  it('audience classes: only members may start, and the detail says why not', async () => {
    const examId = spare[2]!;
    const cls = await owner().selectFrom('training_class').select('id').where('tenant_id', '=', 1001)
      .where(sql<boolean>`not exists (select 1 from classes_member m where m.tenant_id = training_class.tenant_id and m.classes_id = training_class.id and m.user_id = ${learner.id})`)
      .orderBy('id').executeTakeFirstOrThrow();
    await owner().updateTable('exam').set({ audience: 'classes', audience_classes: [Number(cls.id)] }).where('id', '=', examId).execute();
    const detail = await data('GET', `/exam/api/exam/detail?tenantId=1001&id=${examId}`, learner.token);
    expect(detail).toMatchObject({ canStart: false, reasonCode: 'NOT_IN_AUDIENCE' });
    expect(detail.reason).toContain('只对指定班级的学员开放');
    expect(await start(learner.token, examId)).toMatchObject({ success: false, errorCode: 'NOT_IN_AUDIENCE' });
    await owner().insertInto('classes_member').values({ tenant_id: 1001, classes_id: Number(cls.id), user_id: learner.id }).execute();
    expect((await start(learner.token, examId)).success).toBe(true);
  });

  it('a random paper is drawn from the bank at start (composites with their sub-questions) and resumes the same', async () => {
    const examId = spare[3]!;
    const cat = await owner().insertInto('question_category').values({ tenant_id: 1001, name: '抽题测试' }).returning('id').executeTakeFirstOrThrow();
    const categoryId = Number(cat.id);
    const bank = (values: object) => owner().insertInto('bank_question').values({ tenant_id: 1001, category_id: categoryId, ...values } as never).returning('id').executeTakeFirstOrThrow();
    for (let i = 0; i < 3; i += 1) await bank({ kind: 'judge', stem: `判断 ${i}`, options: JSON.stringify([{ key: 'A', text: '正确' }, { key: 'B', text: '错误' }]), answer: JSON.stringify(['A']) });
    const passage = await bank({ kind: 'composite', stem: '材料' });
    await bank({ kind: 'single', stem: '小题一', parent_id: Number(passage.id), options: JSON.stringify([{ key: 'A', text: '甲' }, { key: 'B', text: '乙' }]), answer: JSON.stringify(['B']), sort: 1 });
    await bank({ kind: 'fill', stem: '小题二 ____', parent_id: Number(passage.id), answer: JSON.stringify([['x']]), sort: 2 });
    await owner().updateTable('exam').set({
      paper_mode: 'random', draw_rules: JSON.stringify([{ categoryId, kind: 'judge', count: 2, score: 4 }, { categoryId, kind: 'composite', count: 1, score: 7 }]),
    } as never).where('id', '=', examId).execute();

    // More than the bank holds: refused, and no attempt is left behind.
    await owner().updateTable('exam').set({ draw_rules: JSON.stringify([{ categoryId, kind: 'judge', count: 5, score: 4 }]) } as never).where('id', '=', examId).execute();
    expect(await start(learner.token, examId)).toMatchObject({ success: false, errorCode: 'PAPER_DRAW_SHORT' });
    expect(await owner().selectFrom('exam_attempt').select('id').where('exam_id', '=', examId).where('user_id', '=', learner.id).execute()).toEqual([]);
    await owner().updateTable('exam').set({
      draw_rules: JSON.stringify([{ categoryId, kind: 'judge', count: 2, score: 4 }, { categoryId, kind: 'composite', count: 1, score: 7 }]),
    } as never).where('id', '=', examId).execute();

    const paper = await data('POST', '/exam/api/exam/start', learner.token, { tenantId: 1001, examId });
    expect(paper.questions.map((q: { kind: string }) => q.kind)).toEqual(['judge', 'judge', 'composite']);
    expect(paper.questions[2].children.map((q: { score: number }) => q.score)).toEqual([4, 3]);
    const drawn = await owner().selectFrom('exam_question').select(['id', 'bank_question_id']).where('attempt_id', '=', paper.attemptId).execute();
    expect(drawn).toHaveLength(5);
    expect(drawn.every((d) => d.bank_question_id !== null)).toBe(true);
    const again = await data('POST', '/exam/api/exam/start', learner.token, { tenantId: 1001, examId });
    expect(again.attemptId).toBe(paper.attemptId);
    expect(JSON.stringify(again.questions)).toBe(JSON.stringify(paper.questions));
    // Scored against the drawn copies: the two judges and the sub-question single right.
    const [j1, j2, c] = paper.questions;
    const result = await data('POST', '/exam/api/exam/submit', learner.token, {
      tenantId: 1001, attemptId: paper.attemptId, answers: [{ questionId: j1.id, value: ['A'] }, { questionId: j2.id, value: ['A'] }, { questionId: c.children[0].id, value: ['B'] }],
    });
    expect(result).toMatchObject({ score: 12, markingState: 'none' });
  });
});

describe('refusals and isolation', () => {
  it('history needs a signed-in user', async () => {
    expect((await call('GET', '/exam/api/exam/history?tenantId=1001')).success).toBe(false);
  });

  it('another tenant sees none of these attempts, marks or papers', async () => {
    const attempt = await owner().selectFrom('exam_attempt').select('id').where('tenant_id', '=', 1001).where('exam_id', '=', kinds).where('user_id', '=', learner.id).executeTakeFirstOrThrow();
    const theirs = await data('GET', '/exam/api/exam/history?tenantId=1002&pageNo=1&pageSize=50', acme.token);
    expect(theirs.list.map((h: { attemptId: number }) => h.attemptId)).not.toContain(Number(attempt.id));
    expect(await call('GET', `/exam/api/exam/result?tenantId=1002&attemptId=${attempt.id}`, acme.token)).toMatchObject({ success: false, errorCode: 'ATTEMPT_NOT_FOUND' });
    expect(await call('GET', `/exam/api/exam/preview?tenantId=1002&id=${kinds}`, acme.token)).toMatchObject({ success: false, errorCode: 'EXAM_NOT_FOUND' });
    expect(await start(acme.token, kinds, 1002)).toMatchObject({ success: false, errorCode: 'EXAM_NOT_FOUND' });
    // A random paper draws from its own tenant's bank only: rules naming 1001's category draw nothing for 1002.
    const cat = await owner().insertInto('question_category').values({ tenant_id: 1001, name: '隔离抽题' }).returning('id').executeTakeFirstOrThrow();
    await owner().insertInto('bank_question').values({
      tenant_id: 1001, category_id: Number(cat.id), kind: 'judge', stem: '只属于 1001', options: JSON.stringify([{ key: 'A', text: '对' }, { key: 'B', text: '错' }]), answer: JSON.stringify(['A']),
    } as never).execute();
    const acmeExam = await owner().selectFrom('exam').select('id').where('tenant_id', '=', 1002).where('type', '=', 'exam').where('state', '=', 1)
      .where('start_time', '<', sql<Date>`now()`).where((eb) => eb.or([eb('end_time', 'is', null), eb('end_time', '>', sql<Date>`now()`)]))
      .orderBy('id').executeTakeFirstOrThrow();
    await owner().updateTable('exam').set({ paper_mode: 'random', draw_rules: JSON.stringify([{ categoryId: Number(cat.id), count: 1, score: 5 }]) } as never)
      .where('id', '=', Number(acmeExam.id)).execute();
    expect(await start(acme.token, Number(acmeExam.id), 1002)).toMatchObject({ success: false, errorCode: 'PAPER_DRAW_SHORT' });
    expect(await owner().selectFrom('exam_question').select('id').where('tenant_id', '=', 1002).where('stem', '=', '只属于 1001').execute()).toEqual([]);
    // Row-level security on exam_mark: tenant 1002's app role reads none of 1001's marks.
    const seen = await t.db.app.transaction().execute(async (trx) => {
      await sql`select set_config('app.tenant_id', '1002', true)`.execute(trx);
      return trx.selectFrom('exam_mark').select('attempt_id').where('attempt_id', '=', Number(attempt.id)).execute();
    });
    expect(seen).toEqual([]);
  });
});
