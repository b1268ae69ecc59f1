// Marking subjective answers (issue 18 part E; docs/exams.md "Marking"): the seeded queue, the
// queue of one question with blind candidate numbers, the bounds of a mark, the final score when
// every short answer is marked (and again after a re-mark), the refusals (learner, guest, a marker
// of another exam, another tenant's teacher) and row-level security on exam_mark.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { grantRole } from '../../server/lib/roles';
import { finaliseIfMarked } from '../../server/modules/exam/marking-finalise';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let teacher: { id: number; token: string };
let learner: { id: number; token: string };
let acmeTeacher: { id: number; token: string };
/** A marker of the other exam only. */
let otherMarker: { id: number; token: string };

/** The fixture: an exam (pass 30) with a single question (10) and two short ones (20 each), three handed-in attempts and an open one. */
let exam: number;
let otherExam: number;
let single: number;
let shortA: number;
let shortB: number;
let otherShort: number;
/** Attempts in submit order: candidates 1, 2, 3. */
let attempts: number[];
let openAttempt: number;

const owner = () => t.db.owner;
const demo = <T>(work: Parameters<typeof withTenant<T>>[2]) => withTenant(t.db.app, 1001, work);
const save = (token: string | undefined, body: { attemptId: number; questionId: number; score: number; comment?: string }, tenantId = 1001) =>
  call('POST', '/exam/api/marking/save', token, { tenantId, ...body });
const get = (token: string | undefined, path: string, query: Record<string, string | number>) =>
  call('GET', `/exam/api/marking/${path}?${new URLSearchParams(Object.entries({ tenantId: 1001, ...query }).map(([k, v]) => [k, String(v)]))}`, token);

async function makeUser(account: string): Promise<number> {
  return Number((await owner().insertInto('user_account').values({
    tenant_id: 1001, account, password_hash: 'locked', password_salt: '', real_name: `姓名${account}`, nick_name: null,
    mobile: null, email: null, gender: null, birthday: null, summary: null, avatar_img: null,
  }).returning('id').executeTakeFirstOrThrow()).id);
}

async function makeExam(title: string): Promise<number> {
  return Number((await owner().insertInto('exam').values({
    tenant_id: 1001, category_id: null, title, cover: null, summary: null, publish_time: new Date(), type: 'exam',
    start_time: new Date(Date.now() - 86_400_000), end_time: new Date(Date.now() - 3_600_000), duration: 30, pass_score: 30, total_score: 50,
    question_count: 3, join_count: 0,
  }).returning('id').executeTakeFirstOrThrow()).id);
}

async function makeQuestion(examId: number, kind: 'single' | 'short', sort: number, score: number): Promise<number> {
  return Number((await owner().insertInto('exam_question').values({
    tenant_id: 1001, exam_id: examId, kind, stem: `${kind} ${sort}`, sort, score,
    options: JSON.stringify(kind === 'single' ? [{ key: 'A', text: 'a' }, { key: 'B', text: 'b' }] : []),
    answer: kind === 'single' ? JSON.stringify(['B']) : null, reference: kind === 'short' ? `reference ${sort}` : null,
  }).returning('id').executeTakeFirstOrThrow()).id);
}

async function makeAttempt(examId: number, userId: number, minutesAgo: number, answers: Record<number, string>, objective: number, state: 'submitted' | 'open' = 'submitted') {
  const at = new Date(Date.now() - minutesAgo * 60_000);
  const saved = Object.fromEntries(Object.entries(answers).map(([id, v]) => [id, { v: [v], at: at.toISOString() }]));
  return Number((await owner().insertInto('exam_attempt').values({
    tenant_id: 1001, exam_id: examId, user_id: userId, started_at: at, deadline: null, submitted_at: state === 'open' ? null : at,
    answers: JSON.stringify(saved), score: null, passed: null, state, marking_state: state === 'open' ? 'none' : 'pending', objective_score: state === 'open' ? null : objective,
  }).returning('id').executeTakeFirstOrThrow()).id);
}

