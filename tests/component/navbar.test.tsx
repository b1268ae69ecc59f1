// spec shell §2 "Top navigation bar": the navbar drawn from a tenant's settings.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoPages, demoSetting, jsonItem, textItem } from '../unit/fixtures';
import { usePreferencesStore } from '../../src/stores/preferences-store';
import { loadSettings, renderRoutes, resetApp } from './render-shell';

// Child menus come from the navigate search call; the rest of the tenant API stays real.
vi.mock('../../src/api/tenant', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/tenant')>()),
  listNavChildren: vi.fn(async () => ({
    list: [{ id: 108, storeId: 1, parentId: 107, title: '资讯', pageCode: 'share', pagePath: '/share', sort: 1 }],
    total: 1,
    pageNo: 1,
    pageSize: 99,
  })),
}));

beforeEach(() => {
  resetApp();
  usePreferencesStore.getState().reset();
});
afterEach(() => vi.restoreAllMocks());

/**
 * jsdom has no layout: gives the menu row `rowWidth` px and each measured menu (and 更多)
 * `itemWidth` px plus its margins, as Chromium would.
 */
function layOutMenuRow(rowWidth: number, itemWidth: number) {
  const clientWidth = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth')!;
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return this.classList.contains('portal-navbar__menus') ? rowWidth : (clientWidth.get!.call(this) as number);
  });
  const rect = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    return this.dataset.measure ? new DOMRect(0, 0, itemWidth, 40) : rect.call(this);
  });
}

const menuTitles = () => screen.getAllByTestId('navbar-menu').map((el) => el.textContent);

describe('navbar', () => {
  it('shows the logo, the app name and the top-level menus in order', async () => {
    loadSettings(demoSetting(), demoPages);
    renderRoutes('/home');
    const logo = await screen.findByTestId('navbar-logo');
    expect(logo.tagName).toBe('IMG');
    expect(logo).toHaveAttribute('src', '/uploads/seed/demo-logo.svg');
    expect(logo).toHaveAttribute('width', '140');
    expect(logo.closest('a')).toHaveAttribute('href', '/home');
    expect(screen.getByTestId('navbar-app-name')).toHaveTextContent('演示学堂');
    // The child menu 资讯 (parentId 107) is not a top-level menu.
    expect(menuTitles()).toEqual(['首页', '课程', '学习资源', '官网']);
  });

  it('prefers the site option logo over the logoImg setting', async () => {
    loadSettings(demoSetting({ config: [jsonItem('PcStartup', 'options', { function: 'study', logoImg: '/uploads/other.svg' })] }));
    renderRoutes('/home');
    expect(await screen.findByTestId('navbar-logo')).toHaveAttribute('src', '/uploads/other.svg');
  });

  it('styles menus with the spec defaults (16 px, 30 px margin) and the tenant navbar options', async () => {
    loadSettings(demoSetting({ config: [jsonItem('PcStartup', 'navbar', {})] }));
    const first = renderRoutes('/home');
    const plain = (await screen.findAllByTestId('navbar-menu'))[1]!;
    expect(plain).toHaveStyle({ fontSize: '16px', marginLeft: '30px' });
    first.unmount();

    loadSettings(demoSetting({ config: [jsonItem('PcStartup', 'navbar', { fontSize: 15, marginLeft: 24, fontWeight: 500, color: '#ffffff', background: '#2d1b69' })] }));
    renderRoutes('/home');
    const styled = (await screen.findAllByTestId('navbar-menu'))[1]!;
    expect(styled).toHaveStyle({ fontSize: '15px', marginLeft: '24px', fontWeight: '500', color: 'rgb(255, 255, 255)' });
    expect(screen.getByTestId('navbar')).toHaveStyle({ background: '#2d1b69' });
  });

  it('routes a menu by its page path and opens url menus in a new window', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    loadSettings(demoSetting());
    const { router } = renderRoutes('/error');
    const user = userEvent.setup();
    expect(await screen.findByText('课程', { selector: '[data-testid="navbar-menu"]' })).toHaveAttribute('href', '/course');

    await user.click(screen.getByText('首页', { selector: '[data-testid="navbar-menu"]' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));

    await user.click(screen.getByText('官网', { selector: '[data-testid="navbar-menu"]' }));
    expect(open).toHaveBeenCalledWith('http://www.example.com/about', '_blank', 'noopener,noreferrer');
    expect(router.state.location.pathname).toBe('/home');
  });

  it('does not open a javascript: menu', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    loadSettings(demoSetting({ navigateList: [{ id: 1, storeId: 1, title: '坏链接', link: { linkType: 'url', linkUrl: 'javascript:alert(1)' } }] }));
    renderRoutes('/home');
    await userEvent.setup().click(await screen.findByTestId('navbar-menu'));
    expect(open).not.toHaveBeenCalled();
  });

  it('offers sign-in with the current page as the return path, and the news bell for study tenants', async () => {
    loadSettings(demoSetting());
    renderRoutes('/home');
    expect(await screen.findByTestId('navbar-login')).toHaveTextContent('登录');
    expect(screen.getByTestId('navbar-login')).toHaveAttribute('href', '/login?returnUrl=%2Fhome');
    expect(screen.getByTestId('navbar-news')).toBeInTheDocument();
    expect(screen.queryByTestId('navbar-cart')).toBeNull();
  });

  it('shows the cart instead of the bell for shop tenants with a cart', async () => {
    loadSettings(demoSetting({ config: [jsonItem('PcStartup', 'options', { function: 'shop', hasCart: true })] }));
    renderRoutes('/home');
    expect(await screen.findByTestId('navbar-cart')).toBeInTheDocument();
    expect(screen.queryByTestId('navbar-news')).toBeNull();
  });

  it('falls back to the tenant name when appName is not set', async () => {
    loadSettings(demoSetting({ config: [textItem('PcStartup', 'appName', '')] }));
    renderRoutes('/home');
    expect(await screen.findByTestId('navbar-app-name')).toHaveTextContent('演示学堂');
  });
});

