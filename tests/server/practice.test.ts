// Mock practice (issue 18 part C; docs/exams.md "Practice"): category counts, draw counts, answer
// checking per kind with answers hidden until checked, a second answer refused, the wrong-answer book
// (add, bump, master, remove), an exam's wrong answers recorded once, refusals, and one tenant's
// practice rows invisible to another.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { blankRight, isRight } from '../../server/modules/exam/practice-check';
import { recordExamWrongAnswers } from '../../server/modules/exam/practice-wrong';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let acme: { id: number; token: string };
let parent: number;
let child: number;
/** The child category's questions by kind (top level), in the order of the set. */
const q: Record<string, number> = {};
let setId: number;

const owner = () => t.db.owner;
const demo = <T>(work: Parameters<typeof withTenant<T>>[2]) => withTenant(t.db.app, 1001, work);

async function category(name: string, parentId: number | null, tenantId = 1001): Promise<number> {
  return Number((await owner().insertInto('question_category').values({ tenant_id: tenantId, name, parent_id: parentId })
    .returning('id').executeTakeFirstOrThrow()).id);
}

const opts = (...texts: string[]) => JSON.stringify(texts.map((text, i) => ({ key: String.fromCharCode(65 + i), text })));
async function bank(categoryId: number, kind: string, fields: { answer?: unknown; reference?: string; parent?: number; state?: 'archived'; options?: string; stem?: string } = {}, tenantId = 1001): Promise<number> {
  return Number((await owner().insertInto('bank_question').values({
    tenant_id: tenantId, category_id: categoryId, kind: kind as 'single', stem: fields.stem ?? `练习题 ${kind}`, options: fields.options ?? (['single', 'multiple', 'judge'].includes(kind) ? opts('甲', '乙', '丙') : '[]'),
    answer: fields.answer === undefined ? null : JSON.stringify(fields.answer), reference: fields.reference ?? null,
    explanation: `解析：${kind}`, parent_id: fields.parent ?? null, state: fields.state ?? 'active',
  }).returning('id').executeTakeFirstOrThrow()).id);
}

const start = (token: string | undefined, body: object, tenantId = 1001) => call('POST', '/exam/api/practice/start', token, { tenantId, ...body });
const answer = (token: string, sessionId: number, index: number, value: string[], parts?: string[][]) =>
  call('POST', '/exam/api/practice/answer', token, { tenantId: 1001, sessionId, index, value, ...(parts ? { parts } : {}) });
const book = async (mastered = false) => (await data('GET', `/exam/api/practice/wrongBook?tenantId=1001&pageSize=50&mastered=${mastered}`, learner.token)).list as Array<{ source: string; questionId: number; wrongCount: number; examTitle: string | null; masteredAt: string | null }>;
const inBook = async (source: string, id: number, mastered = false) => (await book(mastered)).find((w) => w.source === source && w.questionId === id);

beforeAll(async () => {
  t = await createTestApp();
  learner = await signIn(1001, 'learner', 'Study@2026');
  acme = await signIn(1002, 'learner', 'Study@2026');
  parent = await category('练习测试', null);
  child = await category('练习测试·子类', parent);
  q.single = await bank(child, 'single', { answer: ['B'] });
  q.multiple = await bank(child, 'multiple', { answer: ['A', 'C'] });
  q.judge = await bank(child, 'judge', { answer: ['A'], options: opts('正确', '错误') });
  q.fill = await bank(child, 'fill', { answer: [['北京', 'Beijing'], ['1949']], stem: '中国的首都是____，成立于____年' });
  q.short = await bank(child, 'short', { reference: '参考答案：要点一；要点二' });
  q.composite = await bank(child, 'composite', { stem: '阅读材料' });
  q.part1 = await bank(child, 'judge', { parent: q.composite, answer: ['B'], options: opts('正确', '错误') });
  q.part2 = await bank(child, 'single', { parent: q.composite, answer: ['C'] });
  await bank(child, 'single', { answer: ['A'], state: 'archived' });
  q.onParent = await bank(parent, 'single', { answer: ['A'] });
  const order = ['single', 'multiple', 'judge', 'fill', 'short', 'composite'].map((k) => q[k]!);
  setId = Number((await owner().insertInto('practice_set').values({ tenant_id: 1001, title: '测试题集', category_id: child, question_ids: order })
    .returning('id').executeTakeFirstOrThrow()).id);
});
afterAll(() => t.close());

