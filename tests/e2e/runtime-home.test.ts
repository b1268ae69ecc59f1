import { readFileSync } from 'node:fs';
import type { Page, Response } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { embeddedBlockData, embeddedBootstrap } from '../support/embedded-json';
import { saveScreenshot, test, UI_TIMEOUT } from './browser';

// The runtime home pages against the built app and a real server: each demo tenant's home shows
// the blocks of the template its tenant file names (templates/pages/*.json), and the list widgets
// show the rows the API answered. Expectations come from the template files.

interface StoredBlock {
  id: string;
  type: string;
  condition?: { audience?: string | string[] };
  slots?: Record<string, StoredBlock[]>;
}

interface TenantHome {
  code: string;
  host: string | null;
  pageCode: string;
  templateFile: string;
  /** The list widget whose rows are checked against the API, and the call that feeds it. */
  list: { type: string; call: string };
}

const baseUrl = inject('baseUrl');
const port = inject('port');
const poll = { timeout: UI_TIMEOUT, interval: 100 };

function tenantHome(code: string, pageCode: string, list: TenantHome['list'], host: string | null = code): TenantHome {
  const file = new URL(`../../templates/tenants/${code === 'campus' ? 'campus-1533' : code}.json`, import.meta.url);
  const tenant = JSON.parse(readFileSync(file, 'utf8')) as { pages: { pageCode: string; templateFile?: string }[] };
  const templateFile = tenant.pages.find((p) => p.pageCode === pageCode)?.templateFile;
  if (!templateFile) throw new Error(`templates/tenants/${code}.json has no page ${pageCode} with a templateFile; the e2e test reads its expectation from it.`);
  return { code, host, pageCode, templateFile, list };
}

/** Ids of the blocks a guest sees: no condition, or one whose audience includes guest. */
function guestBlockIds(templateFile: string): string[] {
  const template = JSON.parse(readFileSync(new URL(`../../templates/pages/${templateFile}`, import.meta.url), 'utf8')) as { blocks: StoredBlock[] };
  const forGuest = (b: StoredBlock) => {
    const audience = b.condition?.audience;
    return audience === undefined || (Array.isArray(audience) ? audience.includes('guest') : audience === 'guest');
  };
  const walk = (blocks: StoredBlock[]): string[] => blocks.filter(forGuest).flatMap((b) => [b.id, ...Object.values(b.slots ?? {}).flatMap(walk)]);
  return walk(template.blocks);
}

const homes: TenantHome[] = [
  tenantHome('demo', 'demo_home', { type: 'course-list', call: '/cm/api/course/search' }, null),
  tenantHome('acme', 'acme_home', { type: 'course-list', call: '/cm/api/course/search' }),
  tenantHome('shop', 'shop_home', { type: 'product-list', call: '/order/api/product/search' }),
  tenantHome('campus', 'campus_home', { type: 'course-list', call: '/cm/api/course/search' }),
];

const urlOf = (home: TenantHome, path: string) => (home.host ? `http://${home.host}.localhost:${port}${path}` : `${baseUrl}${path}`);

/** A response that answers `call`: the call itself, or a batch carrying it (src/api/batch.ts, issue 15). */
function answers(response: Response, call: string): boolean {
  const path = new URL(response.url()).pathname;
  if (path === call) return response.status() === 200;
  return path === '/cfg/api/batch' && response.status() === 200 && (response.request().postData() ?? '').includes(`"${call}?`);
}

/** The titles of the first successful answer of a list call, sent alone or inside a batch. */
async function listTitles(response: Response, call: string): Promise<string[]> {
  let body = (await response.json()) as { success: boolean; data: unknown };
  if (new URL(response.url()).pathname !== call) {
    const items = (JSON.parse(response.request().postData() ?? '{}') as { requests: { url: string }[] }).requests;
    const index = items.findIndex((item) => item.url.startsWith(`${call}?`));
    body = (body.data as { body: typeof body }[])[index]!.body;
  }
  expect(body.success).toBe(true);
  return (body.data as { list: { title: string }[] }).list.map((row) => row.title);
}

/** The titles of each answer of the list call the HTML carried, or null when it carried none. */
function embeddedTitles(html: string, call: string): string[][] | null {
  const carried = (embeddedBlockData(html)?.answers ?? {}) as Record<string, { list?: { title: string }[] }>;
  const keys = Object.keys(carried).filter((k) => k === call || k.startsWith(`${call}?`));
  return keys.length ? keys.map((key) => (carried[key]!.list ?? []).map((row) => row.title)) : null;
}

/**
 * The first of the page's responses that `matches`, waited for. Read from the responses recorded
 * since before the page was opened, so an answer that came early is not missed.
 */
async function recorded(responses: Response[], matches: (r: Response) => boolean, what: string): Promise<Response> {
  await expect.poll(() => responses.some(matches), { ...poll, message: `the page never received ${what}` }).toBe(true);
  return responses.find(matches)!;
}

/**
 * The start-up answers of a page's HTML once it carries its template. The server sends a page
 * without them when the database is late (800 ms); a claim about a page that carries them asks
 * until one does, which also warms the server's caches for the load that follows.
 */
async function carried(path: string) {
  let html = '';
  await expect.poll(async () => {
    html = await (await fetch(`${baseUrl}${path}`, { headers: { accept: 'text/html' } })).text();
    return embeddedBootstrap(html)?.template !== undefined;
  }, poll).toBe(true);
  return embeddedBootstrap(html)!;
}

/** What the page sends whose path or batched body matches `pattern` (first 120 characters each), recorded from now on. */
function askedFor(page: Page, pattern: RegExp): string[] {
  const asked: string[] = [];
  page.on('request', (r) => {
    const sent = `${new URL(r.url()).pathname} ${r.postData() ?? ''}`;
    if (pattern.test(sent)) asked.push(sent.slice(0, 120));
  });
  return asked;
}

