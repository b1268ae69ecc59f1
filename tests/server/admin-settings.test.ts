// The tenant back-office (docs/api.md "Back-office"; spec shell §6: tenantType 1 with adminAuth):
// only an admin of a tenant with a back-office may read or save; every save is checked against
// the schema the portal reads with, and shows in the start-up settings the portal loads next.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let admin: { id: number; token: string };
let learner: { id: number; token: string };
let acmeUser: { id: number; token: string };

const DEMO = 1001;
const startup = () => data('GET', `/cfg/api/store/getTenantStoreSetting?tenantId=${DEMO}`, undefined);
const configValue = (settings: { configList: Array<{ paramGroup: string; paramKey: string; paramValue: string }> }, group: string, key: string) =>
  settings.configList.find((item) => item.paramGroup === group && item.paramKey === key)?.paramValue;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(DEMO, 'admin', 'Admin@2026');
  learner = await signIn(DEMO, 'learner', 'Study@2026');
  acmeUser = await signIn(1002, 'learner', 'Study@2026');
});
afterAll(() => t.close());

describe('who may use the back-office', () => {
  it('refuses a guest with the sign-in flag', async () => {
    expect(await call('GET', `/cfg/api/admin/settings?tenantId=${DEMO}`)).toMatchObject({ success: false, flag: 401 });
  });

  it('refuses a learner without adminAuth, and saves nothing for them', async () => {
    const before = await startup();
    const refused = await call('POST', '/cfg/api/admin/basics/save', learner.token, { tenantId: DEMO, appName: '被改名', logoImg: '' });
    expect(refused).toMatchObject({ success: false, errorCode: 'NO_ADMIN_AUTH' });
    expect(refused.message).toContain('没有管理后台的权限');
    expect(configValue(await startup(), 'PcStartup', 'appName')).toBe(configValue(before, 'PcStartup', 'appName'));
  });

  it('refuses a tenant whose type has no back-office (tenantType 0)', async () => {
    expect(await call('GET', '/cfg/api/admin/settings?tenantId=1002', acmeUser.token)).toMatchObject({ success: false, errorCode: 'ADMIN_NOT_ENABLED' });
  });

  it('refuses a token of one tenant used for another', async () => {
    expect(await call('GET', '/cfg/api/admin/settings?tenantId=1002', admin.token)).toMatchObject({ success: false, flag: 401 });
  });
});

