import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { saveScreenshot, test, UI_TIMEOUT } from './browser';
import { E2E_TENANTS } from './tenants';

// spec shell §2 "Access", §4 "Login requirement", "Chunk-load failure", "Navigation failure", §8
// (flag 401), §9 (badge wide over 99), against the built app and a real server. The tenants
// `closed`, `guestok` and `busy` are copies of demo made by tests/e2e/fixtures.ts.

const baseUrl = inject('baseUrl');
const port = inject('port');
const tenantUrl = (code: string, path: string) => `http://${code}.localhost:${port}${path}`;
const poll = { timeout: UI_TIMEOUT, interval: 100 };
const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

async function waitForShell(page: Page): Promise<void> {
  await page.getByTestId('navbar-app-name').first().waitFor({ state: 'visible' });
}

/** Signs in through the login form with account and password. */
async function signIn(page: Page, account: string, password: string): Promise<void> {
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

describe('access rules', () => {
  test('auth.open off: a visitor is sent to /login with the return path, and comes back after signing in', async ({ page }) => {
    await page.goto(tenantUrl(E2E_TENANTS.closed.code, '/study/search?searchValue=Java&type=total'));
    await expect.poll(() => pathOf(page), poll).toBe(`/study/login?returnUrl=${encodeURIComponent('/search?searchValue=Java&type=total')}`);
    await page.getByTestId('login-page').waitFor();
    await saveScreenshot(page, 'login-closed-site');
    await signIn(page, 'learner', 'Study@2026');
    await expect.poll(() => pathOf(page), poll).toBe('/study/search?searchValue=Java&type=total');
    await page.getByTestId('user-menu').waitFor();
  });

  test('auth.open off with forceLogin 2: a visitor sees the home page', async ({ page }) => {
    await page.goto(tenantUrl(E2E_TENANTS.guestok.code, '/study/home'));
    await page.getByTestId('home-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/study/home');
    await page.getByTestId('navbar-login').waitFor();
  });

  test('auth.open on: a visitor sees the home page and can sign in from the navbar', async ({ page }) => {
    await page.goto(`${baseUrl}/study/home`);
    await page.getByTestId('home-page').waitFor();
    await page.getByTestId('navbar-login').click();
    await expect.poll(() => pathOf(page), poll).toBe(`/study/login?returnUrl=${encodeURIComponent('/home')}`);
    await signIn(page, 'learner', 'wrong-password');
    await expect.poll(() => page.getByTestId('login-error').innerText(), poll).toContain('用户名或密码错误');
    await signIn(page, 'learner', 'Study@2026');
    await expect.poll(() => new URL(page.url()).pathname, poll).toBe('/study/home');
  });

  test('a 401 mid-session logs out and goes to /login with the return url', async ({ page }) => {
    await page.goto(`${baseUrl}/study/login`);
    await signIn(page, 'learner', 'Study@2026');
    await page.getByTestId('user-menu').waitFor();
    // The server revokes the session (as logout elsewhere or expiry would).
    const token = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('portal.registerInfo.'));
      return key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { token?: string }).token ?? '' : '';
    });
    expect(token).not.toBe('');
    const revoked = await page.request.post(`${baseUrl}/um/api/user/logout`, { headers: { token }, data: { tenantId: 1001 } });
    expect(revoked.ok()).toBe(true);
    await page.goto(`${baseUrl}/study/user/center/study/myNews`);
    await expect.poll(() => pathOf(page), poll).toBe(`/study/login?returnUrl=${encodeURIComponent('/user/center/study/myNews')}`);
    await page.getByTestId('navbar-login').waitFor({ state: 'detached' }).catch(() => undefined);
    expect(await page.getByTestId('user-menu').count()).toBe(0);
  });
});

