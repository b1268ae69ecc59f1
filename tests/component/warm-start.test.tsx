// The home's first commit is the finished page when the HTML carries start-up's answers, the home's
// template and its blocks' answers (src/app/warm-start.ts, issue 15 point 3): start-up runs before
// the first render, the runtime and widget modules are awaited before it, and a block's query
// starts with the HTML's answer. Anything else leaves start-up to the app, as before.
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BLOCK_DATA_ELEMENT_ID, BOOTSTRAP_ELEMENT_ID } from '../../schemas/bootstrap';
import { RICH_TEXT_POLICY_VERSION } from '../../schemas/rich-text-policy';
import { requestKey } from '../../schemas/widgets/request';
import { App } from '../../src/app/app';
import { discoverPageRoutes, routes } from '../../src/app/router';
import { resetStartedBeforeRender, startAppNow, startedBeforeRender } from '../../src/app/start-up';
import { homeRouteParam, prepareFirstRender } from '../../src/app/warm-start';
import { i18n } from '../../src/i18n/i18n';
import { resetBootstrap } from '../../src/lib/bootstrap';
import { setStoreId } from '../../src/lib/storage';
import { declarationQueryOptions } from '../../src/runtime/data';
import { requestDeclaration } from '../../src/runtime/request-data';
import { useAppStore } from '../../src/stores/app-store';
import { useUserStore } from '../../src/stores/user-store';
import { createPortalRegistry } from '../../widgets';
import { demoBootstrap, demoPages, demoSetting, jsonItem, learnerSession } from '../unit/fixtures';
import { resetApp } from './render-shell';

const versions = createPortalRegistry();
const block = (id: string, type: string, props: Record<string, unknown>) => ({ id, type, version: versions.get(type)!.version, props });

/** demo's start-up answers with a home template of a title and a rich text. */
const bootstrap = (setting = demoSetting()) => demoBootstrap(setting, {
  // Stamped as the server stamps the rich text it sanitised on save (server/lib/rich-text.ts).
  schemaVersion: 2, pageId: demoPages[0]!.pageId, pageCode: 'demo_home', title: '学院首页', root: { props: {} }, richTextPolicy: RICH_TEXT_POLICY_VERSION,
  blocks: [block('t1', 'title-bar', { title: '热门课程', align: 'left' }), block('r1', 'rich-text', { html: '<p>欢迎来到演示学堂</p>' })],
});

function embed(id: string, value: unknown): void {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = id;
  script.textContent = JSON.stringify(value);
  document.head.append(script);
}

const at = (pathname: string, search = '') => ({ pathname, hostname: 'localhost', search });
const renderApp = (path = '/home') => render(<App createRouter={() => createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation: discoverPageRoutes })} />);

beforeEach(() => {
  resetApp();
  resetBootstrap();
  resetStartedBeforeRender();
  localStorage.clear();
});

afterEach(async () => {
  document.getElementById(BOOTSTRAP_ELEMENT_ID)?.remove();
  document.getElementById(BLOCK_DATA_ELEMENT_ID)?.remove();
  resetBootstrap();
  resetStartedBeforeRender();
  vi.restoreAllMocks();
  await i18n.changeLanguage('zh');
});

