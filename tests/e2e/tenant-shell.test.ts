import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { saveScreenshot, test, UI_TIMEOUT } from './browser';

// spec shell §1–§2: the tenant shell (start-up, navbar, footer, history routing) against the built
// app and a real server. Expectations come from the demo tenant files, so editing a tenant's
// settings never needs a test change.

interface TenantFile {
  id: number;
  code: string;
  configList: { paramGroup: string; paramKey: string; paramValue: string }[];
  navigateList: { title: string; sort?: number; parentId?: number | null }[];
}

/** What the shell must show for one tenant, read from templates/tenants/<code>.json. */
interface TenantExpectation {
  id: number;
  code: string;
  appName: string;
  logoImg: string;
  topMenuTitles: string[];
  footStyle: string;
}

function config(tenant: TenantFile, group: string, key: string): string {
  const item = tenant.configList.find((c) => c.paramGroup === group && c.paramKey === key);
  if (!item) throw new Error(`templates/tenants/${tenant.code}.json has no configList item ${group}.${key}; the e2e test reads its expectation from it.`);
  return item.paramValue;
}

function expectationFor(code: string): TenantExpectation {
  const tenant = JSON.parse(readFileSync(new URL(`../../templates/tenants/${code}.json`, import.meta.url), 'utf8')) as TenantFile;
  const footer = JSON.parse(config(tenant, 'PcFoot', 'footer')) as { footStyle?: number };
  return {
    id: tenant.id,
    code: tenant.code,
    appName: config(tenant, 'PcStartup', 'appName'),
    logoImg: config(tenant, 'PcStartup', 'logoImg'),
    topMenuTitles: tenant.navigateList
      .filter((n) => n.parentId == null)
      .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
      .map((n) => n.title),
    footStyle: String(footer.footStyle ?? 0),
  };
}

const demo = expectationFor('demo');
const acme = expectationFor('acme');
const baseUrl = inject('baseUrl');
const port = inject('port');
const tenantUrl = (code: string, path: string) => `http://${code}.localhost:${port}${path}`;
const poll = { timeout: UI_TIMEOUT, interval: 100 };

/** Waits for the shell to finish start-up: the navbar shows an app name and Loading is gone. */
async function waitForShell(page: Page): Promise<void> {
  await page.getByTestId('navbar-app-name').first().waitFor({ state: 'visible' });
  await page.getByTestId('app-loading').first().waitFor({ state: 'hidden' });
}

/** Checks the navbar, title and footer against one tenant's settings. */
async function expectShellOf(page: Page, tenant: TenantExpectation): Promise<void> {
  await waitForShell(page);
  await expect.poll(() => page.getByTestId('navbar-app-name').first().innerText(), poll).toBe(tenant.appName);

  const logo = page.getByTestId('navbar-logo').first();
  await logo.waitFor({ state: 'visible' });
  expect(await logo.evaluate((el) => el.tagName)).toBe('IMG');
  expect(await logo.getAttribute('src')).toMatch(new RegExp(`${escapeRegExp(tenant.logoImg)}$`));
  // The logo must really load from /uploads, not just carry the right src.
  await logo.evaluate(
    (el) =>
      new Promise<void>((resolve, reject) => {
        const img = el as HTMLImageElement;
        const settle = () => (img.naturalWidth > 0 ? resolve() : reject(new Error(`The navbar logo ${img.currentSrc} did not load (naturalWidth 0).`)));
        if (img.complete) settle();
        else {
          img.addEventListener('load', settle, { once: true });
          img.addEventListener('error', settle, { once: true });
        }
      }),
  );

  await expect
    .poll(async () => (await page.getByTestId('navbar-menu').allInnerTexts()).map((t) => t.trim()), poll)
    .toEqual(tenant.topMenuTitles);
  await expect.poll(() => page.title(), poll).toContain(tenant.appName);
  await expect.poll(() => page.getByTestId('footer').first().getAttribute('data-foot-style'), poll).toBe(tenant.footStyle);
}

