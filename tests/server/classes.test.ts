// Training classes (spec learning §2 "Classes", /classes/detail/{id}, study/myClasses; §4 enrol,
// cancel and quit, designed in server/modules/train/classes-rules.ts; §7 "Training"): the detail
// with its schedule, the enrol rules, the seat limit under concurrent enrolments, cancel and quit,
// the member list, my classes, and tenant isolation. Class dates are moved through the owner
// connection so each rule meets the state it is about.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../../server/plugins/auth';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let acme: { id: number; token: string };
/** Public published classes of tenant 1001 the demo learner is not in, one per test that moves dates. */
let free: number[];

const DAY = 86_400_000;
const at = (days: number) => new Date(Date.now() + days * DAY);

/** Sets a demo class's dates (days from now) and, when given, its seat limit. */
async function setClass(id: number, opts: { start: number; end: number; limit?: number | null; isPublic?: boolean }) {
  await t.db.owner.updateTable('training_class').set({
    start_time: at(opts.start), end_time: at(opts.end),
    ...(opts.limit !== undefined ? { enrol_limit: opts.limit } : {}), ...(opts.isPublic !== undefined ? { is_public: opts.isPublic } : {}),
  }).where('tenant_id', '=', 1001).where('id', '=', id).execute();
}

/** enrol_count and the enrolled member rows of a demo class. */
async function seats(id: number) {
  const row = await t.db.owner.selectFrom('training_class').select(['enrol_count', 'enrol_limit'])
    .select(sql<number>`(select count(*)::int from classes_member m where m.tenant_id = training_class.tenant_id and m.classes_id = training_class.id and m.state = 1)`.as('members'))
    .where('tenant_id', '=', 1001).where('id', '=', id).executeTakeFirstOrThrow();
  return { count: row.enrol_count, limit: row.enrol_limit, members: Number(row.members) };
}

/** New demo accounts with sign-in tokens written straight to the database (the seed has one learner with a password). */
async function makeUsers(n: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const user = await t.db.owner.insertInto('user_account').values({
      tenant_id: 1001, account: `crowd${i}_${Date.now()}`, password_hash: 'locked', password_salt: '', real_name: `学员${i}`, nick_name: null,
      mobile: null, email: null, gender: null, birthday: null, summary: null, avatar_img: null,
    }).returning('id').executeTakeFirstOrThrow();
    const token = newToken(1001);
    await t.db.owner.insertInto('user_token').values({ tenant_id: 1001, token_hash: hashToken(token), user_id: Number(user.id), expires_at: at(1) }).execute();
    tokens.push(token);
  }
  return tokens;
}

const enrol = (token: string | undefined, id: number, tenantId = 1001) => call('POST', '/train/api/classes/enroll', token, { tenantId, id });
const cancel = (token: string, id: number) => call('POST', '/train/api/classes/cancelEnroll', token, { tenantId: 1001, id });
const quit = (token: string, id: number) => call('GET', `/train/api/classesMember/quit?tenantId=1001&id=${id}`, token);
const detail = (token: string, id: number) => data('GET', `/train/api/classes/detail?tenantId=1001&id=${id}`, token);

beforeAll(async () => {
  t = await createTestApp();
  learner = await signIn(1001, 'learner', 'Study@2026');
  acme = await signIn(1002, 'learner', 'Study@2026');
  const rows = await t.db.owner.selectFrom('training_class as c').select('c.id')
    .where('c.tenant_id', '=', 1001).where('c.state', '=', 1).where('c.is_public', '=', true)
    .where(sql<boolean>`not exists (select 1 from classes_member m where m.tenant_id = c.tenant_id and m.classes_id = c.id and m.user_id = ${learner.id})`)
    .orderBy('c.id').execute();
  free = rows.map((r) => Number(r.id));
  expect(free.length, 'the seed needs eight public classes the learner is not in').toBeGreaterThanOrEqual(8);
}, 120_000);

afterAll(async () => t?.close());