describe('start-up before the first render', () => {
  it('starts from the answers in the HTML, so the first render is not the Loading screen', () => {
    embed(BOOTSTRAP_ELEMENT_ID, bootstrap());
    expect(startAppNow(at('/study/home'))).toBe(true);
    const app = useAppStore.getState();
    expect(app.loading).toBe(false);
    expect(app.tenantId).toBe(1001);
    expect(app.homePages).toEqual(demoPages);
    expect(startedBeforeRender()).toBe(true);
  });

  it('leaves start-up to the app, with the answers untaken, when they are not what it would ask for', () => {
    embed(BOOTSTRAP_ELEMENT_ID, bootstrap());
    // Another store chosen for the tenant; a privacy query; an SSO query.
    setStoreId(1001, 99);
    expect(startAppNow(at('/study/home'))).toBe(false);
    setStoreId(1001, null);
    expect(startAppNow(at('/study/home', '?privacy=1'))).toBe(false);
    expect(startAppNow(at('/study/home', '?sso_token=abc'))).toBe(false);
    expect(useAppStore.getState().loading).toBe(true);
    expect(startedBeforeRender()).toBe(false);
    // Still there for the start-up that follows.
    expect(startAppNow(at('/study/home'))).toBe(true);
  });

  it('leaves start-up to the app when the answers cannot be applied', () => {
    // A home-page list with a hole in it: choosing the remembered page throws.
    embed(BOOTSTRAP_ELEMENT_ID, { ...bootstrap(), homePages: [null] });
    expect(() => startAppNow(at('/study/home'))).toThrow();
    // The app runs start-up itself on mount (and asks the API: the answers were taken).
    expect(startedBeforeRender()).toBe(false);
  });

  it('leaves start-up to the app when the visitor chose English (its texts load first)', () => {
    embed(BOOTSTRAP_ELEMENT_ID, bootstrap());
    localStorage.setItem('portal.lang', 'en');
    expect(startAppNow(at('/study/home'))).toBe(false);
    expect(startedBeforeRender()).toBe(false);
  });

  it('keeps the Loading screen of an English tenant until its texts are in', async () => {
    embed(BOOTSTRAP_ELEMENT_ID, bootstrap(demoSetting({ config: [jsonItem('PcStartup', 'options', { auth: { open: true }, function: 'study', pageWidth: 1280, language: 'en' })] })));
    expect(startAppNow(at('/study/home'))).toBe(false);
    expect(startedBeforeRender()).toBe(true);
    expect(useAppStore.getState().loading).toBe(true);
    await waitFor(() => expect(useAppStore.getState().loading).toBe(false));
    expect(i18n.language).toBe('en');
  });
});

describe('the home in its first commit', () => {
  it('renders the shell and every block of the embedded template in the first commit', async () => {
    embed(BOOTSTRAP_ELEMENT_ID, bootstrap());
    await prepareFirstRender(at('/study/home'));
    renderApp();
    // No waiting: the first commit already holds the page (no Loading screen, no skeleton).
    expect(screen.queryByTestId('app-loading')).toBeNull();
    const page = screen.getByTestId('runtime-page');
    expect([...page.querySelectorAll('[data-block-id]')].map((el) => el.getAttribute('data-block-id'))).toEqual(['t1', 'r1']);
    expect(page).toHaveTextContent('热门课程');
    expect(page).toHaveTextContent('欢迎来到演示学堂');
  });

  it("shows a signed-in visitor's menu in the first commit, so the navbar keeps its width", async () => {
    // The menu's code arriving after the first commit made the navbar refit and move 更多 from
    // under a pointer that had just reached it (the designer e2e, CI of session 14).
    useUserStore.getState().signIn(1001, learnerSession);
    embed(BOOTSTRAP_ELEMENT_ID, bootstrap());
    await prepareFirstRender(at('/study/home'));
    renderApp();
    expect(screen.getByTestId('user-menu')).toHaveTextContent(learnerSession.userInfo.nickName!);
  });

  it('knows the home routes and nothing else', () => {
    expect(homeRouteParam('/study/home')).toBeNull();
    expect(homeRouteParam('/study/home/')).toBeNull();
    expect(homeRouteParam('/study/home/12')).toBe('12');
    expect(homeRouteParam('/study/course')).toBeUndefined();
    expect(homeRouteParam('/study/home/12/x')).toBeUndefined();
  });
});

describe("a block's answer from the HTML", () => {
  it('is the initial data of its query, taken once, for the tenant it was written for', () => {
    const request = { path: '/cm/api/course/list', query: { pageNo: 1, pageSize: 8 } };
    embed(BLOCK_DATA_ELEMENT_ID, { version: 1, tenantId: 1001, answers: { [requestKey(request.path, request.query)]: { list: ['a'] } } });
    useAppStore.getState().reset();
    const options = () => declarationQueryOptions(requestDeclaration(request), 1001);
    // Before a tenant is chosen for the tab, nothing.
    expect(options().initialData?.()).toBeUndefined();
    embed(BOOTSTRAP_ELEMENT_ID, bootstrap());
    startAppNow(at('/study/home'));
    expect(options().initialData?.()).toEqual({ list: ['a'] });
    expect(options().initialData?.()).toBeUndefined();
  });
});
