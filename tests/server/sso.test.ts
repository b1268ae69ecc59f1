// spec shell §4 "Login identities" (signed query, tokenid, sso_token, third-party), §7 calls:
// every refusal of the SSO endpoints, against a real database. No provider can be reached from
// here, so third-party login runs against a fake provider type and a fake fetch for the built-ins.
import { execFile } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { clientPasswordDigest } from '../../server/lib/password';
import { ssoAppSecret, ssoSignature, ssoSigningString, DbOneTimeStore } from '../../server/modules/um/sso';
import { ssoDefaults, umSsoRoutes } from '../../server/modules/um/sso-routes';
import { defaultThirdPartyRegistry, thirdPartyAccount, type ProviderFactory } from '../../server/modules/um/third-party';
import { createTestApp, type TestApp } from './harness';

type Envelope = { success: boolean; code: number; flag: number; message: string; data: any; errorCode?: string };

let t: TestApp;
let clockOffset = 0;
const fetchCalls: { url: string; body: string | undefined }[] = [];

// A stand-in provider type: code "good:<id>:<name>" is a person, anything else is refused.
const fakeProvider: ProviderFactory = (config) => ({
  id: config.id, name: config.name, type: config.type,
  authorizeUrl: (state, redirectUri) => `https://idp.test/authorize?client_id=${config.clientId}&state=${state}&redirect_uri=${encodeURIComponent(redirectUri)}`,
  exchange: async (code) => {
    const [kind, externalId, name] = code.split(':');
    if (kind !== 'good' || !externalId) throw new Error('the fake provider refused the code');
    return { externalId, displayName: name ?? null };
  },
});

// The built-in OIDC type against a fake network.
const fakeFetch = (async (input: string | URL | Request, init?: RequestInit) => {
  const url = String(input);
  fetchCalls.push({ url, body: typeof init?.body === 'string' ? init.body : undefined });
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  if (url === 'https://oidc.test/token') return new URLSearchParams(String(init?.body)).get('code') === 'ok-code' ? json({ access_token: 'at-1' }) : json({ error: 'invalid_grant' }, 400);
  if (url === 'https://oidc.test/userinfo') return json({ sub: 'Sub-ABC', name: 'Olivia OIDC' });
  return json({}, 404);
}) as typeof fetch;

beforeAll(async () => {
  Object.assign(ssoDefaults, {
    now: () => Date.now() + clockOffset,
    registry: defaultThirdPartyRegistry({ fetch: fakeFetch, secretOf: (_tenantId, id) => (id === 'nosecret' ? undefined : `secret-${id}`) }).register('fake', fakeProvider),
  });
  t = await createTestApp({
    // server/app.ts registers the routes once wired; until then the test does (same defaults).
    beforeReady: (app) => {
      if (!app.hasRoute({ method: 'POST', url: '/um/api/user/ssoLogin' })) void app.register(umSsoRoutes);
    },
  });
  await setSetting(1001, 'Security', 'ssoApps', JSON.stringify(['hr-portal', 'crm']));
  await setSetting(1002, 'Security', 'ssoApps', JSON.stringify(['hr-portal']));
});
afterAll(async () => {
  // ssoDefaults is the module's, shared by every test file of this worker: later files (issue 21's
  // weLoginPanelParameter) must not find this file's fake registry and clock.
  delete ssoDefaults.now;
  delete ssoDefaults.registry;
  await t.close();
});

async function setSetting(tenantId: number, group: string, key: string, value: string) {
  await withTenant(t.db.owner, tenantId, (trx) => trx.insertInto('tenant_config')
    .values({ tenant_id: tenantId, store_id: 0, param_group: group, param_key: key, param_value: value, param_value_type: 2 })
    .onConflict((oc) => oc.columns(['tenant_id', 'store_id', 'param_group', 'param_key']).doUpdateSet({ param_value: value }))
    .execute());
}

async function call(method: 'GET' | 'POST', url: string, body?: object, token?: string): Promise<Envelope> {
  const res = await t.app.inject({ method, url, ...(body ? { payload: body } : {}), ...(token ? { headers: { token } } : {}) });
  expect(res.statusCode).toBe(200);
  return res.json() as Envelope;
}

async function tenantSecretOf(tenantId: number): Promise<string> {
  const row = await t.db.owner.selectFrom('tenant_secret').select('secret').where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
  return row.secret;
}

