import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { clientPasswordDigest } from '../../server/lib/password';
import { createTestApp, type TestApp } from './harness';

// spec shell §5 "Profile editing", §7 modProfile / getBindMobile / bindMobile / modifyPassword, §8
// (old password wrong), §4 default sign-in.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Envelope = { success: boolean; code: number; flag: number; message: string; data: any; errorCode?: string };

async function call(method: 'GET' | 'POST', url: string, opts: { body?: object; token?: string; headers?: Record<string, string> } = {}) {
  const res = await t.app.inject({ method, url, headers: { ...(opts.token ? { token: opts.token } : {}), ...opts.headers }, ...(opts.body ? { payload: opts.body } : {}) });
  expect(res.statusCode).toBe(200);
  return res.json() as Envelope;
}

async function signIn(account: string, password: string, tenantId = 1001): Promise<string> {
  const body = await call('POST', '/um/api/user/loginByAccount', { body: { tenantId, account, password: clientPasswordDigest(password) } });
  expect(body, body.message).toMatchObject({ success: true });
  return body.data.token as string;
}

async function setConfig(tenantId: number, group: string, key: string, value: string): Promise<void> {
  await withTenant(t.db.owner, tenantId, async (trx) => {
    const updated = await trx.updateTable('tenant_config').set({ param_value: value }).where('param_group', '=', group).where('param_key', '=', key).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await trx.insertInto('tenant_config').values({ tenant_id: tenantId, store_id: 0, param_group: group, param_key: key, param_value: value, param_value_type: 1 }).execute();
    }
  });
}

describe('modProfile', () => {
  it('saves the fields userPower allows and answers 修改成功 with the new user info', async () => {
    await setConfig(1001, 'sys_init_param', 'userPower', '[0,1,2,3,4,8,9]');
    const token = await signIn('learner', 'Study@2026');
    const body = await call('POST', '/um/api/user/modProfile', { token, body: { tenantId: 1001, nickName: ' 新昵称 ', summary: '热爱学习', gender: 'F', birthday: Date.UTC(1995, 4, 1) } });
    expect(body).toMatchObject({ success: true, flag: 0, message: '修改成功' });
    expect(body.data).toMatchObject({ nickName: '新昵称', summary: '热爱学习', gender: 'F', birthday: Date.UTC(1995, 4, 1) });
    const info = await call('GET', `/um/api/user/info?tenantId=1001&userId=${body.data.userId as number}`, { token });
    expect(info.data.nickName).toBe('新昵称');
  });

  it('refuses a field the tenant does not let users edit, naming it', async () => {
    await setConfig(1001, 'sys_init_param', 'userPower', '[1,2]');
    const token = await signIn('learner', 'Study@2026');
    const body = await call('POST', '/um/api/user/modProfile', { token, body: { tenantId: 1001, postName: '经理' } });
    expect(body).toMatchObject({ success: false, errorCode: 'FIELD_NOT_EDITABLE', message: '该企业不允许修改岗位。' });
  });

  it('refuses a summary over 100 characters', async () => {
    await setConfig(1001, 'sys_init_param', 'userPower', '[9]');
    const token = await signIn('learner', 'Study@2026');
    const body = await call('POST', '/um/api/user/modProfile', { token, body: { tenantId: 1001, summary: '字'.repeat(101) } });
    expect(body.success).toBe(false);
  });

  it('needs sign-in', async () => {
    expect(await call('POST', '/um/api/user/modProfile', { body: { tenantId: 1001, nickName: 'x' } })).toMatchObject({ success: false, flag: 401 });
  });

  // Issue 13 point 1: the form sends every editable field, an empty one as null; ajv's coercion
  // turned the null birthday into 0, saved as 1970-01-01.
  it('keeps an empty birthday empty when only the nickname changes', async () => {
    await setConfig(1001, 'sys_init_param', 'userPower', '[0,1,2,3,4,5,6,7,8,9]');
    const token = await signIn('learner', 'Study@2026');
    const emptyForm = { avatarImg: null, realName: null, email: null, gender: null, orgName: null, postName: null, countyCode: null, countyName: null, birthday: null, summary: null };
    const cleared = await call('POST', '/um/api/user/modProfile', { token, body: { tenantId: 1001, nickName: '小李', ...emptyForm } });
    expect(cleared, cleared.message).toMatchObject({ success: true });
    const userId = cleared.data.userId as number;
    const saved = await call('POST', '/um/api/user/modProfile', { token, body: { tenantId: 1001, nickName: '只改昵称', ...emptyForm } });
    expect(saved.data).toMatchObject({ nickName: '只改昵称', birthday: null, gender: null, summary: null, email: null });
    const reloaded = await call('GET', `/um/api/user/info?tenantId=1001&userId=${userId}`, { token });
    expect(reloaded.data).toMatchObject({ nickName: '只改昵称', birthday: null, gender: null, realName: null, orgName: null, postName: null, countyName: null, summary: null, avatarImg: null });
    const row = await withTenant(t.db.owner, 1001, (trx) => trx.selectFrom('user_account').select(['birthday', 'real_name', 'summary', 'email', 'county_code']).where('id', '=', userId).executeTakeFirstOrThrow());
    expect(row).toEqual({ birthday: null, real_name: null, summary: null, email: null, county_code: null });
  });

  it('stores blank text as empty (null), not as an empty string', async () => {
    await setConfig(1001, 'sys_init_param', 'userPower', '[1,2,9]');
    const token = await signIn('learner', 'Study@2026');
    const body = await call('POST', '/um/api/user/modProfile', { token, body: { tenantId: 1001, realName: '', nickName: '   ', summary: '' } });
    expect(body.data).toMatchObject({ realName: null, nickName: null, summary: null });
  });

  it('keeps a birthday that is entered and clears it when sent empty', async () => {
    await setConfig(1001, 'sys_init_param', 'userPower', '[8]');
    const token = await signIn('learner', 'Study@2026');
    const day = Date.UTC(1990, 6, 15);
    expect((await call('POST', '/um/api/user/modProfile', { token, body: { tenantId: 1001, birthday: day } })).data.birthday).toBe(day);
    expect((await call('POST', '/um/api/user/modProfile', { token, body: { tenantId: 1001, birthday: null } })).data.birthday).toBeNull();
    // An empty text field of a form posted as it is: empty too.
    expect((await call('POST', '/um/api/user/modProfile', { token, body: { tenantId: 1001, birthday: '' } })).data.birthday).toBeNull();
  });
});

