// The per-node answer cache of the settings and template calls (issue 15 point 5): ETags and 304,
// one statement on a miss and none on a hit, tenant isolation, errors never kept, and freshness on
// two API nodes of one database through LISTEN/NOTIFY (a write through node A is what node B
// answers next, with a new ETag), including a write that never went through the API and a lost
// LISTEN connection.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../../server/app';
import { openDatabase, withTenant, type Database } from '../../server/db/database';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

const DEMO = 1001;
const ACME = 1002;
const SETTINGS = (tenantId: number) => `/cfg/api/store/getTenantStoreSetting?tenantId=${tenantId}&purpose=2`;
const HOME = (tenantId: number) => `/cfg/template/getPageV2?tenantId=${tenantId}&pageCode=demo_home`;

let t: TestApp;
let dbB: Database;
let a: FastifyInstance;
let b: FastifyInstance;
const { data, signIn } = apiOf(() => a);

beforeAll(async () => {
  t = await createTestApp();
  a = t.app;
  dbB = await openDatabase({ ownerUrl: t.databaseUrl, appPassword: inject('pgAppPassword'), poolSize: 3 });
  b = await buildApp({ db: dbB, uploadDir: await mkdtemp(join(tmpdir(), 'uploads-b-')) });
  await b.ready();
  // The listener is up once the app is ready: both nodes cache from their first call.
  expect(a.answers.isCaching && b.answers.isCaching).toBe(true);
});
afterAll(async () => {
  await b?.close();
  await dbB?.close();
  await t?.close();
});

const get = (node: FastifyInstance, url: string, headers: Record<string, string> = {}) => node.inject({ method: 'GET', url, headers });
const appName = (body: { data: { configList: Array<{ paramGroup: string; paramKey: string; paramValue: string }> } }) =>
  body.data.configList.find((item) => item.paramGroup === 'PcStartup' && item.paramKey === 'appName')?.paramValue;

/** The statements the app's connections send while `work` runs (every pg client shares this prototype). */
async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    await work();
    return spy.mock.calls.map((args) => (typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text ?? '?'));
  } finally {
    spy.mockRestore();
  }
}

describe('ETags', () => {
  it('answers a repeated settings call with the same body and ETag, and 304 to If-None-Match', async () => {
    const first = await get(a, SETTINGS(DEMO));
    const second = await get(a, SETTINGS(DEMO));
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.json()).toMatchObject({ success: true, data: { tenant: { id: DEMO } } });

    const revalidated = await get(a, SETTINGS(DEMO), { 'if-none-match': first.headers.etag as string });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    // Node B builds the same bytes, so the same ETag: a browser switched between nodes still gets 304.
    expect((await get(b, SETTINGS(DEMO), { 'if-none-match': first.headers.etag as string })).statusCode).toBe(304);
  });

  it('gives the template calls ETags and 304 too', async () => {
    for (const url of [HOME(DEMO), `/cfg/template/getPage?tenantId=${DEMO}&pageCode=demo_home`, `/cfg/template/getByPageId?tenantId=${DEMO}&pageId=1`, `/cfg/template/getTemplatePage?tenantId=${DEMO}&pageCode=Pzy_resources`]) {
      const first = await get(a, url);
      expect(first.json(), url).toMatchObject({ success: true });
      expect(first.headers.etag, url).toBeTruthy();
      expect((await get(a, url, { 'if-none-match': `"other", ${first.headers.etag}` })).statusCode, url).toBe(304);
    }
  });
});

describe('statements', () => {
  it('reads the settings in one statement on a miss, and none on a hit', async () => {
    a.answers.clear();
    const miss = await statementsDuring(() => get(a, SETTINGS(DEMO)));
    expect(miss).toHaveLength(1);
    expect(miss[0]).toContain('cfg_store_settings');
    expect(await statementsDuring(() => get(a, SETTINGS(DEMO)))).toEqual([]);
    expect(await statementsDuring(() => get(a, HOME(DEMO)))).not.toEqual([]);
    expect(await statementsDuring(() => get(a, HOME(DEMO)))).toEqual([]);
  });

  it('answers the same settings through the one statement as the store, config and menu reads did', async () => {
    const answer = (await get(a, `/cfg/api/store/getTenantStoreSetting?tenantId=${DEMO}&storeId=1&purpose=2`)).json();
    const expected = await withTenant(t.db.app, DEMO, async (trx) => ({
      store: await trx.selectFrom('tenant_store').select(['id', 'name', 'global_style']).where('id', '=', 1).executeTakeFirstOrThrow(),
      menus: await trx.selectFrom('navigate').select('title').where('store_id', '=', 1).where('parent_id', 'is', null).where('state', '=', 1).where('purpose', '=', 2).orderBy('sort').orderBy('id').execute(),
      config: await trx.selectFrom('tenant_config').select(['param_group', 'param_key']).where('store_id', 'in', [0, 1]).execute(),
    }));
    expect(answer.data.store).toMatchObject({ id: 1, name: expected.store.name });
    expect(answer.data.globalStyle).toEqual(expected.store.global_style);
    expect(answer.data.navigateList.map((m: { title: string }) => m.title)).toEqual(expected.menus.map((m) => m.title));
    expect(answer.data.configList).toHaveLength(new Set(expected.config.map((c) => `${c.param_group}/${c.param_key}`)).size);
  });
});

