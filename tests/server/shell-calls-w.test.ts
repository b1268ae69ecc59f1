// Issue 21 W: GET /um/api/tenant/query, queryAuth and POST /um/api/tenant/register (docs/api.md
// "Issue 21: tenants"): each call, its refusals and tenant isolation.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { clientPasswordDigest } from '../../server/lib/password';
import { REGISTER_WINDOW_MS } from '../../server/modules/um/tenant-register';
import { tenantAddress } from '../../server/modules/um/tenant-routes';
import { createTestApp, holdClockInOneWindow, passedCaptcha, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Envelope = { success: boolean; code: number; flag: number; message: string; data: any; errorCode?: string };

async function call(method: 'GET' | 'POST', url: string, opts: { body?: object; token?: string; headers?: Record<string, string>; remoteAddress?: string } = {}) {
  const res = await t.app.inject({
    method, url,
    headers: { ...(opts.token ? { token: opts.token } : {}), ...opts.headers },
    ...(opts.body ? { payload: opts.body } : {}),
    ...(opts.remoteAddress ? { remoteAddress: opts.remoteAddress } : {}),
  });
  return { status: res.statusCode, body: res.json() as Envelope };
}

async function signIn(tenantId: number, account: string, password: string): Promise<{ id: number; token: string; userInfo: any }> {
  const captchaUuid = tenantId === 1002 ? await passedCaptcha(t.app, tenantId) : undefined;
  const { body } = await call('POST', '/um/api/user/loginByAccount', { body: { tenantId, account, password: clientPasswordDigest(password), ...(captchaUuid ? { captchaUuid } : {}) } });
  expect(body, body.message).toMatchObject({ success: true, flag: 0 });
  return body.data;
}

// The owner may bypass row-level security (a superuser does), so the tenant is named in the query too.
const setMobile = (tenantId: number, account: string, mobile: string | null) => withTenant(t.db.owner, tenantId, (trx) =>
  trx.updateTable('user_account').set({ mobile }).where('tenant_id', '=', tenantId).where('account', '=', account).execute());

const CARD_KEYS = ['appName', 'code', 'id', 'language', 'loginTypes', 'logoImg', 'name', 'registerOpen', 'tenantType', 'type'];

describe('GET /um/api/tenant/query', () => {
  it('answers a tenant\'s public card by code, and nothing secret', async () => {
    const { body } = await call('GET', '/um/api/tenant/query?code=acme');
    expect(body).toMatchObject({ success: true, flag: 0 });
    expect(body.data).toEqual({
      id: 1002, code: 'acme', name: 'ACME Corporation', appName: 'ACME University', logoImg: '/uploads/seed/acme-logo.svg',
      type: 'study', tenantType: 0, language: 'en', registerOpen: false, loginTypes: ['account'],
    });
    expect(Object.keys(body.data).sort()).toEqual(CARD_KEYS);
  });

  it('reads the variant, language and sign-up of each tenant from its own settings', async () => {
    const ai = (await call('GET', '/um/api/tenant/query?id=1004')).body.data;
    expect(ai).toMatchObject({ id: 1004, code: 'ai', type: 'gpt', language: 'zh', registerOpen: true, loginTypes: ['account', 'mobile'] });
    const shop = (await call('GET', '/um/api/tenant/query?tenantId=1003')).body.data;
    expect(shop).toMatchObject({ id: 1003, code: 'shop', type: 'shop', tenantType: 1 });
  });

  it('lets code win over id, and id over the tenantId the client adds to every call', async () => {
    expect((await call('GET', '/um/api/tenant/query?tenantId=1001&code=shop&id=1004')).body.data.code).toBe('shop');
    expect((await call('GET', '/um/api/tenant/query?tenantId=1001&id=1004')).body.data.code).toBe('ai');
  });

  it('refuses an unknown code or id, and a call naming no tenant', async () => {
    expect((await call('GET', '/um/api/tenant/query?code=nobody')).body).toMatchObject({ success: false, code: 404, errorCode: 'TENANT_NOT_FOUND' });
    expect((await call('GET', '/um/api/tenant/query?id=999999')).body).toMatchObject({ success: false, code: 404, errorCode: 'TENANT_NOT_FOUND' });
    expect((await call('GET', '/um/api/tenant/query')).body).toMatchObject({ success: false, errorCode: 'VALIDATION' });
  });
});

describe('GET /um/api/tenant/queryAuth', () => {
  afterEach(async () => {
    await setMobile(1002, 'learner', '13900000001');
    await setMobile(1003, 'learner', null);
  });

  it('refuses a guest and another tenant\'s token', async () => {
    expect((await call('GET', '/um/api/tenant/queryAuth?tenantId=1001')).body).toMatchObject({ success: false, flag: 401, errorCode: 'NOT_SIGNED_IN' });
    const shop = await signIn(1003, 'learner', 'Study@2026');
    expect((await call('GET', '/um/api/tenant/queryAuth?tenantId=1001', { token: shop.token })).body).toMatchObject({ success: false, flag: 401 });
  });

  it('lists only the own tenant when no other account shares the mobile: the same account name never links', async () => {
    // "learner" exists in every demo tenant, as five different people.
    const demo = await signIn(1001, 'learner', 'Study@2026');
    const { body } = await call('GET', '/um/api/tenant/queryAuth?tenantId=1001', { token: demo.token });
    expect(body.data).toEqual([{ tenant: expect.objectContaining({ id: 1001, code: 'demo' }), userId: demo.id, account: 'learner', current: true }]);
  });

  it('lists every tenant holding an account with the same mobile, the own one first, each with its card', async () => {
    await setMobile(1002, 'learner', '13800000001');
    const demo = await signIn(1001, 'learner', 'Study@2026');
    const { body } = await call('GET', '/um/api/tenant/queryAuth?tenantId=1001', { token: demo.token });
    expect(body.data.map((l: any) => [l.tenant.code, l.account, l.current])).toEqual([['demo', 'learner', true], ['acme', 'learner', false]]);
    expect(Object.keys(body.data[1].tenant).sort()).toEqual(CARD_KEYS);

    // The link runs both ways; a tenant whose learner has another mobile stays out.
    await setMobile(1003, 'learner', '13800000009');
    const acme = await signIn(1002, 'learner', 'Study@2026');
    const fromAcme = (await call('GET', '/um/api/tenant/queryAuth?tenantId=1002', { token: acme.token })).body.data;
    expect(fromAcme.map((l: any) => [l.tenant.code, l.current])).toEqual([['acme', true], ['demo', false]]);
  });
});

describe('POST /um/api/tenant/register', () => {
  const SECRET = 'operator-secret-for-tests-0123456789';
  const saved = process.env.OPERATOR_SECRET;
  let address = 0;
  /** Each case from its own address, so the per-address limit only bites where a test asks it to. */
  const register = (body: object, secret: string | null = SECRET, remoteAddress = `10.0.0.${++address}`) =>
    call('POST', '/um/api/tenant/register', { body, remoteAddress, ...(secret !== null ? { headers: { authorization: `Bearer ${secret}` } } : {}) });

  beforeAll(() => {
    process.env.OPERATOR_SECRET = SECRET;
  });
  afterAll(() => {
    if (saved === undefined) delete process.env.OPERATOR_SECRET;
    else process.env.OPERATOR_SECRET = saved;
  });

  it('is off while OPERATOR_SECRET is unset or too short', async () => {
    delete process.env.OPERATOR_SECRET;
    const unset = await register({ code: 'off-one', name: 'Off' }, 'anything');
    expect(unset.status).toBe(403);
    expect(unset.body).toMatchObject({ success: false, code: 403, errorCode: 'REGISTER_DISABLED' });
    process.env.OPERATOR_SECRET = 'short';
    expect((await register({ code: 'off-two', name: 'Off' }, 'short')).body.errorCode).toBe('REGISTER_DISABLED');
    process.env.OPERATOR_SECRET = SECRET;
    expect((await call('GET', '/um/api/tenant/query?code=off-one')).body.errorCode).toBe('TENANT_NOT_FOUND');
  });

  it('refuses a missing secret with 401 and a wrong one with 403, a tenant admin\'s token included', async () => {
    const missing = await register({ code: 'no-secret', name: 'No' }, null);
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ success: false, errorCode: 'OPERATOR_SECRET_REQUIRED' });
    // An operator's refusal is not the learner's "please sign in" (flag 401 would send the portal to /login).
    expect(missing.body.flag).toBe(-1);
    const admin = await signIn(1001, 'admin', 'Admin@2026');
    const byAdmin = await call('POST', '/um/api/tenant/register', { body: { tenantId: 1001, code: 'by-admin', name: 'Admin' }, token: admin.token, remoteAddress: '10.0.1.1' });
    expect(byAdmin.body.errorCode).toBe('OPERATOR_SECRET_REQUIRED');
    for (const wrong of [SECRET.slice(0, -1), `${SECRET}x`, SECRET.replace('o', 'O')]) {
      const res = await register({ code: 'wrong-secret', name: 'Wrong' }, wrong);
      expect(res.status).toBe(403);
      expect(res.body.errorCode).toBe('OPERATOR_SECRET_WRONG');
    }
    expect((await call('GET', '/um/api/tenant/query?code=wrong-secret')).body.errorCode).toBe('TENANT_NOT_FOUND');
  });

  it('validates the code: lowercase letters, digits and hyphens, not reserved, unique', async () => {
    for (const code of ['Upper', 'a', '-lead', 'trail-', 'under_score', 'dot.ted', 'x'.repeat(33)]) {
      expect((await register({ code, name: 'Bad' })).body, code).toMatchObject({ success: false, errorCode: 'TENANT_CODE_INVALID' });
    }
    expect((await register({ code: 'www', name: 'Reserved' })).body.errorCode).toBe('TENANT_CODE_INVALID');
    expect((await register({ code: 'acme', name: 'Taken' })).body).toMatchObject({ success: false, code: 409, errorCode: 'TENANT_CODE_TAKEN' });
    expect((await register({ code: 'fine', name: '   ' })).body.errorCode).toBe('VALIDATION');
    expect((await register({ code: 'fine', name: 'Fine', adminMobile: '123' })).body.errorCode).toBe('VALIDATION');
  });

  it('creates a tenant whose default home serves through getPageV2 and whose admin signs in with the one-time password', async () => {
    const { status, body } = await register({ tenantId: 1001, code: 'new-school', name: 'New School', type: 'study', language: 'en' });
    expect(status).toBe(200);
    expect(body, body.message).toMatchObject({ success: true, flag: 0 });
    const created = body.data;
    expect(created.tenant).toMatchObject({ code: 'new-school', name: 'New School', appName: 'New School', type: 'study', language: 'en', tenantType: 1, registerOpen: true });
    expect(created.tenant.id).toBeGreaterThan(1533);
    expect(created.address).toMatch(/^http:\/\/new-school\.localhost(:\d+)?\/study\/home$/);
    expect(created.admin).toMatchObject({ account: 'admin' });
    expect(created.admin.password).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d).{16,}$/);
    const id = created.tenant.id as number;

    // The host resolves it, start-up settings serve, and its home is the seed's default home.
    expect((await call('GET', '/um/api/tenant/getByCode?code=new-school')).body.data.tenant.id).toBe(id);
    const settings = (await call('GET', `/cfg/api/store/getTenantStoreSetting?tenantId=${id}`)).body;
    expect(settings, settings.message).toMatchObject({ success: true });
    expect(settings.data.navigateList.map((n: any) => n.title)).toEqual(['Home', 'Courses', 'Classes', 'Exams']);
    const home = (await call('GET', `/cfg/template/getPageV2?tenantId=${id}&pageCode=${created.homePageCode}`)).body;
    expect(home, home.message).toMatchObject({ success: true, data: { pageCode: 'new_school_home' } });
    const aiHome = (await call('GET', '/cfg/template/getPageV2?tenantId=1004&pageCode=ai_home')).body;
    expect(home.data.template).toEqual(aiHome.data.template);

    // The admin signs in once with the password answered, and is the tenant's admin there only.
    const admin = await signIn(id, 'admin', created.admin.password);
    expect(admin.id).toBe(created.admin.userId);
    expect(admin.userInfo).toMatchObject({ username: 'admin', adminAuth: true });
    expect((await call('GET', `/um/api/user/info?tenantId=${id}`, { token: admin.token })).body.data.adminAuth).toBe(true);
    expect((await call('GET', '/um/api/user/info?tenantId=1001', { token: admin.token })).body.flag).toBe(401);
    const wrong = await call('POST', '/um/api/user/loginByAccount', { body: { tenantId: id, account: 'admin', password: clientPasswordDigest('Admin@2026') } });
    expect(wrong.body.success).toBe(false);

    // A new code is taken from now on.
    expect((await register({ code: 'new-school', name: 'Again' })).body.errorCode).toBe('TENANT_CODE_TAKEN');
  });

  it('keeps the new tenant apart: its admin sees no demo rows, and demo\'s admin is linked only through the same mobile', async () => {
    const { body } = await register({ code: 'linked-org', name: '联营学院', type: 'gpt', adminMobile: '13800000002', registerOpen: false });
    expect(body, body.message).toMatchObject({ success: true });
    const id = body.data.tenant.id as number;
    expect(body.data.tenant).toMatchObject({ type: 'gpt', language: 'zh', registerOpen: false, loginTypes: ['account', 'mobile'] });

    const admin = await signIn(id, 'admin', body.data.admin.password);
    const mine = (await call('GET', `/um/api/tenant/queryAuth?tenantId=${id}`, { token: admin.token })).body.data;
    expect(mine.map((l: any) => [l.tenant.code, l.account, l.current])).toEqual([['linked-org', 'admin', true], ['demo', 'admin', false]]);
    // No other tenant's rows under the new tenant: its catalogue and messages start empty.
    const rows = await withTenant(t.db.app, id, async (trx) => ({
      users: (await trx.selectFrom('user_account').select('account').execute()).map((r) => r.account),
      courses: (await trx.selectFrom('course').select('id').execute()).length,
    }));
    expect(rows).toEqual({ users: ['admin'], courses: 0 });
    // Its closed sign-up holds.
    const signUp = await call('POST', '/um/api/user/register', { body: { tenantId: id, account: 'someone', password: clientPasswordDigest('Study@2026') } });
    expect(signUp.body.errorCode).toBe('REGISTER_CLOSED');
  });

  it('limits one address to 10 calls in 10 minutes, right secret or wrong', async () => {
    holdClockInOneWindow(REGISTER_WINDOW_MS);
    const from = '10.9.9.9';
    for (let i = 0; i < 10; i++) expect((await register({ code: 'Bad', name: 'x' }, 'wrong', from)).body.errorCode).toBe('OPERATOR_SECRET_WRONG');
    const limited = await register({ code: 'limited', name: 'Limited' }, SECRET, from);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, errorCode: 'RATE_LIMITED' });
    expect((await register({ code: 'other-address', name: 'Other' })).body.success).toBe(true);
  });
});

describe('tenantAddress', () => {
  it('names the new tenant by the host\'s first label, as start-up resolves tenants', () => {
    expect(tenantAddress('http', 'localhost:8080', 'acme')).toBe('http://acme.localhost:8080/study/home');
    expect(tenantAddress('http', 'demo.localhost:8080', 'acme')).toBe('http://acme.localhost:8080/study/home');
    expect(tenantAddress('https', 'portal.example.com', 'acme')).toBe('https://acme.example.com/study/home');
    expect(tenantAddress('http', '127.0.0.1:18080', 'acme')).toBe('http://acme.localhost:18080/study/home');
  });
});
