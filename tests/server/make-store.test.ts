// Applications to open a shop (issue 20 part S; server/modules/order/store-apply-*.ts): apply,
// approve (the store is a provider on the provider list, school or merchant), reject with a reason
// and apply again, the bounds (one pending at a time, one store per account, a taken name, phone,
// licence, logo) and the refusals (guest, another tenant's user, a learner on back-office calls).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../../server/plugins/auth';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let admin: { id: number; token: string };
let acmeLearner: { id: number; token: string };

const DAY = 86_400_000;
const q = (path: string, params: Record<string, string | number> = {}, tenantId = 1001) =>
  `${path}?${new URLSearchParams(Object.entries({ tenantId, ...params }).map(([k, v]) => [k, String(v)]))}`;
const post = (path: string, token: string | undefined, body: object, tenantId = 1001) => call('POST', path, token, { tenantId, ...body });

async function makeUser(account: string, tenantId = 1001) {
  const user = await t.db.owner.insertInto('user_account').values({
    tenant_id: tenantId, account, password_hash: 'locked', password_salt: '', real_name: account, nick_name: null,
    mobile: null, email: null, gender: null, birthday: null, summary: null, avatar_img: null,
  }).returning('id').executeTakeFirstOrThrow();
  const token = newToken(tenantId);
  await t.db.owner.insertInto('user_token').values({ tenant_id: tenantId, token_hash: hashToken(token), user_id: Number(user.id), expires_at: new Date(Date.now() + DAY) }).execute();
  return { id: Number(user.id), token };
}

let n = 0;
const application = (extra: object = {}) => ({
  shopName: `青禾书院 ${++n}`, orgType: 'SCHOOL', contactName: '周老师', contactPhone: '021-6543 2100', licenceNo: '12310000425000123x',
  description: '面向中小学生的课外阅读与写作课程，周末开班。', ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(1001, 'admin', 'Admin@2026');
  acmeLearner = await signIn(1002, 'learner', 'Study@2026');
}, 120_000);

afterAll(async () => t?.close());

