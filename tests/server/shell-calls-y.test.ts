import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql, type Transaction } from 'kysely';
import { withTenant } from '../../server/db/database';
import type { DB } from '../../server/db/types';
import { hashToken } from '../../server/plugins/auth';
import { signedMediaUrl } from '../../server/lib/media';
import { compareVersions } from '../../server/modules/cfg/package-routes';
import { weLoginStateValid, WE_LOGIN_STATE_TTL_SECONDS } from '../../server/modules/um/we-login-panel-routes';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

// Issue 21 Y: POST /sm/sys/userTenantLogin, GET /dataapi/study/verifyToken,
// /dataapi/study/weLoginPanelParameter, /dataapi/content/getTokenUrl, /cfg/api/config/get,
// getCatRoot and /cfg/api/package/latest (docs/api.md "Issue 21: tokens, sign-in panels, config and
// the app package"): each call, its refusals, and that a tenant never sees another's rows.
// The owner connection the test reads with is not held by row-level security: its queries name the tenant.

const DEMO = 1001;
const ACME = 1002;
let t: TestApp;
const api = apiOf(() => t.app);
const { call } = api;
let demo: { id: number; token: string };
let acme: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  demo = await api.signIn(DEMO, 'learner', 'Study@2026');
  acme = await api.signIn(ACME, 'learner', 'Study@2026');
});
afterAll(() => t.close());

const owner = <T>(tenantId: number, work: (trx: Transaction<DB>) => Promise<T>) => withTenant(t.db.owner, tenantId, work);
const setting = (tenantId: number, group: string, key: string, value: string, storeId = 0) => owner(tenantId, (trx) => sql`
  insert into tenant_config (tenant_id, store_id, param_group, param_key, param_value, param_value_type)
  values (${tenantId}, ${storeId}, ${group}, ${key}, ${value}, 2)
  on conflict (tenant_id, store_id, param_group, param_key) do update set param_value = excluded.param_value`.execute(trx));
const secretOf = async (tenantId: number) =>
  (await t.db.owner.selectFrom('tenant_secret').select('secret').where('tenant_id', '=', tenantId).executeTakeFirstOrThrow()).secret;

describe('POST /sm/sys/userTenantLogin', () => {
  const url = '/sm/sys/userTenantLogin';

  it('refuses a guest, another tenant\'s token, the same tenant and an unknown one', async () => {
    expect(await call('POST', url, undefined, { tenantId: DEMO, targetTenantId: ACME })).toMatchObject({ success: false, flag: 401 });
    expect(await call('POST', url, acme.token, { tenantId: DEMO, targetTenantId: ACME })).toMatchObject({ success: false, flag: 401 });
    expect(await call('POST', url, demo.token, { tenantId: DEMO, targetTenantId: DEMO })).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(await call('POST', url, demo.token, { tenantId: DEMO, targetTenantId: 999_999 })).toMatchObject({ success: false, errorCode: 'TENANT_NOT_FOUND' });
  });

  it('refuses a tenant where no account has my mobile, though an account has my name there', async () => {
    // Both tenants have a "learner", with different mobiles: a name is not a link.
    const body = await call('POST', url, demo.token, { tenantId: DEMO, targetTenantId: ACME });
    expect(body).toMatchObject({ success: false, code: 404, errorCode: 'USER_NOT_FOUND' });
  });

  it('gives a session of the target tenant for the account with my mobile, and keeps mine', async () => {
    const mobile = (await owner(DEMO, (trx) => trx.selectFrom('user_account').select('mobile').where('id', '=', demo.id).executeTakeFirstOrThrow())).mobile!;
    const linkedId = await owner(ACME, async (trx) => Number((await trx.insertInto('user_account').values({
      tenant_id: ACME, account: 'li.linked', password_hash: 'x', password_salt: 'x', real_name: 'Li Linked', nick_name: null, mobile,
      email: null, gender: null, birthday: null, summary: null, avatar_img: null,
    }).returning('id').executeTakeFirstOrThrow()).id));
    const body = await call('POST', url, demo.token, { tenantId: DEMO, targetTenantId: ACME });
    expect(body, body.message).toMatchObject({ success: true, data: { tenantId: ACME, tenantCode: 'acme', id: linkedId, account: 'li.linked' } });
    const token = body.data.token as string;
    expect(token.startsWith(`${ACME}.`)).toBe(true);
    // The new token is an ACME session of the linked account, never a DEMO one.
    expect((await call('GET', `/dataapi/study/verifyToken?tenantId=${ACME}`, token)).data).toMatchObject({ userId: linkedId, account: 'li.linked' });
    expect(await call('GET', `/dataapi/study/verifyToken?tenantId=${DEMO}`, token)).toMatchObject({ success: false, errorCode: 'TOKEN_INVALID' });
    expect((await call('GET', `/dataapi/study/verifyToken?tenantId=${DEMO}`, demo.token)).data).toMatchObject({ userId: demo.id });
  });
});

