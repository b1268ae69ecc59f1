// Settings fixtures shared by unit and component tests: a study tenant shaped like the demo seed,
// and the signed-in learner the personal-center and detail-page tests sign in.
import type { ConfigItem, HomePageEntry, NavigateItem, StoreSetting } from '../../schemas/tenant-settings';
import type { PortalBootstrap } from '../../schemas/bootstrap';
import type { LoginResult } from '../../src/api/user';

/** A JSON config item (paramValueType 2). */
export const jsonItem = (paramGroup: string, paramKey: string, value: unknown): ConfigItem => ({
  paramGroup,
  paramKey,
  paramValue: typeof value === 'string' ? value : JSON.stringify(value),
  paramValueType: 2,
});

/** A text config item (paramValueType 1). */
export const textItem = (paramGroup: string, paramKey: string, value: string): ConfigItem => ({ paramGroup, paramKey, paramValue: value, paramValueType: 1 });

/** Menus: three top-level ones out of order, an external link, and a child that must not show. */
export const demoMenus: NavigateItem[] = [
  { id: 102, storeId: 1, title: '课程', pageCode: 'course', pagePath: '/course', sort: 2 },
  { id: 101, storeId: 1, title: '首页', pageCode: 'home', pagePath: '/home', sort: 1 },
  { id: 108, storeId: 1, parentId: 107, title: '资讯', pageCode: 'share', pagePath: '/share', sort: 1 },
  { id: 107, storeId: 1, title: '学习资源', pageCode: 'Pzy_resources', pagePath: '/tabBarIndex/Pzy_resources', sort: 3 },
  { id: 110, storeId: 1, title: '官网', sort: 4, link: { linkType: 'url', linkUrl: 'www.example.com/about' } },
];

/** Three home pages, so the switcher shows. */
export const demoPages: HomePageEntry[] = [
  { pageId: 1, name: '学院首页', type: 0, storeId: 1, state: 1 },
  { pageId: 2, name: '职业技能馆', type: 0, storeId: 1, state: 1 },
  { pageId: 3, name: '学习资源', type: 0, storeId: 1, state: 1 },
];

/** The store settings of a study tenant; `overrides` replace whole config items by group.key. */
export function demoSetting(overrides: { config?: ConfigItem[]; navigateList?: NavigateItem[]; tenantId?: number } = {}): StoreSetting {
  const base: ConfigItem[] = [
    textItem('PcStartup', 'appName', '演示学堂'),
    textItem('PcStartup', 'logoImg', '/uploads/seed/demo-logo.svg'),
    textItem('PcStartup', 'faviconImg', '/uploads/seed/favicon-demo.svg'),
    jsonItem('PcStartup', 'options', { auth: { open: true }, function: 'study', pageWidth: 1280 }),
    jsonItem('PcStartup', 'navbar', { color: '#333333', background: '#ffffff', logoWidth: 140 }),
    jsonItem('sys_init_param', 'userPower', [0, 1, 2]),
    textItem('Security', 'forceLogin', '2'),
    jsonItem('PcFoot', 'footer', { footStyle: 0, statement: '© 2026 演示学堂', qrCodeImg: '/uploads/seed/qr-demo.svg', qrCodeImgTip: '扫码关注' }),
  ];
  const replaced = new Set((overrides.config ?? []).map((c) => `${c.paramGroup}.${c.paramKey}`));
  const tenantId = overrides.tenantId ?? 1001;
  return {
    configList: [...base.filter((c) => !replaced.has(`${c.paramGroup}.${c.paramKey}`)), ...(overrides.config ?? [])],
    navigateList: overrides.navigateList ?? demoMenus,
    store: { id: 1, name: '演示学堂', state: 0 },
    globalStyle: { themeColor1: '#1677ff', themeColor2: '#69b1ff' },
    tenant: { id: tenantId, code: 'demo', name: '演示学堂', tenantType: 1 },
  };
}

/** The demo learner's sign-in answer (user 7, nickname 小李, nothing else filled in). */
export const learnerSession: LoginResult = {
  id: 7, token: 't', expireTime: '2026-12-08T00:00:00.000Z',
  userInfo: { userId: 7, username: 'learner', realName: null, nickName: '小李', avatarImg: null, mobile: null, email: null, gender: null, birthday: null, summary: null, orgName: null, postName: null, countyCode: null, countyName: null, adminAuth: false },
};

/** demo's start-up answers as the server embeds them in the HTML (schemas/bootstrap.ts), with this home template. */
export function demoBootstrap(setting: StoreSetting = demoSetting(), template: unknown = { schemaVersion: 2, blocks: [] }): PortalBootstrap {
  return {
    version: 1,
    code: 'demo',
    source: 'default',
    tenant: { id: 1001, code: 'demo', name: '演示学堂', tenantType: 1 },
    setting,
    homePages: demoPages,
    template: { pageId: demoPages[0]!.pageId, pageCode: 'demo_home', name: '学院首页', template },
  };
}