describe('account security', () => {
  it('shows the bound mobile masked, first 3 and last 4 digits', async () => {
    const token = await signIn('learner', 'Study@2026');
    const body = await call('GET', '/um/api/user/getBindMobile?tenantId=1001', { token });
    expect(body.data.mobile).toMatch(/^\d{3}\*{4}\d{4}$/);
  });

  it('binds a new mobile only with its code', async () => {
    const token = await signIn('admin', 'Admin@2026');
    expect((await call('POST', '/um/api/user/bindMobile', { token, body: { tenantId: 1001, mobile: '13912345678', checkNum: '000000' } })).errorCode).toBe('BAD_CHECKNUM');
    await call('GET', '/um/api/user/applyChecknum?tenantId=1001&mobile=13912345678');
    const row = await withTenant(t.db.owner, 1001, (trx) => trx.selectFrom('sms_outbox').select('text').where('mobile', '=', '13912345678').orderBy('id', 'desc').executeTakeFirstOrThrow());
    const code = /(\d{6})/.exec(row.text)![1]!;
    const bound = await call('POST', '/um/api/user/bindMobile', { token, body: { tenantId: 1001, mobile: '13912345678', checkNum: code } });
    expect(bound).toMatchObject({ success: true, message: '绑定成功', data: { mobile: '139****5678' } });
  });

  it('answers 用户名或密码错误 for a wrong old password (the client shows 旧密码输入错误)', async () => {
    const token = await signIn('learner', 'Study@2026');
    const body = await call('POST', '/um/api/user/modifyPassword', { token, body: { tenantId: 1001, password: clientPasswordDigest('nope'), newPassword: clientPasswordDigest('Study@2027') } });
    expect(body).toMatchObject({ success: false, flag: -1, message: '用户名或密码错误' });
  });

  it('changes the password, keeps this session and signs out the others', async () => {
    const other = await signIn('learner', 'Study@2026');
    const token = await signIn('learner', 'Study@2026');
    const body = await call('POST', '/um/api/user/modifyPassword', { token, body: { tenantId: 1001, password: clientPasswordDigest('Study@2026'), newPassword: clientPasswordDigest('Study@2027') } });
    expect(body).toMatchObject({ success: true, message: '密码修改成功' });
    expect((await call('GET', '/um/api/message/getUserUnReadCount?tenantId=1001', { token })).success).toBe(true);
    expect((await call('GET', '/um/api/message/getUserUnReadCount?tenantId=1001', { token: other })).flag).toBe(401);
    expect((await call('POST', '/um/api/user/loginByAccount', { body: { tenantId: 1001, account: 'learner', password: clientPasswordDigest('Study@2026') } })).success).toBe(false);
    await signIn('learner', 'Study@2027');
    // Put it back for the other tests.
    await call('POST', '/um/api/user/modifyPassword', { token, body: { tenantId: 1001, password: clientPasswordDigest('Study@2027'), newPassword: clientPasswordDigest('Study@2026') } });
  });

  it('refuses a new password equal to the old one', async () => {
    const token = await signIn('learner', 'Study@2026');
    const same = clientPasswordDigest('Study@2026');
    expect((await call('POST', '/um/api/user/modifyPassword', { token, body: { tenantId: 1001, password: same, newPassword: same } })).message).toBe('新旧密码不能一致');
  });
});

describe('default sign-in', () => {
  it('is refused while the tenant has not switched it on', async () => {
    expect(await call('POST', '/um/api/user/defaultLogin', { body: { tenantId: 1002 } })).toMatchObject({ success: false, errorCode: 'DEFAULT_LOGIN_OFF' });
  });

  it('signs in the configured account when the tenant switches it on', async () => {
    await setConfig(1002, 'PcLoginConfig', 'loginConfig', JSON.stringify({ loginTypes: ['account'], defaultLogin: true }));
    await setConfig(1002, 'Security', 'defaultLoginAccount', 'learner');
    const body = await call('POST', '/um/api/user/defaultLogin', { body: { tenantId: 1002 } });
    expect(body).toMatchObject({ success: true });
    expect(body.data.userInfo.username).toBe('learner');
    expect(typeof body.data.token).toBe('string');
  });
});

describe('client address', () => {
  it('ignores X-Forwarded-For unless a trusted proxy is configured', async () => {
    // 5 failures from "different" forwarded addresses all count against the real one (127.0.0.1).
    await withTenant(t.db.owner, 1001, (trx) => trx.insertInto('login_attempt').values(Array.from({ length: 50 }, () => ({ tenant_id: 1001, key: 'ip:127.0.0.1', ok: false }))).execute());
    const body = await call('POST', '/um/api/user/loginByAccount', { body: { tenantId: 1001, account: 'admin', password: clientPasswordDigest('Admin@2026') }, headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect(body.errorCode).toBe('LOGIN_RATE_LIMITED');
    await withTenant(t.db.owner, 1001, (trx) => trx.deleteFrom('login_attempt').where('key', '=', 'ip:127.0.0.1').execute());
  });
});