describe('GET /dataapi/study/verifyToken', () => {
  const url = (tenantId: number, token?: string) => `/dataapi/study/verifyToken?tenantId=${tenantId}${token ? `&token=${encodeURIComponent(token)}` : ''}`;

  it('answers the user of a live token, from the query or the header', async () => {
    const expected = { tenantId: DEMO, userId: demo.id, account: 'learner', name: '李学员' };
    expect((await call('GET', url(DEMO, demo.token))).data).toMatchObject(expected);
    const viaHeader = (await call('GET', url(DEMO), demo.token)).data;
    expect(viaHeader).toMatchObject(expected);
    expect(Date.parse(viaHeader.expireTime)).toBeGreaterThan(Date.now() + 14 * 86_400_000);
  });

  it('refuses a missing, unknown, other tenant\'s or revoked token, and an unknown tenant', async () => {
    expect(await call('GET', url(DEMO))).toMatchObject({ success: false, code: 400, errorCode: 'TOKEN_INVALID' });
    expect(await call('GET', url(DEMO, `${DEMO}.${'A'.repeat(43)}`))).toMatchObject({ success: false, errorCode: 'TOKEN_INVALID' });
    expect(await call('GET', url(DEMO, acme.token))).toMatchObject({ success: false, errorCode: 'TOKEN_INVALID' });
    expect(await call('GET', url(999_999, demo.token))).toMatchObject({ success: false, errorCode: 'TENANT_NOT_FOUND' });
    const other = await api.signIn(DEMO, 'learner', 'Study@2026');
    await owner(DEMO, (trx) => trx.updateTable('user_token').set({ revoked_at: new Date() }).where('token_hash', '=', hashToken(other.token)).execute());
    expect(await call('GET', url(DEMO, other.token))).toMatchObject({ success: false, errorCode: 'TOKEN_INVALID' });
  });
});