describe('checking rules (pure)', () => {
  it('fill folds full width, case and spaces; every blank must be right', () => {
    expect(blankRight('ＢＥＩＪＩＮＧ ', ['北京', 'Beijing'])).toBe(true);
    expect(blankRight('', [''])).toBe(false);
    const fill = { kind: 'fill' as const, answer: [['北京', 'Beijing'], ['1949']] };
    expect(isRight(fill, ['beijing', '１９４９'])).toBe(true);
    expect(isRight(fill, ['beijing'])).toBe(false);
  });
  it('multiple is right only with exactly the right keys; short and composite are not machine-judged', () => {
    expect(isRight({ kind: 'multiple', answer: ['A', 'C'] }, ['C', 'A'])).toBe(true);
    expect(isRight({ kind: 'multiple', answer: ['A', 'C'] }, ['A'])).toBe(false);
    expect(isRight({ kind: 'short', answer: null }, ['text'])).toBeNull();
  });
});

describe('categories and drawing', () => {
  it('counts active top-level questions, a parent including its children', async () => {
    const cats = await data('GET', '/exam/api/practice/categories?tenantId=1001', undefined) as Array<{ id: number; parentId: number | null; count: number }>;
    expect(cats.find((c) => c.id === child)).toMatchObject({ parentId: parent, count: 6 });
    expect(cats.find((c) => c.id === parent)).toMatchObject({ parentId: null, count: 7 });
  });

  it('draws the count asked, fewer when the category has fewer (and says so), never an answer before it is checked', async () => {
    const five = await data('POST', '/exam/api/practice/start', learner.token, { tenantId: 1001, source: 'category', categoryId: child, count: 5 });
    expect(five).toMatchObject({ questionCount: 5, requested: null, answeredCount: 0, title: '练习测试·子类' });
    const all = await data('POST', '/exam/api/practice/start', learner.token, { tenantId: 1001, source: 'category', categoryId: parent, count: 10 });
    expect(all).toMatchObject({ questionCount: 7, requested: 10 });
    const text = JSON.stringify(all);
    expect(text).not.toContain('解析');
    expect(text).not.toContain('参考答案');
    expect(all.questions.every((x: { feedback: unknown }) => x.feedback === null)).toBe(true);
    const refused = await start(learner.token, { source: 'category', categoryId: child, count: 7 });
    expect(refused.success).toBe(false);
    const empty = await category('空分类', null);
    expect(await start(learner.token, { source: 'category', categoryId: empty, count: 5 })).toMatchObject({ success: false, errorCode: 'PRACTICE_EMPTY' });
  });

  it('lists the newest published sets', async () => {
    const sets = await data('GET', '/exam/api/practice/sets?tenantId=1001&pageSize=50', undefined);
    expect(sets.list.find((s: { id: number }) => s.id === setId)).toMatchObject({ title: '测试题集', questionCount: 6, categoryName: '练习测试·子类' });
    await owner().updateTable('practice_set').set({ state: 'hidden' }).where('id', '=', setId).execute();
    const hidden = await data('GET', '/exam/api/practice/sets?tenantId=1001&pageSize=50', undefined);
    expect(hidden.list.some((s: { id: number }) => s.id === setId)).toBe(false);
    expect(await start(learner.token, { source: 'set', setId })).toMatchObject({ success: false, errorCode: 'SET_NOT_FOUND' });
    await owner().updateTable('practice_set').set({ state: 'published' }).where('id', '=', setId).execute();
  });
});

