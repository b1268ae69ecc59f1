import type { Request } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { BATCH_PATH } from '../../schemas/batch-limits';
import { test, UI_TIMEOUT } from './browser';

// Issue 15 point 3 (data part): the first viewport's widget data of demo's home travels as one
// POST /cfg/api/batch (src/api/batch.ts, server/plugins/batch.ts), counted in Chromium.

const baseUrl = inject('baseUrl');

/** Start-up calls (tenant, settings, pages, template): not widget data, whether embedded in the HTML or called. */
const START_UP = ['/um/api/tenant/getByCode', '/um/api/tenant/get', '/cfg/api/store/getTenantStoreSetting', '/cfg/api/page/list', '/cfg/template/getPageV2', '/cfg/template/getPage'];
const API = /^\/(um|cfg|cm|train|exam|task|order|sm|dataapi|cmu|pm)\//;

/** The item paths of a batch request. */
function batchItems(request: Request): string[] {
  const body = JSON.parse(request.postData() ?? '{}') as { requests?: { url: string }[] };
  return (body.requests ?? []).map((item) => item.url.split('?')[0]!);
}

describe('demo home widget data', () => {
  test('travels as one batch before the blocks paint', async ({ page }) => {
    const direct: string[] = [];
    const batches: Request[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === BATCH_PATH && request.method() === 'POST') batches.push(request);
      else if (API.test(path) && !START_UP.includes(path)) direct.push(`${request.method()} ${path}`);
    });
    await page.goto(`${baseUrl}/study/home`);
    await page.locator('[data-block-type="course-list"]').first().getByRole('link').first().waitFor({ state: 'visible', timeout: UI_TIMEOUT });

    // The batch that carries widget data carries all of it: no widget call went out on its own.
    const widgetBatches = batches.filter((b) => batchItems(b).some((path) => !START_UP.includes(path)));
    expect(widgetBatches).toHaveLength(1);
    const items = batchItems(widgetBatches[0]!);
    expect(items).toContain('/cm/api/course/search');
    expect(items.length).toBeGreaterThanOrEqual(8);
    expect(direct).toEqual([]);
    const answer = await (await widgetBatches[0]!.response())!.json() as { success: boolean; data: { status: number; body: { success: boolean } }[] };
    expect(answer.success).toBe(true);
    expect(answer.data.map((item) => item.status)).toEqual(items.map(() => 200));
  });
});