/** The navbar's painted background: the nearest ancestor of the app name that paints one. */
function navbarBackground(page: Page): Promise<string> {
  return page.getByTestId('navbar-app-name').first().evaluate((start) => {
    const painted = (el: Element) => {
      const s = getComputedStyle(el);
      return s.backgroundImage !== 'none' || !/^(transparent|rgba\(0, 0, 0, 0\))$/.test(s.backgroundColor);
    };
    let el: Element | null = start.closest('[data-testid="navbar"]') ?? start;
    while (el && !painted(el)) el = el.parentElement;
    if (!el) return 'none';
    const s = getComputedStyle(el);
    return `${s.backgroundColor} ${s.backgroundImage}`;
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('tenant shell', () => {
  test('a host that names no tenant shows the default tenant (demo)', async ({ page }) => {
    const response = await page.goto(`${baseUrl}/study/home`);
    expect(response?.status()).toBe(200);
    await expectShellOf(page, demo);
    await saveScreenshot(page, `home-${demo.code}`);
  });

  test('acme.localhost shows the acme tenant with its own navbar colours', async ({ page, openPage }) => {
    await page.goto(tenantUrl(acme.code, '/study/home'));
    await expectShellOf(page, acme);
    await saveScreenshot(page, `home-${acme.code}`);
    expect(acme.footStyle).not.toBe(demo.footStyle);

    const demoPage = await openPage();
    await demoPage.goto(`${baseUrl}/study/home`);
    await expectShellOf(demoPage, demo);
    expect(await navbarBackground(page)).not.toBe(await navbarBackground(demoPage));
  });

  test('a host naming an unknown tenant says 暂无企业ID', async ({ page }) => {
    await page.goto(tenantUrl('nosuch', '/study/home'));
    await page.getByText('暂无企业ID').first().waitFor({ state: 'visible' });
    // An unknown tenant must not fall back to the default tenant's shell.
    expect(await page.getByText(demo.appName, { exact: true }).count()).toBe(0);
  });
});

describe('history routing under /study', () => {
  test('a deep unknown path is served index.html and the client ends on /study/error', async ({ page }) => {
    const raw = await fetch(`${baseUrl}/study/some/deep/path`);
    expect(raw.status).toBe(200);
    expect(raw.headers.get('content-type')).toMatch(/^text\/html/);
    await raw.text();

    const response = await page.goto(`${baseUrl}/study/some/deep/path`);
    expect(response?.status()).toBe(200);
    await page.waitForURL((url) => url.pathname === '/study/error');
  });

  test('/study/<tenant id> redirects to /study/home/<id> and shows that tenant', async ({ page }) => {
    await page.goto(`${baseUrl}/study/${acme.id}`);
    await page.waitForURL((url) => url.pathname === `/study/home/${acme.id}`);
    await waitForShell(page);
    await expect.poll(() => page.getByTestId('navbar-app-name').first().innerText(), poll).toBe(acme.appName);
  });
});

describe('API and docs on the same origin', () => {
  test('an unknown API path is an envelope 404', async ({ page }) => {
    await page.goto(`${baseUrl}/study/home`);
    const result = await page.evaluate(async () => {
      const res = await fetch('/um/api/nosuch', { headers: { accept: 'application/json' } });
      return { status: res.status, body: (await res.json()) as unknown };
    });
    expect(result.status).toBe(404);
    expect(result.body).toMatchObject({ success: false, code: 404 });
  });

  test('/docs serves the OpenAPI UI and /docs/json lists the store settings call', async ({ page }) => {
    const response = await page.goto(`${baseUrl}/docs`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toMatch(/^text\/html/);
    await page.locator('#swagger-ui').waitFor({ state: 'attached' });

    const spec = await page.evaluate(async () => {
      const res = await fetch('/docs/json');
      return { status: res.status, body: (await res.json()) as { paths?: Record<string, unknown> } };
    });
    expect(spec.status).toBe(200);
    expect(Object.keys(spec.body.paths ?? {})).toContain('/cfg/api/store/getTenantStoreSetting');
  });
});
