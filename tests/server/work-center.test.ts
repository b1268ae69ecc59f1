// The teachers' work center (issue 18 part G; spec learning §2 "Personal center" work, §6 teacher
// functions, whose access rule is ours): the to-do counts per role with a row of every kind, the
// schedule's range, class management (enrol by account, remove with a reason, rooms), the work
// review (approve, reject with a reason, the uploader's message), refusals and tenant isolation.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../../server/plugins/auth';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
type Session = { id: number; token: string };
let teacher: Session;
let learner: Session;
let acmeTeacher: Session;
/** The demo teacher's classes (teacher grants) and a published public class they do not teach. */
let myClasses: number[];
let notMine: number;

/** A new account of a tenant with a sign-in token written straight to the database. */
async function makeUser(tenantId = 1001, name = '新同学'): Promise<Session & { account: string }> {
  const account = `work_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const user = await t.db.owner.insertInto('user_account').values({
    tenant_id: tenantId, account, password_hash: 'locked', password_salt: '', real_name: name, nick_name: null,
    mobile: null, email: null, gender: null, birthday: null, summary: null, avatar_img: null,
  }).returning('id').executeTakeFirstOrThrow();
  const token = newToken(tenantId);
  await t.db.owner.insertInto('user_token').values({ tenant_id: tenantId, token_hash: hashToken(token), user_id: Number(user.id), expires_at: new Date(Date.now() + 86_400_000) }).execute();
  return { id: Number(user.id), token, account };
}

const todo = async (s: Session, tenantId = 1001) => data('GET', `/train/api/work/todo?tenantId=${tenantId}`, s.token) as Promise<{
  total: number; groups: { kind: string; count: number; link: string; items: { id: number; title: string; who: string | null; link: string; count: number | null }[] }[];
}>;
const messagesOf = async (userId: number) => t.db.owner.selectFrom('user_message').select(['title', 'content']).where('user_id', '=', userId).orderBy('id', 'desc').execute();

beforeAll(async () => {
  t = await createTestApp();
  teacher = await signIn(1001, 'teacher', 'Teach@2026');
  learner = await signIn(1001, 'learner', 'Study@2026');
  acmeTeacher = await signIn(1002, 'teacher', 'Teach@2026');
  myClasses = (await t.db.owner.selectFrom('user_role').select('scope_id').where('tenant_id', '=', 1001).where('user_id', '=', teacher.id)
    .where('role', '=', 'teacher').where('scope_type', '=', 'classes').orderBy('scope_id').execute()).map((r) => Number(r.scope_id));
  notMine = Number((await t.db.owner.selectFrom('training_class').select('id').where('tenant_id', '=', 1001).where('state', '=', 1).where('is_public', '=', true)
    .where('id', 'not in', myClasses).orderBy('id').executeTakeFirstOrThrow()).id);
}, 120_000);

afterAll(async () => t?.close());

describe('the seed', () => {
  it('gives the demo teacher pending works of their own class, and one of another class they do not see', async () => {
    const pending = await t.db.owner.selectFrom('content').select(['id', 'audit_classes_id', 'state', 'uploader_id', 'purpose'])
      .where('tenant_id', '=', 1001).where('audit_state', '=', 'pending').execute();
    const own = pending.filter((w) => myClasses.includes(Number(w.audit_classes_id)));
    expect(own.length).toBeGreaterThanOrEqual(3);
    // Issue 20 part V: a creator's reading work (no class) is reviewed by any teacher of the tenant.
    own.push(...pending.filter((w) => w.audit_classes_id === null && [5, 6, 7].includes(w.purpose)));
    expect(pending.every((w) => w.state !== 1 && w.uploader_id !== null)).toBe(true);
    const listed = await data('GET', '/cm/api/work/audit/pending?tenantId=1001&pageSize=50', teacher.token);
    expect(listed.list.map((w: { id: number }) => w.id).sort()).toEqual(own.map((w) => Number(w.id)).sort());
  });
});

describe('to-do', () => {
  it('counts a row of every kind for the teacher, marker and invigilator, each linking to its page', async () => {
    const before = await todo(teacher);
    expect(before.groups.map((g) => g.kind)).toEqual(['homework', 'marking', 'invigilate', 'live', 'review']);
    const count = (kind: string, of = before) => of.groups.find((g) => g.kind === kind)!.count;
    const classId = myClasses[0]!;
    const student = await makeUser();

    // homework: a submission waiting in a class I teach; one in a class I do not teach is not mine.
    const hw = await t.db.owner.insertInto('homework').values({ tenant_id: 1001, classes_id: classId, title: '待批改的作业' }).returning('id').executeTakeFirstOrThrow();
    const sub = await t.db.owner.insertInto('homework_submission').values({ tenant_id: 1001, homework_id: Number(hw.id), user_id: student.id, content: '答案' }).returning('id').executeTakeFirstOrThrow();
    const foreignHw = await t.db.owner.insertInto('homework').values({ tenant_id: 1001, classes_id: notMine, title: '别班作业' }).returning('id').executeTakeFirstOrThrow();
    await t.db.owner.insertInto('homework_submission').values({ tenant_id: 1001, homework_id: Number(foreignHw.id), user_id: student.id }).execute();
    // marking and invigilation: a running exam the teacher marks and invigilates (seed-live grants every exam).
    const exam = await t.db.owner.selectFrom('exam').select(['id', 'title']).where('tenant_id', '=', 1001).where('type', '=', 'exam')
      .where('start_time', '<=', new Date()).where((eb) => eb.or([eb('end_time', 'is', null), eb('end_time', '>', new Date())])).orderBy('id').executeTakeFirstOrThrow();
    const marked = await t.db.owner.insertInto('exam_attempt').values({
      tenant_id: 1001, exam_id: Number(exam.id), user_id: student.id, deadline: null, submitted_at: new Date(), score: null, passed: null,
      state: 'submitted', marking_state: 'pending', objective_score: 4,
    }).returning('id').executeTakeFirstOrThrow();
    const openBefore = before.groups.find((g) => g.kind === 'invigilate')!.items.find((i) => i.id === Number(exam.id))?.count ?? 0;
    const other = await makeUser();
    await t.db.owner.insertInto('exam_attempt').values({
      tenant_id: 1001, exam_id: Number(exam.id), user_id: other.id, deadline: new Date(Date.now() + 3_600_000), submitted_at: null, score: null, passed: null,
    }).execute();
    // live: a room of my class in two hours; one in three days is not yet to-do.
    const room = await t.db.owner.insertInto('live_room').values({
      tenant_id: 1001, title: '两小时后的直播', cover: null, summary: null, category_id: null, teacher_id: null, start_time: new Date(Date.now() + 2 * 3_600_000),
      end_time: null, publish_time: new Date(), classes_id: classId, notice: null, stream_url: null, replay_url: null, live_started_at: null, live_ended_at: null,
    }).returning('id').executeTakeFirstOrThrow();
    await t.db.owner.insertInto('live_room').values({
      tenant_id: 1001, title: '三天后的直播', cover: null, summary: null, category_id: null, teacher_id: null, start_time: new Date(Date.now() + 3 * 86_400_000),
      end_time: null, publish_time: new Date(), classes_id: classId, notice: null, stream_url: null, replay_url: null, live_started_at: null, live_ended_at: null,
    }).execute();
    // review: a work submitted in my class.
    const work = await t.db.owner.insertInto('content').values({
      tenant_id: 1001, category_id: null, title: '新提交的作品', cover: null, summary: null, state: 0, publish_time: new Date(), purpose: 4, kind: 'article',
      author: null, duration: 0, media_url: null, labels: [], uploader_id: student.id, audit_state: 'pending', submitted_at: new Date(), audit_classes_id: classId,
    }).returning('id').executeTakeFirstOrThrow();

    const after = await todo(teacher);
    expect(count('homework', after)).toBe(count('homework') + 1);
    expect(count('marking', after)).toBe(count('marking') + 1);
    expect(count('live', after)).toBe(count('live') + 1);
    expect(count('review', after)).toBe(count('review') + 1);
    expect(after.total).toBe(after.groups.reduce((n, g) => n + g.count, 0));
    const items = (kind: string) => after.groups.find((g) => g.kind === kind)!.items;
    // Items are the oldest first (five at most): the new ones may sit past the first five, so look where they can be.
    const hwItem = items('homework').find((i) => i.id === Number(sub.id));
    if (hwItem) expect(hwItem).toMatchObject({ title: '待批改的作业', who: '新同学', link: `/user/center/work/myWork?homeworkId=${hw.id}` });
    const inv = items('invigilate').find((i) => i.id === Number(exam.id))!;
    expect(inv).toMatchObject({ count: openBefore + 1, link: `/user/center/work/myExamInvigilate?examId=${exam.id}` });
    expect(items('live').map((i) => i.id)).toContain(Number(room.id));
    expect(items('live').every((i) => i.link.startsWith('/chatRoom/detail/'))).toBe(true);
    const markingLink = after.groups.find((g) => g.kind === 'marking')!;
    expect(markingLink.link).toBe('/user/center/work/myExamMarking');
    void marked;
    void work;
  });

  it('shows a marker only the marking, and an invigilator only the invigilation', async () => {
    const marker = await makeUser(1001, '阅卷老师');
    const exam = await t.db.owner.selectFrom('exam').select('id').where('tenant_id', '=', 1001).where('type', '=', 'exam').orderBy('id').executeTakeFirstOrThrow();
    await t.db.owner.insertInto('user_role').values({ tenant_id: 1001, user_id: marker.id, role: 'marker', scope_type: 'exam', scope_id: Number(exam.id) }).execute();
    const mine = await todo(marker);
    expect(mine.groups.map((g) => g.kind)).toEqual(['marking']);
    const pending = await t.db.owner.selectFrom('exam_attempt').select(sql<number>`count(*)::int`.as('n'))
      .where('tenant_id', '=', 1001).where('exam_id', '=', Number(exam.id)).where('marking_state', '=', 'pending').executeTakeFirstOrThrow();
    expect(mine.groups[0]!.count).toBe(pending.n);
    const invigilator = await makeUser(1001, '监考老师');
    await t.db.owner.insertInto('user_role').values({ tenant_id: 1001, user_id: invigilator.id, role: 'invigilator', scope_type: null, scope_id: null }).execute();
    expect((await todo(invigilator)).groups.map((g) => g.kind)).toEqual(['invigilate']);
  });

  it('refuses a learner (403), a guest (401) and another tenant\'s teacher', async () => {
    const refused = await call('GET', '/train/api/work/todo?tenantId=1001', learner.token);
    expect(refused).toMatchObject({ success: false, code: 403, errorCode: 'WORK_ROLE_REQUIRED' });
    expect(refused.message).toMatch(/工作台/);
    expect(await call('GET', '/train/api/work/todo?tenantId=1001')).toMatchObject({ success: false, flag: 401 });
    expect(await call('GET', '/train/api/work/todo?tenantId=1001', acmeTeacher.token)).toMatchObject({ success: false, flag: 401 });
  });

  it('keeps each tenant\'s rows to itself', async () => {
    const acme = await todo(acmeTeacher, 1002);
    const demoWorks = (await t.db.owner.selectFrom('content').select('id').where('tenant_id', '=', 1001).where('audit_state', '=', 'pending').execute()).map((r) => Number(r.id));
    const acmeReview = acme.groups.find((g) => g.kind === 'review')!;
    expect(acmeReview.items.length).toBeGreaterThan(0);
    expect(acmeReview.items.some((i) => demoWorks.includes(i.id))).toBe(false);
    const acmeList = await data('GET', '/cm/api/work/audit/pending?tenantId=1002&pageSize=50', acmeTeacher.token);
    expect(acmeList.list.some((w: { id: number }) => demoWorks.includes(w.id))).toBe(false);
    // An acme teacher cannot act on demo's work even by id in its own tenant.
    expect(await call('POST', '/cm/api/work/audit/approve', acmeTeacher.token, { tenantId: 1002, id: demoWorks[0] })).toMatchObject({ success: false, errorCode: 'WORK_NOT_FOUND' });
    expect(await call('POST', '/cm/api/work/audit/reject', acmeTeacher.token, { tenantId: 1002, id: demoWorks[0], reason: 'x' })).toMatchObject({ success: false, errorCode: 'WORK_NOT_FOUND' });
    // With demo's tenantId, acme's token is refused outright.
    for (const [method, url, body] of [
      ['GET', '/cm/api/work/audit/pending?tenantId=1001', undefined],
      ['POST', '/cm/api/work/audit/approve', { tenantId: 1001, id: demoWorks[0] }],
      ['POST', '/cm/api/work/audit/reject', { tenantId: 1001, id: demoWorks[0], reason: 'x' }],
    ] as const) expect(await call(method, url, acmeTeacher.token, body)).toMatchObject({ success: false, flag: 401 });
    const untouched = await t.db.owner.selectFrom('content').select('audit_state').where('tenant_id', '=', 1001).where('id', '=', demoWorks[0]!).executeTakeFirstOrThrow();
    expect(untouched.audit_state).toBe('pending');
  });
});

describe('schedule', () => {
  it('lists my classes\' phases and my rooms in the range, and nothing outside it', async () => {
    const classId = myClasses[0]!;
    const c = await t.db.owner.selectFrom('training_class').select(['start_time', 'end_time', 'title']).where('tenant_id', '=', 1001).where('id', '=', classId).executeTakeFirstOrThrow();
    const start = new Date(Date.now() + 40 * 86_400_000);
    const room = await t.db.owner.insertInto('live_room').values({
      tenant_id: 1001, title: '排课测试直播', cover: null, summary: null, category_id: null, teacher_id: null, start_time: start,
      end_time: null, publish_time: new Date(), classes_id: classId, notice: null, stream_url: null, replay_url: null, live_started_at: null, live_ended_at: null,
    }).returning('id').executeTakeFirstOrThrow();
    const range = (from: Date, to: Date) => data('GET', `/train/api/work/schedule?tenantId=1001&from=${from.toISOString()}&to=${to.toISOString()}`, teacher.token);
    const around = await range(new Date(start.getTime() - 86_400_000), new Date(start.getTime() + 86_400_000));
    expect(around.rooms.map((r: { id: number }) => r.id)).toContain(Number(room.id));
    const later = await range(new Date(start.getTime() + 86_400_000), new Date(start.getTime() + 2 * 86_400_000));
    expect(later.rooms.map((r: { id: number }) => r.id)).not.toContain(Number(room.id));
    // The class's own span: its phases show, each within the class.
    const span = await range(c.start_time, new Date(Math.min(c.end_time.getTime(), c.start_time.getTime() + 90 * 86_400_000)));
    expect(span.classes.map((x: { id: number }) => x.id)).toContain(classId);
    const phases = span.phases.filter((p: { classesId: number }) => p.classesId === classId);
    const count = await t.db.owner.selectFrom('classes_phase').select(sql<number>`count(*)::int`.as('n')).where('tenant_id', '=', 1001).where('classes_id', '=', classId).executeTakeFirstOrThrow();
    expect(phases.length).toBe(count.n);
    for (const p of phases) expect(new Date(p.start) >= c.start_time && new Date(p.end) <= c.end_time && p.end >= p.start).toBe(true);
    // Another teacher's rooms never show.
    const everyRoom = span.rooms.concat(around.rooms) as { classesId: number | null }[];
    expect(everyRoom.every((r) => r.classesId === null || myClasses.includes(r.classesId))).toBe(true);
  });

  it('refuses a range past 93 days, an inverted one, and a learner', async () => {
    const from = new Date();
    expect(await call('GET', `/train/api/work/schedule?tenantId=1001&from=${from.toISOString()}&to=${new Date(from.getTime() + 100 * 86_400_000).toISOString()}`, teacher.token))
      .toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(await call('GET', `/train/api/work/schedule?tenantId=1001&from=${from.toISOString()}&to=${from.toISOString()}`, teacher.token))
      .toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(await call('GET', `/train/api/work/schedule?tenantId=1001&from=${from.toISOString()}&to=${new Date(from.getTime() + 86_400_000).toISOString()}`, learner.token))
      .toMatchObject({ success: false, code: 403, errorCode: 'TEACHER_ONLY' });
  });
});

describe('class management', () => {
  it('lists only the classes I teach', async () => {
    const list = await data('GET', '/train/api/work/classes?tenantId=1001', teacher.token);
    expect(list.map((c: { id: number }) => c.id).sort()).toEqual([...myClasses].sort());
    expect(await call('GET', '/train/api/work/classes?tenantId=1001', learner.token)).toMatchObject({ success: false, code: 403 });
  });

  it('enrols a user by account, refuses a second time and an unknown account, and tells the learner', async () => {
    const classId = myClasses[myClasses.length - 1]!;
    const c = await t.db.owner.selectFrom('training_class').select(['enrol_count', 'end_time', 'title']).where('tenant_id', '=', 1001).where('id', '=', classId).executeTakeFirstOrThrow();
    if (c.end_time < new Date()) await t.db.owner.updateTable('training_class').set({ end_time: new Date(Date.now() + 30 * 86_400_000) }).where('tenant_id', '=', 1001).where('id', '=', classId).execute();
    await t.db.owner.updateTable('training_class').set({ enrol_limit: null }).where('tenant_id', '=', 1001).where('id', '=', classId).execute();
    const student = await makeUser(1001, '李同学');
    const done = await data('POST', '/train/api/work/classes/enrol', teacher.token, { tenantId: 1001, classesId: classId, account: ` ${student.account} ` });
    expect(done).toEqual({ classesId: classId, userId: student.id, enrolCount: c.enrol_count + 1 });
    const members = await data('GET', `/train/api/work/classes/members?tenantId=1001&classesId=${classId}&keyword=${encodeURIComponent('李同学')}`, teacher.token);
    expect(members.list).toEqual([expect.objectContaining({ userId: student.id, account: student.account, name: '李同学', score: null })]);
    expect((await messagesOf(student.id))[0]!.title).toContain(c.title);
    expect(await call('POST', '/train/api/work/classes/enrol', teacher.token, { tenantId: 1001, classesId: classId, account: student.account }))
      .toMatchObject({ success: false, code: 409, errorCode: 'ALREADY_ENROLLED' });
    expect(await call('POST', '/train/api/work/classes/enrol', teacher.token, { tenantId: 1001, classesId: classId, account: 'nobody_here' }))
      .toMatchObject({ success: false, code: 404, errorCode: 'USER_NOT_FOUND' });
    // An acme account is not found on demo (row-level security), even by its exact name.
    const acmeUser = await makeUser(1002);
    expect(await call('POST', '/train/api/work/classes/enrol', teacher.token, { tenantId: 1001, classesId: classId, account: acmeUser.account }))
      .toMatchObject({ success: false, errorCode: 'USER_NOT_FOUND' });
    // A full class refuses.
    await t.db.owner.updateTable('training_class').set({ enrol_limit: c.enrol_count + 1 }).where('tenant_id', '=', 1001).where('id', '=', classId).execute();
    const late = await makeUser();
    expect(await call('POST', '/train/api/work/classes/enrol', teacher.token, { tenantId: 1001, classesId: classId, account: late.account }))
      .toMatchObject({ success: false, errorCode: 'CLASSES_FULL' });
    await t.db.owner.updateTable('training_class').set({ enrol_limit: null }).where('tenant_id', '=', 1001).where('id', '=', classId).execute();
  });

  it('removes a member only with a reason, which the learner is told', async () => {
    const classId = myClasses[0]!;
    const student = await makeUser(1001, '王同学');
    await data('POST', '/train/api/work/classes/enrol', teacher.token, { tenantId: 1001, classesId: classId, account: student.account });
    expect(await call('POST', '/train/api/work/classes/remove', teacher.token, { tenantId: 1001, classesId: classId, userId: student.id, reason: '   ' }))
      .toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(await call('POST', '/train/api/work/classes/remove', teacher.token, { tenantId: 1001, classesId: classId, userId: student.id, reason: '长'.repeat(501) }))
      .toMatchObject({ success: false, errorCode: 'VALIDATION' });
    await data('POST', '/train/api/work/classes/remove', teacher.token, { tenantId: 1001, classesId: classId, userId: student.id, reason: '连续三周未参加课程' });
    const row = await t.db.owner.selectFrom('classes_member').select('state').where('tenant_id', '=', 1001).where('classes_id', '=', classId).where('user_id', '=', student.id).executeTakeFirstOrThrow();
    expect([2, 3]).toContain(Number(row.state));
    expect((await messagesOf(student.id))[0]!.content).toContain('连续三周未参加课程');
    expect(await call('POST', '/train/api/work/classes/remove', teacher.token, { tenantId: 1001, classesId: classId, userId: student.id, reason: '再次' }))
      .toMatchObject({ success: false, errorCode: 'MEMBER_NOT_FOUND' });
  });

  it('refuses a learner, and a teacher of another class, every class call', async () => {
    const body = { tenantId: 1001, classesId: notMine, account: 'learner' };
    expect(await call('POST', '/train/api/work/classes/enrol', teacher.token, body)).toMatchObject({ success: false, code: 403, errorCode: 'TEACHER_ONLY' });
    expect(await call('GET', `/train/api/work/classes/members?tenantId=1001&classesId=${notMine}`, teacher.token)).toMatchObject({ success: false, code: 403 });
    expect(await call('POST', '/train/api/work/classes/remove', teacher.token, { tenantId: 1001, classesId: notMine, userId: learner.id, reason: 'x' })).toMatchObject({ success: false, code: 403 });
    expect(await call('POST', '/train/api/work/classes/enrol', learner.token, { ...body, classesId: myClasses[0] })).toMatchObject({ success: false, code: 403 });
    expect(await call('GET', `/train/api/work/classes/rooms?tenantId=1001&classesId=${myClasses[0]}`, learner.token)).toMatchObject({ success: false, code: 403 });
    expect(await call('POST', '/train/api/work/classes/createRoom', learner.token, { tenantId: 1001, classesId: myClasses[0], title: 'x', startTime: new Date(Date.now() + 86_400_000).toISOString() }))
      .toMatchObject({ success: false, code: 403 });
  });

  it('creates a room of the class that the teacher can start', async () => {
    const classId = myClasses[0]!;
    const startTime = new Date(Date.now() + 3 * 3_600_000).toISOString();
    const room = await data('POST', '/train/api/work/classes/createRoom', teacher.token, { tenantId: 1001, classesId: classId, title: '班级答疑直播', startTime, minutes: 60 });
    expect(room).toMatchObject({ title: '班级答疑直播', classesId: classId, liveState: 'upcoming', startTime });
    const rooms = await data('GET', `/train/api/work/classes/rooms?tenantId=1001&classesId=${classId}`, teacher.token);
    expect(rooms.map((r: { id: number }) => r.id)).toContain(room.id);
    const started = await data('GET', `/train/api/room/startLive?tenantId=1001&id=${room.id}`, teacher.token);
    expect(started.liveState).toBe('live');
    expect(await call('POST', '/train/api/work/classes/createRoom', teacher.token, { tenantId: 1001, classesId: classId, title: '过去', startTime: new Date(Date.now() - 60_000).toISOString() }))
      .toMatchObject({ success: false, errorCode: 'VALIDATION' });
  });
});

describe('work review', () => {
  const pendingOwn = async () => (await data('GET', '/cm/api/work/audit/pending?tenantId=1001&pageSize=50', teacher.token)).list as { id: number; uploaderId: number; title: string }[];

  it('approves a pending work: published, and the uploader is told; a second decision is refused', async () => {
    const [work] = await pendingOwn();
    const done = await data('POST', '/cm/api/work/audit/approve', teacher.token, { tenantId: 1001, id: work!.id });
    expect(done).toEqual({ id: work!.id, auditState: 'approved', reason: null });
    const row = await t.db.owner.selectFrom('content').select(['state', 'audit_state', 'audited_by']).where('tenant_id', '=', 1001).where('id', '=', work!.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 1, audit_state: 'approved' });
    expect(Number(row.audited_by)).toBe(teacher.id);
    expect((await messagesOf(work!.uploaderId))[0]!.title).toContain(work!.title);
    expect((await pendingOwn()).map((w) => w.id)).not.toContain(work!.id);
    expect(await call('POST', '/cm/api/work/audit/reject', teacher.token, { tenantId: 1001, id: work!.id, reason: '改判' }))
      .toMatchObject({ success: false, code: 409, errorCode: 'WORK_NOT_PENDING' });
  });

  it('rejects only with a reason of 1–500 characters, which the uploader reads', async () => {
    const [work] = await pendingOwn();
    expect(await call('POST', '/cm/api/work/audit/reject', teacher.token, { tenantId: 1001, id: work!.id, reason: '  ' })).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(await call('POST', '/cm/api/work/audit/reject', teacher.token, { tenantId: 1001, id: work!.id })).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(await call('POST', '/cm/api/work/audit/reject', teacher.token, { tenantId: 1001, id: work!.id, reason: '字'.repeat(501) })).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    const done = await data('POST', '/cm/api/work/audit/reject', teacher.token, { tenantId: 1001, id: work!.id, reason: '请补充现场照片后重新提交' });
    expect(done).toEqual({ id: work!.id, auditState: 'rejected', reason: '请补充现场照片后重新提交' });
    const row = await t.db.owner.selectFrom('content').select(['state', 'audit_state', 'audit_reason']).where('tenant_id', '=', 1001).where('id', '=', work!.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ audit_state: 'rejected', audit_reason: '请补充现场照片后重新提交' });
    expect(row.state).not.toBe(1);
    const [message] = await messagesOf(work!.uploaderId);
    expect(message!.content).toContain('请补充现场照片后重新提交');
    // The uploader reads it through the message center.
    if (work!.uploaderId === learner.id) {
      const mine = await data('GET', '/um/api/message/searchByUser?tenantId=1001&pageSize=5', learner.token);
      expect(mine.list.some((m: { content: string }) => m.content.includes('请补充现场照片'))).toBe(true);
    }
  });

  it('refuses a learner, and hides another class\'s work from a teacher who does not teach it', async () => {
    expect(await call('GET', '/cm/api/work/audit/pending?tenantId=1001', learner.token)).toMatchObject({ success: false, code: 403, errorCode: 'TEACHER_ONLY' });
    const [work] = await pendingOwn();
    expect(await call('POST', '/cm/api/work/audit/approve', learner.token, { tenantId: 1001, id: work!.id })).toMatchObject({ success: false, code: 403 });
    const foreign = await t.db.owner.insertInto('content').values({
      tenant_id: 1001, category_id: null, title: '别班的作品', cover: null, summary: null, state: 0, publish_time: new Date(), purpose: 4, kind: 'article',
      author: null, duration: 0, media_url: null, labels: [], uploader_id: learner.id, audit_state: 'pending', submitted_at: new Date(), audit_classes_id: notMine,
    }).returning('id').executeTakeFirstOrThrow();
    expect((await pendingOwn()).map((w) => w.id)).not.toContain(Number(foreign.id));
    expect(await call('POST', '/cm/api/work/audit/approve', teacher.token, { tenantId: 1001, id: Number(foreign.id) })).toMatchObject({ success: false, code: 404, errorCode: 'WORK_NOT_FOUND' });
    // A tenant-wide teacher reviews every class's work.
    const head = await makeUser(1001, '教务主任');
    await t.db.owner.insertInto('user_role').values({ tenant_id: 1001, user_id: head.id, role: 'teacher', scope_type: null, scope_id: null }).execute();
    const all = await data('GET', '/cm/api/work/audit/pending?tenantId=1001&pageSize=50', head.token);
    const pending = await t.db.owner.selectFrom('content').select(sql<number>`count(*)::int`.as('n')).where('tenant_id', '=', 1001).where('audit_state', '=', 'pending').executeTakeFirstOrThrow();
    expect(all.total).toBe(pending.n);
  });
});