describe('answering one question at a time', () => {
  it('checks each kind, shows the answer and explanation, refuses a second answer, and keeps the counts', async () => {
    const s = await data('POST', '/exam/api/practice/start', learner.token, { tenantId: 1001, source: 'set', setId });
    expect(s.questions.map((x: { kind: string }) => x.kind)).toEqual(['single', 'multiple', 'judge', 'fill', 'short', 'composite']);
    expect(s.questions[3].blanks).toBe(2);
    expect(s.questions[5].children.map((c: { kind: string }) => c.kind)).toEqual(['judge', 'single']);

    const single = (await answer(learner.token, s.id, 0, ['B'])).data;
    expect(single).toMatchObject({ index: 0, answeredCount: 1, correctCount: 1, feedback: { correct: true, correctAnswer: ['B'], explanation: '解析：single' } });
    expect(await answer(learner.token, s.id, 0, ['A'])).toMatchObject({ success: false, errorCode: 'ALREADY_ANSWERED', message: '第 1 题已经作答过，每道题只能提交一次。' });

    expect((await answer(learner.token, s.id, 1, ['A'])).data.feedback).toMatchObject({ correct: false, correctAnswer: ['A', 'C'], yourAnswer: ['A'] });
    expect((await answer(learner.token, s.id, 2, ['B'])).data.feedback).toMatchObject({ correct: false, correctAnswer: ['A'] });
    expect((await answer(learner.token, s.id, 3, ['ＢＥＩＪＩＮＧ ', '1949'])).data.feedback).toMatchObject({ correct: true, correctAnswer: [['北京', 'Beijing'], ['1949']] });

    const short = (await answer(learner.token, s.id, 4, ['我的回答'])).data;
    expect(short.feedback).toMatchObject({ correct: null, reference: '参考答案：要点一；要点二', correctAnswer: null });
    expect(short).toMatchObject({ answeredCount: 5, correctCount: 2 });
    const assessed = await data('POST', '/exam/api/practice/assess', learner.token, { tenantId: 1001, sessionId: s.id, index: 4, correct: true });
    expect(assessed).toMatchObject({ correctCount: 3, feedback: { correct: true } });
    expect(await call('POST', '/exam/api/practice/assess', learner.token, { tenantId: 1001, sessionId: s.id, index: 4, correct: false }))
      .toMatchObject({ success: false, errorCode: 'ALREADY_ASSESSED' });
    expect(await call('POST', '/exam/api/practice/assess', learner.token, { tenantId: 1001, sessionId: s.id, index: 0, correct: false }))
      .toMatchObject({ success: false, errorCode: 'ALREADY_ASSESSED' });

    const composite = (await answer(learner.token, s.id, 5, [], [['B'], ['A']])).data;
    expect(composite.feedback).toMatchObject({ correct: false, parts: [{ correct: true, correctAnswer: ['B'] }, { correct: false, correctAnswer: ['C'] }] });
    expect(composite).toMatchObject({ answeredCount: 6, correctCount: 3, accuracy: 50 });

    // Resuming shows the checked questions with their feedback.
    const again = await data('GET', `/exam/api/practice/session?tenantId=1001&id=${s.id}`, learner.token);
    expect(again.questions[1].feedback).toMatchObject({ correct: false, explanation: '解析：multiple' });

    const done = await data('POST', '/exam/api/practice/finish', learner.token, { tenantId: 1001, sessionId: s.id });
    expect(done.finishedAt).not.toBeNull();
    const history = await data('GET', '/exam/api/practice/history?tenantId=1001&pageSize=50', learner.token);
    expect(history.list.find((h: { id: number }) => h.id === s.id)).toMatchObject({ questionCount: 6, answeredCount: 6, correctCount: 3, accuracy: 50, source: 'set' });
  });

  it('refuses an empty answer and any answer after the finish', async () => {
    const s = await data('POST', '/exam/api/practice/start', learner.token, { tenantId: 1001, source: 'set', setId });
    expect(await answer(learner.token, s.id, 0, [])).toMatchObject({ success: false, errorCode: 'ANSWER_EMPTY' });
    expect(await answer(learner.token, s.id, 9, ['A'])).toMatchObject({ success: false, errorCode: 'QUESTION_NOT_IN_PRACTICE' });
    await data('POST', '/exam/api/practice/finish', learner.token, { tenantId: 1001, sessionId: s.id });
    expect(await answer(learner.token, s.id, 0, ['B'])).toMatchObject({ success: false, errorCode: 'PRACTICE_FINISHED' });
  });
});

