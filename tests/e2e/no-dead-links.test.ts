import { readFileSync, readdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { test, UI_TIMEOUT } from './browser';

// The shell issue's "done when": a new user clicking through the navbar, footer, search and help
// meets no dead link. For every demo tenant (templates/tenants/*.json) this follows, as a guest,
// every top-level menu, every child menu and every in-portal footer link. Signed in, it follows the
// user menu, the personal center's menu and the shop's cart and orders. Then it follows the first
// results of a search and of the help center. A link is dead when it ends on /error (页面不存在)
// or on the route error view. A login page is fine: the route needs an account, and has one.

const port = inject('port');
const poll = { timeout: UI_TIMEOUT, interval: 100 };

interface TenantFile {
  code: string;
  navigateList: { title: string; pagePath?: string; parentId?: number | null }[];
  users: { account: string; password: string }[];
}

const tenants = readdirSync(new URL('../../templates/tenants/', import.meta.url))
  .filter((name) => name.endsWith('.json'))
  .map((name) => JSON.parse(readFileSync(new URL(`../../templates/tenants/${name}`, import.meta.url), 'utf8')) as TenantFile);

const origin = (code: string) => `http://${code}.localhost:${port}`;

/** In-portal addresses (/study/…) of the links inside `selector`, without repeats. */
async function portalLinks(page: Page, selector: string, limit = 50): Promise<string[]> {
  const hrefs = await page.$$eval(`${selector} a[href]`, (anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  const own = hrefs.filter((href) => new URL(href).origin === new URL(page.url()).origin && new URL(href).pathname.startsWith('/study/'));
  return [...new Set(own)].slice(0, limit);
}

/** Requests the page has under way (page chunks, API calls), counted from the page's events. */
const inflight = new WeakMap<Page, { count: number }>();
function watchRequests(page: Page): void {
  if (inflight.has(page)) return;
  const state = { count: 0 };
  inflight.set(page, state);
  page.on('request', () => state.count++);
  page.on('requestfinished', () => state.count--);
  page.on('requestfailed', () => state.count--);
}

/** Waits until no request has been under way for 150 ms (at most 4 s: a stream may stay open). */
async function settle(page: Page): Promise<void> {
  const state = inflight.get(page)!;
  const end = Date.now() + 4_000;
  let quietSince = Date.now();
  while (Date.now() < end) {
    await page.waitForTimeout(25);
    if (state.count > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 150) return;
  }
}

/**
 * Follows `href` inside the running app, as a click on a link does (history navigation), and
 * checks where it lands once the page's chunk and calls are done. The shell sends an unknown path
 * to /error (router.tsx: `*` → Navigate), so a dead link ends there.
 */
async function expectAlive(page: Page, href: string, from: string): Promise<void> {
  watchRequests(page);
  const target = new URL(href);
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, `${target.pathname}${target.search}`);
  await settle(page);
  const path = new URL(page.url()).pathname;
  const dead = path === '/study/error'
    || (await page.getByTestId('not-found').count()) > 0
    || (await page.locator('.portal-result__icon--error').count()) > 0;
  expect(dead, `${from}: ${target.pathname}${target.search} is a dead link (landed on ${path})`).toBe(false);
}

async function signIn(page: Page, code: string, account: string, password: string): Promise<void> {
  await page.goto(`${origin(code)}/study/login`);
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('user-menu').waitFor();
}

describe('no dead links', () => {
  for (const tenant of tenants) {
    test(`${tenant.code}: every menu, child menu and footer link leads to a page`, { timeout: 120_000 }, async ({ page }) => {
      await page.goto(`${origin(tenant.code)}/study/home`);
      await page.getByTestId('navbar').waitFor();
      const base = new URL(page.url()).origin;
      const targets = new Map<string, string>();
      for (const menu of tenant.navigateList) {
        if (menu.pagePath) targets.set(`${base}/study${menu.pagePath}`, `menu ${menu.title}`);
      }
      // What the navbar really renders (it resolves page codes and links), and the footer's links.
      for (const href of await portalLinks(page, '[data-testid="navbar"]')) if (!targets.has(href)) targets.set(href, 'navbar link');
      for (const href of await portalLinks(page, '[data-testid="footer"]')) targets.set(href, 'footer link');
      expect(targets.size).toBeGreaterThan(0);
      for (const [href, from] of targets) await expectAlive(page, href, `${tenant.code} ${from}`);
    });
  }

  test('demo, signed in: the user menu, the personal center menu, search results and help articles', { timeout: 180_000 }, async ({ page }) => {
    const demo = tenants.find((t) => t.code === 'demo')!;
    const learner = demo.users.find((u) => u.account === 'learner')!;
    await signIn(page, 'demo', learner.account, learner.password);
    await page.goto(`${origin('demo')}/study/user/center/study/myInfo`);
    await page.locator('nav.portal-center__menu').waitFor();
    const center = await portalLinks(page, 'nav.portal-center__menu');
    expect(center.length).toBeGreaterThan(5);
    for (const href of center) await expectAlive(page, href, 'personal center menu');

    await page.goto(`${origin('demo')}/study/search?searchValue=${encodeURIComponent('学习')}&type=total`);
    await page.getByTestId('search-page').waitFor();
    await expect.poll(async () => (await portalLinks(page, '[data-testid="search-page"]')).length, poll).toBeGreaterThan(0);
    for (const href of await portalLinks(page, '[data-testid="search-page"]', 5)) await expectAlive(page, href, 'search result');

    await page.goto(`${origin('demo')}/study/helpCenter?purpose=99`);
    await page.getByTestId('help-center').waitFor();
    await expect.poll(async () => (await portalLinks(page, '[data-testid="help-center"]')).length, poll).toBeGreaterThan(0);
    for (const href of await portalLinks(page, '[data-testid="help-center"]', 4)) await expectAlive(page, href, 'help center');

    for (const entry of ['user', 'safe', 'help']) {
      await page.getByTestId('user-menu').hover();
      const item = page.getByTestId(`user-menu-${entry}`);
      if (!(await item.isVisible().catch(() => false))) await page.getByTestId('user-menu').click();
      if (!(await item.count())) continue;
      await item.click();
      await expect.poll(() => page.evaluate(() => document.querySelector('[data-testid="navbar"]') !== null), poll).toBe(true);
      expect(new URL(page.url()).pathname, `user menu ${entry}`).not.toBe('/study/error');
      await page.mouse.move(0, 400);
    }
  });

  test('shop, signed in: the cart and the orders of the navbar and the user menu', { timeout: 120_000 }, async ({ page }) => {
    const shop = tenants.find((t) => t.code === 'shop')!;
    const learner = shop.users[0]!;
    await signIn(page, 'shop', learner.account, learner.password);
    const cart = page.getByTestId('navbar-cart');
    await cart.waitFor();
    await cart.click();
    await expect.poll(() => new URL(page.url()).pathname, poll).toBe('/study/sub_shop/cart');
    await expectAlive(page, `${origin('shop')}/study/sub_shop/order/order`, 'user menu orders');
  });
});