describe('routes', () => {
  test('/index/{id} redirects to /home/{id}', async ({ page }) => {
    await page.goto(`${baseUrl}/study/index/1001`);
    await expect.poll(() => new URL(page.url()).pathname, poll).toBe('/study/home/1001');
    await page.getByTestId('home-page').waitFor();
  });

  test('an unknown path ends on /error, titled page not found', async ({ page }) => {
    await page.goto(`${baseUrl}/study/no/such/page`);
    await expect.poll(() => new URL(page.url()).pathname, poll).toBe('/study/error');
    await page.getByTestId('not-found').waitFor();
    await expect.poll(() => page.title(), poll).toContain('页面不存在');
  });

  test('a page chunk that fails to load is loaded again once, and the learner lands on the target', async ({ page }) => {
    let failures = 0;
    await page.route(/\/assets\/help-center-page-[^/]+\.js$/, async (route) => {
      if (failures++ === 0) await route.abort('failed');
      else await route.continue();
    });
    await page.goto(`${baseUrl}/study/home`);
    await page.getByTestId('home-page').waitFor();
    await page.evaluate(() => {
      (window as unknown as { __beforeReload: boolean }).__beforeReload = true;
      window.history.pushState({}, '', '/study/helpCenter');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(() => new URL(page.url()).pathname, poll).toBe('/study/helpCenter');
    await page.getByTestId('help-center').waitFor();
    // The page really reloaded (a full load, not an in-app retry).
    expect(await page.evaluate(() => (window as unknown as { __beforeReload?: boolean }).__beforeReload ?? false)).toBe(false);
    expect(failures).toBe(2);
  });

  test('a page that keeps failing is a navigation failure: alert, log out, /login', async ({ page }) => {
    await page.route(/\/assets\/help-center-page-[^/]+\.js$/, (route) => route.abort('failed'));
    await page.goto(`${baseUrl}/study/home`);
    await page.getByTestId('home-page').waitFor();
    await page.evaluate(() => {
      window.history.pushState({}, '', '/study/helpCenter');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const alert = page.getByText('跳转异常，请重新登录');
    await alert.waitFor();
    await page.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect.poll(() => new URL(page.url()).pathname, poll).toBe('/study/login');
  });
});

describe('navbar', () => {
  test('the unread badge uses the wide style above 99', async ({ page }) => {
    await page.goto(tenantUrl(E2E_TENANTS.busy.code, '/study/login'));
    await signIn(page, E2E_TENANTS.busy.account, E2E_TENANTS.busy.password);
    const badge = page.getByTestId('navbar-badge');
    await expect.poll(() => badge.innerText(), poll).toBe('99+');
    expect(await badge.getAttribute('class')).toContain('portal-navbar__badge--wide');
    await saveScreenshot(page, 'navbar-badge-wide');
  });

  test('the navbar search opens /search with searchValue and type=total', async ({ page }) => {
    await page.goto(`${baseUrl}/study/home`);
    await waitForShell(page);
    await page.getByTestId('navbar-search').fill('Java');
    await page.getByTestId('navbar-search').press('Enter');
    await expect.poll(() => pathOf(page), poll).toBe('/study/search?searchValue=Java&type=total');
  });

  test('switching the language changes the texts and is remembered', async ({ page }) => {
    await page.goto(`${baseUrl}/study/home`);
    await waitForShell(page);
    expect(await page.getByTestId('navbar-login').innerText()).toBe('登录');
    await page.getByTestId('preferences-menu').click();
    await page.getByRole('radio', { name: 'English' }).click();
    await expect.poll(() => page.getByTestId('navbar-login').innerText(), poll).toBe('Sign in');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang), poll).toBe('en');
    await page.reload();
    await waitForShell(page);
    await expect.poll(() => page.getByTestId('navbar-login').innerText(), poll).toBe('Sign in');
  });
});

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated rather than added as a <script> tag: the origin's CSP allows no inline script (issue 14 point 19).
  await page.evaluate(await readFile(AXE_PATH, 'utf8'));
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target })) }));
  });
}

describe('accessibility (axe)', () => {
  test('home has no WCAG 2.1 A/AA violations', async ({ page }) => {
    await page.goto(`${baseUrl}/study/home`);
    await page.getByTestId('home-page').waitFor();
    await page.waitForLoadState('networkidle');
    expect(JSON.stringify(await axeViolations(page), null, 1)).toBe('[]');
  });

  test('search has no WCAG 2.1 A/AA violations', async ({ page }) => {
    await page.goto(`${baseUrl}/study/search?searchValue=${encodeURIComponent('课程')}&type=total`);
    await page.getByTestId('search-page').waitFor();
    await page.waitForLoadState('networkidle');
    expect(JSON.stringify(await axeViolations(page), null, 1)).toBe('[]');
  });
});