const attemptRow = (id: number) => owner().selectFrom('exam_attempt').select(['score', 'passed', 'marking_state', 'objective_score']).where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await createTestApp();
  teacher = await signIn(1001, 'teacher', 'Teach@2026');
  learner = await signIn(1001, 'learner', 'Study@2026');
  acmeTeacher = await signIn(1002, 'teacher', 'Teach@2026');
  exam = await makeExam('阅卷测试');
  single = await makeQuestion(exam, 'single', 1, 10);
  shortA = await makeQuestion(exam, 'short', 2, 20);
  shortB = await makeQuestion(exam, 'short', 3, 20);
  otherExam = await makeExam('另一场考试');
  otherShort = await makeQuestion(otherExam, 'short', 1, 20);
  const [u1, u2, u3] = [await makeUser('mk_one'), await makeUser('mk_two'), await makeUser('mk_three')];
  // Candidate numbers follow the first attempt: u1 (oldest) is 1.
  attempts = [
    await makeAttempt(exam, u1!, 30, { [single]: 'B', [shortA]: '答案一 A', [shortB]: '答案一 B' }, 10),
    await makeAttempt(exam, u2!, 20, { [single]: 'A', [shortA]: '答案二 A', [shortB]: '答案二 B' }, 0),
    await makeAttempt(exam, u3!, 10, { [shortA]: '答案三 A', [shortB]: '答案三 B' }, 0),
  ];
  openAttempt = await makeAttempt(exam, learner.id, 1, { [shortA]: 'still writing' }, 0, 'open');
  await demo((trx) => grantRole(trx, 1001, teacher.id, 'marker', { type: 'exam', id: exam }));
  const other = await makeUser('mk_other_marker');
  await owner().updateTable('user_account').set({ password_hash: sql`(select password_hash from user_account where tenant_id = 1001 and account = 'learner')`, password_salt: sql`(select password_salt from user_account where tenant_id = 1001 and account = 'learner')` }).where('id', '=', other).execute();
  await demo((trx) => grantRole(trx, 1001, other, 'marker', { type: 'exam', id: otherExam }));
  otherMarker = await signIn(1001, 'mk_other_marker', 'Study@2026');
}, 120_000);

afterAll(async () => t?.close());