const uuid = () => randomBytes(12).toString('hex');
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A signed request as an integrator builds it; `secretTenant` lets a test sign with another tenant's secret. */
async function signed(tenantId: number, fields: { appId?: string; uname?: string; oid?: string; ts?: number; uuid?: string }, secretTenant = tenantId) {
  const f = { appId: fields.appId ?? 'hr-portal', uname: fields.uname ?? 'learner', uuid: fields.uuid ?? uuid(), ts: fields.ts ?? nowSeconds(), ...(fields.oid ? { oid: fields.oid } : {}) };
  return { tenantId, ...f, sg: ssoSignature(ssoAppSecret(await tenantSecretOf(secretTenant), f.appId), f) };
}

describe('signing formulas', () => {
  it('derives the app secret and the signature as docs/shell.md states', () => {
    const appSecret = ssoAppSecret('tenant-secret', 'hr-portal');
    expect(appSecret).toBe(createHmac('sha256', 'tenant-secret').update('sso-app:hr-portal').digest('hex'));
    const f = { appId: 'hr-portal', uuid: 'u-12345678', uname: 'learner', ts: 1_700_000_000 };
    expect(ssoSigningString(f)).toBe('hr-portal||u-12345678|learner|1700000000');
    expect(ssoSigningString({ ...f, oid: 'org9' })).toBe('hr-portal|org9|u-12345678|learner|1700000000');
    expect(ssoSignature(appSecret, f)).toBe(createHmac('sha256', appSecret).update('hr-portal||u-12345678|learner|1700000000').digest('hex'));
  });

  it('the operator command prints the same app secret (server/tools/sso-secret.ts)', async () => {
    const { stdout } = await promisify(execFile)('node_modules/.bin/tsx', ['server/tools/sso-secret.ts', 'demo', 'hr-portal'], { env: { ...process.env, DATABASE_URL: t.databaseUrl } });
    expect(stdout).toContain(`secret:   ${ssoAppSecret(await tenantSecretOf(1001), 'hr-portal')}`);
  });

  it('one-time store: a key works once, expires, is per tenant, and is stored only as a hash', async () => {
    let now = Date.now();
    const store = new DbOneTimeStore(t.app.db.app, { kind: 'sso-tokenid', ttlMs: 100, now: () => now });
    expect(await store.add(1001, 'key-a', 7)).toBe(true);
    expect(await store.add(1001, 'key-a', 8)).toBe(false);
    expect(await store.add(1002, 'key-a', 9)).toBe(true);
    expect(await store.add(1001, 'key-b', 3)).toBe(true);
    const rows = await t.db.owner.selectFrom('one_time_entry').select('key_hash').where('kind', '=', 'sso-tokenid').execute();
    expect(rows.some((row) => row.key_hash.includes('key-'))).toBe(false);
    expect(await store.take(1001, 'key-a')).toEqual({ userId: 7 });
    expect(await store.take(1001, 'key-a')).toBeUndefined();
    expect(await store.take(1002, 'key-a')).toEqual({ userId: 9 });
    now += 100;
    expect(await store.take(1001, 'key-b')).toBeUndefined();
    expect(await store.add(1001, 'key-b', 5)).toBe(true); // an expired key may be used again
  });
});