describe('seed', () => {
  it('gives every class a schedule of 2–3 phases of the tenant\'s own courses and contents, and counts only enrolled members', async () => {
    for (const tenantId of [1001, 1002, 1533]) {
      const phases = await t.db.owner.selectFrom('training_class as c')
        .select(['c.id', 'c.enrol_count', sql<number>`(select count(*)::int from classes_phase p where p.tenant_id = c.tenant_id and p.classes_id = c.id)`.as('n'),
          sql<number>`(select count(*)::int from classes_member m where m.tenant_id = c.tenant_id and m.classes_id = c.id and m.state = 1)`.as('members')])
        .where('c.tenant_id', '=', tenantId).execute();
      expect(phases.length).toBeGreaterThan(0);
      for (const p of phases) {
        expect([2, 3]).toContain(Number(p.n));
        expect(p.enrol_count).toBe(Number(p.members));
      }
    }
  });
});

describe('GET /train/api/classes/detail', () => {
  it('shows the class, its teacher, seats left, the schedule and no membership yet', async () => {
    const id = free[0]!;
    await setClass(id, { start: 10, end: 30, limit: 100 });
    const d = await detail(learner.token, id);
    expect(d).toMatchObject({ id, state: 1, member: null, canEnroll: true, canCancel: false, canQuit: false, enrolBlocked: null, isPublic: true });
    expect(d.seatsLeft).toBe(100 - d.enrolCount);
    expect(d.teacher === null || typeof d.teacher.name === 'string').toBe(true);
    expect(d.phases.length).toBeGreaterThanOrEqual(2);
    const items = d.phases.flatMap((p: { items: unknown[] }) => p.items);
    expect(items.length).toBeGreaterThan(0);
    // Every item is an existing course or content of the tenant, with its own title.
    for (const item of items as Array<{ type: string; targetId: number; title: string }>) {
      const table = item.type === 'course' ? 'course' : 'content';
      const row = await t.db.owner.selectFrom(table).select('title').where('tenant_id', '=', 1001).where('id', '=', item.targetId).executeTakeFirst();
      expect(row?.title).toBe(item.title);
    }
    const phases = await data('GET', `/train/api/classesContent/phase?tenantId=1001&id=${id}`, learner.token);
    expect(phases).toEqual(d.phases);
  });

  it('needs sign-in, and hides an unknown class', async () => {
    const guest = await call('GET', `/train/api/classes/detail?tenantId=1001&id=${free[0]}`);
    expect(guest).toMatchObject({ success: false, flag: 401 });
    const unknown = await call('GET', '/train/api/classes/detail?tenantId=1001&id=999999', learner.token);
    expect(unknown).toMatchObject({ success: false, errorCode: 'CLASSES_NOT_FOUND' });
    expect(unknown.message).toContain('不存在');
  });
});

describe('enroll', () => {
  it('enrols once, takes a seat and refuses a second enrolment', async () => {
    const id = free[1]!;
    await setClass(id, { start: 5, end: 20, limit: 50 });
    const before = await seats(id);
    const first = await data('POST', '/train/api/classes/enroll', learner.token, { tenantId: 1001, id });
    expect(first).toMatchObject({ member: { state: 1, leftAt: null }, enrolCount: before.count + 1, seatsLeft: 50 - before.count - 1 });
    const again = await enrol(learner.token, id);
    expect(again).toMatchObject({ success: false, errorCode: 'ALREADY_ENROLLED' });
    expect(again.message).toContain('已报名');
    expect(await seats(id)).toMatchObject({ count: before.count + 1, members: before.count + 1 });
    expect(await detail(learner.token, id)).toMatchObject({ member: { state: 1 }, canEnroll: false, canCancel: true, canQuit: false });
  });

  it('refuses a finished class, a full class and a guest, with a clear message', async () => {
    const finished = free[2]!;
    await setClass(finished, { start: -30, end: -1, limit: null });
    const late = await enrol(learner.token, finished);
    expect(late).toMatchObject({ success: false, errorCode: 'CLASSES_FINISHED', message: '该培训班已结束，不能再报名。' });
    expect(await detail(learner.token, finished)).toMatchObject({ state: 3, canEnroll: false, enrolBlocked: '该培训班已结束，不能再报名。' });

    const full = free[3]!;
    const { count } = await seats(full);
    await setClass(full, { start: 3, end: 9, limit: count });
    const refused = await enrol(learner.token, full);
    expect(refused).toMatchObject({ success: false, errorCode: 'CLASSES_FULL' });
    expect(refused.message).toBe(`名额已满：该培训班限 ${count} 人，已全部报满。`);
    expect((await seats(full)).count).toBe(count);
    expect(await detail(learner.token, full)).toMatchObject({ seatsLeft: 0, canEnroll: false });

    expect(await enrol(undefined, full)).toMatchObject({ success: false, flag: 401 });
  });

  it('lets a learner join a class in progress (open until it finishes)', async () => {
    const id = free[4]!;
    await setClass(id, { start: -2, end: 10, limit: null });
    expect(await enrol(learner.token, id)).toMatchObject({ success: true, data: { member: { state: 1 } } });
    expect(await detail(learner.token, id)).toMatchObject({ state: 2, seatsLeft: null, canCancel: false, canQuit: true });
  });

  it('hides an invitation-only class from non-members', async () => {
    const id = free[5]!;
    await setClass(id, { start: 4, end: 9, isPublic: false });
    expect(await call('GET', `/train/api/classes/detail?tenantId=1001&id=${id}`, learner.token)).toMatchObject({ success: false, errorCode: 'CLASSES_NOT_FOUND' });
    expect(await enrol(learner.token, id)).toMatchObject({ success: false, errorCode: 'CLASSES_NOT_FOUND' });
    await setClass(id, { start: 4, end: 9, isPublic: true });
  });
});

