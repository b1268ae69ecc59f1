import pg from 'pg';
import type { Frame, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { tenantDb } from './db';
import { test, UI_TIMEOUT, signInAt } from './browser';

// The page designer in Chromium against the real server (issue 16 "Done when"): the demo admin
// creates a tab page with a navbar menu, drags a course list from the palette onto the canvas with
// the mouse, sets its title and count in the property panel, sees real courses in the preview
// iframe and publishes; a learner opens the page from the navbar and sees exactly that. The admin
// then publishes a changed page, restores the first version and publishes it: the learner sees the
// first one again. Screenshots of the designer go to .tmp/shots/designer-*.png.

const baseUrl = inject('baseUrl');
const poll = { timeout: UI_TIMEOUT, interval: 150 };
const DEMO = 1001;
const CODE = `Pzy_e2e${Date.now().toString(36)}`;
const MENU = '设计专题';
const SHOTS = new URL('../../.tmp/shots/', import.meta.url).pathname;

let db: pg.Client;
let courseTitles: Set<string>;

beforeAll(async () => {
  db = await tenantDb(DEMO);
  const { rows } = await db.query<{ title: string }>('select title from course where tenant_id = $1', [DEMO]);
  courseTitles = new Set(rows.map((r) => r.title));
  expect(courseTitles.size, 'the demo tenant needs courses').toBeGreaterThan(5);
});
afterAll(async () => {
  // Other e2e files count the navbar's menus: the page and its menu go again.
  await db.query('delete from navigate where tenant_id = $1 and page_code = $2', [DEMO, CODE]).catch(() => undefined);
  await db.end();
});

async function signIn(page: Page, account: string, password: string) {
  await signInAt(page, baseUrl, account, password);
}

/** The card titles of the course list in a document (the preview iframe, or the learner's page). */
async function cardTitles(scope: Page | FrameLocator | Frame, heading: string): Promise<string[]> {
  const section = scope.locator('section.w-section', { has: scope.getByRole('heading', { name: heading, exact: true }) });
  return section.locator('.w-card-title').allInnerTexts();
}

/** Sets a field of the property panel and waits for the draft to be saved. */
async function setField(admin: Page, label: string, value: string) {
  const form = admin.getByTestId('block-props-form-course-list');
  const field = form.getByLabel(label, { exact: true });
  await field.fill(value);
  await field.blur();
  await expect.poll(() => admin.getByTestId('save-state').getAttribute('data-state'), poll).toBe('saved');
}

async function publish(admin: Page) {
  await admin.getByTestId('designer-publish').click();
  const confirm = admin.getByTestId('publish-confirm');
  await expect.poll(() => confirm.isEnabled(), poll).toBe(true);
  await confirm.click();
  await admin.getByTestId('publish-dialog').waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
}

/** The learner opens the tab page from the navbar (in the row, or under 更多) and reads the list. */
async function learnerSees(learner: Page, heading: string): Promise<string[]> {
  await learner.goto(`${baseUrl}/study/home`);
  const navbar = learner.getByTestId('navbar');
  await navbar.waitFor({ timeout: UI_TIMEOUT });
  const inRow = navbar.getByRole('link', { name: MENU, exact: true });
  // A click on 更多's item while its dropdown is still opening can land on nothing (CI once stayed on
  // the home with the dropdown open): the learner tries again, as a person would, up to three times.
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (await inRow.count()) await inRow.first().click();
      else {
        // On a retry the learner moves away first and hovers again, as a person would. (Session 14's
        // failures here were the navbar refitting when the signed-in menu's code arrived after the
        // first paint, which moved 更多 from under the pointer: warm-start.ts now waits for that code
        // and the placeholder has the menu's width, so the row no longer moves.)
        await learner.mouse.move(0, 400);
        await learner.getByTestId('navbar-more').hover();
        const item = learner.getByTestId('navbar-more-item').filter({ hasText: MENU }).first();
        await item.waitFor({ state: 'visible', timeout: attempt < 3 ? 5_000 : UI_TIMEOUT });
        await item.click();
      }
      await learner.getByTestId('tab-page').waitFor({ timeout: attempt < 3 ? 5_000 : UI_TIMEOUT });
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
  expect(new URL(learner.url()).pathname).toBe(`/study/tabBarIndex/${CODE}`);
  await learner.getByRole('heading', { name: heading, exact: true }).waitFor({ timeout: UI_TIMEOUT });
  await expect.poll(async () => (await cardTitles(learner, heading)).length, poll).toBeGreaterThan(0);
  return cardTitles(learner, heading);
}

describe('page designer', () => {
  test('the admin builds, publishes and restores a tab page; the learner sees each published version', { timeout: 240_000 }, async ({ page: admin, openPage }) => {
    await admin.setViewportSize({ width: 1440, height: 900 });
    await signIn(admin, 'admin', 'Admin@2026');
    await admin.goto(`${baseUrl}/study/sub_admin/designer`);
    await admin.getByTestId('designer-page-list').waitFor({ timeout: UI_TIMEOUT });
    await admin.getByTestId('new-tab-page').click();
    await admin.getByTestId('create-page-name').fill('设计器专题');
    await admin.getByTestId('create-page-code').fill(CODE);
    await admin.getByTestId('create-page-menu').fill(MENU);
    await admin.getByTestId('create-page-ok').click();
    await admin.getByTestId('designer-toolbar').waitFor({ timeout: UI_TIMEOUT });
    const frame = admin.frameLocator('[data-testid="designer-frame"]');
    await frame.getByTestId('designer-preview').waitFor({ state: 'attached', timeout: UI_TIMEOUT });

    // A real mouse drag from the palette onto the empty page's drop zone.
    const item = admin.getByTestId('palette-course-list');
    await item.scrollIntoViewIfNeeded();
    const from = (await item.boundingBox())!;
    const zone = admin.locator('[data-zone="zone:page:0"]');
    await zone.waitFor({ state: 'attached', timeout: UI_TIMEOUT });
    await admin.mouse.move(from.x + 30, from.y + 12);
    await admin.mouse.down();
    await admin.mouse.move(from.x + 50, from.y + 30, { steps: 5 });
    const to = (await zone.boundingBox())!;
    await admin.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
    await expect.poll(() => zone.getAttribute('class'), poll).toContain('is-over');
    await admin.screenshot({ path: `${SHOTS}designer-drag.png` });
    await admin.mouse.up();
    await admin.getByTestId('outline-row-course-list-1').waitFor({ timeout: UI_TIMEOUT });

    // Title and count in the property panel; the preview shows that many real courses.
    await setField(admin, '标题', '精选好课');
    await setField(admin, '数量', '3');
    await frame.getByRole('heading', { name: '精选好课', exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(async () => (await cardTitles(frame, '精选好课')).length, poll).toBe(3);
    const previewed = await cardTitles(frame, '精选好课');
    for (const title of previewed) expect(courseTitles.has(title), `${title} is a course of the tenant`).toBe(true);
    await admin.screenshot({ path: `${SHOTS}designer-edit.png` });
    await publish(admin);

    const learner = await openPage();
    await signIn(learner, 'learner', 'Study@2026');
    expect(await learnerSees(learner, '精选好课')).toEqual(previewed);

    // A second version: another title and count, published too.
    await setField(admin, '标题', '本周新课');
    await setField(admin, '数量', '5');
    await expect.poll(async () => (await cardTitles(frame, '本周新课')).length, poll).toBe(5);
    await publish(admin);
    expect(await learnerSees(learner, '本周新课')).toHaveLength(5);

    // History: restore version 1, publish it; the learner sees the first page again.
    await admin.getByTestId('designer-history').click();
    const first = admin.getByTestId('history-version-1');
    await first.waitFor({ timeout: UI_TIMEOUT });
    await first.getByRole('button', { name: /^(恢\s?复|Restore) / }).click();
    await admin.locator('.ant-modal-confirm').getByRole('button', { name: /恢复为草稿|Restore as draft/ }).click();
    await frame.getByRole('heading', { name: '精选好课', exact: true }).waitFor({ timeout: UI_TIMEOUT });
    await admin.screenshot({ path: `${SHOTS}designer-restored.png` });
    await admin.locator('.ant-drawer-close').click();
    await admin.locator('.ant-drawer-content').waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
    await publish(admin);
    expect(await learnerSees(learner, '精选好课')).toEqual(previewed);
  });
});