describe('the wrong-answer book', () => {
  it('adds a wrong answer, bumps it when wrong again, masters it when right, and removes it', async () => {
    // The first test answered multiple, judge and the composite wrong.
    expect(await inBook('bank', q.multiple!)).toMatchObject({ wrongCount: 1, masteredAt: null });
    expect(await inBook('bank', q.composite!)).toBeDefined();
    expect(await inBook('bank', q.single!)).toBeUndefined();

    const s = await data('POST', '/exam/api/practice/start', learner.token, { tenantId: 1001, source: 'set', setId });
    await answer(learner.token, s.id, 1, ['C']);
    expect(await inBook('bank', q.multiple!)).toMatchObject({ wrongCount: 2 });

    // Practising the book: its open entries; right masters.
    const fromBook = await data('POST', '/exam/api/practice/start', learner.token, { tenantId: 1001, source: 'wrong' });
    expect(fromBook.title).toBe('wrong-answer book');
    const at = fromBook.questions.findIndex((x: { kind: string; stem: string }) => x.kind === 'multiple' && x.stem === '练习题 multiple');
    expect(at).toBeGreaterThanOrEqual(0);
    expect((await answer(learner.token, fromBook.id, at, ['A', 'C'])).data.feedback.correct).toBe(true);
    expect(await inBook('bank', q.multiple!)).toBeUndefined();
    expect(await inBook('bank', q.multiple!, true)).toMatchObject({ wrongCount: 2 });

    expect(await data('POST', '/exam/api/practice/wrongBook/remove', learner.token, { tenantId: 1001, source: 'bank', questionId: q.judge })).toEqual({ removed: true });
    expect(await inBook('bank', q.judge!)).toBeUndefined();
    expect(await call('POST', '/exam/api/practice/wrongBook/remove', learner.token, { tenantId: 1001, source: 'bank', questionId: q.judge }))
      .toMatchObject({ success: false, errorCode: 'WRONG_NOT_FOUND' });
  });
});

