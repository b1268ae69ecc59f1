import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import type { PageTemplateV1, PageTemplateV2 } from '../../schemas/page-template';
import { createTestApp, getJson, type TestApp } from './harness';

// Two tenants of our own (the demo seed is not needed): tenant 8101 has store 1 (org /8101) with
// home pages 1 demo_home and 2 demo_skills, and the tab page 3 Pzy_resources; tenant 8102 is empty.
const DEMO = 8101;
const ACME = 8102;

const v2: PageTemplateV2 = {
  schemaVersion: 2, pageId: 1, pageCode: 'demo_home', title: '学院首页', root: { props: { maxWidth: 1200 } },
  blocks: [
    { id: 'hero', type: 'banner', version: 2, props: { title: '欢迎' } },
    { id: 'row', type: 'columns', version: 1, props: {}, slots: { left: [{ id: 'news', type: 'course-list', version: 1, props: { count: 4 }, condition: { audience: 'learner' } }] } },
  ],
};
const v1: PageTemplateV1 = {
  pageCode: 'Pzy_resources', pageName: '学习资源',
  components: [{ compId: 7, compType: 'swiper', config: { images: ['/uploads/seed/a.png'] } }],
  pageStyle: { backgroundColor: '#ffffff' },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false });
  for (const [id, code] of [[DEMO, 'tpl-demo'], [ACME, 'tpl-acme']] as const) {
    await t.db.owner.insertInto('tenant').values({ id, code, name: code, tenant_type: 0 }).execute();
    await t.db.owner.insertInto('tenant_secret').values({ tenant_id: id, secret: 'x'.repeat(64) }).execute();
    await withTenant(t.db.owner, id, (trx) => trx.insertInto('tenant_store').values({
      tenant_id: id, id: 1, name: `${code} store`, thumb_img: null, org_path: `/${id}`, state: 0, global_style: '{}', sort: 0,
    }).execute());
  }
  const page = (id: number, pageCode: string, name: string, purpose: number, template: unknown) => ({
    tenant_id: DEMO, id, store_id: 1, page_code: pageCode, name, type: 0, purpose, state: 1, thumb_img: null, sort: id,
    template: template === null ? null : JSON.stringify(template),
  });
  await withTenant(t.db.owner, DEMO, (trx) => trx.insertInto('page').values([
    page(1, 'demo_home', '学院首页', 2, v2), page(2, 'demo_skills', '职业技能馆', 2, null), page(3, 'Pzy_resources', '学习资源', 1, v1),
  ]).execute());
});
afterAll(() => t.close());

describe('GET /cfg/template/getPage (legacy)', () => {
  it('returns a format 1 template in the format 1 shape', async () => {
    const { status, body } = await getJson(t.app, `/cfg/template/getPage?tenantId=${DEMO}&pageCode=Pzy_resources`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, code: 200, flag: 0 });
    expect(body.data).toEqual(v1);
  });

  it('returns a format 2 template as stored', async () => {
    const { body } = await getJson(t.app, `/cfg/template/getPage?tenantId=${DEMO}&pageCode=demo_home`);
    expect(body.data).toEqual(v2);
  });

  it('answers TEMPLATE_NOT_FOUND for a page without a template', async () => {
    const { status, body } = await getJson(t.app, `/cfg/template/getPage?tenantId=${DEMO}&pageCode=demo_skills`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: false, code: 404, flag: -1, data: null, errorCode: 'TEMPLATE_NOT_FOUND',
      message: 'The page "demo_skills" has no template yet; design it in the page designer and publish it.',
    });
  });

  it('answers PAGE_NOT_FOUND for an unknown code', async () => {
    const { body } = await getJson(t.app, `/cfg/template/getPage?tenantId=${DEMO}&pageCode=nope`);
    expect(body).toMatchObject({ success: false, errorCode: 'PAGE_NOT_FOUND', message: 'No page has the code "nope" in this tenant.' });
  });

  it('names the missing parameter', async () => {
    const { body } = await getJson(t.app, `/cfg/template/getPage?tenantId=${DEMO}`);
    expect(body).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    expect(body.message).toContain('pageCode');
  });
});

describe('GET /cfg/template/getPageV2', () => {
  it('returns pageId, pageCode, name and the template as stored, by code', async () => {
    const { body } = await getJson(t.app, `/cfg/template/getPageV2?tenantId=${DEMO}&pageCode=demo_home`);
    expect(body.success).toBe(true);
    expect(body.data).toEqual({ pageId: 1, pageCode: 'demo_home', name: '学院首页', template: v2 });
  });

  it('finds a page by id, and leaves a legacy template for the client to migrate', async () => {
    const { body } = await getJson(t.app, `/cfg/template/getPageV2?tenantId=${DEMO}&pageId=3`);
    expect(body.data).toEqual({ pageId: 3, pageCode: 'Pzy_resources', name: '学习资源', template: v1 });
  });

  it('asks for pageCode or pageId', async () => {
    const { body } = await getJson(t.app, `/cfg/template/getPageV2?tenantId=${DEMO}`);
    expect(body).toMatchObject({ success: false, code: 400, errorCode: 'VALIDATION', message: 'Pass pageCode or pageId to say which page to load.' });
  });

  it('refuses a code and an id that name different pages', async () => {
    const { body } = await getJson(t.app, `/cfg/template/getPageV2?tenantId=${DEMO}&pageCode=demo_home&pageId=3`);
    expect(body).toMatchObject({ success: false, errorCode: 'VALIDATION' });
  });

  it('answers TEMPLATE_NOT_FOUND for a page without a template', async () => {
    const { body } = await getJson(t.app, `/cfg/template/getPageV2?tenantId=${DEMO}&pageId=2`);
    expect(body).toMatchObject({ success: false, errorCode: 'TEMPLATE_NOT_FOUND' });
  });
});

