// Sitting an exam (spec learning §2 "Exams", §7 searchByMember; docs/api.md "Exams: sitting"):
// scoring of each question kind on the server, the deadline, answers hidden until the submit, a
// second submit refused, the attempt limit, and one tenant's attempts invisible to another.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadlineOf, pointsFor, type ScoredQuestion } from '../../server/modules/exam/paper-scoring';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let admin: { id: number; token: string };
let acme: { id: number; token: string };
/** Published exams of tenant 1001 open now (each test takes its own), an upcoming, a closed one and an open survey. */
let open: number[];
let upcoming: number;
let closed: number;
let survey: number;

type Q = { id: number; kind: string; options: { key: string }[]; answer: string[] | null; score: number };
/** The paper's questions with their answers, read past the API (the owner connection, tenant named). */
async function answersOf(examId: number): Promise<Q[]> {
  return t.db.owner.selectFrom('exam_question').select(['id', 'kind', 'options', 'answer', 'score'])
    .where('tenant_id', '=', 1001).where('exam_id', '=', examId).orderBy('sort').execute() as Promise<Q[]>;
}
const start = (token: string, examId: number, tenantId = 1001) => call('POST', '/exam/api/exam/start', token, { tenantId, examId });
const save = (token: string, attemptId: number, answers: { questionId: number; value: string[] }[]) =>
  call('POST', '/exam/api/exam/saveAnswer', token, { tenantId: 1001, attemptId, answers });
const submit = (token: string, attemptId: number, answers?: { questionId: number; value: string[] }[]) =>
  call('POST', '/exam/api/exam/submit', token, { tenantId: 1001, attemptId, ...(answers ? { answers } : {}) });
/** A wrong key of a choice question. */
const wrong = (q: Q) => q.options.map((o) => o.key).find((k) => !q.answer!.includes(k))!;
/** Moves an attempt's deadline into the past, as if the time ran out. */
const expire = (attemptId: number) => sql`update exam_attempt set deadline = now() - interval '1 second' where id = ${attemptId}`.execute(t.db.owner);

beforeAll(async () => {
  t = await createTestApp();
  learner = await signIn(1001, 'learner', 'Study@2026');
  admin = await signIn(1001, 'admin', 'Admin@2026');
  acme = await signIn(1002, 'learner', 'Study@2026');
  const exams = await t.db.owner.selectFrom('exam').select(['id', 'type', sql<string>`case when now() < start_time then 'upcoming'
    when end_time is null or now() <= end_time then 'open' else 'closed' end`.as('w')])
    .where('tenant_id', '=', 1001).where('state', '=', 1).orderBy('id').execute();
  open = exams.filter((e) => e.type === 'exam' && e.w === 'open').map((e) => Number(e.id));
  upcoming = Number(exams.find((e) => e.type === 'exam' && e.w === 'upcoming')!.id);
  closed = Number(exams.find((e) => e.type === 'exam' && e.w === 'closed')!.id);
  survey = Number(exams.find((e) => e.type === 'survey' && e.w === 'open')!.id);
  expect(open.length, 'the seed needs six open exams').toBeGreaterThanOrEqual(6);
});
afterAll(() => t.close());

describe('scoring rules (pure)', () => {
  const q = (kind: ScoredQuestion['kind'], answer: string[] | null): ScoredQuestion => ({ id: 1, kind, options: [{ key: 'A', text: '' }, { key: 'B', text: '' }, { key: 'C', text: '' }, { key: 'D', text: '' }], answer, score: 10 });
  it('single and judge: the right key scores, anything else nothing', () => {
    expect(pointsFor(q('single', ['C']), ['C'])).toBe(10);
    expect(pointsFor(q('single', ['C']), ['A'])).toBe(0);
    expect(pointsFor(q('judge', ['B']), ['B'])).toBe(10);
    expect(pointsFor(q('judge', ['B']), [])).toBe(0);
  });
  it('multiple: all right keys score full, a right subset half, any wrong key nothing', () => {
    const m = q('multiple', ['A', 'B', 'D']);
    expect(pointsFor(m, ['A', 'B', 'D'])).toBe(10);
    expect(pointsFor(m, ['A', 'D'])).toBe(5);
    expect(pointsFor(m, ['A', 'B', 'C', 'D'])).toBe(0);
  });
  it('text: never scored', () => expect(pointsFor(q('text', null), ['anything'])).toBe(0));
  it('the deadline is min(start + duration, end time); no duration and no end: none', () => {
    const s = new Date('2026-01-01T00:00:00Z');
    expect(deadlineOf(s, 30, null)?.toISOString()).toBe('2026-01-01T00:30:00.000Z');
    expect(deadlineOf(s, 30, new Date('2026-01-01T00:10:00Z'))?.toISOString()).toBe('2026-01-01T00:10:00.000Z');
    expect(deadlineOf(s, 0, null)).toBeNull();
  });
});