describe('GET /dataapi/study/weLoginPanelParameter', () => {
  const url = (tenantId: number, extra = '') => `/dataapi/study/weLoginPanelParameter?tenantId=${tenantId}${extra}`;
  const wechat = (entry: object) => JSON.stringify([{ id: 'gh', type: 'oidc', clientId: 'c', authorizeUrl: 'https://idp.example/a', tokenUrl: 'https://idp.example/t', userInfoUrl: 'https://idp.example/u' }, entry]);
  // Another test file of this worker may have left demo's provider secrets in the environment
  // (server tests share a process): without them demo's entries are not usable, as these tests assume.
  const stashed = new Map<string, string>();
  beforeEach(() => {
    for (const [key, value] of Object.entries(process.env)) {
      if (key.startsWith(`THIRD_PARTY_SECRET_${DEMO}_`) && value !== undefined) {
        stashed.set(key, value);
        delete process.env[key];
      }
    }
  });
  afterEach(() => {
    for (const [key, value] of stashed) process.env[key] = value;
    stashed.clear();
  });

  it('says "not configured" for a tenant without a usable WeChat entry (none, or its secret unset)', async () => {
    expect(await call('GET', url(DEMO))).toMatchObject({ success: false, code: 404, errorCode: 'THIRD_PARTY_NOT_CONFIGURED' });
    await setting(DEMO, 'Security', 'thirdPartyProviders', wechat({ id: 'wxdemo', type: 'wechat', clientId: 'wx-demo' }));
    expect(await call('GET', url(DEMO))).toMatchObject({ success: false, errorCode: 'THIRD_PARTY_NOT_CONFIGURED' });
  });

  it('answers the entry\'s appid and redirect with a signed 10-minute state bound to the tenant and provider', async () => {
    process.env.THIRD_PARTY_SECRET_1002_WX = 'secret-of-wx';
    await setting(ACME, 'Security', 'thirdPartyProviders', wechat({ id: 'wx', type: 'wechat', clientId: 'wx-acme', redirectUri: 'https://acme.example.com/study/wx_login', style: 'white' }));
    const before = Math.floor(Date.now() / 1000);
    const body = await call('GET', url(ACME));
    expect(body, body.message).toMatchObject({ success: true, data: { provider: 'wx', appid: 'wx-acme', scope: 'snsapi_login', redirectUri: 'https://acme.example.com/study/wx_login', style: 'white' } });
    const { state, expiresAt, qrUrl } = body.data;
    expect(expiresAt - before).toBeGreaterThanOrEqual(WE_LOGIN_STATE_TTL_SECONDS - 1);
    expect(expiresAt - before).toBeLessThanOrEqual(WE_LOGIN_STATE_TTL_SECONDS + 1);
    const qr = new URL(qrUrl);
    expect([qr.searchParams.get('appid'), qr.searchParams.get('state'), qr.searchParams.get('redirect_uri')]).toEqual(['wx-acme', state, 'https://acme.example.com/study/wx_login']);
    const secret = await secretOf(ACME);
    expect(weLoginStateValid(secret, ACME, 'wx', state)).toBe(true);
    expect(weLoginStateValid(secret, ACME, 'gh', state)).toBe(false);
    expect(weLoginStateValid(await secretOf(DEMO), DEMO, 'wx', state)).toBe(false);
    expect(weLoginStateValid(secret, ACME, 'wx', state, (expiresAt + 1) * 1000)).toBe(false);
    expect(weLoginStateValid(secret, ACME, 'wx', state.replace(/^\d+/, String(expiresAt + 3600)))).toBe(false);
    // Another tenant's settings do not configure this one.
    expect(await call('GET', url(DEMO))).toMatchObject({ success: false, errorCode: 'THIRD_PARTY_NOT_CONFIGURED' });
  });

  it('returns to this host\'s /study/wx_login when the entry names no redirect, and refuses a provider it does not have', async () => {
    await setting(ACME, 'Security', 'thirdPartyProviders', wechat({ id: 'wx', type: 'wechat', clientId: 'wx-acme' }));
    const res = await t.app.inject({ method: 'GET', url: url(ACME), headers: { host: 'acme.localhost:8080' } });
    expect(res.json().data).toMatchObject({ redirectUri: 'http://acme.localhost:8080/study/wx_login', style: null });
    expect(await call('GET', url(ACME, '&provider=gh'))).toMatchObject({ success: false, errorCode: 'THIRD_PARTY_NOT_CONFIGURED' });
  });
});

describe('GET /dataapi/content/getTokenUrl', () => {
  const url = (tenantId: number, contentId: number, partId?: number) =>
    `/dataapi/content/getTokenUrl?tenantId=${tenantId}&contentId=${contentId}${partId ? `&partId=${partId}` : ''}`;
  const published = (tenantId: number, like: string) => owner(tenantId, (trx) => trx.selectFrom('content').select(['id', 'media_url', 'kind'])
    .where('tenant_id', '=', tenantId).where('state', '=', 1).where('media_url', 'like', like).orderBy('id').executeTakeFirstOrThrow());

  it('refuses a guest and another tenant\'s token', async () => {
    const media = await published(DEMO, 'media:%');
    expect(await call('GET', url(DEMO, media.id))).toMatchObject({ success: false, flag: 401 });
    expect(await call('GET', url(DEMO, media.id), acme.token)).toMatchObject({ success: false, flag: 401 });
  });

  it('signs a content\'s media like the decode call and hands a document\'s address back as it is', async () => {
    const media = await published(DEMO, 'media:%');
    const body = await call('GET', url(DEMO, media.id), demo.token);
    expect(body, body.message).toMatchObject({ success: true, data: { signed: true, kind: media.kind } });
    const { expiresAt } = body.data;
    expect(body.data.url).toBe(signedMediaUrl(await secretOf(DEMO), DEMO, media.media_url!.slice('media:'.length), expiresAt));
    expect(expiresAt * 1000 - Date.now()).toBeGreaterThan(5 * 3600_000);
    const doc = await published(DEMO, '/uploads/%');
    expect((await call('GET', url(DEMO, doc.id), demo.token)).data).toEqual({ url: doc.media_url, signed: false, expiresAt: 0, kind: doc.kind });
  });

  it('signs a part\'s media, and refuses a part of another content', async () => {
    const part = await owner(DEMO, (trx) => trx.selectFrom('content_part as p').innerJoin('content as c', (j) => j.onRef('c.tenant_id', '=', 'p.tenant_id').onRef('c.id', '=', 'p.content_id'))
      .select(['p.id', 'p.content_id', 'p.media_url']).where('p.tenant_id', '=', DEMO).where('p.media_url', 'like', 'media:%').where('c.state', '=', 1).orderBy('p.id').executeTakeFirstOrThrow());
    const body = await call('GET', url(DEMO, part.content_id, part.id), demo.token);
    expect(body.data.url).toContain(`/media/${DEMO}/${part.media_url!.slice('media:'.length)}?exp=`);
    const other = await published(DEMO, '/uploads/%');
    expect(await call('GET', url(DEMO, other.id, part.id), demo.token)).toMatchObject({ success: false, code: 404, errorCode: 'PART_NOT_FOUND' });
  });

  it('refuses an unpublished content and another tenant\'s content', async () => {
    const media = await published(DEMO, 'media:%');
    const acmeContent = await published(ACME, '%');
    expect(await call('GET', url(DEMO, acmeContent.id), demo.token)).toMatchObject({ success: false, code: 404, errorCode: 'CONTENT_NOT_FOUND' });
    await owner(DEMO, (trx) => trx.updateTable('content').set({ state: 0 }).where('tenant_id', '=', DEMO).where('id', '=', media.id).execute());
    try {
      expect(await call('GET', url(DEMO, media.id), demo.token)).toMatchObject({ success: false, errorCode: 'CONTENT_NOT_FOUND' });
    } finally {
      await owner(DEMO, (trx) => trx.updateTable('content').set({ state: 1 }).where('tenant_id', '=', DEMO).where('id', '=', media.id).execute());
    }
  });
});