describe('the seat limit under concurrent enrolments', () => {
  it('fills exactly the seats left when twelve learners enrol at once', async () => {
    const id = free[6]!;
    const { count } = await seats(id);
    await setClass(id, { start: 7, end: 20, limit: count + 3 });
    const tokens = await makeUsers(12);
    const answers = await Promise.all(tokens.map((token) => enrol(token, id)));
    expect(answers.filter((a) => a.success)).toHaveLength(3);
    const refused = answers.filter((a) => !a.success);
    expect(refused).toHaveLength(9);
    for (const a of refused) expect(a.errorCode).toBe('CLASSES_FULL');
    expect(await seats(id)).toEqual({ count: count + 3, limit: count + 3, members: count + 3 });

    // The same learner pressing twice at once is enrolled once.
    await setClass(id, { start: 7, end: 20, limit: null });
    const [me] = await makeUsers(1);
    const twice = await Promise.all([enrol(me!, id), enrol(me!, id), enrol(me!, id)]);
    expect(twice.filter((a) => a.success)).toHaveLength(1);
    expect(twice.filter((a) => a.errorCode === 'ALREADY_ENROLLED')).toHaveLength(2);
    expect(await seats(id)).toMatchObject({ count: count + 4, members: count + 4 });
  }, 60_000);
});

describe('cancel and quit', () => {
  it('cancels before the start and gives the seat back; re-enrolment works; quit is refused before the start', async () => {
    const id = free[7]!;
    await setClass(id, { start: 6, end: 12, limit: 80 });
    const [token] = await makeUsers(1);
    const { count } = await seats(id);
    expect(await cancel(token!, id)).toMatchObject({ success: false, errorCode: 'NOT_ENROLLED' });
    await data('POST', '/train/api/classes/enroll', token, { tenantId: 1001, id });
    const early = await quit(token!, id);
    expect(early).toMatchObject({ success: false, errorCode: 'CLASSES_NOT_STARTED' });
    const done = await data('POST', '/train/api/classes/cancelEnroll', token, { tenantId: 1001, id });
    expect(done).toMatchObject({ member: { state: 2 }, enrolCount: count, seatsLeft: 80 - count });
    expect(done.member.leftAt).not.toBeNull();
    expect(await cancel(token!, id)).toMatchObject({ success: false, errorCode: 'NOT_ENROLLED' });
    await data('POST', '/train/api/classes/enroll', token, { tenantId: 1001, id });
    expect(await seats(id)).toMatchObject({ count: count + 1, members: count + 1 });
  });

  it('quits after the start (token header only), refuses cancel then, and refuses quit once finished', async () => {
    const id = free[7]!;
    await setClass(id, { start: -1, end: 12 });
    const [token] = await makeUsers(1);
    await data('POST', '/train/api/classes/enroll', token, { tenantId: 1001, id });
    const { count } = await seats(id);
    const late = await cancel(token!, id);
    expect(late).toMatchObject({ success: false, errorCode: 'CLASSES_STARTED' });
    expect(late.message).toContain('退出培训班');
    // A cookie alone (a link or image on another site) does not quit.
    const byCookie = await t.app.inject({ method: 'GET', url: `/train/api/classesMember/quit?tenantId=1001&id=${id}`, headers: { cookie: `pctoken=${token}` } });
    expect(byCookie.json()).toMatchObject({ success: false, errorCode: 'TOKEN_HEADER_REQUIRED' });
    const left = await quit(token!, id);
    expect(left).toMatchObject({ success: true, data: { member: { state: 3 }, enrolCount: count - 1 } });
    expect(await quit(token!, id)).toMatchObject({ success: false, errorCode: 'NOT_ENROLLED' });

    const [other] = await makeUsers(1);
    await data('POST', '/train/api/classes/enroll', other, { tenantId: 1001, id });
    await setClass(id, { start: -20, end: -1 });
    expect(await quit(other!, id)).toMatchObject({ success: false, errorCode: 'CLASSES_FINISHED' });
    expect(await seats(id)).toMatchObject({ count: count, members: count });
  });
});

