// The page designer's calls (issue 16; docs/api.md "Page designer (admin)"): admins of a tenant with
// a back-office only; drafts checked with the widgets' contracts and sanitised; a stale revision is
// refused, never overwritten; publish is what learners get at once on every node; history, restore,
// delete rules and the audit trail.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { STALE_REVISION_MESSAGE } from '../../schemas/api/page-admin';
import { buildApp } from '../../server/app';
import * as m0019 from '../../server/db/migrations/0019-page-designer';
import { openDatabase, withTenant, type Database } from '../../server/db/database';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

const DEMO = 1001;
const ACME = 1002;
const DEMO_HOME = 1; // demo's first home page: its default
const DEMO_SKILLS = 2; // demo's second home page
const DEMO_RESOURCES = 3; // demo's tab page Pzy_resources, with the navbar menu 学习资源 and two submenus

let t: TestApp;
let dbB: Database;
let b: FastifyInstance;
const { call, data, signIn } = apiOf(() => t.app);
let admin: { id: number; token: string };
let learner: { id: number; token: string };
let acmeAdmin: { id: number; token: string };

beforeAll(async () => {
  t = await createTestApp();
  dbB = await openDatabase({ ownerUrl: t.databaseUrl, appPassword: inject('pgAppPassword'), poolSize: 3 });
  b = await buildApp({ db: dbB, uploadDir: await mkdtemp(join(tmpdir(), 'uploads-b-')) });
  await b.ready();
  // Another tenant's admin: acme gets a back-office and its learner the right, for these tests only.
  await t.db.owner.updateTable('tenant').set({ tenant_type: 1 }).where('id', '=', ACME).execute();
  await withTenant(t.db.owner, ACME, (trx) => trx.updateTable('user_account').set({ admin_auth: true }).where('tenant_id', '=', ACME).where('account', '=', 'learner').execute());
  admin = await signIn(DEMO, 'admin', 'Admin@2026');
  learner = await signIn(DEMO, 'learner', 'Study@2026');
  acmeAdmin = await signIn(ACME, 'learner', 'Study@2026');
});
afterAll(async () => {
  await b?.close();
  await dbB?.close();
  await t?.close();
});

const get = (path: string, token = admin.token) => data('GET', path, token);
const post = (path: string, body: object, token = admin.token) => data('POST', path, token, { tenantId: DEMO, ...body });
const refused = (path: string, body: object, token = admin.token) => call('POST', path, token, { tenantId: DEMO, ...body });
const pageOf = async (pageId: number) => get(`/cfg/api/admin/page/get?tenantId=${DEMO}&pageId=${pageId}`);
const summaryOf = async (pageId: number) => (await get(`/cfg/api/admin/page/list?tenantId=${DEMO}`)).pages.find((p: { pageId: number }) => p.pageId === pageId);

/** A format-2 template with a heading and a rich text written for rich-text version 1. */
function template(title: string, extra: object[] = []) {
  return {
    schemaVersion: 2, pageId: 0, pageCode: 'x', title: 'Designed',
    root: { props: { gap: 16 } },
    blocks: [
      { id: 'heading', type: 'title-bar', version: 1, props: { title, align: 'left' } },
      { id: 'intro', type: 'rich-text', version: 1, props: { html: '<p>欢迎<script>alert(1)</script><img src=x onerror="alert(2)"></p>', padding: 8 } },
      ...extra,
    ],
  };
}

async function audit(pageId: number) {
  return withTenant(t.db.owner, DEMO, (trx) => trx.selectFrom('page_audit').select(['user_id', 'action', 'version', 'revision', 'page_code', 'at'])
    .where('page_id', '=', pageId).orderBy('id').execute());
}

describe('migration 0019', () => {
  it('starts the history of every page that existed before it with version 1 of its template', async () => {
    // Undone and applied again on the seeded database: the pages exist before the tables do.
    await m0019.down(t.db.owner as never);
    await m0019.up(t.db.owner as never);
    for (const tenantId of [DEMO, ACME]) {
      const [pages, versions] = await withTenant(t.db.owner, tenantId, (trx) => Promise.all([
        trx.selectFrom('page').select(['id', 'template']).where('tenant_id', '=', tenantId).where('template', 'is not', null).orderBy('id').execute(),
        trx.selectFrom('page_version').select(['page_id', 'version', 'template']).where('tenant_id', '=', tenantId).orderBy('page_id').execute(),
      ]));
      expect(pages.length).toBeGreaterThan(0);
      expect(versions).toEqual(pages.map((page) => ({ page_id: page.id, version: 1, template: page.template })));
    }
  });
});

