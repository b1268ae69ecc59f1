import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { loadTenantSeeds } from '../../server/demo/seed';
import type { TenantSeed } from '../../schemas/tenant-seed';
import { createTestApp, getJson, type TestApp } from './harness';

let t: TestApp;
let demo: TenantSeed;
beforeAll(async () => {
  t = await createTestApp();
  demo = (await loadTenantSeeds()).find((s) => s.code === 'demo')!;
});
afterAll(() => t.close());

describe('tenant directory', () => {
  it('resolves a host code to data.tenant.id', async () => {
    const { body } = await getJson(t.app, '/um/api/tenant/getByCode?code=acme');
    expect(body.success).toBe(true);
    expect(body.data.tenant).toEqual({ id: 1002, code: 'acme', name: 'ACME Corporation', tenantType: 0 });
  });

  it('matches codes case-insensitively, as host names are', async () => {
    const { body } = await getJson(t.app, '/um/api/tenant/getByCode?code=ACME');
    expect(body.data.tenant.id).toBe(1002);
  });

  it('answers an unknown code with TENANT_NOT_FOUND so the client can alert 暂无企业ID', async () => {
    const { body } = await getJson(t.app, '/um/api/tenant/getByCode?code=nosuch');
    expect(body).toMatchObject({ success: false, code: 404, errorCode: 'TENANT_NOT_FOUND', data: null });
  });

  it('seeds tenant 1533', async () => {
    const { body } = await getJson(t.app, '/um/api/tenant/get?tenantId=1533');
    expect(body.data.id).toBe(1533);
  });
});

describe('getTenantStoreSetting', () => {
  it('returns configList, top-level navigateList in order, store, globalStyle and tenant', async () => {
    const { body } = await getJson(t.app, '/cfg/api/store/getTenantStoreSetting?tenantId=1001&purpose=2');
    expect(body.success).toBe(true);
    const data = body.data;
    const appName = data.configList.find((c: any) => c.paramGroup === 'PcStartup' && c.paramKey === 'appName');
    expect(appName.paramValue).toBe(demo.configList.find((c) => c.paramKey === 'appName')!.paramValue);
    expect(data.configList).toHaveLength(demo.configList.length);
    const topLevel = demo.navigateList.filter((n) => n.parentId == null).sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
    expect(data.navigateList.map((n: any) => n.title)).toEqual(topLevel.map((n) => n.title));
    expect(data.store).toMatchObject({ id: 1, state: 0 });
    expect(data.globalStyle).toEqual({ themeColor1: '#00aaff', themeColor2: '#66b1ff' });
    expect(data.tenant).toMatchObject({ id: 1001, tenantType: 1 });
  });

  it('lets a store override a tenant-wide setting', async () => {
    await withTenant(t.db.owner, 1001, (trx) =>
      trx.insertInto('tenant_config').values({ tenant_id: 1001, store_id: 1, param_group: 'PcStartup', param_key: 'appName', param_value: 'Store name', param_value_type: 1 }).execute());
    const { body } = await getJson(t.app, '/cfg/api/store/getTenantStoreSetting?tenantId=1001&storeId=1');
    const names = body.data.configList.filter((c: any) => c.paramKey === 'appName');
    expect(names).toEqual([{ paramGroup: 'PcStartup', paramKey: 'appName', paramValue: 'Store name', paramValueType: 1 }]);
    await withTenant(t.db.owner, 1001, (trx) => trx.deleteFrom('tenant_config').where('store_id', '=', 1).execute());
  });

  it('says which store is missing', async () => {
    const { body } = await getJson(t.app, '/cfg/api/store/getTenantStoreSetting?tenantId=1001&storeId=77');
    expect(body).toMatchObject({ success: false, errorCode: 'STORE_NOT_FOUND', message: 'No store has the id 77 in this tenant.' });
  });

  it('refuses an unknown tenant id', async () => {
    const { body } = await getJson(t.app, '/cfg/api/store/getTenantStoreSetting?tenantId=999999');
    expect(body).toMatchObject({ success: false, errorCode: 'TENANT_NOT_FOUND' });
  });

  it('returns one group with getGroupConfig', async () => {
    const { body } = await getJson(t.app, '/cfg/api/config/getGroupConfig?tenantId=1002&paramGroup=PcFoot');
    expect(body.data).toHaveLength(1);
    expect(JSON.parse(body.data[0].paramValue).footStyle).toBe(1);
  });
});

describe('menus and pages', () => {
  it('returns nav children of a menu', async () => {
    const { body } = await getJson(t.app, '/cfg/api/navigate/search?tenantId=1001&parentId=107&storeId=1&purpose=2&pageNo=1&pageSize=99');
    expect(body.data.list.map((n: any) => n.title)).toEqual(['资讯', '内容库']);
    expect(body.data.total).toBe(2);
  });

  it('lists the published home pages (purpose 2, state 1) for the switcher', async () => {
    const { body } = await getJson(t.app, '/cfg/api/page/list?tenantId=1001&pageNo=1&pageSize=40&purpose=2&state=1');
    expect(body.data.list.map((p: any) => p.name)).toEqual(['学院首页', '职业技能馆']);
    expect(body.data.total).toBe(2);
  });

  it('pages the list', async () => {
    const { body } = await getJson(t.app, '/cfg/api/page/list?tenantId=1001&pageNo=2&pageSize=1&purpose=2&state=1');
    expect(body.data).toMatchObject({ total: 2, pageNo: 2, pageSize: 1 });
    expect(body.data.list.map((p: any) => p.name)).toEqual(['职业技能馆']);
  });

  it('never shows one tenant the menus of another', async () => {
    const { body } = await getJson(t.app, '/cfg/api/navigate/search?tenantId=1002&parentId=107');
    expect(body.data.list).toEqual([]);
  });
});