describe('POST /um/api/user/ssoLogin', () => {
  it('signs in an existing account and the token works', async () => {
    const body = await call('POST', '/um/api/user/ssoLogin', await signed(1001, { oid: 'org-7' }));
    expect(body, body.message).toMatchObject({ success: true, flag: 0, data: { userInfo: { username: 'learner' } } });
    const info = await call('GET', '/um/api/user/info?tenantId=1001', undefined, body.data.token);
    expect(info.data.username).toBe('learner');
  });

  it('refuses a bad signature: a changed field, or another tenant\'s secret', async () => {
    const good = await signed(1001, { oid: 'org-7' });
    for (const tampered of [{ ...good, uname: 'admin' }, { ...good, oid: 'org-8' }, { ...good, sg: good.sg.slice(0, -2) }, { ...good, sg: 'zz' }]) {
      expect(await call('POST', '/um/api/user/ssoLogin', tampered)).toMatchObject({ success: false, errorCode: 'SSO_BAD_SIGNATURE', message: '单点登录签名无效' });
    }
    // hr-portal is listed by both tenants; a signature made with tenant 1001's secret is no good in 1002.
    expect(await call('POST', '/um/api/user/ssoLogin', await signed(1002, {}, 1001))).toMatchObject({ errorCode: 'SSO_BAD_SIGNATURE' });
  });

  it('refuses a ts more than 5 minutes away, either way', async () => {
    for (const ts of [nowSeconds() - 6 * 60, nowSeconds() + 6 * 60]) {
      expect(await call('POST', '/um/api/user/ssoLogin', await signed(1001, { ts }))).toMatchObject({ success: false, errorCode: 'SSO_EXPIRED' });
    }
    expect(await call('POST', '/um/api/user/ssoLogin', await signed(1001, { ts: nowSeconds() - 4 * 60 }))).toMatchObject({ success: true });
  });

  it('refuses a replayed uuid, but a bad signature does not spend it', async () => {
    const request = await signed(1001, {});
    expect(await call('POST', '/um/api/user/ssoLogin', { ...request, sg: '00'.repeat(32) })).toMatchObject({ errorCode: 'SSO_BAD_SIGNATURE' });
    expect(await call('POST', '/um/api/user/ssoLogin', request)).toMatchObject({ success: true });
    expect(await call('POST', '/um/api/user/ssoLogin', request)).toMatchObject({ success: false, errorCode: 'SSO_REPLAYED' });
  });

  it('refuses an app the tenant does not list', async () => {
    expect(await call('POST', '/um/api/user/ssoLogin', await signed(1001, { appId: 'unknown-app' }))).toMatchObject({ success: false, errorCode: 'SSO_APP_NOT_ALLOWED' });
    expect(await call('POST', '/um/api/user/ssoLogin', await signed(1002, { appId: 'crm' }))).toMatchObject({ errorCode: 'SSO_APP_NOT_ALLOWED' });
    expect(await call('POST', '/um/api/user/ssoLogin', await signed(1003, {}))).toMatchObject({ errorCode: 'SSO_APP_NOT_ALLOWED' });
  });

  it('refuses an unknown account (never creates one) and malformed fields', async () => {
    expect(await call('POST', '/um/api/user/ssoLogin', await signed(1001, { uname: 'nobody-here' }))).toMatchObject({ success: false, errorCode: 'USER_NOT_FOUND' });
    expect(await call('POST', '/um/api/user/ssoLogin', await signed(1001, { uname: 'a|b' }))).toMatchObject({ errorCode: 'VALIDATION' });
    expect(await call('POST', '/um/api/user/ssoLogin', await signed(1001, { uuid: 'short' }))).toMatchObject({ errorCode: 'VALIDATION' });
    const { ts: _ts, ...noTs } = await signed(1001, {});
    expect(await call('POST', '/um/api/user/ssoLogin', noTs)).toMatchObject({ errorCode: 'VALIDATION' });
    expect(await call('POST', '/um/api/user/ssoLogin', await signed(99999, {}, 1001))).toMatchObject({ errorCode: 'TENANT_NOT_FOUND' });
  });
});

describe('tokenid: issueTokenId and exchangeToken', () => {
  it('exchanges a tokenid once, in its own tenant, within 2 minutes', async () => {
    const issued = await call('POST', '/um/api/user/issueTokenId', await signed(1001, {}));
    expect(issued, issued.message).toMatchObject({ success: true, data: { expiresIn: 120 } });
    const tokenid = issued.data.tokenid as string;
    const session = await call('POST', '/um/api/user/exchangeToken', { tenantId: 1001, tokenid });
    expect(session).toMatchObject({ success: true, data: { userInfo: { username: 'learner' } } });
    expect(await call('POST', '/um/api/user/exchangeToken', { tenantId: 1001, tokenid })).toMatchObject({ success: false, errorCode: 'TOKENID_INVALID', message: '登录凭证无效或已过期' });
  });

  it('refuses an expired tokenid and one presented to another tenant (which spends it)', async () => {
    const first = (await call('POST', '/um/api/user/issueTokenId', await signed(1001, {}))).data.tokenid as string;
    clockOffset = 121_000;
    try {
      expect(await call('POST', '/um/api/user/exchangeToken', { tenantId: 1001, tokenid: first })).toMatchObject({ errorCode: 'TOKENID_INVALID' });
    } finally {
      clockOffset = 0;
    }
    const second = (await call('POST', '/um/api/user/issueTokenId', await signed(1001, {}))).data.tokenid as string;
    expect(await call('POST', '/um/api/user/exchangeToken', { tenantId: 1002, tokenid: second })).toMatchObject({ errorCode: 'TOKENID_INVALID' });
    expect(await call('POST', '/um/api/user/exchangeToken', { tenantId: 1001, tokenid: second })).toMatchObject({ errorCode: 'TOKENID_INVALID' });
    expect(await call('POST', '/um/api/user/exchangeToken', { tenantId: 1001, tokenid: 'made-up' })).toMatchObject({ errorCode: 'TOKENID_INVALID' });
  });

  it('issues nothing for a refused signature or a replayed uuid', async () => {
    const request = await signed(1001, {});
    expect(await call('POST', '/um/api/user/issueTokenId', { ...request, uname: 'admin' })).toMatchObject({ errorCode: 'SSO_BAD_SIGNATURE' });
    expect(await call('POST', '/um/api/user/issueTokenId', request)).toMatchObject({ success: true });
    // The uuid store is shared with ssoLogin: a signed tuple is good for one session, by either path.
    expect(await call('POST', '/um/api/user/ssoLogin', request)).toMatchObject({ errorCode: 'SSO_REPLAYED' });
  });
});