describe('reading and saving', () => {
  it('reads the settings with every top-level menu, hidden ones included', async () => {
    const settings = await data('GET', `/cfg/api/admin/settings?tenantId=${DEMO}`, admin.token);
    expect(settings.tenant).toMatchObject({ id: DEMO, tenantType: 1 });
    expect(settings.appName).toBe(configValue(await startup(), 'PcStartup', 'appName'));
    expect(settings.menus.length).toBeGreaterThanOrEqual((await startup()).navigateList.length);
    expect(settings.menus.every((menu: { state: number }) => menu.state === 0 || menu.state === 1)).toBe(true);
  });

  it('saves the site name (trimmed) and logo; the portal reads them at start-up', async () => {
    await data('POST', '/cfg/api/admin/basics/save', admin.token, { tenantId: DEMO, appName: '  演示学堂·新  ', logoImg: '/uploads/logo.png' });
    const settings = await startup();
    expect(configValue(settings, 'PcStartup', 'appName')).toBe('演示学堂·新');
    expect(configValue(settings, 'PcStartup', 'logoImg')).toBe('/uploads/logo.png');
  });

  it.each([
    [{ appName: '   ', logoImg: '' }, 'APP_NAME_REQUIRED'],
    [{ appName: '字'.repeat(31), logoImg: '' }, 'APP_NAME_TOO_LONG'],
    [{ appName: '学堂', logoImg: 'javascript:alert(1)' }, 'LOGO_INVALID'],
    [{ appName: '学堂', logoImg: '//evil.example/x.png' }, 'LOGO_INVALID'],
  ])('refuses basics %j with %s', async (body, errorCode) => {
    expect(await call('POST', '/cfg/api/admin/basics/save', admin.token, { tenantId: DEMO, ...body })).toMatchObject({ success: false, errorCode });
  });

  it('saves the theme colours and refuses one that is not a colour', async () => {
    await data('POST', '/cfg/api/admin/globalStyle/save', admin.token, { tenantId: DEMO, globalStyle: { themeColor1: '#123456', themeColor2: '#abcdef' } });
    expect((await startup()).globalStyle).toEqual({ themeColor1: '#123456', themeColor2: '#abcdef' });
    const bad = await call('POST', '/cfg/api/admin/globalStyle/save', admin.token, { tenantId: DEMO, globalStyle: { themeColor1: 'red' } });
    expect(bad.success).toBe(false);
    expect(bad.message).toContain('themeColor1');
    expect((await startup()).globalStyle.themeColor1).toBe('#123456');
  });

  it('saves the footer after checking it against the footer schema', async () => {
    const bad = await call('POST', '/cfg/api/admin/setting/save', admin.token, { tenantId: DEMO, name: 'footer', value: { footStyle: 3 } });
    expect(bad).toMatchObject({ success: false, errorCode: 'SETTING_INVALID' });
    expect(bad.message).toContain('页脚设置有误');
    const footer = { footStyle: 0, statement: '© 2026 演示学堂' };
    await data('POST', '/cfg/api/admin/setting/save', admin.token, { tenantId: DEMO, name: 'footer', value: footer });
    expect(JSON.parse(configValue(await startup(), 'PcFoot', 'footer')!)).toEqual(footer);
  });

  it('renames, hides and reorders menus; the navbar list follows', async () => {
    const { menus } = await data('GET', `/cfg/api/admin/settings?tenantId=${DEMO}`, admin.token);
    const reordered = [...menus].reverse().map((menu: { id: number; title: string }, i: number) => ({
      id: menu.id, title: i === 0 ? ' 最后变第一 ' : menu.title, state: i === 1 ? 0 : 1,
    }));
    const saved = await data('POST', '/cfg/api/admin/menus/save', admin.token, { tenantId: DEMO, menus: reordered });
    expect(saved.map((menu: { id: number }) => menu.id)).toEqual(reordered.map((menu) => menu.id));
    const navbar = (await startup()).navigateList;
    expect(navbar[0]).toMatchObject({ id: reordered[0]!.id, title: '最后变第一' });
    expect(navbar.some((menu: { id: number }) => menu.id === reordered[1]!.id)).toBe(false);
  });

  it('refuses a menu list that is not the store\'s current one, a blank title and hiding every menu', async () => {
    const { menus } = await data('GET', `/cfg/api/admin/settings?tenantId=${DEMO}`, admin.token);
    const all = menus.map((menu: { id: number; title: string; state: number }) => ({ id: menu.id, title: menu.title, state: menu.state }));
    expect(await call('POST', '/cfg/api/admin/menus/save', admin.token, { tenantId: DEMO, menus: all.slice(1) })).toMatchObject({ errorCode: 'MENUS_CHANGED' });
    expect(await call('POST', '/cfg/api/admin/menus/save', admin.token, { tenantId: DEMO, menus: [{ ...all[0], title: ' ' }, ...all.slice(1)] })).toMatchObject({ errorCode: 'MENU_TITLE_REQUIRED' });
    expect(await call('POST', '/cfg/api/admin/menus/save', admin.token, { tenantId: DEMO, menus: all.map((m: object) => ({ ...m, state: 0 })) })).toMatchObject({ errorCode: 'MENU_NONE_SHOWN' });
    expect((await data('GET', `/cfg/api/admin/settings?tenantId=${DEMO}`, admin.token)).menus).toEqual(menus);
  });
});