describe("a finished exam's wrong answers", () => {
  let exam: number;
  const eq: Record<string, number> = {};
  let attempt: number;

  async function examQuestion(kind: string, sort: number, fields: { answer?: unknown; parent?: number; score?: number } = {}) {
    return Number((await owner().insertInto('exam_question').values({
      tenant_id: 1001, exam_id: exam, kind: kind as 'single', stem: `考题 ${kind} ${sort}`, sort, score: fields.score ?? 10,
      options: ['single', 'judge'].includes(kind) ? opts('甲', '乙') : '[]', answer: fields.answer === undefined ? null : JSON.stringify(fields.answer),
      explanation: `考题解析 ${sort}`, parent_id: fields.parent ?? null, reference: kind === 'short' ? '考题参考' : null,
    }).returning('id').executeTakeFirstOrThrow()).id);
  }

  beforeAll(async () => {
    exam = Number((await owner().insertInto('exam').values({
      tenant_id: 1001, category_id: null, title: '错题练习测试考试', cover: null, summary: null, publish_time: new Date(), type: 'exam',
      start_time: new Date(Date.now() - 86_400_000), end_time: null, duration: 30, pass_score: 30, total_score: 60, question_count: 5, join_count: 0,
    }).returning('id').executeTakeFirstOrThrow()).id);
    eq.right = await examQuestion('single', 1, { answer: ['A'] });
    eq.wrong = await examQuestion('single', 2, { answer: ['A'] });
    eq.blank = await examQuestion('judge', 3, { answer: ['B'] });
    eq.short = await examQuestion('short', 4, { score: 20 });
    eq.composite = await examQuestion('composite', 5, { score: 0 });
    eq.part = await examQuestion('single', 6, { answer: ['B'], parent: eq.composite });
    const answers = { [eq.right]: { v: ['A'], at: new Date().toISOString() }, [eq.wrong]: { v: ['B'], at: new Date().toISOString() }, [eq.short]: { v: ['答'], at: new Date().toISOString() }, [eq.part]: { v: ['A'], at: new Date().toISOString() } };
    attempt = Number((await owner().insertInto('exam_attempt').values({
      tenant_id: 1001, exam_id: exam, user_id: learner.id, started_at: new Date(Date.now() - 600_000), deadline: null, submitted_at: new Date(Date.now() - 60_000),
      answers: JSON.stringify(answers), score: 10, passed: false, state: 'submitted', marking_state: 'done', objective_score: 10,
    }).returning('id').executeTakeFirstOrThrow()).id);
    await owner().insertInto('exam_mark').values({ tenant_id: 1001, attempt_id: attempt, question_id: eq.short, score: 5 }).execute();
  });

  it('practises the wrong, unanswered, marked-down and composite questions of the latest attempt', async () => {
    const summary = await data('GET', `/exam/api/practice/examWrong?tenantId=1001&examId=${exam}`, learner.token);
    expect(summary).toMatchObject({ allowPractice: true, attemptId: attempt, wrongCount: 4 });
    const s = await data('POST', '/exam/api/practice/start', learner.token, { tenantId: 1001, source: 'wrong', examId: exam });
    expect(s).toMatchObject({ source: 'wrong', examId: exam, title: '错题练习测试考试', questionCount: 4 });
    expect(s.questions.map((x: { stem: string }) => x.stem)).toEqual(['考题 single 2', '考题 judge 3', '考题 short 4', '考题 composite 5']);
    expect(JSON.stringify(s)).not.toContain('考题解析');
    // Practice start backfilled the attempt into the book, once; right in practice masters the exam entry.
    expect(await inBook('exam', eq.wrong!)).toMatchObject({ examTitle: '错题练习测试考试', wrongCount: 1 });
    expect((await answer(learner.token, s.id, 0, ['A'])).data.feedback).toMatchObject({ correct: true, explanation: '考题解析 2' });
    expect(await inBook('exam', eq.wrong!, true)).toBeDefined();
  });

  it('records an attempt once: a removed entry is not brought back', async () => {
    expect(await demo((trx) => recordExamWrongAnswers(trx, attempt))).toBe(0);
    await data('POST', '/exam/api/practice/wrongBook/remove', learner.token, { tenantId: 1001, source: 'exam', questionId: eq.blank });
    await data('POST', '/exam/api/practice/start', learner.token, { tenantId: 1001, source: 'category', categoryId: child, count: 5 });
    expect(await inBook('exam', eq.blank!)).toBeUndefined();
    expect(await inBook('exam', eq.short!)).toMatchObject({ wrongCount: 1 });
  });

  it("records a paper handed in through the sitting calls (the format the paper saves) at the submit, once", async () => {
    const seeded = await owner().selectFrom('exam').select('id').where('tenant_id', '=', 1001).where('type', '=', 'exam').where('state', '=', 1)
      .where('start_time', '<=', new Date()).where((eb) => eb.or([eb('end_time', 'is', null), eb('end_time', '>', new Date(Date.now() + 86_400_000))]))
      .where('paper_mode', '=', 'fixed').orderBy('id').executeTakeFirstOrThrow();
    const paper = await data('POST', '/exam/api/exam/start', learner.token, { tenantId: 1001, examId: Number(seeded.id) });
    await data('POST', '/exam/api/exam/submit', learner.token, { tenantId: 1001, attemptId: paper.attemptId });
    // The submit itself recorded every unanswered machine-scored question (paper-service scoreAndClose).
    const machine = paper.questions.filter((x: { kind: string }) => ['single', 'multiple', 'judge', 'fill'].includes(x.kind));
    expect(machine.length).toBeGreaterThan(0);
    for (const q of machine) expect(await inBook('exam', q.id)).toMatchObject({ wrongCount: 1, examTitle: paper.title });
    const first = paper.questions.find((x: { kind: string }) => x.kind === 'single')!;
    expect(await demo((trx) => recordExamWrongAnswers(trx, paper.attemptId))).toBe(0);
    expect(await inBook('exam', first.id)).toMatchObject({ wrongCount: 1 });
  });

  it('refuses when the exam does not allow practice, or the learner has not finished it', async () => {
    await owner().updateTable('exam').set({ allow_practice: false }).where('id', '=', exam).execute();
    expect(await start(learner.token, { source: 'wrong', examId: exam })).toMatchObject({ success: false, code: 403, errorCode: 'PRACTICE_OFF' });
    expect(await data('GET', `/exam/api/practice/examWrong?tenantId=1001&examId=${exam}`, learner.token)).toMatchObject({ allowPractice: false, wrongCount: 0 });
    await owner().updateTable('exam').set({ allow_practice: true }).where('id', '=', exam).execute();
    const other = await signIn(1001, 'admin', 'Admin@2026');
    expect(await start(other.token, { source: 'wrong', examId: exam })).toMatchObject({ success: false, errorCode: 'NO_FINISHED_ATTEMPT' });
  });
});