describe('the seeded papers', () => {
  it('match each exam\'s question_count and total_score', async () => {
    const rows = await sql<{ id: number; type: string; question_count: number; total_score: number | null; n: number; total: number }>`
      select e.id, e.type, e.question_count, e.total_score,
        -- issue 18: a composite counts as one question and its score is its sub-questions' sum (the exam builder's recount).
        (count(q.id) filter (where q.parent_id is null))::int as n, coalesce(sum(q.score) filter (where q.kind <> 'composite'), 0)::int as total
      from exam e left join exam_question q on q.tenant_id = e.tenant_id and q.exam_id = e.id and q.attempt_id is null
      where e.tenant_id in (1001, 1002, 1533) group by e.tenant_id, e.id`.execute(t.db.owner);
    expect(rows.rows.length).toBeGreaterThan(20);
    for (const r of rows.rows) {
      expect(r.n, `exam ${r.id}`).toBeGreaterThan(0);
      expect(r.question_count, `exam ${r.id}`).toBe(r.n);
      expect(r.total_score, `exam ${r.id}`).toBe(r.type === 'exam' ? r.total : null);
    }
  });
});

describe('sitting an exam', () => {
  it('hides the answers until the submit, then scores each kind on the server', async () => {
    const examId = open[0]!;
    const paper = (await start(learner.token, examId)).data;
    expect(paper.questions.length).toBeGreaterThan(0);
    for (const q of paper.questions) expect(q).not.toHaveProperty('answer');
    expect(JSON.stringify(paper)).not.toContain('"answer"');
    const hidden = await call('GET', `/exam/api/exam/result?tenantId=1001&attemptId=${paper.attemptId}`, learner.token);
    expect(hidden).toMatchObject({ success: false, errorCode: 'RESULT_HIDDEN', message: '交卷后才能查看成绩和答案解析。' });

    const qs = await answersOf(examId);
    const [single, multiple, judge] = ['single', 'multiple', 'judge'].map((k) => qs.find((q) => q.kind === k)!);
    const otherSingle = qs.filter((q) => q.kind === 'single')[1]!;
    await data('POST', '/exam/api/exam/saveAnswer', learner.token, { tenantId: 1001, attemptId: paper.attemptId, answers: [
      { questionId: single!.id, value: single!.answer! },
      { questionId: multiple!.id, value: multiple!.answer!.slice(0, 1) }, // a right subset: half
      { questionId: judge!.id, value: [wrong(judge!)] },
      { questionId: otherSingle.id, value: [wrong(otherSingle)] },
    ] });
    // A reload resumes the same attempt with the saved answers.
    const again = (await start(learner.token, examId)).data;
    expect(again.attemptId).toBe(paper.attemptId);
    expect(again.answers[String(single!.id)]).toEqual(single!.answer);
    // The last answer travels with the submit and counts (in time): the wrong single becomes right.
    const result = await data('POST', '/exam/api/exam/submit', learner.token, { tenantId: 1001, attemptId: paper.attemptId, answers: [{ questionId: otherSingle.id, value: otherSingle.answer! }] });
    const expected = single!.score + Math.floor(multiple!.score / 2) + otherSingle.score;
    expect(result).toMatchObject({ state: 'submitted', score: expected, answeredCount: 4, correctCount: 2 });
    expect(result.passed).toBe(expected >= result.passScore);
    const review = new Map(result.questions.map((q: { id: number }) => [q.id, q]));
    expect(review.get(multiple!.id)).toMatchObject({ correctAnswer: multiple!.answer, yourAnswer: multiple!.answer!.slice(0, 1), gained: Math.floor(multiple!.score / 2) });
    expect(review.get(judge!.id)).toMatchObject({ gained: 0, correctAnswer: judge!.answer });
    const read = await data('GET', `/exam/api/exam/result?tenantId=1001&attemptId=${paper.attemptId}`, learner.token);
    expect(read.score).toBe(expected);
  });

  it('refuses a second submit and any later save', async () => {
    const { attemptId } = (await start(learner.token, open[1]!)).data;
    expect((await submit(learner.token, attemptId)).success).toBe(true);
    expect(await submit(learner.token, attemptId)).toMatchObject({ success: false, errorCode: 'ALREADY_SUBMITTED', message: '这份答卷已经交卷，不能重复提交或修改答案。' });
    expect(await save(learner.token, attemptId, [])).toMatchObject({ success: false, errorCode: 'ALREADY_SUBMITTED' });
  });

  it('rejects answers that do not fit the paper, naming the question', async () => {
    const examId = open[2]!;
    const { attemptId } = (await start(learner.token, examId)).data;
    const qs = await answersOf(examId);
    const single = qs.find((q) => q.kind === 'single')!;
    const n = qs.indexOf(single) + 1;
    expect(await save(learner.token, attemptId, [{ questionId: single.id, value: ['A', 'B'] }]))
      .toMatchObject({ success: false, errorCode: 'INVALID_ANSWER', message: `第 ${n} 题是单选题，只能选择一个答案。` });
    expect(await save(learner.token, attemptId, [{ questionId: single.id, value: ['Z'] }])).toMatchObject({ success: false, errorCode: 'INVALID_ANSWER' });
    expect(await save(learner.token, attemptId, [{ questionId: (await answersOf(open[3]!))[0]!.id, value: ['A'] }]))
      .toMatchObject({ success: false, errorCode: 'QUESTION_NOT_IN_PAPER' });
    await submit(learner.token, attemptId);
  });
});

