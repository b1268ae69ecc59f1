// Homework (issue 18; server/modules/train/homework-routes.ts): the seeded homework, the whole
// journey (set, submit, return, resubmit, mark), deadlines and late work, closing, the bounds, the
// refusals (guest, learner on teacher calls, teacher of another class, non-member, another tenant)
// and row-level security on homework and homework_submission.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { hashToken, newToken } from '../../server/plugins/auth';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let teacher: { id: number; token: string };
let acmeTeacher: { id: number; token: string };
/** An enrolled member of no class of the teacher's. */
let outsider: { id: number; token: string };
/** A teacher of another class only. */
let otherTeacher: { id: number; token: string };
/** The teacher's first class (the learner is a member) and a class the teacher does not teach. */
let classId: number;
let foreignClass: number;

const DAY = 86_400_000;
const q = (path: string, params: Record<string, string | number>) => `${path}?${new URLSearchParams(Object.entries({ tenantId: 1001, ...params }).map(([k, v]) => [k, String(v)]))}`;
const post = (path: string, token: string | undefined, body: object) => call('POST', path, token, { tenantId: 1001, ...body });
const upload = (tenantId = 1001, ext = 'pdf') => ({ name: '我的作业.pdf', url: `/uploads/u/${tenantId}/2026-11/${crypto.randomUUID()}.${ext}`, size: 1234, contentType: 'application/pdf' });

/** A new user of the demo tenant with a token. */
async function makeUser(account: string) {
  const user = await t.db.owner.insertInto('user_account').values({
    tenant_id: 1001, account, password_hash: 'locked', password_salt: '', real_name: account, nick_name: null,
    mobile: null, email: null, gender: null, birthday: null, summary: null, avatar_img: null,
  }).returning('id').executeTakeFirstOrThrow();
  const token = newToken(1001);
  await t.db.owner.insertInto('user_token').values({ tenant_id: 1001, token_hash: hashToken(token), user_id: Number(user.id), expires_at: new Date(Date.now() + DAY) }).execute();
  return { id: Number(user.id), token };
}

/** A new assignment of the teacher's class; its id. */
async function setHomework(extra: object = {}) {
  const h = await data('POST', '/train/api/homework/save', teacher.token, {
    tenantId: 1001, classesId: classId, title: `作业 ${Math.random()}`, instructions: '<p>写一段话</p>', attachments: [],
    deadline: new Date(Date.now() + DAY).toISOString(), totalScore: 50, allowLate: false, ...extra,
  });
  return h.id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  learner = await signIn(1001, 'learner', 'Study@2026');
  teacher = await signIn(1001, 'teacher', 'Teach@2026');
  acmeTeacher = await signIn(1002, 'teacher', 'Teach@2026');
  const grants = await t.db.owner.selectFrom('user_role').select('scope_id').where('tenant_id', '=', 1001).where('user_id', '=', teacher.id)
    .where('role', '=', 'teacher').where('scope_type', '=', 'classes').orderBy('id').execute();
  classId = Number(grants[0]!.scope_id);
  const free = await t.db.owner.selectFrom('training_class').select('id').where('tenant_id', '=', 1001).where('state', '=', 1)
    .where('id', 'not in', grants.map((g) => Number(g.scope_id))).orderBy('id').executeTakeFirstOrThrow();
  foreignClass = Number(free.id);
  outsider = await makeUser(`outsider_${Date.now()}`);
  otherTeacher = await makeUser(`teacher2_${Date.now()}`);
  await t.db.owner.insertInto('user_role').values({ tenant_id: 1001, user_id: otherTeacher.id, role: 'teacher', scope_type: 'classes', scope_id: foreignClass }).execute();
}, 120_000);

afterAll(async () => t?.close());

