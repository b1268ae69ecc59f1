import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { withTenant } from '../../server/db/database';
import { clientPasswordDigest } from '../../server/lib/password';
import { FIND_MOBILE_MESSAGE, FIND_MOBILE_PER_ADDRESS, FIND_MOBILE_PER_NUMBER, FIND_MOBILE_WINDOW_MS } from '../../server/modules/um/find-mobile-routes';
import { createTestApp, holdClockInOneWindow, type TestApp } from './harness';

// Issue 21 X: GET /um/api/profile/searchSummary, POST /um/api/user/findByMobile,
// GET /um/api/organ/getOrganList, GET /sm/sysDict/dictOption (spec shell §7; docs/api.md
// "Issue 21: profile summary, find by mobile, the org tree, dictionaries").

const DEMO = 1001;
const ACME = 1002;
/** Another tenant whose learner signs in without a captcha (acme asks for one). */
const SHOP = 1003;
let t: TestApp;
const sent: { mobile: string }[] = [];
const codes = new Map<string, string>();
beforeAll(async () => {
  t = await createTestApp({ smsSender: { name: 'fake', send: async (m) => { sent.push({ mobile: m.mobile }); if (m.code) codes.set(m.mobile, m.code); } } });
});
afterAll(() => t.close());

type Envelope = { success: boolean; code: number; flag: number; message: string; data: any; errorCode?: string };