describe('members and my classes', () => {
  it('lists members with masked names, marking me', async () => {
    const id = free[1]!; // the learner enrolled above
    const page = await data('GET', `/train/api/classesMember/query?tenantId=1001&id=${id}&pageSize=50`, learner.token);
    expect(page.total).toBe((await seats(id)).members);
    const me = page.list.filter((m: { isMe: boolean }) => m.isMe);
    expect(me).toHaveLength(1);
    expect(me[0].name).toBe('小*'); // nick name 小李
    for (const m of page.list as Array<{ name: string }>) {
      expect(m.name).toMatch(/^.\*{1,3}$/u);
      expect(m).not.toHaveProperty('avatar');
    }
  });

  it('lists my enrolled classes newest first, filtered by class state', async () => {
    const all = await data('GET', '/train/api/classes/searchByUser?tenantId=1001&pageSize=50', learner.token);
    const ids = all.list.map((c: { id: number }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([free[1], free[4]]));
    expect(all.list[0].id).toBe(free[4]); // the latest enrolment
    for (const c of all.list) expect(c.phaseCount).toBeGreaterThanOrEqual(2);
    const running = await data('GET', '/train/api/classes/searchByUser?tenantId=1001&state=2&pageSize=50', learner.token);
    expect(running.list.length).toBeGreaterThan(0);
    for (const c of running.list) expect(c.state).toBe(2);
    expect(running.list.map((c: { id: number }) => c.id)).toContain(free[4]);
    expect(running.list.map((c: { id: number }) => c.id)).not.toContain(free[1]);
    const bad = await call('GET', '/train/api/classes/searchByUser?tenantId=1001&state=4', learner.token);
    expect(bad).toMatchObject({ success: false, errorCode: 'VALIDATION' });
  });
});

describe('tenant isolation', () => {
  it('keeps another tenant\'s classes out of sight and out of reach', async () => {
    const id = free[1]!;
    const before = await seats(id);
    // acme's learner, in acme: demo's class does not exist there.
    for (const url of [`/train/api/classes/detail?tenantId=1002&id=${id}`, `/train/api/classesContent/phase?tenantId=1002&id=${id}`, `/train/api/classesMember/query?tenantId=1002&id=${id}`]) {
      expect(await call('GET', url, acme.token)).toMatchObject({ success: false, errorCode: 'CLASSES_NOT_FOUND' });
    }
    expect(await enrol(acme.token, id, 1002)).toMatchObject({ success: false, errorCode: 'CLASSES_NOT_FOUND' });
    // acme's token sent with demo's tenant id: refused as not signed in.
    expect(await enrol(acme.token, id, 1001)).toMatchObject({ success: false, flag: 401 });
    expect(await call('GET', `/train/api/classes/detail?tenantId=1001&id=${id}`, acme.token)).toMatchObject({ success: false, flag: 401 });
    expect(await seats(id)).toEqual(before);
    const mine = await data('GET', '/train/api/classes/searchByUser?tenantId=1002&pageSize=50', acme.token);
    expect(mine.list.map((c: { id: number }) => c.id)).not.toContain(id);
  });
});