describe('the seeded homework', () => {
  it('gives the demo learner one submission awaiting marking and one marked, in a class of the teacher', async () => {
    const mine = await data('GET', q('/train/api/homework/my', { pageSize: 50 }), learner.token);
    const ours = mine.list.filter((h: { classesId: number }) => h.classesId === classId);
    expect(ours.map((h: { status: string }) => h.status).sort()).toEqual(['marked', 'submitted']);
    expect(ours.find((h: { status: string }) => h.status === 'marked').score).toBe(88);
  });

  it('lists two assignments in each class the teacher teaches, with counts', async () => {
    const list = await data('GET', q('/train/api/homework/teaching', { pageSize: 50 }), teacher.token);
    const classes = await data('GET', q('/train/api/homework/teachingClasses', {}), teacher.token);
    expect(list.total).toBe(classes.length * 2);
    const reflection = list.list.find((h: { classesId: number; submittedCount: number }) => h.classesId === classId && h.submittedCount > 0);
    expect(reflection.submittedCount).toBeGreaterThanOrEqual(1);
    expect(reflection.memberCount).toBeGreaterThanOrEqual(reflection.submittedCount);
  });

  it('seeds acme in English', async () => {
    const list = await data('GET', '/train/api/homework/teaching?tenantId=1002', acmeTeacher.token);
    expect(list.total).toBeGreaterThan(0);
    for (const h of list.list) expect(h.title).not.toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('the homework journey', () => {
  it('sets, submits, returns, resubmits and marks; a marked submission is final', async () => {
    const id = await setHomework({ instructions: '<p onclick="alert(1)">读第二章</p><script>alert(1)</script>', attachments: [upload()] });
    const detail = await data('GET', q('/train/api/homework/detail', { id }), learner.token);
    expect(detail).toMatchObject({ isMember: true, isTeacher: false, canSubmit: true, overdue: false, mine: null, totalScore: 50 });
    // sanitised on save
    expect(detail.instructions).toContain('读第二章');
    expect(detail.instructions).not.toMatch(/script|onclick/);
    expect(detail.attachments).toHaveLength(1);

    const sent = await data('POST', '/train/api/homework/submit', learner.token, { tenantId: 1001, homeworkId: id, content: '我的作答', files: [upload()] });
    expect(sent.mine).toMatchObject({ state: 'submitted', content: '我的作答', revision: 1, late: false });
    expect(sent.canSubmit).toBe(false);
    const twice = await post('/train/api/homework/submit', learner.token, { homeworkId: id, content: '再交一次' });
    expect(twice).toMatchObject({ success: false, errorCode: 'HOMEWORK_ALREADY_SUBMITTED' });

    const queue = await data('GET', q('/train/api/homework/submissions', { id }), teacher.token);
    expect(queue.rows[0]).toMatchObject({ userId: learner.id, status: 'submitted' });
    expect(queue.rows.slice(1).every((r: { status: string }) => r.status === 'todo')).toBe(true);
    expect(queue.rows.length).toBe(queue.homework.memberCount);
    const submissionId = queue.rows[0].submissionId as number;
    const whole = await data('GET', q('/train/api/homework/submission', { id: submissionId }), teacher.token);
    expect(whole.files).toHaveLength(1);

    const noReason = await post('/train/api/homework/mark', teacher.token, { submissionId, action: 'return', comment: '  ' });
    expect(noReason).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    await data('POST', '/train/api/homework/mark', teacher.token, { tenantId: 1001, submissionId, action: 'return', comment: '请补充第二部分' });
    const returned = await data('GET', q('/train/api/homework/detail', { id }), learner.token);
    expect(returned.mine).toMatchObject({ state: 'returned', comment: '请补充第二部分' });
    expect(returned.canSubmit).toBe(true);
    const markReturned = await post('/train/api/homework/mark', teacher.token, { submissionId, action: 'mark', score: 10 });
    expect(markReturned).toMatchObject({ success: false, errorCode: 'HOMEWORK_RETURNED' });

    const again = await data('POST', '/train/api/homework/submit', learner.token, { tenantId: 1001, homeworkId: id, content: '补充后的作答' });
    expect(again.mine).toMatchObject({ state: 'submitted', revision: 2, content: '补充后的作答', score: null });

    const tooHigh = await post('/train/api/homework/mark', teacher.token, { submissionId, action: 'mark', score: 51 });
    expect(tooHigh).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    const noScore = await post('/train/api/homework/mark', teacher.token, { submissionId, action: 'mark' });
    expect(noScore).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    const marked = await data('POST', '/train/api/homework/mark', teacher.token, { tenantId: 1001, submissionId, action: 'mark', score: 50, comment: '很好' });
    expect(marked).toMatchObject({ state: 'marked', score: 50, comment: '很好' });
    expect(marked.markerName).toBeTruthy();

    const seen = await data('GET', q('/train/api/homework/detail', { id }), learner.token);
    expect(seen.mine).toMatchObject({ state: 'marked', score: 50, comment: '很好' });
    const final = await post('/train/api/homework/submit', learner.token, { homeworkId: id, content: '还想改' });
    expect(final).toMatchObject({ success: false, errorCode: 'HOMEWORK_MARKED' });
    const cannotReturn = await post('/train/api/homework/mark', teacher.token, { submissionId, action: 'return', comment: '重做' });
    expect(cannotReturn).toMatchObject({ success: false, errorCode: 'HOMEWORK_NOT_SUBMITTED' });
    const mine = await data('GET', q('/train/api/homework/my', { status: 'marked', pageSize: 50 }), learner.token);
    expect(mine.list.find((h: { id: number }) => h.id === id)).toMatchObject({ status: 'marked', score: 50 });
  });

  it('refuses late work unless allowed, and marks allowed late work late', async () => {
    const strict = await setHomework({ deadline: new Date(Date.now() - DAY).toISOString() });
    const detail = await data('GET', q('/train/api/homework/detail', { id: strict }), learner.token);
    expect(detail).toMatchObject({ overdue: true, canSubmit: false });
    expect(await post('/train/api/homework/submit', learner.token, { homeworkId: strict, content: '迟交' }))
      .toMatchObject({ success: false, errorCode: 'HOMEWORK_DEADLINE_PASSED' });
    const mine = await data('GET', q('/train/api/homework/my', { status: 'todo', pageSize: 50 }), learner.token);
    expect(mine.list.find((h: { id: number }) => h.id === strict)).toMatchObject({ status: 'todo', overdue: true });

    const lenient = await setHomework({ deadline: new Date(Date.now() - DAY).toISOString(), allowLate: true });
    const sent = await data('POST', '/train/api/homework/submit', learner.token, { tenantId: 1001, homeworkId: lenient, content: '迟交' });
    expect(sent.mine).toMatchObject({ state: 'submitted', late: true });
  });

  it('refuses submissions once closed, and takes them again when reopened', async () => {
    const id = await setHomework();
    const closed = await data('POST', '/train/api/homework/close', teacher.token, { tenantId: 1001, id, closed: true });
    expect(closed.state).toBe('closed');
    expect(await post('/train/api/homework/submit', learner.token, { homeworkId: id, content: '交' })).toMatchObject({ success: false, errorCode: 'HOMEWORK_CLOSED' });
    await data('POST', '/train/api/homework/close', teacher.token, { tenantId: 1001, id, closed: false });
    await data('POST', '/train/api/homework/submit', learner.token, { tenantId: 1001, homeworkId: id, content: '交' });
  });

  it('edits an assignment, and keeps it in its class once someone submitted', async () => {
    const id = await setHomework({ title: '旧标题' });
    const edited = await data('POST', '/train/api/homework/save', teacher.token, {
      tenantId: 1001, id, classesId: classId, title: '新标题', instructions: '', attachments: [], deadline: null, totalScore: 20, allowLate: true,
    });
    expect(edited).toMatchObject({ id, title: '新标题', deadline: null, totalScore: 20, allowLate: true });
    await data('POST', '/train/api/homework/submit', learner.token, { tenantId: 1001, homeworkId: id, content: '交' });
    const grants = await t.db.owner.selectFrom('user_role').select('scope_id').where('tenant_id', '=', 1001).where('user_id', '=', teacher.id).where('scope_type', '=', 'classes').execute();
    const second = grants.map((g) => Number(g.scope_id)).find((c) => c !== classId);
    if (second !== undefined) {
      const moved = await post('/train/api/homework/save', teacher.token, { id, classesId: second, title: '新标题', deadline: null });
      expect(moved).toMatchObject({ success: false, errorCode: 'HOMEWORK_HAS_SUBMISSIONS' });
    }
  });
});

describe('bounds', () => {
  it('refuses an empty submission, over-long text, more than ten files and files not from the upload flow', async () => {
    const id = await setHomework();
    expect(await post('/train/api/homework/submit', learner.token, { homeworkId: id, content: '   ' })).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(await post('/train/api/homework/submit', learner.token, { homeworkId: id, content: '字'.repeat(20_001) })).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    const eleven = Array.from({ length: 11 }, () => upload());
    expect(await post('/train/api/homework/submit', learner.token, { homeworkId: id, files: eleven })).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    const outside = { ...upload(), url: 'https://evil.example/x.pdf' };
    expect(await post('/train/api/homework/submit', learner.token, { homeworkId: id, files: [outside] })).toMatchObject({ success: false, errorCode: 'FILE_NOT_UPLOADED' });
    expect(await post('/train/api/homework/submit', learner.token, { homeworkId: id, files: [upload(1002)] })).toMatchObject({ success: false, errorCode: 'FILE_NOT_UPLOADED' });
    // twenty thousand characters and ten files are accepted
    await data('POST', '/train/api/homework/submit', learner.token, { tenantId: 1001, homeworkId: id, content: '字'.repeat(20_000), files: eleven.slice(0, 10) });
  });

  it('refuses a points value out of range and an empty title', async () => {
    expect(await post('/train/api/homework/save', teacher.token, { classesId: classId, title: '作业', totalScore: 0, deadline: null })).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(await post('/train/api/homework/save', teacher.token, { classesId: classId, title: '作业', totalScore: 1001, deadline: null })).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(await post('/train/api/homework/save', teacher.token, { classesId: classId, title: '   ', deadline: null })).toMatchObject({ success: false, errorCode: 'VALIDATION' });
  });
});

describe('refusals', () => {
  let id: number;
  let submissionId: number;
  beforeAll(async () => {
    id = await setHomework();
    await data('POST', '/train/api/homework/submit', learner.token, { tenantId: 1001, homeworkId: id, content: '交' });
    submissionId = (await data('GET', q('/train/api/homework/submissions', { id }), teacher.token)).rows[0].submissionId;
  });

  it('asks a guest to sign in on every call', async () => {
    for (const url of ['/train/api/homework/detail?tenantId=1001&id=1', '/train/api/homework/my?tenantId=1001', '/train/api/homework/teaching?tenantId=1001']) {
      expect(await call('GET', url)).toMatchObject({ success: false, flag: 401 });
    }
    expect(await post('/train/api/homework/submit', undefined, { homeworkId: id, content: 'x' })).toMatchObject({ flag: 401 });
  });

  it('refuses a learner every teacher call', async () => {
    const refusals = [
      await call('GET', q('/train/api/homework/teachingClasses', {}), learner.token),
      await call('GET', q('/train/api/homework/teaching', {}), learner.token),
      await call('GET', q('/train/api/homework/submissions', { id }), learner.token),
      await call('GET', q('/train/api/homework/submission', { id: submissionId }), learner.token),
      await post('/train/api/homework/save', learner.token, { classesId: classId, title: '我来布置', deadline: null }),
      await post('/train/api/homework/close', learner.token, { id }),
      await post('/train/api/homework/mark', learner.token, { submissionId, action: 'mark', score: 1 }),
    ];
    for (const r of refusals) {
      expect(r).toMatchObject({ success: false, code: 403, errorCode: 'TEACHER_ONLY' });
      expect(r.message).toMatch(/老师/);
    }
  });

  it('refuses a teacher of another class', async () => {
    const refusals = [
      await call('GET', q('/train/api/homework/submissions', { id }), otherTeacher.token),
      await call('GET', q('/train/api/homework/submission', { id: submissionId }), otherTeacher.token),
      await call('GET', q('/train/api/homework/teaching', { classesId: classId }), otherTeacher.token),
      await post('/train/api/homework/save', otherTeacher.token, { classesId: classId, title: '越权', deadline: null }),
      await post('/train/api/homework/save', otherTeacher.token, { id, classesId: foreignClass, title: '搬走', deadline: null }),
      await post('/train/api/homework/close', otherTeacher.token, { id }),
      await post('/train/api/homework/mark', otherTeacher.token, { submissionId, action: 'mark', score: 1 }),
    ];
    for (const r of refusals) expect(r).toMatchObject({ success: false, code: 403, errorCode: 'TEACHER_ONLY' });
    expect(await call('GET', q('/train/api/homework/detail', { id }), otherTeacher.token)).toMatchObject({ success: false, code: 403, errorCode: 'NOT_MEMBER' });
    // and sees only its own class's homework
    const own = await data('GET', q('/train/api/homework/teaching', {}), otherTeacher.token);
    expect(own.list.every((h: { classesId: number }) => h.classesId === foreignClass)).toBe(true);
  });

  it('refuses a learner who is not a member of the class', async () => {
    expect(await call('GET', q('/train/api/homework/detail', { id }), outsider.token)).toMatchObject({ success: false, code: 403, errorCode: 'NOT_MEMBER' });
    expect(await post('/train/api/homework/submit', outsider.token, { homeworkId: id, content: '交' })).toMatchObject({ success: false, code: 403, errorCode: 'NOT_MEMBER' });
    expect((await data('GET', q('/train/api/homework/my', {}), outsider.token)).total).toBe(0);
  });

  it('shows another tenant\'s teacher nothing of this tenant', async () => {
    const detail = await call('GET', `/train/api/homework/detail?tenantId=1002&id=${id}`, acmeTeacher.token);
    expect(detail).toMatchObject({ success: false, errorCode: 'HOMEWORK_NOT_FOUND' });
    expect(await call('GET', `/train/api/homework/submissions?tenantId=1002&id=${id}`, acmeTeacher.token)).toMatchObject({ success: false, errorCode: 'HOMEWORK_NOT_FOUND' });
    expect(await call('POST', '/train/api/homework/mark', acmeTeacher.token, { tenantId: 1002, submissionId, action: 'mark', score: 1 }))
      .toMatchObject({ success: false, errorCode: 'SUBMISSION_NOT_FOUND' });
    // its token with the demo tenant id is refused as not signed in there
    expect(await call('GET', q('/train/api/homework/detail', { id }), acmeTeacher.token)).toMatchObject({ success: false, flag: 401 });
    const acmeList = await data('GET', '/train/api/homework/teaching?tenantId=1002&pageSize=50', acmeTeacher.token);
    expect(acmeList.list.some((h: { id: number }) => h.id === id)).toBe(false);
  });
});

describe('row-level security on homework and homework_submission', () => {
  it('keeps one tenant\'s rows out of another\'s transactions', async () => {
    for (const table of ['homework', 'homework_submission'] as const) {
      const { rows } = await sql<{ tenant_id: number }>`select distinct tenant_id from ${sql.table(table)}`.execute(t.db.owner);
      expect(rows.map((r) => Number(r.tenant_id))).toContain(1001);
      const seen = await withTenant(t.db.app, 1002, (trx) => sql<{ tenant_id: number }>`select distinct tenant_id from ${sql.table(table)}`.execute(trx));
      expect(seen.rows.map((r) => Number(r.tenant_id))).toEqual([1002]);
    }
  });

  it('refuses a row written for another tenant', async () => {
    await expect(withTenant(t.db.app, 1002, (trx) => trx.insertInto('homework').values({ tenant_id: 1001, classes_id: classId, title: 'x' }).execute()))
      .rejects.toThrow(/row-level security/);
    const { rows } = await sql<{ relname: string; forced: boolean }>`select relname, relforcerowsecurity as forced from pg_class where relname in ('homework', 'homework_submission')`.execute(t.db.owner);
    expect(rows.every((r) => r.forced)).toBe(true);
    expect(rows).toHaveLength(2);
  });
});