async function call(method: 'GET' | 'POST', url: string, opts: { body?: object; token?: string; ip?: string } = {}) {
  const res = await t.app.inject({
    method, url, headers: opts.token ? { token: opts.token } : {}, ...(opts.body ? { payload: opts.body } : {}), ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
  expect(res.statusCode).toBe(200);
  return res.json() as Envelope;
}

async function signIn(tenantId: number, account = 'learner', password = 'Study@2026'): Promise<string> {
  const body = await call('POST', '/um/api/user/loginByAccount', { body: { tenantId, account, password: clientPasswordDigest(password) } });
  expect(body, body.message).toMatchObject({ success: true });
  return body.data.token as string;
}

async function userId(tenantId: number, account = 'learner'): Promise<number> {
  return withTenant(t.db.owner, tenantId, async (trx) =>
    Number((await trx.selectFrom('user_account').select('id').where('tenant_id', '=', tenantId).where('account', '=', account).executeTakeFirstOrThrow()).id));
}

describe('GET /um/api/profile/searchSummary', () => {
  it('refuses a guest and another tenant\'s token', async () => {
    expect(await call('GET', `/um/api/profile/searchSummary?tenantId=${DEMO}`)).toMatchObject({ success: false, flag: 401, errorCode: 'NOT_SIGNED_IN' });
    const shop = await signIn(SHOP);
    expect(await call('GET', `/um/api/profile/searchSummary?tenantId=${DEMO}`, { token: shop })).toMatchObject({ success: false, flag: 401, errorCode: 'NOT_SIGNED_IN' });
  });

  it('counts what my courses, the study calendar, points, certificates, favourites and follows hold', async () => {
    const token = await signIn(DEMO);
    const me = await userId(DEMO);
    const summary = (await call('GET', `/um/api/profile/searchSummary?tenantId=${DEMO}`, { token })).data;
    // My courses (another call, the one finish rule) gives courses studied and finished.
    const courses = (await call('GET', `/cm/api/course/searchByUser?tenantId=${DEMO}&pageNo=1&pageSize=50`, { token })).data;
    expect(summary.courseCount).toBe(courses.total);
    expect(summary.courseCount).toBeGreaterThan(0);
    const finished = courses.list.filter((c: { lessonCount: number; finishedCount: number }) => c.lessonCount > 0 && c.finishedCount === c.lessonCount).length;
    expect(summary.finishedCourseCount).toBe(finished);
    const direct = await withTenant(t.db.owner, DEMO, async (trx) => (await sql<Record<string, number>>`select
      (select coalesce(sum(seconds), 0)::int from study_day where user_id = ${me}) as study,
      coalesce((select points from user_integral where user_id = ${me}), 0) as points,
      (select count(*)::int from user_credential where user_id = ${me} and revoked_at is null and (expires_at is null or expires_at > now())) as certs,
      (select count(*)::int from favorite where user_id = ${me}) + (select count(*)::int from product_favorite where user_id = ${me}) as favs,
      (select count(*)::int from user_follow where user_id = ${me}) as follows`.execute(trx)).rows[0]!);
    expect(summary).toMatchObject({ studySeconds: direct.study, points: direct.points, certificateCount: direct.certs, favoriteCount: direct.favs, followCount: direct.follows });
  });

  it('moves with the learner\'s own rows only: another learner\'s and another tenant\'s favourites and study days do not count', async () => {
    const token = await signIn(DEMO);
    const me = await userId(DEMO);
    const before = (await call('GET', `/um/api/profile/searchSummary?tenantId=${DEMO}`, { token })).data;
    const acmeLearner = await userId(ACME);
    const demoAdmin = await userId(DEMO, 'admin');
    await withTenant(t.db.owner, ACME, (trx) => sql`insert into study_day (tenant_id, user_id, day, seconds) values (${ACME}, ${acmeLearner}, date '2020-01-02', 600)`.execute(trx));
    await withTenant(t.db.owner, DEMO, (trx) => sql`insert into study_day (tenant_id, user_id, day, seconds) values (${DEMO}, ${demoAdmin}, date '2020-01-02', 600)`.execute(trx));
    expect((await call('GET', `/um/api/profile/searchSummary?tenantId=${DEMO}`, { token })).data).toEqual(before);
    await withTenant(t.db.owner, DEMO, (trx) => sql`insert into study_day (tenant_id, user_id, day, seconds) values (${DEMO}, ${me}, date '2020-01-02', 600)`.execute(trx));
    expect((await call('GET', `/um/api/profile/searchSummary?tenantId=${DEMO}`, { token })).data).toEqual({ ...before, studySeconds: before.studySeconds + 600 });
  });
});

describe('GET /um/api/organ/getOrganList', () => {
  it('is the tenant\'s tree: a root named after the tenant, its learners\' departments under it, parents first', async () => {
    const list = (await call('GET', `/um/api/organ/getOrganList?tenantId=${DEMO}`)).data as { id: number; parentId: number | null; name: string; level: number; path: string }[];
    const root = list[0]!;
    expect(root).toMatchObject({ parentId: null, level: 0, name: await withTenant(t.db.owner, DEMO, async (trx) => (await trx.selectFrom('tenant').select('name').where('id', '=', DEMO).executeTakeFirstOrThrow()).name) });
    const orgNames = await withTenant(t.db.owner, DEMO, async (trx) => (await sql<{ n: string }>`select distinct org_name as n from user_account where tenant_id = ${DEMO} and org_name is not null`.execute(trx)).rows.map((r) => r.n));
    expect(orgNames.length).toBeGreaterThan(1);
    expect(list.filter((o) => o.parentId === root.id).map((o) => o.name).sort()).toEqual(orgNames.sort());
    const seen = new Set<number>();
    for (const o of list) {
      if (o.parentId !== null) expect(seen.has(o.parentId), `${o.name} comes after its parent`).toBe(true);
      seen.add(o.id);
    }
    const team = list.find((o) => o.level === 2)!;
    const parent = list.find((o) => o.id === team.parentId)!;
    expect(team.path).toBe(`${root.name} / ${parent.name} / ${team.name}`);
  });

  it('never shows another tenant\'s departments', async () => {
    const demo = (await call('GET', `/um/api/organ/getOrganList?tenantId=${DEMO}`)).data as { id: number; name: string }[];
    const acme = (await call('GET', `/um/api/organ/getOrganList?tenantId=${ACME}`)).data as { id: number; name: string }[];
    expect(acme.length).toBeGreaterThan(1);
    const demoIds = new Set(demo.map((o) => o.id));
    expect(acme.some((o) => demoIds.has(o.id))).toBe(false);
    expect(acme.map((o) => o.name)).toContain('R&D');
    expect(demo.map((o) => o.name)).not.toContain('R&D');
  });

  it('refuses a tenant that does not exist', async () => {
    expect(await call('GET', '/um/api/organ/getOrganList?tenantId=999999')).toMatchObject({ success: false, errorCode: 'TENANT_NOT_FOUND' });
  });
});

describe('GET /sm/sysDict/dictOption', () => {
  it('answers CM_STORAGE_REGION with the one region the deployment serves, in the tenant\'s language or the asked one', async () => {
    expect((await call('GET', `/sm/sysDict/dictOption?tenantId=${DEMO}&typeCode=CM_STORAGE_REGION`)).data).toEqual([{ value: 'local', label: '本地存储' }]);
    expect((await call('GET', `/sm/sysDict/dictOption?tenantId=${ACME}&typeCode=CM_STORAGE_REGION`)).data).toEqual([{ value: 'local', label: 'Local storage' }]);
    expect((await call('GET', `/sm/sysDict/dictOption?tenantId=${ACME}&typeCode=CM_STORAGE_REGION&lang=zh`)).data).toEqual([{ value: 'local', label: '本地存储' }]);
  });

  it('applies a tenant\'s overrides to that tenant only: relabel, hide, its own options and dictionaries', async () => {
    await withTenant(t.db.owner, DEMO, (trx) => sql`insert into sys_dict_tenant (tenant_id, type_code, value, label_zh, label_en, sort, hidden) values
      (${DEMO}, 'ORDER_STATE', '1', '等待付款', null, null, false),
      (${DEMO}, 'ORDER_STATE', '6', null, null, null, true),
      (${DEMO}, 'ORDER_STATE', '9', '已归档', 'Archived', 99, false),
      (${DEMO}, 'DEPT_LEVEL', 'a', '一级', null, 1, false)`.execute(trx));
    const demo = (await call('GET', `/sm/sysDict/dictOption?tenantId=${DEMO}&typeCode=ORDER_STATE`)).data;
    expect(demo).toEqual([
      { value: '1', label: '等待付款' }, { value: '2', label: '待收货' }, { value: '3', label: '已完成' }, { value: '4', label: '已取消' }, { value: '9', label: '已归档' },
    ]);
    // English falls back to the default label where the tenant relabelled Chinese only.
    expect((await call('GET', `/sm/sysDict/dictOption?tenantId=${DEMO}&typeCode=ORDER_STATE&lang=en`)).data[0]).toEqual({ value: '1', label: 'Pending payment' });
    expect((await call('GET', `/sm/sysDict/dictOption?tenantId=${ACME}&typeCode=ORDER_STATE`)).data.map((o: { value: string }) => o.value)).toEqual(['1', '2', '3', '4', '6']);
    expect((await call('GET', `/sm/sysDict/dictOption?tenantId=${DEMO}&typeCode=DEPT_LEVEL&lang=en`)).data).toEqual([{ value: 'a', label: '一级' }]);
    expect(await call('GET', `/sm/sysDict/dictOption?tenantId=${ACME}&typeCode=DEPT_LEVEL`)).toMatchObject({ success: false, code: 404, errorCode: 'DICT_NOT_FOUND' });
  });

  it('refuses an unknown dictionary by name, a malformed typeCode and an unknown tenant', async () => {
    const unknown = await call('GET', `/sm/sysDict/dictOption?tenantId=${DEMO}&typeCode=NO_SUCH_DICT`);
    expect(unknown).toMatchObject({ success: false, errorCode: 'DICT_NOT_FOUND' });
    expect(unknown.message).toContain('NO_SUCH_DICT');
    expect(await call('GET', `/sm/sysDict/dictOption?tenantId=${DEMO}&typeCode=bad%20code`)).toMatchObject({ success: false, code: 400 });
    expect(await call('GET', '/sm/sysDict/dictOption?tenantId=999999&typeCode=ORDER_STATE')).toMatchObject({ success: false, errorCode: 'TENANT_NOT_FOUND' });
  });

  it('keeps the deployment\'s defaults out of the app role\'s reach', async () => {
    await expect(t.db.app.insertInto('sys_dict' as never).values({ type_code: 'X', value: 'y', label_zh: 'y', label_en: 'y' } as never).execute()).rejects.toThrow(/permission denied|row-level security/);
  });
});

describe('POST /um/api/user/findByMobile', () => {
  const ask = (mobile: string, ip: string, tenantId = DEMO) => call('POST', '/um/api/user/findByMobile', { body: { tenantId, mobile }, ip });
  const shape = (e: Envelope) => ({ success: e.success, code: e.code, message: e.message, retryAfter: e.data?.retryAfter, errorCode: e.errorCode });

  it('answers the same for a number with an account and one without, and sends both a code', async () => {
    sent.length = 0;
    const known = await ask('13800000001', '10.0.0.1');
    const unknown = await ask('13700009999', '10.0.0.1');
    expect(known).toMatchObject({ success: true, message: FIND_MOBILE_MESSAGE, data: { mobile: '138****0001' } });
    expect(shape(known)).toEqual(shape(unknown));
    // A code only for an account's number would be a trace: both get one.
    expect(sent).toEqual([{ mobile: '13800000001' }, { mobile: '13700009999' }]);
    // Asked again within the SMS resend wait: the SMS refusal is not answered, and sends nothing.
    expect(shape(await ask('13800000001', '10.0.0.2'))).toEqual(shape(unknown));
    expect(sent).toHaveLength(2);
  });

  it('leaves no trace another call can read: applyChecknum right after answers the same for both numbers', async () => {
    const known = '13800000003';
    const unknown = '13700007777';
    await ask(known, '10.0.0.5');
    await ask(unknown, '10.0.0.5');
    const after = async (mobile: string) => shape(await call('GET', `/um/api/user/applyChecknum?tenantId=${DEMO}&mobile=${mobile}`, { ip: '10.0.0.6' }));
    const a = await after(known);
    const b = await after(unknown);
    expect(a).toMatchObject({ success: false, errorCode: 'SMS_TOO_FREQUENT' });
    expect({ ...a, message: undefined }).toEqual({ ...b, message: undefined });
  });

  it('signs in only an account of the asking tenant with the code', async () => {
    sent.length = 0;
    // acme's learner; demo has no account with this number: the code reaches the phone, and signs in nothing on demo.
    expect(await ask('13900000001', '10.0.0.3')).toMatchObject({ success: true, message: FIND_MOBILE_MESSAGE });
    expect(sent).toEqual([{ mobile: '13900000001' }]);
    const login = await call('POST', '/um/api/user/loginByMobile', { body: { tenantId: DEMO, mobile: '13900000001', checkNum: codes.get('13900000001') } });
    expect(login.success).toBe(false);
  });

  it('limits asks per number, with the same refusal for a number with an account and one without', async () => {
    holdClockInOneWindow(FIND_MOBILE_WINDOW_MS);
    for (const mobile of ['13800000002', '13700008888']) {
      for (let i = 0; i < FIND_MOBILE_PER_NUMBER; i += 1) expect((await ask(mobile, `10.1.0.${i}`)).success).toBe(true);
      expect(await ask(mobile, '10.1.1.1')).toMatchObject({ success: false, code: 429, errorCode: 'FIND_MOBILE_LIMIT' });
    }
  });

  it('limits asks per address across numbers', async () => {
    holdClockInOneWindow(FIND_MOBILE_WINDOW_MS);
    for (let i = 0; i < FIND_MOBILE_PER_ADDRESS; i += 1) expect((await ask(`1360000${String(i).padStart(4, '0')}`, '10.2.0.1')).success).toBe(true);
    expect(await ask('13600009999', '10.2.0.1')).toMatchObject({ success: false, code: 429, errorCode: 'FIND_MOBILE_LIMIT' });
  });

  it('refuses a malformed number and an unknown tenant', async () => {
    expect(await ask('12345', '10.3.0.1')).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(await ask('13800000001', '10.3.0.1', 999999)).toMatchObject({ success: false, errorCode: 'TENANT_NOT_FOUND' });
  });
});

describe('the points board\'s organisation filter reads the org tree', () => {
  it('lists the tree\'s departments in tree order, a new department included, then names learners carry that the tree lacks', async () => {
    const tree = (await call('GET', `/um/api/organ/getOrganList?tenantId=${DEMO}`)).data as { id: number; parentId: number | null; name: string; level: number }[];
    const root = tree.find((o) => o.level === 0)!;
    await withTenant(t.db.owner, DEMO, (trx) => sql`insert into organ (tenant_id, parent_id, name, sort) values (${DEMO}, ${root.id}, '新设部门', 99)`.execute(trx));
    await withTenant(t.db.owner, DEMO, (trx) => sql`update user_account set org_name = '树外部门' where tenant_id = ${DEMO} and account = 'admin'`.execute(trx));
    const after = (await call('GET', `/um/api/organ/getOrganList?tenantId=${DEMO}`)).data as { name: string; level: number }[];
    const orgs = (await call('GET', `/um/api/userIntegrate/orgList?tenantId=${DEMO}`)).data as string[];
    expect(orgs).toEqual([...after.filter((o) => o.level > 0).map((o) => o.name), '树外部门']);
    expect(orgs).toContain('新设部门');
  });
});