describe('home-page switcher', () => {
  it('shows on the home route of a study tenant with more than one page, and switches the page', async () => {
    loadSettings(demoSetting(), demoPages);
    renderRoutes('/home');
    const switcher = await screen.findByTestId('home-switcher');
    expect(switcher).toHaveTextContent('学院首页');
    expect(screen.getByTestId('home-page-title')).toHaveTextContent('学院首页');

    const user = userEvent.setup();
    await user.click(switcher);
    const option = await screen.findByRole('menuitem', { name: '职业技能馆' });
    await user.click(option);
    await waitFor(() => expect(screen.getByTestId('home-page-title')).toHaveTextContent('职业技能馆'));
    expect(within(screen.getByTestId('home-switcher')).getByText('职业技能馆')).toBeInTheDocument();
    expect(sessionStorage.getItem('portal.pageId')).toBe('2');
  });

  it('is hidden with a single home page', async () => {
    loadSettings(demoSetting(), demoPages.slice(0, 1));
    renderRoutes('/home');
    await screen.findByTestId('navbar-app-name');
    expect(screen.queryByTestId('home-switcher')).toBeNull();
  });

  it('is hidden off the home route', async () => {
    loadSettings(demoSetting(), demoPages);
    renderRoutes('/error');
    await screen.findByTestId('not-found');
    expect(screen.queryByTestId('home-switcher')).toBeNull();
  });

  it('is hidden for shop tenants', async () => {
    loadSettings(demoSetting({ config: [jsonItem('PcStartup', 'options', { function: 'shop' })] }), demoPages);
    renderRoutes('/home');
    await screen.findByTestId('navbar-app-name');
    expect(screen.queryByTestId('home-switcher')).toBeNull();
  });
});

describe('child menus', () => {
  it('use the menu font size minus 3', async () => {
    loadSettings(demoSetting({ config: [jsonItem('PcStartup', 'navbar', { navChild: true, fontSize: 18 })] }), demoPages);
    renderRoutes('/home');
    await screen.findByTestId('navbar-app-name');
    await userEvent.setup().hover(screen.getByRole('link', { name: '学习资源' }));
    expect(await screen.findByTestId('navbar-child-menu')).toHaveStyle({ fontSize: '15px' });
  });

  it('load with the Dropdown on the first hover of a menu, and route on click', async () => {
    loadSettings(demoSetting({ config: [jsonItem('PcStartup', 'navbar', { navChild: true })] }), demoPages);
    const { visited } = renderRoutes('/home');
    await screen.findByTestId('navbar-app-name');
    // Nothing of the dropdown is there before the user asks for it.
    expect(screen.queryByTestId('navbar-child-menu')).toBeNull();
    const user = userEvent.setup();
    await user.hover(screen.getByRole('link', { name: '学习资源' }));
    const child = await screen.findByTestId('navbar-child-menu');
    expect(child).toHaveTextContent('资讯');
    // spec shell §9: no tenant font size → children at 14 px.
    expect(child).toHaveStyle({ fontSize: '14px' });
    await user.click(child);
    // /share has no page yet, so the app goes on to /error; the menu did route there first.
    await waitFor(() => expect(visited).toContain('/share'));
  });
});

