import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { test, UI_TIMEOUT } from './browser';

// README's links must lead somewhere (issue 13 point 13: its showcase link /study/course/detail/51
// said the course does not exist on demo). This reads README.md and opens every portal address in
// it on the test server: http(s)://[code.]localhost:8080/study/… links and `/study/…` or
// `[code.]localhost:8080/study/…` in backticks. The host's first label picks the tenant; plain
// localhost and a bare path are the default tenant, demo (README says so). A path with a {placeholder}
// or an ellipsis is a pattern, not an address, and is left out. An address that asks for sign-in is opened again
// signed in with the account README names (admin for the back-office, else learner). It fails when
// the address lands on /error, the not-found or route error view, or a page saying the thing does
// not exist. A course page must also show the chapters (第N章 …) its paragraph promises.

const port = inject('port');
const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

interface TenantFile { code: string; users: { account: string; password: string }[] }
const tenantFile = (code: string): TenantFile => {
  const name = code === 'campus' ? 'campus-1533' : code;
  return JSON.parse(readFileSync(new URL(`../../templates/tenants/${name}.json`, import.meta.url), 'utf8')) as TenantFile;
};

interface ReadmeLink { tenant: string; path: string; paragraph: string }

/** Every portal address of README, once per tenant and path, with the paragraph it is in. */
function readmeLinks(text: string): ReadmeLink[] {
  const found = new Map<string, ReadmeLink>();
  const add = (code: string | undefined, path: string, paragraph: string) => {
    const clean = path.replace(/[.,;:!?)]+$/, '');
    if (/[{…]|\.\.\./.test(path)) return;
    const tenant = code ?? 'demo';
    found.set(`${tenant} ${clean}`, { tenant, path: clean, paragraph });
  };
  for (const paragraph of text.split(/\n\s*\n/)) {
    for (const m of paragraph.matchAll(/https?:\/\/(?:([a-z0-9-]+)\.)?localhost:8080(\/study\/[^\s<>()`'"\]|]*)/g)) add(m[1], m[2]!, paragraph);
    for (const m of paragraph.matchAll(/`(?:(?:https?:\/\/)?(?:([a-z0-9-]+)\.)?localhost:8080)?(\/study\/[^`\s]*)`/g)) add(m[1], m[2]!, paragraph);
  }
  return [...found.values()];
}

const origin = (tenant: string) => (tenant === 'demo' ? `http://localhost:${port}` : `http://${tenant}.localhost:${port}`);

/** Waits until the page's chunks and calls are done and no skeleton is left (a page still loading). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 8_000 }).catch(() => {});
  await expect.poll(() => page.locator('[class*="skeleton"]').count(), { timeout: UI_TIMEOUT, interval: 100 }).toBe(0);
}

/** Signs in on the login page the portal sent us to; it goes back to the address afterwards. */
async function signIn(page: Page, link: ReadmeLink): Promise<void> {
  const account = link.path.startsWith('/study/sub_admin') ? 'admin' : 'learner';
  const user = tenantFile(link.tenant).users.find((u) => u.account === account);
  expect(user, `README sends ${link.tenant} ${link.path} to sign-in, but templates/tenants has no ${account} on ${link.tenant}`).toBeDefined();
  await page.getByTestId('login-account').fill(user!.account);
  await page.getByTestId('login-password').fill(user!.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/study/login'), { timeout: UI_TIMEOUT });
  await settle(page);
}

/** Why the page is not the page README promised, or null. */
async function whatIsWrong(page: Page, link: ReadmeLink): Promise<string | null> {
  const path = new URL(page.url()).pathname;
  if (path === '/study/error') return 'it lands on /study/error';
  if (await page.getByTestId('not-found').count()) return 'it shows the not-found page';
  if (await page.locator('.portal-result__icon--error').count()) return 'it shows the route error view';
  const text = await page.locator('body').innerText();
  const missing = text.match(/[^\n]*(不存在|does not exist|not found)[^\n]*/i);
  if (missing) return `it says "${missing[0].trim()}"`;
  if (link.path.startsWith('/study/course/detail/')) {
    for (const chapter of link.paragraph.match(/第\d+章 \S+/g) ?? []) {
      // The chapters come with the course's second call: give them the time a slow machine needs.
      const shown = await page.getByText(chapter, { exact: false }).first().waitFor({ timeout: UI_TIMEOUT }).then(() => true, () => false);
      if (!shown) return `README promises the chapter ${chapter}, which the page does not show`;
    }
  }
  return null;
}

const links = readmeLinks(README);

describe('README links', () => {
  test('README names portal addresses on several tenants, the showcase course and the back-office among them', () => {
    expect(new Set(links.map((l) => l.tenant)).size).toBeGreaterThanOrEqual(4);
    expect(links.some((l) => l.path.startsWith('/study/course/detail/'))).toBe(true);
    expect(links.some((l) => l.path === '/study/sub_admin/myAdmin')).toBe(true);
  });

  for (const link of links) {
    test(`${link.tenant}: ${link.path} opens a page`, { timeout: 60_000 }, async ({ page }) => {
      await page.goto(`${origin(link.tenant)}${link.path}`);
      await settle(page);
      const landed = new URL(page.url()).pathname;
      if (landed.startsWith('/study/login') && !link.path.startsWith('/study/login')) await signIn(page, link);
      const wrong = await whatIsWrong(page, link);
      expect(wrong, `README's ${origin(link.tenant)}${link.path}: ${wrong}`).toBeNull();
    });
  }
});
