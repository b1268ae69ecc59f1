import type { Page, Request } from 'playwright-core';
import { BASE_PATH } from '../../src/lib/constants';

// How the accessibility gate (a11y-gate.test.ts) visits a page inside the running app and knows
// it has come to rest, and the bound that names a page which never does.

/**
 * What a page's markup waits for: its document, code, styles and API calls. Pictures, media and
 * fonts change no element and no accessible name, and a home streams them (banners, audio, video)
 * until settle()'s bound: counting them made every home wait the full 5 s.
 */
const SETTLING = new Set(['document', 'script', 'stylesheet', 'xhr', 'fetch']);

/** Requests under way that the page's markup waits for (chunks, API calls), counted from the page's events. */
const inflight = new WeakMap<Page, { count: number }>();
export function watchRequests(page: Page): void {
  const state = { count: 0 };
  inflight.set(page, state);
  const counted = new WeakSet<Request>();
  page.on('request', (request) => {
    if (!SETTLING.has(request.resourceType())) return;
    counted.add(request);
    state.count++;
  });
  const done = (request: Request) => {
    if (counted.delete(request)) state.count--;
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

const LOADING = '.ant-skeleton, .portal-skeleton, .w-banner-skeleton, .w-card-skeleton, .w-rows-skeleton, .ant-spin-spinning';

/** Waits until no request has been under way for 100 ms and no skeleton or spinner shows (at most 5 s). */
export async function settle(page: Page): Promise<void> {
  const state = inflight.get(page)!;
  const end = Date.now() + 5_000;
  let quietSince = Date.now();
  while (Date.now() < end) {
    await page.waitForTimeout(30);
    if (state.count > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 100 && (await page.locator(LOADING).count()) === 0) return;
  }
}

/** The back-office's pages run in a document of their own (src/components/own-document.tsx). */
const OWN_DOCUMENT = '/study/sub_admin/';

/** The path the page's current document was loaded at (history navigation does not change it). */
async function documentPath(page: Page): Promise<string> {
  return page.evaluate(() => new URL((performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.name ?? location.href).pathname);
}

/**
 * Goes to `address` inside the running app (history navigation), or loads it when on another
 * origin, or when it crosses into or out of the back-office's own document: there the app
 * reloads the address itself, and axe would run in the document being replaced (CI saw
 * "Execution context was destroyed" twice in one audit).
 */
export async function visit(page: Page, base: string, address: string): Promise<void> {
  const sameDocument = page.url().startsWith(`${base}/study`)
    && (await documentPath(page)).startsWith(OWN_DOCUMENT) === address.startsWith(OWN_DOCUMENT);
  if (sameDocument) {
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, address);
  } else {
    await page.goto(`${base}${address}`);
  }
  await rest(page);
  await shown(page);
}

/**
 * Waits (at most 10 s) until the layout shows the page of the window's address: a history
 * navigation is a transition, so the old page stays on screen while the new route's code and data
 * load, and settle() could end in that gap (CI audited /error's page under noticeDetail's address
 * once). A page outside the layout (sign-in) has no frame to wait for.
 */
async function shown(page: Page): Promise<void> {
  await page.waitForFunction((base) => {
    const frame = document.querySelector<HTMLElement>('main[data-location]');
    const path = location.pathname === base || location.pathname.startsWith(`${base}/`) ? location.pathname.slice(base.length) : location.pathname;
    return !frame || frame.dataset.location === path + location.search;
  }, BASE_PATH, { timeout: 10_000 }).catch(() => undefined);
  await settle(page);
}

/** Waits for the layout's navbar, the sign-in page, or the route error view (which has neither), then settles. */
export async function rest(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.locator('[data-testid="navbar"], [data-testid="login-page"], .portal-result').first().waitFor();
  await settle(page);
}

/**
 * One page's bound. A visit's own waits are bounded (UI_TIMEOUT, settle's 5 s), but axe runs in
 * the page, and a page whose main thread never comes back would hold the whole test until its
 * timeout with no word of which page it was (CI saw that once in a sample pass that takes 20 s
 * here). Past the bound the page is reported by name and the pass goes on in a fresh tab.
 */
export const PAGE_BOUND = 45_000;
export const STUCK = Symbol('stuck');
export async function bounded<T>(work: Promise<T>): Promise<T | typeof STUCK> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stuck = new Promise<typeof STUCK>((resolve) => { timer = setTimeout(() => resolve(STUCK), PAGE_BOUND); });
  try {
    return await Promise.race([work, stuck]);
  } finally {
    clearTimeout(timer);
  }
}

/** A new tab in the stuck tab's context (same session and variant); the stuck one is closed without waiting. */
export async function freshTab(stuck: Page): Promise<Page> {
  const page = await stuck.context().newPage();
  watchRequests(page);
  void stuck.close({ runBeforeUnload: false }).catch(() => undefined);
  return page;
}
