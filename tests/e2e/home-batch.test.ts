import type { Page, Request } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { BATCH_PATH } from '../../schemas/batch-limits';
import { test, UI_TIMEOUT } from './browser';

// Issue 15 point 3 (data part). A guest's home arrives with its blocks' answers in the HTML
// (server/plugins/bootstrap.ts): no API call and no transport (axios) before or after the blocks
// paint. A signed-in learner's answers may differ from a guest's, so their home asks, and its widget
// data travels as one POST /cfg/api/batch (src/api/batch.ts, server/plugins/batch.ts). Counted in Chromium.

const baseUrl = inject('baseUrl');

/** Start-up calls (tenant, settings, pages, template): not widget data, whether embedded in the HTML or called. */
const START_UP = ['/um/api/tenant/getByCode', '/um/api/tenant/get', '/cfg/api/store/getTenantStoreSetting', '/cfg/api/page/list', '/cfg/template/getPageV2', '/cfg/template/getPage'];
const API = /^\/(um|cfg|cm|train|exam|task|order|sm|dataapi|cmu|pm)\//;

/** The item paths of a batch request. */
function batchItems(request: Request): string[] {
  const body = JSON.parse(request.postData() ?? '{}') as { requests?: { url: string }[] };
  return (body.requests ?? []).map((item) => item.url.split('?')[0]!);
}

/** Records the page's API calls (batches apart) and the scripts it loads. */
function watch(page: Page) {
  const seen = { direct: [] as string[], batches: [] as Request[], scripts: [] as string[] };
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.resourceType() === 'script' || path.endsWith('.js')) seen.scripts.push(path);
    if (path === BATCH_PATH && request.method() === 'POST') seen.batches.push(request);
    else if (API.test(path) && !START_UP.includes(path)) seen.direct.push(`${request.method()} ${path}`);
  });
  return seen;
}

const firstCourseLink = (page: Page) => page.locator('[data-block-type="course-list"]').first().getByRole('link').first();

describe('demo home widget data', () => {
  test("comes with a guest's page: no API call and no transport chunk", async ({ page }) => {
    // A first visit warms the server's statements: a cold one may answer after the HTML's limit,
    // and then the blocks ask for themselves (the other path, below).
    await page.goto(`${baseUrl}/study/home`);
    await firstCourseLink(page).waitFor({ state: 'visible', timeout: UI_TIMEOUT });
    await page.context().clearCookies();
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    const seen = watch(page);
    await page.goto(`${baseUrl}/study/home`);
    await firstCourseLink(page).waitFor({ state: 'visible', timeout: UI_TIMEOUT });
    // Every block has painted its content (nothing still loading), and the network has gone quiet.
    await expect.poll(() => page.locator('[data-block-id] [aria-busy="true"]').count(), { timeout: UI_TIMEOUT }).toBe(0);
    await page.waitForLoadState('networkidle');
    expect(seen.batches).toEqual([]);
    expect(seen.direct).toEqual([]);
    expect(seen.scripts.filter((path) => /\/(axios|transport)-[\w-]+\.js$/.test(path))).toEqual([]);
  });

  test("travels as one batch for a signed-in learner, whose answers are not a guest's", async ({ page }) => {
    await page.goto(`${baseUrl}/study/login`);
    await page.getByTestId('login-account').fill('learner');
    await page.getByTestId('login-password').fill('Study@2026');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('user-menu').waitFor({ timeout: UI_TIMEOUT });
    const seen = watch(page);
    await page.goto(`${baseUrl}/study/home`);
    await firstCourseLink(page).waitFor({ state: 'visible', timeout: UI_TIMEOUT });
    // Every block has its content: the blocks mount in the page's first commit, their data after it.
    await expect.poll(() => page.locator('[data-block-id] [aria-busy="true"]').count(), { timeout: UI_TIMEOUT }).toBe(0);

    // The batch that carries widget data carries all of it: no widget call went out on its own.
    const widgetBatches = seen.batches.filter((b) => batchItems(b).some((path) => !START_UP.includes(path)));
    expect(widgetBatches).toHaveLength(1);
    const items = batchItems(widgetBatches[0]!);
    expect(items).toContain('/cm/api/course/search');
    expect(items.length).toBeGreaterThanOrEqual(8);
    // The shell's own calls (the user, counts) may go alone; no block's list call does.
    expect(seen.direct.filter((call) => /\/(search|searchAuth|rank|banner)$/.test(call))).toEqual([]);
    const answer = await (await widgetBatches[0]!.response())!.json() as { success: boolean; data: { status: number; body: { success: boolean } }[] };
    expect(answer.success).toBe(true);
    expect(answer.data.map((item) => item.status)).toEqual(items.map(() => 200));
  });
});