describe('opening a shop', () => {
  it('applies, is approved, and the store is the provider the list and the school page show, owned by the applicant', async () => {
    const applicant = await makeUser(`shopowner_${Date.now()}`);
    expect(await data('GET', q('/order/api/storeApply/mine'), applicant.token)).toEqual([]);
    const logo = `/uploads/u/1001/2026-11/${crypto.randomUUID()}.png`;
    const body = application({ logo });
    const sent = await data('POST', '/order/api/storeApply/submit', applicant.token, { tenantId: 1001, ...body });
    expect(sent).toMatchObject({ state: 'pending', shopName: body.shopName, orgType: 'SCHOOL', licenceNo: '12310000425000123X', providerId: null });
    const pending = await data('GET', q('/order/api/storeApply/admin/list', { state: 'pending', pageSize: 50 }), admin.token);
    expect(pending.list.some((a: { id: number }) => a.id === sent.id)).toBe(true);

    const approved = await data('POST', '/order/api/storeApply/admin/approve', admin.token, { tenantId: 1001, id: sent.id });
    expect(approved).toMatchObject({ state: 'approved' });
    const store = await data('GET', q('/order/api/provider/detail', { id: approved.providerId }), undefined);
    expect(store).toMatchObject({ storeName: body.shopName, orgType: 'SCHOOL', state: 0, summary: body.description, storeThumbImg: logo });
    const list = await data('GET', q('/cfg/api/page/provider', { pageSize: 50 }), undefined);
    expect(list.list.some((p: { id: number }) => p.id === approved.providerId)).toBe(true);
    const mine = await data('GET', q('/order/api/storeApply/mine'), applicant.token);
    expect(mine[0]).toMatchObject({ state: 'approved', providerId: approved.providerId });

    // One store per account; approving twice is refused.
    expect(await post('/order/api/storeApply/submit', applicant.token, application())).toMatchObject({ success: false, errorCode: 'STORE_ALREADY_OPEN' });
    expect(await post('/order/api/storeApply/admin/approve', admin.token, { id: sent.id })).toMatchObject({ success: false, errorCode: 'STORE_APPLY_STATE' });
  });

  it('rejects only with a reason, shows it to the applicant, who may apply again', async () => {
    const applicant = await makeUser(`rejected_${Date.now()}`);
    const sent = await data('POST', '/order/api/storeApply/submit', applicant.token, { tenantId: 1001, ...application({ orgType: 'MERCHANT' }) });
    // One pending application at a time.
    expect(await post('/order/api/storeApply/submit', applicant.token, application())).toMatchObject({ success: false, errorCode: 'STORE_APPLY_PENDING' });
    expect(await post('/order/api/storeApply/admin/reject', admin.token, { id: sent.id, reason: '   ' })).toMatchObject({ success: false, errorCode: 'REASON_REQUIRED' });
    const rejected = await data('POST', '/order/api/storeApply/admin/reject', admin.token, { tenantId: 1001, id: sent.id, reason: '执照编号与名称不符' });
    expect(rejected).toMatchObject({ state: 'rejected', rejectReason: '执照编号与名称不符', providerId: null });
    expect((await data('GET', q('/order/api/storeApply/mine'), applicant.token))[0].rejectReason).toBe('执照编号与名称不符');
    expect((await data('POST', '/order/api/storeApply/submit', applicant.token, { tenantId: 1001, ...application() })).state).toBe('pending');
  });

  it('refuses a taken name, a bad phone or licence and an outside logo, each with a clear message', async () => {
    const applicant = await makeUser(`bounds_${Date.now()}`);
    const taken = await data('GET', q('/cfg/api/page/provider', { pageSize: 1 }), undefined);
    const cases: Array<[object, string, RegExp]> = [
      [{ shopName: ` ${taken.list[0].storeName.toUpperCase()} ` }, 'STORE_NAME_TAKEN', /已有店铺使用/],
      [{ contactPhone: 'call me' }, 'PHONE_INVALID', /联系电话/],
      [{ licenceNo: 'AB-12' }, 'LICENCE_INVALID', /6–30 位字母或数字/],
      [{ logo: 'https://evil.example/logo.png' }, 'FILE_NOT_UPLOADED', /不是通过本站上传/],
      [{ description: '     很短     ' }, 'VALIDATION', /至少 10 个字/],
    ];
    for (const [extra, errorCode, message] of cases) {
      const res = await post('/order/api/storeApply/submit', applicant.token, application(extra));
      expect(res, JSON.stringify(extra)).toMatchObject({ success: false, errorCode });
      expect(res.message).toMatch(message);
    }
  });
});

describe('the refusals', () => {
  it('asks a guest to sign in, keeps another tenant\'s user out, and the review to the back office', async () => {
    expect(await post('/order/api/storeApply/submit', undefined, application())).toMatchObject({ flag: 401 });
    expect(await post('/order/api/storeApply/submit', acmeLearner.token, application())).toMatchObject({ flag: 401 });
    const learner = await signIn(1001, 'learner', 'Study@2026');
    expect(await call('GET', q('/order/api/storeApply/admin/list'), learner.token)).toMatchObject({ errorCode: 'NO_ADMIN_AUTH' });
    expect(await post('/order/api/storeApply/admin/approve', learner.token, { id: 1 })).toMatchObject({ errorCode: 'NO_ADMIN_AUTH' });
    expect(await post('/order/api/storeApply/admin/reject', learner.token, { id: 1, reason: 'x' })).toMatchObject({ errorCode: 'NO_ADMIN_AUTH' });
    // acme's application is not demo's to review.
    const acmeApp = (await data('GET', q('/order/api/storeApply/mine', {}, 1002), acmeLearner.token))[0];
    expect(await post('/order/api/storeApply/admin/approve', admin.token, { id: acmeApp.id })).toMatchObject({ success: false, errorCode: 'STORE_APPLY_NOT_FOUND' });
  });
});