// Issue 13 point 6: signed in at 1280 px, 个人中心 slid under the search box and the switcher wrapped.
describe('menus that do not fit', () => {
  it('move into 更多 instead of sliding under the search box, and open from there', async () => {
    // Four menus of 80 px + 30 px margin = 440 px in a 360 px row: two fit beside 更多.
    layOutMenuRow(360, 80);
    loadSettings(demoSetting({ config: [jsonItem('PcStartup', 'navbar', { color: '#333333', background: '#ffffff' })] }));
    const { router } = renderRoutes('/home');
    const more = await screen.findByTestId('navbar-more');
    expect(menuTitles()).toEqual(['首页', '课程']);
    expect(more).toHaveTextContent('更多');
    const user = userEvent.setup();
    await user.hover(more);
    const items = await screen.findAllByTestId('navbar-more-item');
    expect(items.map((item) => item.textContent)).toEqual(['学习资源', '官网']);
    await user.click(screen.getByText('学习资源', { selector: '[data-testid="navbar-more-item"]' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tabBarIndex/Pzy_resources'));
  });

  it('all stay in the row, without 更多, when they fit', async () => {
    layOutMenuRow(440, 80);
    loadSettings(demoSetting());
    renderRoutes('/home');
    await screen.findByTestId('navbar-app-name');
    expect(menuTitles()).toEqual(['首页', '课程', '学习资源', '官网']);
    expect(screen.queryByTestId('navbar-more')).toBeNull();
  });
});

// Issue 13 point 8: at font size 22 the nav stayed at 16 px.
describe("the visitor's font size", () => {
  it('moves the menus and their children up with it (22 px: 16 → 24 px menus, children the font size minus 3)', async () => {
    usePreferencesStore.getState().setFontSize('large');
    loadSettings(demoSetting({ config: [jsonItem('PcStartup', 'navbar', { navChild: true, fontSize: 16 })] }), demoPages);
    renderRoutes('/home');
    await screen.findByTestId('navbar-app-name');
    expect(screen.getAllByTestId('navbar-menu')[1]).toHaveStyle({ fontSize: '24px' });
    await userEvent.setup().hover(screen.getByRole('link', { name: '学习资源' }));
    expect(await screen.findByTestId('navbar-child-menu')).toHaveStyle({ fontSize: '21px' });
  });
});

// Issue 13 point 7: in the dark style the navbar stayed white (the tenant's light-style colours).
describe('the dark style', () => {
  it("paints the navbar in the theme's surface and text instead of the tenant's white and #333", async () => {
    usePreferencesStore.getState().setTheme('dark');
    loadSettings(demoSetting({ config: [jsonItem('PcStartup', 'navbar', { color: '#333333', background: '#ffffff' })] }));
    renderRoutes('/home');
    const navbar = await screen.findByTestId('navbar');
    expect(navbar.style.background).toBe('var(--portal-surface, #ffffff)');
    expect(navbar.style.color).toBe('var(--portal-text, rgba(0, 0, 0, 0.88))');
    expect(screen.getAllByTestId('navbar-menu')[1]!.style.color).toBe('');
  });

  it('keeps a dark tenant navbar (already readable on the dark page) as it is', async () => {
    usePreferencesStore.getState().setTheme('dark');
    loadSettings(demoSetting({ config: [jsonItem('PcStartup', 'navbar', { color: '#ffffff', background: '#2d1b69' })] }));
    renderRoutes('/home');
    expect(await screen.findByTestId('navbar')).toHaveStyle({ background: '#2d1b69' });
    expect(screen.getAllByTestId('navbar-menu')[1]).toHaveStyle({ color: 'rgb(255, 255, 255)' });
  });
});