describe('GET /cfg/api/config/get', () => {
  const url = (tenantId: number, query: string) => `/cfg/api/config/get?tenantId=${tenantId}&${query}`;

  it('answers one public key of the tenant asked, never another tenant\'s value', async () => {
    expect((await call('GET', url(DEMO, 'paramKey=appName'))).data).toEqual({ paramGroup: 'PcStartup', paramKey: 'appName', paramValue: '演示学堂', paramValueType: 1 });
    expect((await call('GET', url(ACME, 'paramKey=appName&paramGroup=PcStartup'))).data).toMatchObject({ paramValue: 'ACME University' });
  });

  it('refuses a group that is not public and never finds its keys without the group', async () => {
    await setting(DEMO, 'Integration', 'partnerKey', '"k-123"');
    expect(await call('GET', url(DEMO, 'paramKey=partnerKey&paramGroup=Integration'))).toMatchObject({ success: false, code: 403, errorCode: 'CONFIG_NOT_PUBLIC' });
    expect(await call('GET', url(DEMO, 'paramKey=partnerKey'))).toMatchObject({ success: false, code: 404, errorCode: 'CONFIG_NOT_FOUND' });
    expect(await call('GET', url(DEMO, 'paramKey=noSuchKey'))).toMatchObject({ success: false, errorCode: 'CONFIG_NOT_FOUND' });
    expect(await call('GET', url(999_999, 'paramKey=appName'))).toMatchObject({ success: false, errorCode: 'TENANT_NOT_FOUND' });
  });

  it('asks for the group when two public groups have the key', async () => {
    await setting(ACME, 'Study', 'appName', '"Study name"');
    expect(await call('GET', url(ACME, 'paramKey=appName'))).toMatchObject({ success: false, errorCode: 'CONFIG_AMBIGUOUS' });
    expect((await call('GET', url(ACME, 'paramKey=appName&paramGroup=Study'))).data).toMatchObject({ paramValue: '"Study name"' });
  });
});