describe('the seeded queue', () => {
  it('gives the demo teacher an exam with short answers awaiting marking, one of them marked already', async () => {
    const exams = await data('GET', '/exam/api/marking/exams?tenantId=1001', teacher.token) as { examId: number; pendingAttempts: number; pendingAnswers: number; markedAnswers: number }[];
    const seeded = exams.find((e) => e.examId !== exam && e.pendingAttempts > 0);
    expect(seeded, JSON.stringify(exams)).toBeDefined();
    expect(seeded!.pendingAttempts).toBeGreaterThanOrEqual(2);
    expect(seeded!.markedAnswers).toBeGreaterThanOrEqual(1);
    // Exams with waiting answers come first.
    expect(exams[0]!.pendingAnswers).toBeGreaterThan(0);
  });

  it('seeds acme\'s candidates in English', async () => {
    const exams = await data('GET', '/exam/api/marking/exams?tenantId=1002', acmeTeacher.token) as { examId: number; title: string; pendingAttempts: number }[];
    const seeded = exams.find((e) => e.pendingAttempts > 0)!;
    const paper = await data('GET', `/exam/api/marking/paper?tenantId=1002&examId=${seeded.examId}`, acmeTeacher.token);
    expect(paper.questions[0].stem).not.toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('the queue of one question', () => {
  it('lists the short questions with model answer, points and progress', async () => {
    const paper = (await get(teacher.token, 'paper', { examId: exam })).data;
    expect(paper.exam).toMatchObject({ examId: exam, blind: true, shortCount: 2, pendingAttempts: 3, pendingAnswers: 6, markedAnswers: 0 });
    expect(paper.questions).toEqual([
      expect.objectContaining({ questionId: shortA, number: 1, reference: 'reference 2', points: 20, total: 3, marked: 0 }),
      expect.objectContaining({ questionId: shortB, number: 2, reference: 'reference 3', points: 20, total: 3, marked: 0 }),
    ]);
  });

  it('gives every pending answer oldest first, candidates numbered and unnamed under blind marking; the open attempt is not there', async () => {
    const res = (await get(teacher.token, 'answers', { examId: exam, questionId: shortA })).data;
    expect(res.items.map((i: { attemptId: number }) => i.attemptId)).toEqual(attempts);
    expect(res.items.map((i: { candidate: unknown }) => i.candidate)).toEqual([{ number: 1, name: null }, { number: 2, name: null }, { number: 3, name: null }]);
    expect(res.items[1]).toMatchObject({ answer: '答案二 A', score: null, comment: null });
    expect(JSON.stringify(res)).not.toContain('姓名mk_');
  });

  it('names candidates when blind marking is off', async () => {
    await owner().updateTable('exam').set({ blind_marking: false }).where('id', '=', exam).execute();
    try {
      const res = (await get(teacher.token, 'answers', { examId: exam, questionId: shortB })).data;
      expect(res.items[0].candidate).toEqual({ number: 1, name: '姓名mk_one' });
    } finally {
      await owner().updateTable('exam').set({ blind_marking: true }).where('id', '=', exam).execute();
    }
  });

  it('refuses a question that is not short in the answers call', async () => {
    expect(await get(teacher.token, 'answers', { examId: exam, questionId: single })).toMatchObject({ success: false, errorCode: 'QUESTION_NOT_SHORT' });
  });
});

describe('saving a mark', () => {
  it('keeps a mark between 0 and the question\'s points, in whole points', async () => {
    expect(await save(teacher.token, { attemptId: attempts[0]!, questionId: shortA, score: 21 })).toMatchObject({ success: false, errorCode: 'SCORE_OUT_OF_RANGE' });
    expect((await save(teacher.token, { attemptId: attempts[0]!, questionId: shortA, score: -1 })).success).toBe(false);
    expect((await save(teacher.token, { attemptId: attempts[0]!, questionId: shortA, score: 2.5 })).success).toBe(false);
    expect(await owner().selectFrom('exam_mark').select('score').where('attempt_id', '=', attempts[0]!).execute()).toEqual([]);
  });

  it('refuses a machine-scored question, a question of another paper and an open attempt', async () => {
    expect(await save(teacher.token, { attemptId: attempts[0]!, questionId: single, score: 1 })).toMatchObject({ success: false, errorCode: 'QUESTION_NOT_SHORT' });
    expect(await save(teacher.token, { attemptId: attempts[0]!, questionId: otherShort, score: 1 })).toMatchObject({ success: false, errorCode: 'QUESTION_NOT_IN_ATTEMPT' });
    expect(await save(teacher.token, { attemptId: openAttempt, questionId: shortA, score: 1 })).toMatchObject({ success: false, errorCode: 'ATTEMPT_OPEN' });
  });

  it('stays pending until every short answer has a mark, then sums the marks and the machine part and decides the pass', async () => {
    const first = await data('POST', '/exam/api/marking/save', teacher.token, { tenantId: 1001, attemptId: attempts[0]!, questionId: shortA, score: 15, comment: ' 不错 ' });
    expect(first).toMatchObject({ markingState: 'pending', attemptScore: null, passed: null });
    expect(await attemptRow(attempts[0]!)).toMatchObject({ marking_state: 'pending', score: null, passed: null });
    const mark = await owner().selectFrom('exam_mark').selectAll().where('attempt_id', '=', attempts[0]!).executeTakeFirstOrThrow();
    expect(mark).toMatchObject({ score: 15, comment: '不错', marker_id: teacher.id });
    expect(mark.marked_at).toBeInstanceOf(Date);

    const second = await data('POST', '/exam/api/marking/save', teacher.token, { tenantId: 1001, attemptId: attempts[0]!, questionId: shortB, score: 10 });
    expect(second).toMatchObject({ markingState: 'done', attemptScore: 35, passed: true }); // 10 + 15 + 10 ≥ 30
    expect(await attemptRow(attempts[0]!)).toMatchObject({ marking_state: 'done', score: 35, passed: true, objective_score: 10 });

    // The question's queue moves on; the marked list shows the mark, latest first.
    const pending = (await get(teacher.token, 'answers', { examId: exam, questionId: shortA })).data;
    expect(pending.items.map((i: { attemptId: number }) => i.attemptId)).toEqual(attempts.slice(1));
    expect(pending.question).toMatchObject({ total: 3, marked: 1 });
    const marked = (await get(teacher.token, 'answers', { examId: exam, questionId: shortA, state: 'marked' })).data;
    expect(marked.items).toEqual([expect.objectContaining({ attemptId: attempts[0], score: 15, comment: '不错', candidate: { number: 1, name: null }, markedBy: expect.any(String) })]);
  });

  it('fails an attempt whose sum stays under the pass score', async () => {
    await data('POST', '/exam/api/marking/save', teacher.token, { tenantId: 1001, attemptId: attempts[1]!, questionId: shortA, score: 5 });
    expect(await data('POST', '/exam/api/marking/save', teacher.token, { tenantId: 1001, attemptId: attempts[1]!, questionId: shortB, score: 5 }))
      .toMatchObject({ markingState: 'done', attemptScore: 10, passed: false });
  });

  it("puts the wrong answers of an attempt in its candidate's wrong-answer book once it is marked", async () => {
    // attempts[1] (marked done above): the single answered A (B is right), both shorts 5 of 20.
    const { user_id: userId } = await owner().selectFrom('exam_attempt').select('user_id').where('id', '=', attempts[1]!).executeTakeFirstOrThrow();
    const book = await owner().selectFrom('wrong_answer').select('question_id').where('tenant_id', '=', 1001).where('user_id', '=', userId)
      .where('source', '=', 'exam').orderBy('question_id').execute();
    expect(book.map((r) => Number(r.question_id))).toEqual([single, shortA, shortB].sort((a, b) => a - b));
  });

  it('recomputes a final attempt when a mark is changed', async () => {
    const changed = await data('POST', '/exam/api/marking/save', teacher.token, { tenantId: 1001, attemptId: attempts[0]!, questionId: shortB, score: 0, comment: '再看看题目' });
    expect(changed).toMatchObject({ markingState: 'done', attemptScore: 25, passed: false });
    expect(await attemptRow(attempts[0]!)).toMatchObject({ score: 25, passed: false });
    expect(await owner().selectFrom('exam_mark').select(['score', 'comment']).where('attempt_id', '=', attempts[0]!).where('question_id', '=', shortB).executeTakeFirstOrThrow())
      .toEqual({ score: 0, comment: '再看看题目' });
  });

  it('leaves an attempt alone while a short answer is unmarked (finaliseIfMarked)', async () => {
    await owner().insertInto('exam_mark').values({ tenant_id: 1001, attempt_id: attempts[2]!, question_id: shortA, score: 20 }).execute();
    expect(await demo((trx) => finaliseIfMarked(trx, attempts[2]!))).toEqual({ markingState: 'pending', score: null, passed: null });
  });
});

describe('who may mark', () => {
  it('tells a learner that marking is for markers, on every call', async () => {
    expect(await call('GET', '/exam/api/marking/exams?tenantId=1001', learner.token)).toMatchObject({ success: false, code: 403, errorCode: 'NOT_MARKER' });
    expect(await get(learner.token, 'paper', { examId: exam })).toMatchObject({ success: false, code: 403, errorCode: 'NOT_MARKER' });
    expect(await get(learner.token, 'answers', { examId: exam, questionId: shortA })).toMatchObject({ success: false, code: 403, errorCode: 'NOT_MARKER' });
    const refused = await save(learner.token, { attemptId: attempts[2]!, questionId: shortB, score: 1 });
    expect(refused).toMatchObject({ success: false, code: 403, errorCode: 'NOT_MARKER' });
    expect(refused.message).toMatch(/阅卷老师/);
  });

  it('asks a guest to sign in', async () => {
    expect(await call('GET', '/exam/api/marking/exams?tenantId=1001')).toMatchObject({ success: false, flag: 401 });
    expect(await save(undefined, { attemptId: attempts[2]!, questionId: shortB, score: 1 })).toMatchObject({ success: false, flag: 401 });
  });

  it('keeps a marker of another exam out of this one', async () => {
    const mine = await data('GET', '/exam/api/marking/exams?tenantId=1001', otherMarker.token) as { examId: number }[];
    expect(mine.map((e) => e.examId)).toEqual([otherExam]);
    expect(await get(otherMarker.token, 'paper', { examId: exam })).toMatchObject({ success: false, code: 403, errorCode: 'NOT_MARKER' });
    expect(await get(otherMarker.token, 'answers', { examId: exam, questionId: shortA })).toMatchObject({ success: false, code: 403 });
    expect(await save(otherMarker.token, { attemptId: attempts[2]!, questionId: shortB, score: 1 })).toMatchObject({ success: false, code: 403, errorCode: 'NOT_MARKER' });
  });

  it('keeps another tenant\'s teacher out: their token is not this tenant\'s, and their tenant does not see these rows', async () => {
    expect(await save(acmeTeacher.token, { attemptId: attempts[2]!, questionId: shortB, score: 1 })).toMatchObject({ success: false, flag: 401 });
    expect(await call('GET', `/exam/api/marking/paper?tenantId=1002&examId=${exam}`, acmeTeacher.token)).toMatchObject({ success: false, errorCode: 'EXAM_NOT_FOUND' });
    expect(await save(acmeTeacher.token, { attemptId: attempts[2]!, questionId: shortB, score: 1 }, 1002)).toMatchObject({ success: false, errorCode: 'ATTEMPT_NOT_FOUND' });
    expect(await owner().selectFrom('exam_mark').select('score').where('attempt_id', '=', attempts[2]!).where('question_id', '=', shortB).execute()).toEqual([]);
  });
});

describe('row-level security on exam_mark', () => {
  it('shows one tenant\'s marks to no other tenant and refuses a mark written for another tenant', async () => {
    const mine = await demo((trx) => trx.selectFrom('exam_mark').select('attempt_id').where('attempt_id', 'in', attempts).execute());
    expect(mine.length).toBeGreaterThan(0);
    const acme = await withTenant(t.db.app, 1002, (trx) => trx.selectFrom('exam_mark').select(['tenant_id', 'attempt_id']).execute());
    expect(acme.every((m) => Number(m.tenant_id) === 1002)).toBe(true);
    expect(acme.some((m) => attempts.includes(Number(m.attempt_id)))).toBe(false);
    await expect(withTenant(t.db.app, 1002, (trx) => trx.insertInto('exam_mark').values({ tenant_id: 1001, attempt_id: attempts[2]!, question_id: shortB, score: 1 }).execute()))
      .rejects.toThrow(/row-level security/);
  });
});