describe('GET /cfg/template/getByPageId and getTemplatePage', () => {
  it('returns a page by id', async () => {
    const { body } = await getJson(t.app, `/cfg/template/getByPageId?tenantId=${DEMO}&pageId=1`);
    expect(body.data).toEqual({ pageId: 1, pageCode: 'demo_home', name: '学院首页', template: v2 });
  });

  it('says which id is unknown', async () => {
    const { body } = await getJson(t.app, `/cfg/template/getByPageId?tenantId=${DEMO}&pageId=999`);
    expect(body).toMatchObject({ success: false, code: 404, errorCode: 'PAGE_NOT_FOUND', message: 'No page has the id 999 in this tenant.' });
  });

  it('returns a tab page by code', async () => {
    const { body } = await getJson(t.app, `/cfg/template/getTemplatePage?tenantId=${DEMO}&pageCode=Pzy_resources`);
    expect(body.data).toEqual({ pageId: 3, pageCode: 'Pzy_resources', name: '学习资源', template: v1 });
  });
});

describe('tenant isolation', () => {
  it('never returns another tenant\'s page, even by its id', async () => {
    const { body } = await getJson(t.app, `/cfg/template/getByPageId?tenantId=${ACME}&pageId=1`);
    expect(body).toMatchObject({ success: false, errorCode: 'PAGE_NOT_FOUND' });
    const byCode = await getJson(t.app, `/cfg/template/getPageV2?tenantId=${ACME}&pageCode=demo_home`);
    expect(byCode.body).toMatchObject({ success: false, errorCode: 'PAGE_NOT_FOUND' });
  });

  it('refuses an unknown tenant', async () => {
    const { body } = await getJson(t.app, '/cfg/template/getPage?tenantId=999999&pageCode=demo_home');
    expect(body).toMatchObject({ success: false, errorCode: 'TENANT_NOT_FOUND' });
  });
});

describe('GET /cfg/api/page/getByOrg', () => {
  it('lists the published home pages of an organisation by org path', async () => {
    const { body } = await getJson(t.app, `/cfg/api/page/getByOrg?tenantId=${DEMO}&orgPath=/8101`);
    expect(body.success).toBe(true);
    expect(body.data.map((p: { pageCode: string }) => p.pageCode)).toEqual(['demo_home', 'demo_skills']);
    expect(body.data[0]).toMatchObject({ pageId: 1, name: '学院首页', type: 0, state: 1, storeId: 1 });
  });

  it('lists them by store id', async () => {
    const { body } = await getJson(t.app, `/cfg/api/page/getByOrg?tenantId=${DEMO}&storeId=1`);
    expect(body.data).toHaveLength(2);
  });

  it('leaves out unpublished pages', async () => {
    await withTenant(t.db.owner, DEMO, (trx) => trx.updateTable('page').set({ state: 0 }).where('id', '=', 2).execute());
    const { body } = await getJson(t.app, `/cfg/api/page/getByOrg?tenantId=${DEMO}&orgPath=/8101`);
    expect(body.data.map((p: { pageId: number }) => p.pageId)).toEqual([1]);
    await withTenant(t.db.owner, DEMO, (trx) => trx.updateTable('page').set({ state: 1 }).where('id', '=', 2).execute());
  });

  it('says which organisation is unknown and asks for one when none is given', async () => {
    const unknown = await getJson(t.app, `/cfg/api/page/getByOrg?tenantId=${DEMO}&orgPath=/9999`);
    expect(unknown.body).toMatchObject({ success: false, errorCode: 'STORE_NOT_FOUND', message: 'No store has the organisation "/9999" in this tenant.' });
    const none = await getJson(t.app, `/cfg/api/page/getByOrg?tenantId=${DEMO}`);
    expect(none.body).toMatchObject({ success: false, errorCode: 'VALIDATION', message: 'Pass orgPath or storeId to say whose home pages to list.' });
  });

  it('does not see another tenant\'s organisation', async () => {
    const { body } = await getJson(t.app, `/cfg/api/page/getByOrg?tenantId=${ACME}&orgPath=/8101`);
    expect(body).toMatchObject({ success: false, errorCode: 'STORE_NOT_FOUND' });
  });
});