describe('tenant isolation and errors', () => {
  it('keys every answer by tenant: the same call for two tenants gets each its own answer and ETag', async () => {
    const demo = await get(a, SETTINGS(DEMO));
    const acme = await get(a, SETTINGS(ACME));
    expect(demo.json().data.tenant.id).toBe(DEMO);
    expect(acme.json().data.tenant.id).toBe(ACME);
    expect(acme.headers.etag).not.toBe(demo.headers.etag);
    expect((await get(a, SETTINGS(ACME), { 'if-none-match': demo.headers.etag as string })).statusCode).toBe(200);
    // demo_home is demo's page: acme asking for it by the same key is not served demo's cached answer.
    expect((await get(a, HOME(DEMO))).json().success).toBe(true);
    expect((await get(a, HOME(ACME))).json()).toMatchObject({ success: false, errorCode: 'PAGE_NOT_FOUND' });
  });

  it('never keeps an error: unknown tenants, stores and pages are answered but not cached', async () => {
    a.answers.clear();
    expect((await get(a, SETTINGS(999999))).json()).toMatchObject({ success: false, errorCode: 'TENANT_NOT_FOUND' });
    expect((await get(a, `/cfg/api/store/getTenantStoreSetting?tenantId=${DEMO}&storeId=77`)).json()).toMatchObject({ success: false, errorCode: 'STORE_NOT_FOUND' });
    const missing = await get(a, `/cfg/template/getPageV2?tenantId=${DEMO}&pageCode=nope`);
    expect(missing.json()).toMatchObject({ success: false, errorCode: 'PAGE_NOT_FOUND' });
    expect(missing.headers.etag).toBeUndefined();
    expect(a.answers.size).toBe(0);
  });
});

describe('two API nodes on one database', () => {
  it('a back-office save through node A is what node B answers next, with a new ETag', async () => {
    const admin = await signIn(DEMO, 'admin', 'Admin@2026');
    const before = await get(b, SETTINGS(DEMO));
    const beforeOnA = await get(a, SETTINGS(DEMO));
    const seen = b.answers.invalidations;
    const name = `Renamed ${Date.now()}`;
    await data('POST', '/cfg/api/admin/basics/save', admin.token, { tenantId: DEMO, appName: name, logoImg: '/uploads/logo.png' });
    // The writing node is fresh at once; the other as soon as the notification arrives.
    const onA = await get(a, SETTINGS(DEMO));
    expect(appName(onA.json())).toBe(name);
    expect(onA.headers.etag).not.toBe(beforeOnA.headers.etag);
    await expect.poll(() => b.answers.invalidations).toBeGreaterThan(seen);
    const after = await get(b, SETTINGS(DEMO), { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(appName(after.json())).toBe(name);
    expect(after.headers.etag).toBe(onA.headers.etag);
  });

  it('a write that never went through the API (an operator, the seed) reaches both nodes through the triggers', async () => {
    const templateBefore = (await get(b, HOME(DEMO))).json().data.name;
    await get(a, HOME(DEMO));
    const seenA = a.answers.invalidations;
    const seenB = b.answers.invalidations;
    await withTenant(t.db.owner, DEMO, (trx) => trx.updateTable('page').set({ name: `${templateBefore} (edited)` }).where('page_code', '=', 'demo_home').execute());
    await expect.poll(() => a.answers.invalidations > seenA && b.answers.invalidations > seenB).toBe(true);
    expect((await get(a, HOME(DEMO))).json().data.name).toBe(`${templateBefore} (edited)`);
    expect((await get(b, HOME(DEMO))).json().data.name).toBe(`${templateBefore} (edited)`);
  });

  it('caches nothing while its LISTEN connection is lost, and starts empty when it is back', async () => {
    await get(b, SETTINGS(ACME));
    expect(b.answers.size).toBeGreaterThan(0);
    // Cut every LISTEN connection (both nodes'): notifications sent meanwhile are lost to them.
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'listen portal_answers'`.execute(t.db.owner);
    await expect.poll(() => b.answers.isCaching).toBe(false);
    expect(b.answers.size).toBe(0);
    expect(await statementsDuring(async () => { await get(b, SETTINGS(ACME)); await get(b, SETTINGS(ACME)); })).toHaveLength(2);
    expect(b.answers.size).toBe(0);
    await expect.poll(() => a.answers.isCaching && b.answers.isCaching, { timeout: 10_000 }).toBe(true);
    await get(b, SETTINGS(ACME));
    expect(await statementsDuring(() => get(b, SETTINGS(ACME)))).toEqual([]);
  });
});
