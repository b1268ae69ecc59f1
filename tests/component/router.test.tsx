// spec shell §2 routes: redirects, the error page, titles and scroll reset.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { demoPages, demoSetting } from '../unit/fixtures';
import { loadSettings, renderRoutes, resetApp } from './render-shell';

beforeEach(() => {
  resetApp();
  loadSettings(demoSetting(), demoPages);
});

describe('routes', () => {
  it.each([
    ['/', '/home'],
    ['/1002', '/home/1002'],
    ['/index/7', '/home/7'],
    ['/some/deep/path', '/error'],
    ['/abc', '/error'],
  ])('%s ends on %s', async (from, to) => {
    const { router } = renderRoutes(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it('leaves the page routes out until a path needs them, then finds the page (issue 15 point 3: the route table is not the home\'s JS)', async () => {
    const hasCourse = (r: typeof router) => JSON.stringify(r.routes, (k, v) => (k === 'element' || k === 'errorElement' || k === 'hydrateFallbackElement' ? undefined : v)).includes('"path":"course"');
    const { router } = renderRoutes('/home');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(hasCourse(router)).toBe(false);
    await router.navigate('/course');
    await waitFor(() => expect(router.state.location.pathname).toBe('/course'));
    expect(hasCourse(router)).toBe(true);
    expect(router.state.matches.at(-1)?.route.path).toBe('course');
  });

  it('shows 页面不存在 on /error with a link back home, and titles it after the app', async () => {
    const { router } = renderRoutes('/nosuch/page');
    expect(await screen.findByText('页面不存在')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('演示学堂 - 页面不存在'));
    await userEvent.setup().click(screen.getByTestId('not-found-home'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('titles a page with the tenant menu whose page code matches the route', async () => {
    loadSettings(demoSetting({ navigateList: [{ id: 1, storeId: 1, title: '主页', pageCode: 'home', pagePath: '/home' }] }));
    renderRoutes('/home');
    await waitFor(() => expect(document.title).toBe('演示学堂 - 主页'));
  });

  it('shows the page named by /home/{pageId} when that id is not the tenant', async () => {
    renderRoutes('/home/3');
    expect(await screen.findByTestId('home-page-title')).toHaveTextContent('学习资源');
  });

  it('scrolls to the top on every navigation', async () => {
    const { router } = renderRoutes('/home');
    await screen.findByTestId('home-page-title');
    vi.mocked(window.scrollTo).mockClear();
    await router.navigate('/error');
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith(0, 0));
  });

  it('says so when the tenant has no home page', async () => {
    loadSettings(demoSetting(), []);
    renderRoutes('/home');
    expect(await screen.findByTestId('home-empty')).toHaveTextContent('该企业还没有发布首页。');
  });
});