async function expectBlocks(page: Page, ids: string[]): Promise<void> {
  for (const id of ids) await page.locator(`[data-block-id="${id}"]`).first().waitFor({ state: 'attached' });
}

describe('runtime home pages', () => {
  test.for(homes)('$code home shows the blocks of $templateFile with rows from the API', async (home, { page }) => {
    // The template and a guest's list answers come in the HTML (issue 15 point 3, schemas/bootstrap.ts),
    // or, when the server sent the page without them (it waits only so long for them), from the API.
    const responses: Response[] = [];
    page.on('response', (r) => { responses.push(r); });
    const html = await (await page.goto(urlOf(home, '/study/home')))!.text();
    const embedded = embeddedBootstrap(html);
    const template = embedded?.template
      ? { success: true, data: embedded.template }
      : ((await (await recorded(responses, (r) => new URL(r.url()).pathname === '/cfg/template/getPageV2', 'getPageV2')).json()) as { success: boolean; data: { pageCode: string } });
    expect(template).toMatchObject({ success: true, data: { pageCode: home.pageCode } });

    const ids = guestBlockIds(home.templateFile);
    expect(ids.length).toBeGreaterThan(3);
    await expectBlocks(page, ids);
    await expect.poll(() => page.locator('[data-block-id]').count(), poll).toBe(ids.length);

    // The list widget shows the rows the server answered (not fixtures, not placeholders).
    // The HTML carries one answer per distinct request (shop's lists ask the same call with other
    // filters): the block shows the first row of one of them.
    const lists = embeddedTitles(html, home.list.call) ?? [await listTitles(await recorded(responses, (r) => answers(r, home.list.call), home.list.call), home.list.call)];
    const firsts = lists.map((titles) => titles[0]).filter((title): title is string => title !== undefined);
    expect(firsts.length).toBeGreaterThan(0);
    const block = page.locator(`[data-block-type="${home.list.type}"]`).first();
    await expect.poll(async () => {
      const text = await block.innerText();
      return firsts.some((title) => text.includes(title));
    }, poll).toBe(true);
    expect(await page.locator('[data-testid="block-placeholder"]').count()).toBe(0);
    await expect.poll(() => page.locator('.rt-block-loading').count(), poll).toBe(0);
    await saveScreenshot(page, `runtime-home-${home.code}`);
  });

  test("demo's second home page, opened by its id (/home/{pageId}), starts from the HTML with no start-up call", async ({ page }) => {
    // The path's id is start-up's first guess at a tenant (spec shell §2); the HTML says it names
    // none (schemas/bootstrap.ts pathIdNamesNoTenant), so nothing is asked about it or the tenant.
    const skills = tenantHome('demo', 'demo_skills', { type: 'course-list', call: '/cm/api/course/search' }, null);
    const pageId = (await carried('/study/home')).homePages.find((p) => p.pageCode === skills.pageCode)?.pageId;
    expect(pageId, 'demo lists demo_skills among its home pages').toBeDefined();
    expect(await carried(`/study/home/${pageId}`)).toMatchObject({ pathIdNamesNoTenant: pageId, template: { pageId } });
    const asked = askedFor(page, /\/um\/api\/tenant\/|\/cfg\/api\/store\/getTenantStoreSetting|\/cfg\/api\/page\/list|\/cfg\/template\/getPageV2/);
    const html = await (await page.goto(`${baseUrl}/study/home/${pageId}`))!.text();
    const cameLate = embeddedBootstrap(html)?.template === undefined;
    const ids = guestBlockIds(skills.templateFile);
    await expectBlocks(page, ids);
    await expect.poll(() => page.locator('[data-block-id]').count(), poll).toBe(ids.length);
    expect(await page.getByTestId('home-page').getAttribute('data-page-id')).toBe(String(pageId));
    // A page the server sent without its answers (the database was late) asks for them, as it should.
    if (!cameLate) expect(asked).toEqual([]);
  });

  test('the demo tab page /tabBarIndex/Pzy_resources shows its blocks, from the template and answers its HTML carried', async ({ page }) => {
    const tab = tenantHome('demo', 'Pzy_resources', { type: 'content-list', call: '/cm/api/content/search' }, null);
    // What the page asks the API for: the template, or a block's data the HTML carried an answer to.
    const asked = askedFor(page, /getPageV2|\/cm\/api\/content\/search/);
    const path = `/study/tabBarIndex/Pzy_resources?pageCodeTitle=${encodeURIComponent('学习资源')}`;
    expect((await carried(path)).template?.pageCode).toBe('Pzy_resources');
    const html = await (await page.goto(`${baseUrl}${path}`))!.text();
    const ids = guestBlockIds(tab.templateFile);
    await expectBlocks(page, ids);
    await expect.poll(() => page.title(), poll).toContain('学习资源');
    // The server sends the page without them when the database is late; then the page asks, as it should.
    const cameWith = embeddedBootstrap(html)?.template?.pageCode === 'Pzy_resources' && embeddedTitles(html, tab.list.call) !== null;
    if (cameWith) expect(asked).toEqual([]);
  });

  test('the AI tenant\'s home goes to /robot, which goes on to /robot/talk', async ({ page }) => {
    await page.goto(`http://ai.localhost:${port}/study/home`);
    await page.waitForURL((url) => url.pathname === '/study/robot/talk' || url.pathname === '/study/error', { timeout: UI_TIMEOUT });
    expect(new URL(page.url()).pathname).toBe('/study/robot/talk');
    expect(await page.locator('[data-block-id]').count()).toBe(0);
  });
});
