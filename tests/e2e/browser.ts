import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { test as baseTest } from 'vitest';

/** Debian's Chromium (DESIGN "Testing"); CHROMIUM_PATH points elsewhere. Never `npx playwright install`. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Flags for a quiet, deterministic headless Chromium; the last one lets tenant hosts reach the test server. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--host-resolver-rules=MAP *.localhost 127.0.0.1',
];

/** Desktop viewport: wider than every demo tenant's pageWidth (1280, 1320) plus a scrollbar. */
export const VIEWPORT = { width: 1440, height: 900 } as const;

/** Default wait for locators and navigations; a condition wait, never a sleep. */
export const UI_TIMEOUT = 20_000;

/** Where screenshots go (gitignored). */
export const SCREENSHOT_DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));

/** Launches headless Chromium from CHROMIUM_PATH with CHROMIUM_ARGS. */
export async function launchChromium(): Promise<Browser> {
  try {
    return await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, timeout: 60_000 });
  } catch (error) {
    throw new Error(
      `Chromium did not start from ${CHROMIUM_PATH}; install it with "sudo apt-get install -y chromium fonts-noto-cjk" or set CHROMIUM_PATH. ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** What a page printed: console errors and uncaught exceptions, kept for the failure report. */
export interface PageLog {
  lines: string[];
}

const pageLogs = new WeakMap<Page, PageLog>();

/** Opens a page in a fresh context (no shared cookies or storage) at the desktop viewport. */
export async function openPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'zh-CN', serviceWorkers: 'block' });
  context.setDefaultTimeout(UI_TIMEOUT);
  context.setDefaultNavigationTimeout(UI_TIMEOUT);
  const page = await context.newPage();
  const log: PageLog = { lines: [] };
  pageLogs.set(page, log);
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') log.lines.push(`[console.${msg.type()}] ${msg.text()}`);
  });
  page.on('pageerror', (error) => log.lines.push(`[pageerror] ${error.stack ?? error.message}`));
  page.on('requestfailed', (req) => log.lines.push(`[requestfailed] ${req.method()} ${req.url()} ${req.failure()?.errorText ?? ''}`));
  page.on('response', (res) => {
    if (res.status() >= 400) log.lines.push(`[http ${res.status()}] ${res.request().method()} ${res.url()}`);
  });
  return page;
}

/** Turns a test or shot name into a file name: letters (any script), digits and dashes. */
/** Signs in on the login page of `baseUrl` and waits for the user menu (the e2e journeys' sign-in). */
export async function signInAt(page: Page, baseUrl: string, account: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/study/login`);
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('user-menu').waitFor({ timeout: UI_TIMEOUT });
}

export function fileSafeName(name: string): string {
  return name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 120) || 'page';
}

/**
 * Whether the tests' own screenshots of pages that worked are taken (E2E_SCREENSHOTS=1). They are
 * for a person looking at the pages, and asserted by nothing; about 50 full-page PNGs cost 0.5–2 s
 * each on the 2-core CI machine. A failed test's screenshot is always taken.
 */
export const KEEP_SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

async function writeScreenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const file = join(SCREENSHOT_DIR, `${fileSafeName(name)}.png`);
  await page.screenshot({ path: file, fullPage: true, timeout: 10_000 });
  return file;
}

/** Saves a full-page screenshot to tests/e2e/screenshots/<name>.png when E2E_SCREENSHOTS=1; returns its path, or null when skipped. */
export async function saveScreenshot(page: Page, name: string): Promise<string | null> {
  return KEEP_SCREENSHOTS ? writeScreenshot(page, name) : null;
}

/** Saves the screenshot and the page log of a failed test; never throws (the test already failed). */
async function recordFailure(page: Page, name: string): Promise<void> {
  if (page.isClosed()) return;
  const notes: string[] = [];
  try {
    notes.push(`screenshot: ${await writeScreenshot(page, name)}`);
  } catch (error) {
    notes.push(`no screenshot: ${error instanceof Error ? error.message : String(error)}`);
  }
  const log = pageLogs.get(page);
  const logFile = join(SCREENSHOT_DIR, `${fileSafeName(name)}.log`);
  const body = [`url: ${page.url()}`, ...(log?.lines ?? [])].join('\n');
  await writeFile(logFile, `${body}\n`).then(() => notes.push(`page log: ${logFile}`), () => {});
  console.warn(`[e2e] ${name} failed; ${notes.join('; ')}`);
}

/** The full name of a test, suites included, for screenshot file names. */
function testName(task: { name: string; suite?: { name: string; suite?: unknown } }): string {
  const parts = [task.name];
  let suite = task.suite as { name: string; suite?: unknown } | undefined;
  while (suite && suite.name) {
    parts.unshift(suite.name);
    suite = suite.suite as { name: string; suite?: unknown } | undefined;
  }
  return parts.join(' ');
}

/**
 * Vitest `test` with browser fixtures:
 * - `browser`: one Chromium per worker, shared by the files that worker runs one after another
 *   (the e2e project runs its files in one worker without isolation, vitest.config.ts) instead of
 *   a launch per file. Tests share no state through it: every page comes in a fresh context
 *   (cookies, storage, cache of its own), closed after the test, and whatever context a file
 *   leaves open is closed when the file ends;
 * - `openPage()`: a new page in its own context; every page a test opened is screenshotted
 *   (with its console log) when the test fails, and closed afterwards;
 * - `page`: the test's first page.
 */
export const test = baseTest
  .extend('sharedChromium', { scope: 'worker' }, async ({}, { onCleanup }) => {
    const browser = await launchChromium();
    onCleanup(() => browser.close());
    return browser;
  })
  // The file's view of the shared Chromium: the contexts a file opened itself and left open (a
  // helper's context a test did not close) are closed when the file ends, as closing the file's
  // own Chromium did, so no page of one file runs on beside the next.
  .extend('browser', { scope: 'file' }, async ({ sharedChromium }, { onCleanup }) => {
    const before = new Set(sharedChromium.contexts());
    onCleanup(async () => {
      await Promise.all(sharedChromium.contexts().filter((c) => !before.has(c)).map((c) => c.close().catch(() => {})));
    });
    return sharedChromium;
  })
  .extend('openPage', async ({ browser, task }, { onCleanup }) => {
    const pages: Page[] = [];
    onCleanup(async () => {
      if (task.result?.state === 'fail') {
        const name = testName(task);
        await Promise.all(pages.map((p, i) => recordFailure(p, pages.length > 1 ? `${name} ${i + 1}` : name)));
      }
      await Promise.all(pages.map((p) => p.context().close().catch(() => {})));
    });
    return async (): Promise<Page> => {
      const page = await openPage(browser);
      pages.push(page);
      return page;
    };
  })
  .extend('page', async ({ openPage: open }) => open());