describe('GET /cfg/api/config/getCatRoot', () => {
  const url = (tenantId: number, purpose: number) => `/cfg/api/config/getCatRoot?tenantId=${tenantId}&purpose=${purpose}`;
  const categories = (tenantId: number, purpose: number) => owner(tenantId, (trx) => trx.selectFrom('category')
    .select(['id', 'parent_id', 'state']).where('tenant_id', '=', tenantId).where('purpose', '=', purpose).orderBy('sort').orderBy('id').execute());

  it('answers the enabled top-level categories when the tenant names none, with their child counts', async () => {
    const rows = await categories(DEMO, 1);
    const top = rows.filter((r) => r.parent_id === null && r.state === 1);
    expect(top.length).toBeGreaterThan(0);
    const list = (await call('GET', url(DEMO, 1))).data as { id: number; childCount: number; purpose: number }[];
    expect(list.map((c) => c.id)).toEqual(top.map((r) => Number(r.id)));
    for (const item of list) {
      expect(item.purpose).toBe(1);
      expect(item.childCount).toBe(rows.filter((r) => Number(r.parent_id) === item.id && r.state === 1).length);
    }
  });

  it('answers the roots Study.catRoot names, in its order, skipping other tenants\' and disabled ones', async () => {
    const rows = await categories(DEMO, 1);
    const child = rows.find((r) => r.parent_id !== null)!;
    const [a, b] = rows.filter((r) => r.parent_id === null).map((r) => Number(r.id));
    const acmeCategory = (await categories(ACME, 1))[0]!;
    const disabled = await owner(DEMO, async (trx) => Number((await sql<{ id: number }>`
      insert into category (tenant_id, purpose, name, path, state) values (${DEMO}, 1, 'Hidden', '', 0) returning id`.execute(trx)).rows[0]!.id));
    await setting(DEMO, 'Study', 'catRoot', JSON.stringify({ 1: [b, Number(acmeCategory.id), a, disabled, Number(child.id)], 2: [] }));
    expect(((await call('GET', url(DEMO, 1))).data as { id: number }[]).map((c) => c.id)).toEqual([b, a, Number(child.id)]);
    // An empty list for a purpose names nothing: the top level again.
    const knowledgeTop = (await categories(DEMO, 2)).filter((r) => r.parent_id === null && r.state === 1).map((r) => Number(r.id));
    expect(((await call('GET', url(DEMO, 2))).data as { id: number }[]).map((c) => c.id)).toEqual(knowledgeTop);
  });
});

describe('GET /cfg/api/package/latest', () => {
  const url = (tenantId: number, query: string) => `/cfg/api/package/latest?tenantId=${tenantId}&${query}`;

  it('answers the newest published package, not a draft above it, and whether an installed version must update', async () => {
    const body = await call('GET', url(DEMO, 'platform=android'));
    expect(body.data).toMatchObject({ platform: 'android', version: '2.4.0', minVersion: '2.1.0', hasUpdate: null, updateRequired: null });
    expect(body.data.downloadUrl).toMatch(/^https:\/\/.+2\.4\.0\.apk$/);
    expect((await call('GET', url(DEMO, 'platform=android&currentVersion=2.0.5'))).data).toMatchObject({ hasUpdate: true, updateRequired: true });
    expect((await call('GET', url(DEMO, 'platform=android&currentVersion=2.3.1'))).data).toMatchObject({ hasUpdate: true, updateRequired: false });
    expect((await call('GET', url(DEMO, 'platform=android&currentVersion=2.4'))).data).toMatchObject({ hasUpdate: false, updateRequired: false });
  });

  it('orders versions by number and keeps each tenant\'s packages to itself', async () => {
    await owner(ACME, (trx) => trx.insertInto('app_package').values({
      tenant_id: ACME, platform: 'android', version: '2.10.0', min_version: '2.1.0', notes: 'Ten.', download_url: 'https://download.example.com/acme-2.10.0.apk',
    }).execute());
    expect((await call('GET', url(ACME, 'platform=android'))).data).toMatchObject({ version: '2.10.0', notes: 'Ten.' });
    expect((await call('GET', url(DEMO, 'platform=android'))).data).toMatchObject({ version: '2.4.0' });
  });

  it('answers PACKAGE_NOT_FOUND for a platform without a package, and refuses an unknown platform', async () => {
    expect(await call('GET', url(ACME, 'platform=pc'))).toMatchObject({ success: false, code: 404, errorCode: 'PACKAGE_NOT_FOUND' });
    expect((await call('GET', url(DEMO, 'platform=pc'))).data).toMatchObject({ version: '1.8.2' });
    const bad = await t.app.inject({ method: 'GET', url: url(DEMO, 'platform=symbian') });
    expect(bad.json()).toMatchObject({ success: false });
    expect(await call('GET', url(999_999, 'platform=ios'))).toMatchObject({ success: false, errorCode: 'TENANT_NOT_FOUND' });
  });

  it('compares versions number by number', () => {
    expect(compareVersions('2.10.0', '2.9.3')).toBeGreaterThan(0);
    expect(compareVersions('2.4', '2.4.0')).toBe(0);
    expect(compareVersions('1.9', '1.10')).toBeLessThan(0);
  });
});