describe('the deadline', () => {
  it('counts only answers saved before it, refuses later saves, and closes the attempt when next read', async () => {
    const examId = open[3]!;
    const { attemptId, deadline, serverNow } = (await start(learner.token, examId)).data;
    expect(new Date(deadline).getTime()).toBeGreaterThan(new Date(serverNow).getTime());
    const qs = (await answersOf(examId)).filter((q) => q.kind === 'single');
    await data('POST', '/exam/api/exam/saveAnswer', learner.token, { tenantId: 1001, attemptId, answers: [{ questionId: qs[0]!.id, value: qs[0]!.answer! }] });
    await expire(attemptId);
    expect(await save(learner.token, attemptId, [{ questionId: qs[1]!.id, value: qs[1]!.answer! }]))
      .toMatchObject({ success: false, errorCode: 'ATTEMPT_EXPIRED', message: '作答时间已到，答卷已按截止前保存的答案自动交卷。' });
    // The save above was a read: the attempt is closed and scored with what was saved in time.
    const row = await t.db.owner.selectFrom('exam_attempt').select(['state', 'score', 'submitted_at', 'deadline']).where('id', '=', attemptId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'expired', score: qs[0]!.score });
    expect(row.submitted_at).toEqual(row.deadline);
    expect(await submit(learner.token, attemptId)).toMatchObject({ success: false, errorCode: 'ATTEMPT_EXPIRED' });
  });

  it('a submit arriving after the deadline hands in only what was saved before it', async () => {
    const examId = open[4]!;
    const { attemptId } = (await start(learner.token, examId)).data;
    const qs = (await answersOf(examId)).filter((q) => q.kind === 'single');
    await data('POST', '/exam/api/exam/saveAnswer', learner.token, { tenantId: 1001, attemptId, answers: [{ questionId: qs[0]!.id, value: qs[0]!.answer! }] });
    await expire(attemptId);
    const result = await data('POST', '/exam/api/exam/submit', learner.token, { tenantId: 1001, attemptId, answers: qs.slice(1).map((q) => ({ questionId: q.id, value: q.answer! })) });
    expect(result).toMatchObject({ state: 'expired', score: qs[0]!.score, answeredCount: 1 });
  });

  it('an overdue attempt shows as closed on the detail page, and the next start is a new attempt', async () => {
    const examId = open[5]!;
    const first = (await start(learner.token, examId)).data;
    await expire(first.attemptId);
    const detail = await data('GET', `/exam/api/exam/detail?tenantId=1001&id=${examId}`, learner.token);
    expect(detail).toMatchObject({ openAttemptId: null, canStart: true, attempts: [{ id: first.attemptId, state: 'expired', score: 0 }] });
    const second = (await start(learner.token, examId)).data;
    expect(second.attemptId).not.toBe(first.attemptId);
  });
});