describe('GET /um/api/tenant/user/auth/info (sso_token)', () => {
  const signIn = async (tenantId: number) => (await call('POST', '/um/api/user/loginByAccount', { tenantId, account: 'learner', password: clientPasswordDigest('Study@2026') })).data;

  it('answers the login info of a live token of the tenant', async () => {
    const session = await signIn(1001);
    const body = await call('GET', `/um/api/tenant/user/auth/info?tenantId=1001&token=${encodeURIComponent(session.token)}`);
    expect(body).toMatchObject({ success: true, data: { tenantId: 1001, id: session.id, token: session.token, userInfo: { username: 'learner' } } });
    expect(Date.parse(body.data.expireTime)).toBeGreaterThan(Date.now());
    // The SPA sends it as the token header, which keeps it out of access logs.
    const byHeader = await call('GET', '/um/api/tenant/user/auth/info?tenantId=1001', undefined, session.token);
    expect(byHeader.data).toEqual(body.data);
  });

  it('refuses another tenant\'s token, a revoked token and garbage', async () => {
    const session = await signIn(1001);
    expect(await call('GET', `/um/api/tenant/user/auth/info?tenantId=1002&token=${encodeURIComponent(session.token)}`)).toMatchObject({ success: false, errorCode: 'SSO_TOKEN_INVALID' });
    // The prefix names the tenant; a forged prefix on a real token finds nothing.
    const forged = session.token.replace(/^1001\./, '1002.');
    expect(await call('GET', `/um/api/tenant/user/auth/info?tenantId=1002&token=${encodeURIComponent(forged)}`)).toMatchObject({ errorCode: 'SSO_TOKEN_INVALID' });
    await call('POST', '/um/api/user/logout', {}, session.token);
    expect(await call('GET', `/um/api/tenant/user/auth/info?tenantId=1001&token=${encodeURIComponent(session.token)}`)).toMatchObject({ errorCode: 'SSO_TOKEN_INVALID' });
    expect(await call('GET', '/um/api/tenant/user/auth/info?tenantId=1001&token=nonsense')).toMatchObject({ errorCode: 'SSO_TOKEN_INVALID' });
    expect(await call('GET', '/um/api/tenant/user/auth/info?tenantId=1001')).toMatchObject({ errorCode: 'SSO_TOKEN_INVALID' });
  });
});