describe('refusals and isolation', () => {
  it('asks a guest to sign in and refuses a token of another tenant', async () => {
    expect(await start(undefined, { source: 'category', categoryId: child, count: 5 })).toMatchObject({ success: false, flag: 401 });
    expect(await call('GET', '/exam/api/practice/history?tenantId=1001', undefined)).toMatchObject({ success: false, flag: 401 });
    expect(await call('GET', '/exam/api/practice/wrongBook?tenantId=1001', acme.token)).toMatchObject({ success: false, flag: 401 });
  });

  it("never shows one learner's or tenant's practice to another", async () => {
    const mine = await data('POST', '/exam/api/practice/start', learner.token, { tenantId: 1001, source: 'set', setId });
    const admin = await signIn(1001, 'admin', 'Admin@2026');
    expect(await call('GET', `/exam/api/practice/session?tenantId=1001&id=${mine.id}`, admin.token)).toMatchObject({ success: false, errorCode: 'PRACTICE_NOT_FOUND' });
    expect(await call('GET', `/exam/api/practice/session?tenantId=1002&id=${mine.id}`, acme.token)).toMatchObject({ success: false, errorCode: 'PRACTICE_NOT_FOUND' });
    // acme's categories and sets are its own; the demo's category cannot be drawn from there.
    const acmeCats = await data('GET', '/exam/api/practice/categories?tenantId=1002', undefined) as Array<{ id: number }>;
    expect(acmeCats.some((c) => c.id === child)).toBe(false);
    expect(await start(acme.token, { source: 'category', categoryId: child, count: 5 }, 1002)).toMatchObject({ success: false, errorCode: 'CATEGORY_NOT_FOUND' });
    expect(await start(acme.token, { source: 'set', setId }, 1002)).toMatchObject({ success: false, errorCode: 'SET_NOT_FOUND' });
    // Row-level security: under acme's tenant the app role sees none of the demo's rows.
    const seen = await withTenant(t.db.app, 1002, async (trx) => sql<{ sets: number; sessions: number; wrong: number }>`select
      (select count(*)::int from practice_set where tenant_id = 1001) as sets,
      (select count(*)::int from practice_session where tenant_id = 1001) as sessions,
      (select count(*)::int from wrong_answer where tenant_id = 1001) as wrong`.execute(trx));
    expect(seen.rows[0]).toEqual({ sets: 0, sessions: 0, wrong: 0 });
    const demoSees = await demo(async (trx) => sql<{ sessions: number; wrong: number }>`select
      (select count(*)::int from practice_session where tenant_id = 1001) as sessions, (select count(*)::int from wrong_answer where tenant_id = 1001) as wrong`.execute(trx));
    expect(demoSees.rows[0]!.sessions).toBeGreaterThan(0);
    expect(demoSees.rows[0]!.wrong).toBeGreaterThan(0);
  });
});