describe('who may start', () => {
  it('refuses an exam not started yet or already over, with the reason on the detail page', async () => {
    const before = await data('GET', `/exam/api/exam/detail?tenantId=1001&id=${upcoming}`, learner.token);
    expect(before).toMatchObject({ canStart: false, reasonCode: 'EXAM_UPCOMING' });
    expect(before.reason).toMatch(/^考试未开始，开始时间：/);
    expect(await start(learner.token, upcoming)).toMatchObject({ success: false, errorCode: 'EXAM_UPCOMING' });
    expect(await start(learner.token, closed)).toMatchObject({ success: false, errorCode: 'EXAM_CLOSED', message: '考试已结束，不能再作答。' });
    const guest = await data('GET', `/exam/api/exam/detail?tenantId=1001&id=${open[0]}`, undefined);
    expect(guest).toMatchObject({ canStart: false, reasonCode: 'NOT_SIGNED_IN', attempts: [] });
    expect((await start('', open[0]!)).flag).toBe(401);
  });

  it('allows three attempts at an exam and one at a survey', async () => {
    const examId = open[1]!; // one attempt used above
    for (let i = 0; i < 2; i += 1) await submit(admin.token, (await start(admin.token, examId)).data.attemptId);
    await submit(admin.token, (await start(admin.token, examId)).data.attemptId);
    expect(await start(admin.token, examId)).toMatchObject({ success: false, errorCode: 'NO_ATTEMPTS_LEFT', message: '您已用完全部 3 次考试机会。' });
    const paper = (await start(admin.token, survey)).data;
    const text = paper.questions.find((q: { kind: string }) => q.kind === 'text');
    const result = await data('POST', '/exam/api/exam/submit', admin.token, { tenantId: 1001, attemptId: paper.attemptId, answers: [{ questionId: text.id, value: ['  多一些案例  '] }] });
    expect(result).toMatchObject({ type: 'survey', score: null, passed: null, correctCount: null });
    expect(result.questions.find((q: { id: number }) => q.id === text.id)).toMatchObject({ yourAnswer: ['多一些案例'], correctAnswer: null, gained: null });
    expect(await start(admin.token, survey)).toMatchObject({ success: false, errorCode: 'NO_ATTEMPTS_LEFT', message: '您已提交过这份问卷，每人只能填写一次。' });
  });

  it('lists my exams with the best score (searchByMember)', async () => {
    const page = await data('GET', '/exam/api/exam/searchByMember?tenantId=1001&type=exam&pageSize=50', admin.token);
    expect(page.total).toBe(1);
    expect(page.list[0]).toMatchObject({ examId: open[1], attemptCount: 3, lastState: 'submitted' });
    const surveys = await data('GET', '/exam/api/exam/searchByMember?tenantId=1001&type=survey', admin.token);
    expect(surveys.list.map((e: { examId: number }) => e.examId)).toEqual([survey]);
  });
});