describe('who may use the designer', () => {
  const paths: Array<[string, 'GET' | 'POST', object]> = [
    [`/cfg/api/admin/page/list?tenantId=${DEMO}`, 'GET', {}],
    [`/cfg/api/admin/page/get?tenantId=${DEMO}&pageId=${DEMO_HOME}`, 'GET', {}],
    ['/cfg/api/admin/page/saveDraft', 'POST', { tenantId: DEMO, pageId: DEMO_HOME, template: template('x'), revision: 0 }],
    ['/cfg/api/admin/page/publish', 'POST', { tenantId: DEMO, pageId: DEMO_HOME, revision: 0 }],
    ['/cfg/api/admin/page/delete', 'POST', { tenantId: DEMO, pageId: DEMO_SKILLS }],
  ];

  it.each(paths)('refuses a guest %s with the sign-in flag', async (url, method, body) => {
    expect(await call(method, url, undefined, method === 'POST' ? body : undefined)).toMatchObject({ success: false, flag: 401 });
  });

  it.each(paths)('refuses a learner without adminAuth: %s', async (url, method, body) => {
    expect(await call(method, url, learner.token, method === 'POST' ? body : undefined)).toMatchObject({ success: false, errorCode: 'NO_ADMIN_AUTH' });
  });

  it('refuses another tenant\'s admin: its token for this tenant, and this tenant\'s pages under its own', async () => {
    expect(await call('GET', `/cfg/api/admin/page/list?tenantId=${DEMO}`, acmeAdmin.token)).toMatchObject({ success: false, flag: 401 });
    expect(await call('POST', '/cfg/api/admin/page/saveDraft', acmeAdmin.token, { tenantId: DEMO, pageId: DEMO_HOME, template: template('x'), revision: 0 }))
      .toMatchObject({ success: false, flag: 401 });
    // Row-level security: demo's page does not exist in acme.
    expect(await call('GET', `/cfg/api/admin/page/get?tenantId=${ACME}&pageId=${DEMO_HOME}`, acmeAdmin.token)).toMatchObject({ success: false, code: 404, errorCode: 'PAGE_NOT_FOUND' });
    expect(await call('POST', '/cfg/api/admin/page/delete', acmeAdmin.token, { tenantId: ACME, pageId: DEMO_SKILLS })).toMatchObject({ success: false, errorCode: 'PAGE_NOT_FOUND' });
    const own = await data('GET', `/cfg/api/admin/page/list?tenantId=${ACME}`, acmeAdmin.token);
    expect(own.pages.map((p: { pageCode: string }) => p.pageCode)).toEqual(['acme_home']);
    expect((await pageOf(DEMO_SKILLS)).page.name).toBe('职业技能馆');
  });
});

describe('the page list and history as seeded', () => {
  it('lists home and tab pages with version 1 from the seeded template, the default home and the tab page\'s menu', async () => {
    const { pages } = await get(`/cfg/api/admin/page/list?tenantId=${DEMO}`);
    expect(pages.find((p: { pageId: number }) => p.pageId === DEMO_HOME)).toMatchObject({
      pageCode: 'demo_home', kind: 'home', storeId: 1, isDefault: true, publishedVersion: 1, hasDraft: false, revision: 0, menu: null,
    });
    expect(pages.find((p: { pageId: number }) => p.pageId === DEMO_SKILLS)).toMatchObject({ kind: 'home', isDefault: false });
    expect(pages.find((p: { pageId: number }) => p.pageId === DEMO_RESOURCES)).toMatchObject({
      pageCode: 'Pzy_resources', kind: 'tab', storeId: null, isDefault: false, publishedVersion: 1, menu: { navigateId: 107, name: '学习资源' },
    });
    const { versions } = await get(`/cfg/api/admin/page/versions?tenantId=${DEMO}&pageId=${DEMO_HOME}`);
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ version: 1, publishedBy: null });
    expect(versions[0].blockCount).toBeGreaterThan(0);
  });

  it('gets the published template in format 2 when a page has no draft', async () => {
    const got = await pageOf(DEMO_SKILLS);
    expect(got).toMatchObject({ isDraft: false, revision: 0, template: { schemaVersion: 2 } });
    expect(got.template.blocks.length).toBeGreaterThan(0);
  });
});