describe('third-party login', () => {
  const redirectUri = 'http://localhost/study/wx_login';

  it('lists nothing for a tenant without providers', async () => {
    expect(await call('GET', '/um/api/user/thirdLogin?tenantId=1001')).toMatchObject({ success: true, data: [] });
    expect(await call('POST', '/um/api/user/thirdParty/login', { tenantId: 1001, provider: 'corp', code: 'good:x', redirectUri })).toMatchObject({ errorCode: 'THIRD_PARTY_NOT_CONFIGURED' });
  });

  it('lists usable providers with their authorize URL; broken entries are left out', async () => {
    await setSetting(1001, 'Security', 'thirdPartyProviders', JSON.stringify([
      { id: 'corp', type: 'fake', name: '企业账号', clientId: 'c1' },
      { id: 'sso', type: 'oidc', name: 'OIDC', clientId: 'c2', authorizeUrl: 'https://oidc.test/auth', tokenUrl: 'https://oidc.test/token', userInfoUrl: 'https://oidc.test/userinfo' },
      { id: 'wx', type: 'wechat', name: '微信', clientId: 'wxappid' },
      { id: 'nosecret', type: 'oidc', name: 'No secret', clientId: 'c3', authorizeUrl: 'https://x.test', tokenUrl: 'https://x.test', userInfoUrl: 'https://x.test' },
      { id: 'odd', type: 'saml', name: 'Unknown type', clientId: 'c4' },
      { id: 'Bad Id', type: 'fake', clientId: 'c5' },
    ]));
    const plain = await call('GET', '/um/api/user/thirdLogin?tenantId=1001');
    expect(plain.data).toEqual([{ id: 'corp', name: '企业账号', type: 'fake' }, { id: 'sso', name: 'OIDC', type: 'oidc' }, { id: 'wx', name: '微信', type: 'wechat' }]);
    const withState = await call('GET', `/um/api/user/thirdLogin?tenantId=1001&state=s123&redirectUri=${encodeURIComponent(redirectUri)}`);
    const url = new URL(withState.data[1].authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({ response_type: 'code', client_id: 'c2', redirect_uri: redirectUri, scope: 'openid profile', state: 's123' });
    expect(withState.data[2].authorizeUrl).toMatch(/^https:\/\/open\.weixin\.qq\.com\/connect\/qrconnect\?appid=wxappid&.*state=s123#wechat_redirect$/);
    expect(JSON.stringify(withState.data)).not.toContain('secret-');
  });

  it('creates the account on first sign-in, then signs in to the same one', async () => {
    const first = await call('POST', '/um/api/user/thirdParty/login', { tenantId: 1001, provider: 'corp', code: 'good:Emp-42:王五', state: 's', redirectUri });
    expect(first, first.message).toMatchObject({ success: true, data: { userInfo: { username: thirdPartyAccount('corp', 'Emp-42'), nickName: '王五' } } });
    const again = await call('POST', '/um/api/user/thirdParty/login', { tenantId: 1001, provider: 'corp', code: 'good:Emp-42', redirectUri });
    expect(again.data.id).toBe(first.data.id);
    // Case matters to providers: another id that differs only in case is another person.
    const other = await call('POST', '/um/api/user/thirdParty/login', { tenantId: 1001, provider: 'corp', code: 'good:emp-42', redirectUri });
    expect(other.data.id).not.toBe(first.data.id);
    expect(thirdPartyAccount('corp', 'Emp-42')).toMatch(/^tp:corp:[0-9a-f]{32}$/);
  });

  it('runs the OIDC code exchange with the secret from the server side', async () => {
    const body = await call('POST', '/um/api/user/thirdParty/login', { tenantId: 1001, provider: 'sso', code: 'ok-code', redirectUri });
    expect(body, body.message).toMatchObject({ success: true, data: { userInfo: { username: thirdPartyAccount('sso', 'Sub-ABC'), nickName: 'Olivia OIDC' } } });
    const tokenCall = fetchCalls.find((c) => c.url === 'https://oidc.test/token');
    expect(Object.fromEntries(new URLSearchParams(tokenCall?.body))).toEqual({ grant_type: 'authorization_code', code: 'ok-code', redirect_uri: redirectUri, client_id: 'c2', client_secret: 'secret-sso' });
    expect(await call('POST', '/um/api/user/thirdParty/login', { tenantId: 1001, provider: 'sso', code: 'bad-code', redirectUri })).toMatchObject({ success: false, errorCode: 'THIRD_PARTY_FAILED' });
  });

  it('refuses a refused code, a provider of another tenant, and new accounts where registration is closed', async () => {
    expect(await call('POST', '/um/api/user/thirdParty/login', { tenantId: 1001, provider: 'corp', code: 'nope', redirectUri })).toMatchObject({ errorCode: 'THIRD_PARTY_FAILED', message: '第三方登录失败，请重试' });
    expect(await call('POST', '/um/api/user/thirdParty/login', { tenantId: 1002, provider: 'corp', code: 'good:Emp-42', redirectUri })).toMatchObject({ errorCode: 'THIRD_PARTY_NOT_CONFIGURED' });
    await setSetting(1002, 'Security', 'thirdPartyProviders', JSON.stringify([{ id: 'corp', type: 'fake', name: 'Corp', clientId: 'c1' }]));
    // acme has allowRegister false: the provider works, but nobody new gets an account.
    expect(await call('POST', '/um/api/user/thirdParty/login', { tenantId: 1002, provider: 'corp', code: 'good:Emp-42', redirectUri })).toMatchObject({ errorCode: 'REGISTER_CLOSED' });
  });

  it('the created account cannot be claimed through registration or used with a password', async () => {
    const account = thirdPartyAccount('corp', 'Emp-42');
    const reg = await call('POST', '/um/api/user/register', { tenantId: 1001, account, password: clientPasswordDigest('x12345678') });
    expect(reg.success).toBe(false);
    const login = await call('POST', '/um/api/user/loginByAccount', { tenantId: 1001, account, password: clientPasswordDigest('') });
    expect(login).toMatchObject({ success: false, errorCode: 'BAD_CREDENTIALS' });
  });
});