describe('tenant isolation', () => {
  it('keeps one tenant\'s exams and attempts out of another\'s calls', async () => {
    const { attemptId } = (await start(learner.token, open[2]!)).data;
    // A 1001 token used with tenant 1002 is refused; 1002's learner finds neither the exam nor the attempt.
    expect((await start(learner.token, open[2]!, 1002)).flag).toBe(401);
    expect(await start(acme.token, open[2]!, 1002)).toMatchObject({ success: false, errorCode: 'EXAM_NOT_FOUND' });
    const foreign = await call('GET', `/exam/api/exam/result?tenantId=1002&attemptId=${attemptId}`, acme.token);
    expect(foreign).toMatchObject({ success: false, errorCode: 'ATTEMPT_NOT_FOUND' });
    expect(await call('POST', '/exam/api/exam/submit', acme.token, { tenantId: 1002, attemptId })).toMatchObject({ success: false, errorCode: 'ATTEMPT_NOT_FOUND' });
    // Nor does another user of the same tenant.
    expect(await submit(admin.token, attemptId)).toMatchObject({ success: false, errorCode: 'ATTEMPT_NOT_FOUND' });
    const mine = await data('GET', '/exam/api/exam/searchByMember?tenantId=1002', acme.token);
    expect(mine.total).toBe(0);
  });
});

describe('surveys (issue 13: a survey read like an exam)', () => {
  it('a survey shows no score, pass line, points or right answer anywhere, even when its row holds them', async () => {
    // As if an admin had typed scores and a right key into a survey: none of it may reach the learner.
    await sql`update exam set total_score = 100, pass_score = 60 where id = ${survey}`.execute(t.db.owner);
    await sql`update exam_question set score = 5, answer = '["A"]'::jsonb where exam_id = ${survey} and kind = 'single'`.execute(t.db.owner);
    const listed = (await data('GET', '/exam/api/exam/search?tenantId=1001&type=survey&pageSize=50', undefined)).list.find((e: { id: number }) => e.id === survey);
    expect(listed).toMatchObject({ type: 'survey', totalScore: null, passScore: null });
    expect((await data('GET', `/exam/api/exam/detail?tenantId=1001&id=${survey}`, learner.token)).exam).toMatchObject({ totalScore: null, passScore: null });

    const paper = (await start(learner.token, survey)).data;
    expect(paper).toMatchObject({ type: 'survey', totalScore: null, passScore: null });
    expect(paper.questions.map((q: { score: number }) => q.score)).toEqual(paper.questions.map(() => 0));
    expect(await call('GET', `/exam/api/exam/result?tenantId=1001&attemptId=${paper.attemptId}`, learner.token))
      .toMatchObject({ success: false, errorCode: 'RESULT_HIDDEN', message: '提交问卷后才能查看您的回答。' });

    const single = paper.questions.find((q: { kind: string }) => q.kind === 'single');
    const result = await data('POST', '/exam/api/exam/submit', learner.token, { tenantId: 1001, attemptId: paper.attemptId, answers: [{ questionId: single.id, value: ['A'] }] });
    expect(result).toMatchObject({ type: 'survey', state: 'submitted', score: null, passed: null, totalScore: null, passScore: null, correctCount: null, answeredCount: 1 });
    for (const q of result.questions) expect(q).toMatchObject({ score: 0, gained: null, correctAnswer: null });
    expect(result.questions.find((q: { id: number }) => q.id === single.id).yourAnswer).toEqual(['A']);
    const read = await data('GET', `/exam/api/exam/result?tenantId=1001&attemptId=${paper.attemptId}`, learner.token);
    expect(read).toMatchObject({ score: null, passed: null, totalScore: null, passScore: null });
    const stored = await t.db.owner.selectFrom('exam_attempt').select(['score', 'passed']).where('id', '=', paper.attemptId).executeTakeFirstOrThrow();
    expect(stored).toEqual({ score: null, passed: null });

    const mine = await data('GET', '/exam/api/exam/searchByMember?tenantId=1001&type=survey', learner.token);
    expect(mine.list[0]).toMatchObject({ examId: survey, bestScore: null, passed: null, totalScore: null, passScore: null });
  });

  it('a survey refuses in its own words: 已经提交, not 已经交卷', async () => {
    const [row] = (await data('GET', '/exam/api/exam/searchByMember?tenantId=1001&type=survey', learner.token)).list;
    expect(await submit(learner.token, row.lastAttemptId)).toMatchObject({
      success: false, errorCode: 'ALREADY_SUBMITTED', message: '这份问卷已经提交，不能重复提交或修改回答。',
    });
    expect(await save(learner.token, row.lastAttemptId, [])).toMatchObject({ success: false, errorCode: 'ALREADY_SUBMITTED', message: '这份问卷已经提交，不能重复提交或修改回答。' });
  });
});