describe('drafts', () => {
  it('saves a checked draft: blocks migrated (reported), rich text sanitised, the page stamped; learners still get the published page', async () => {
    const before = await data('GET', `/cfg/template/getByPageId?tenantId=${DEMO}&pageId=${DEMO_SKILLS}`, undefined);
    const { revision: start } = await pageOf(DEMO_SKILLS);
    const saved = await post('/cfg/api/admin/page/saveDraft', { pageId: DEMO_SKILLS, template: template('技能馆新版'), revision: start });
    expect(saved.revision).toBe(start + 1);
    expect(saved.upgraded).toEqual([expect.objectContaining({ blockId: 'intro', type: 'rich-text', from: 1, to: 2, migrations: ['rich-text/2-add-a11y-label'] })]);
    const got = await pageOf(DEMO_SKILLS);
    expect(got).toMatchObject({ isDraft: true, revision: start + 1, page: { hasDraft: true, updatedBy: expect.any(String) } });
    expect(got.template).toMatchObject({ pageId: DEMO_SKILLS, pageCode: 'demo_skills', blocks: [{ id: 'heading', props: { title: '技能馆新版' } }, { id: 'intro', version: 2 }] });
    const html = got.template.blocks[1].props.html as string;
    expect(html).toContain('欢迎');
    expect(html).not.toMatch(/script|onerror/);
    expect(await data('GET', `/cfg/template/getByPageId?tenantId=${DEMO}&pageId=${DEMO_SKILLS}`, undefined)).toEqual(before);
  });

  it('refuses a bad template with every issue and a message naming the block path and field; nothing is saved', async () => {
    const { revision } = await pageOf(DEMO_SKILLS);
    const bad = template('x', [{ id: 'cols', type: 'title-bar', version: 1, props: { title: 'ok', align: 'sideways' } }]);
    const res = await refused('/cfg/api/admin/page/saveDraft', { pageId: DEMO_SKILLS, template: bad, revision });
    expect(res).toMatchObject({ success: false, code: 400, errorCode: 'TEMPLATE_INVALID' });
    expect(res.message).toContain('blocks[2]');
    expect(res.message).toContain('align');
    expect(res.data.errors[0]).toMatchObject({ path: 'blocks[2]', blockId: 'cols', type: 'title-bar', field: expect.stringContaining('align') });
    expect((await pageOf(DEMO_SKILLS)).revision).toBe(revision);
  });

  it('refuses an unknown widget type, naming it', async () => {
    const { revision } = await pageOf(DEMO_SKILLS);
    const res = await refused('/cfg/api/admin/page/saveDraft', { pageId: DEMO_SKILLS, template: template('x', [{ id: 'w', type: 'no-such-widget', version: 1, props: {} }]), revision });
    expect(res).toMatchObject({ success: false, code: 400 });
    expect(res.message).toContain('blocks[2]');
    expect(res.message).toContain('no-such-widget');
  });

  it('refuses a widget the tenant\'s allow-list leaves out', async () => {
    const { revision } = await pageOf(DEMO_SKILLS);
    await post('/cfg/api/admin/setting/save', { name: 'siteOptions', value: { ...(await get(`/cfg/api/admin/settings?tenantId=${DEMO}`)).siteOptions, widgets: ['title-bar'] } });
    try {
      const res = await refused('/cfg/api/admin/page/saveDraft', { pageId: DEMO_SKILLS, template: template('x'), revision });
      expect(res).toMatchObject({ success: false, code: 400 });
      expect(res.message).toContain('rich-text');
    } finally {
      const { widgets: _, ...rest } = (await get(`/cfg/api/admin/settings?tenantId=${DEMO}`)).siteOptions;
      await post('/cfg/api/admin/setting/save', { name: 'siteOptions', value: rest });
    }
  });

  it('refuses a stale revision with 409 and keeps the other admin\'s draft', async () => {
    const { revision } = await pageOf(DEMO_SKILLS);
    await post('/cfg/api/admin/page/saveDraft', { pageId: DEMO_SKILLS, template: template('第一位'), revision });
    const stale = await refused('/cfg/api/admin/page/saveDraft', { pageId: DEMO_SKILLS, template: template('第二位'), revision });
    expect(stale).toMatchObject({ success: false, code: 409, errorCode: 'STALE_REVISION', message: STALE_REVISION_MESSAGE });
    expect((await pageOf(DEMO_SKILLS)).template.blocks[0].props.title).toBe('第一位');
  });

  it('lets exactly one of two concurrent saves with the same revision win; the other gets 409', async () => {
    const { revision } = await pageOf(DEMO_SKILLS);
    // Both saves are made to meet: the draft row is held by another transaction until both are
    // waiting on a lock, so both have started (and, without the page lock, read the same revision).
    const results = await withTenant(t.db.owner, DEMO, async (trx) => {
      await trx.selectFrom('page_draft').select('revision').where('tenant_id', '=', DEMO).where('page_id', '=', DEMO_SKILLS).forUpdate().execute();
      const saves = Promise.all(['甲', '乙'].map((title) => refused('/cfg/api/admin/page/saveDraft', { pageId: DEMO_SKILLS, template: template(title), revision })));
      await expect.poll(async () => Number((await sql<{ n: string }>`
        select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db.owner)).rows[0]!.n)).toBe(2);
      return { saves };
    }).then(({ saves }) => saves);
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(results.filter((r) => !r.success)).toEqual([expect.objectContaining({ code: 409, errorCode: 'STALE_REVISION' })]);
    const winner = results.findIndex((r) => r.success);
    const got = await pageOf(DEMO_SKILLS);
    expect(got.revision).toBe(revision + 1);
    expect(got.template.blocks[0].props.title).toBe(['甲', '乙'][winner]);
  });
});

describe('publish, history and restore', () => {
  it('publishes: getPageV2 and getByPageId answer the new template at once, on this node and on a second one', async () => {
    const url = `/cfg/template/getPageV2?tenantId=${DEMO}&pageId=${DEMO_HOME}`;
    const byId = `/cfg/template/getByPageId?tenantId=${DEMO}&pageId=${DEMO_HOME}`;
    // Both nodes have the published page cached before.
    const nodeB = async (path: string) => (await b.inject({ method: 'GET', url: path })).json();
    expect((await nodeB(url)).success).toBe(true);
    expect((await nodeB(byId)).success).toBe(true);
    await data('GET', url, undefined);

    const { revision } = await pageOf(DEMO_HOME);
    const saved = await post('/cfg/api/admin/page/saveDraft', { pageId: DEMO_HOME, template: template('首页第二版'), revision });
    const published = await post('/cfg/api/admin/page/publish', { pageId: DEMO_HOME, revision: saved.revision });
    expect(published).toMatchObject({ version: 2, publishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });

    expect((await data('GET', url, undefined)).template.blocks[0].props.title).toBe('首页第二版');
    expect((await data('GET', byId, undefined)).template.blocks[0].props.title).toBe('首页第二版');
    await expect.poll(async () => (await nodeB(url)).data.template.blocks[0]?.props.title).toBe('首页第二版');
    await expect.poll(async () => (await nodeB(byId)).data.template.blocks[0]?.props.title).toBe('首页第二版');

    const got = await pageOf(DEMO_HOME);
    expect(got).toMatchObject({ isDraft: false, revision: saved.revision + 1, page: { publishedVersion: 2, hasDraft: false } });
    const { versions } = await get(`/cfg/api/admin/page/versions?tenantId=${DEMO}&pageId=${DEMO_HOME}`);
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(versions[0]).toMatchObject({ publishedBy: expect.any(String), blockCount: 2 });
  });

  it('refuses to publish on a stale revision (409) or without a draft (400)', async () => {
    const { revision } = await pageOf(DEMO_HOME);
    expect(await refused('/cfg/api/admin/page/publish', { pageId: DEMO_HOME, revision: revision - 1 })).toMatchObject({ success: false, code: 409, message: STALE_REVISION_MESSAGE });
    expect(await refused('/cfg/api/admin/page/publish', { pageId: DEMO_HOME, revision })).toMatchObject({ success: false, code: 400, errorCode: 'NO_DRAFT' });
  });

  it('shows one version, and restores an old version as the draft while newer versions stay', async () => {
    const v1 = await get(`/cfg/api/admin/page/version?tenantId=${DEMO}&pageId=${DEMO_HOME}&version=1`);
    expect(v1.template.schemaVersion).toBe(2);
    expect(v1.template.blocks[0]?.props.title).not.toBe('首页第二版');
    const { revision } = await pageOf(DEMO_HOME);
    expect(await refused('/cfg/api/admin/page/restore', { pageId: DEMO_HOME, version: 1, revision: revision + 5 })).toMatchObject({ code: 409 });
    expect(await refused('/cfg/api/admin/page/restore', { pageId: DEMO_HOME, version: 9, revision })).toMatchObject({ code: 404, errorCode: 'VERSION_NOT_FOUND' });

    const restored = await post('/cfg/api/admin/page/restore', { pageId: DEMO_HOME, version: 1, revision });
    expect(restored.revision).toBe(revision + 1);
    const got = await pageOf(DEMO_HOME);
    expect(got).toMatchObject({ isDraft: true, revision: revision + 1 });
    expect(got.template.blocks).toEqual(v1.template.blocks);
    expect((await get(`/cfg/api/admin/page/versions?tenantId=${DEMO}&pageId=${DEMO_HOME}`)).versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    // Learners still get version 2 until the restored draft is published, as version 3.
    expect((await data('GET', `/cfg/template/getByPageId?tenantId=${DEMO}&pageId=${DEMO_HOME}`, undefined)).template.blocks[0].props.title).toBe('首页第二版');
    expect(await post('/cfg/api/admin/page/publish', { pageId: DEMO_HOME, revision: restored.revision })).toMatchObject({ version: 3 });
    // Published as checked: the same blocks, each at its widget's current version.
    const ids = (blocks: Array<{ id: string; type: string }>) => blocks.map((block) => `${block.id}:${block.type}`);
    expect(ids((await data('GET', `/cfg/template/getByPageId?tenantId=${DEMO}&pageId=${DEMO_HOME}`, undefined)).template.blocks)).toEqual(ids(v1.template.blocks));
  });

  it('keeps an audit row of every change with who, the version and the revision', async () => {
    const rows = await audit(DEMO_HOME);
    expect(rows.map((row) => [row.action, row.version])).toEqual([['saveDraft', null], ['publish', 2], ['restore', 1], ['publish', 3]]);
    expect(rows.every((row) => Number(row.user_id) === admin.id && row.page_code === 'demo_home' && row.at instanceof Date)).toBe(true);
    expect(rows.map((row) => row.revision)).toEqual([1, 2, 3, 4]);
  });
});

describe('create and delete', () => {
  it('creates a tab page with a navbar menu that appears on its first publish and opens /tabBarIndex/{pageCode}', async () => {
    const navbar = async () => (await data('GET', `/cfg/api/store/getTenantStoreSetting?tenantId=${DEMO}&purpose=2`, undefined)).navigateList as Array<{ title: string; pagePath?: string }>;
    const { page } = await post('/cfg/api/admin/page/create', { kind: 'tab', name: '夏季专题', pageCode: 'Pzy_summer', menuName: '夏季' });
    expect(page).toMatchObject({ pageCode: 'Pzy_summer', kind: 'tab', publishedVersion: null, hasDraft: true, revision: 1, menu: { name: '夏季' } });
    const got = await pageOf(page.pageId);
    expect(got).toMatchObject({ isDraft: true, revision: 1, template: { schemaVersion: 2, pageId: page.pageId, pageCode: 'Pzy_summer', blocks: [] } });
    expect((await navbar()).some((menu) => menu.title === '夏季')).toBe(false);

    const saved = await post('/cfg/api/admin/page/saveDraft', { pageId: page.pageId, template: template('夏季'), revision: 1 });
    expect(await post('/cfg/api/admin/page/publish', { pageId: page.pageId, revision: saved.revision })).toMatchObject({ version: 1 });
    expect((await navbar()).find((menu) => menu.title === '夏季')).toMatchObject({ pagePath: '/tabBarIndex/Pzy_summer' });
    expect((await data('GET', `/cfg/template/getTemplatePage?tenantId=${DEMO}&pageCode=Pzy_summer`, undefined)).template.blocks[0].props.title).toBe('夏季');
    expect((await audit(page.pageId)).map((row) => row.action)).toEqual(['create', 'saveDraft', 'publish']);
  });

  it('refuses a tab page code that is taken or does not start with Pzy_', async () => {
    expect(await refused('/cfg/api/admin/page/create', { kind: 'tab', name: 'x', pageCode: 'Pzy_summer' })).toMatchObject({ success: false, errorCode: 'PAGE_CODE_TAKEN' });
    expect(await refused('/cfg/api/admin/page/create', { kind: 'tab', name: 'x', pageCode: 'summer' })).toMatchObject({ success: false, errorCode: 'VALIDATION' });
  });

  it('creates a home page of a store, which the home switcher lists once published', async () => {
    const switcher = async () => (await data('GET', `/cfg/api/page/getByOrg?tenantId=${DEMO}&storeId=1`, undefined)) as Array<{ pageId: number }>;
    const { page } = await post('/cfg/api/admin/page/create', { kind: 'home', name: '新首页', storeId: 1 });
    expect(page).toMatchObject({ kind: 'home', storeId: 1, isDefault: false, menu: null });
    expect(page.pageCode).not.toMatch(/^Pzy_/);
    expect((await switcher()).some((p) => p.pageId === page.pageId)).toBe(false);
    const saved = await post('/cfg/api/admin/page/saveDraft', { pageId: page.pageId, template: template('新首页'), revision: 1 });
    await post('/cfg/api/admin/page/publish', { pageId: page.pageId, revision: saved.revision });
    expect((await switcher()).some((p) => p.pageId === page.pageId)).toBe(true);
    expect(await refused('/cfg/api/admin/page/create', { kind: 'home', name: 'x', storeId: 99 })).toMatchObject({ success: false, errorCode: 'STORE_NOT_FOUND' });
  });

  it('never deletes the default home page', async () => {
    const res = await refused('/cfg/api/admin/page/delete', { pageId: DEMO_HOME });
    expect(res).toMatchObject({ success: false, code: 400, errorCode: 'DEFAULT_HOME_PAGE' });
    expect(res.message).toContain('默认首页');
    expect(await summaryOf(DEMO_HOME)).toBeDefined();
  });

  it('deletes a tab page with a menu only with withMenu: 409 naming the menu first, then page and menu (submenus too) go', async () => {
    const first = await refused('/cfg/api/admin/page/delete', { pageId: DEMO_RESOURCES });
    expect(first).toMatchObject({ success: false, code: 409, errorCode: 'PAGE_HAS_MENU' });
    expect(first.message).toContain('学习资源');
    expect(await summaryOf(DEMO_RESOURCES)).toBeDefined();

    await post('/cfg/api/admin/page/delete', { pageId: DEMO_RESOURCES, withMenu: true });
    expect(await summaryOf(DEMO_RESOURCES)).toBeUndefined();
    const menus = await withTenant(t.db.owner, DEMO, (trx) => trx.selectFrom('navigate').select('id').where('id', 'in', [107, 108, 109]).execute());
    expect(menus).toEqual([]);
    expect(await call('GET', `/cfg/template/getTemplatePage?tenantId=${DEMO}&pageCode=Pzy_resources`)).toMatchObject({ success: false, errorCode: 'PAGE_NOT_FOUND' });
    expect((await audit(DEMO_RESOURCES)).map((row) => row.action)).toEqual(['delete']);
  });

  it('deletes a home page that is not the default', async () => {
    await post('/cfg/api/admin/page/delete', { pageId: DEMO_SKILLS });
    expect(await summaryOf(DEMO_SKILLS)).toBeUndefined();
    expect(await call('GET', `/cfg/template/getByPageId?tenantId=${DEMO}&pageId=${DEMO_SKILLS}`)).toMatchObject({ success: false, code: 404 });
  });
});
