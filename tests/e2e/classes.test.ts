import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { tenantDb } from './db';
import { saveScreenshot, test, UI_TIMEOUT } from './browser';

// Training classes (spec learning §2 "Classes", /classes/detail/{id}, study/myClasses), in Chromium
// against the real server: the demo learner opens 培训班 from the navbar, finds an enrolling class,
// opens it (its schedule links to the existing course pages), enrols after the confirmation, and
// finds the class in 我的培训班 in the personal center. The enrolment is checked in the database.

const baseUrl = inject('baseUrl');
const poll = { timeout: UI_TIMEOUT, interval: 100 };
const DEMO = 1001;

let db: pg.Client;
let learnerId = 0;
/** A public enrolling class of the demo tenant with places left that the learner is not in. */
let cls = { id: 0, title: '' };

beforeAll(async () => {
  db = await tenantDb(DEMO);
  const { rows: users } = await db.query<{ id: string }>(`select id from user_account where tenant_id = $1 and account = 'learner'`, [DEMO]);
  learnerId = Number(users[0]?.id);
  const { rows } = await db.query<{ id: string; title: string }>(
    `select c.id, c.title from training_class c where c.tenant_id = $1 and c.state = 1 and c.is_public and c.start_time > now()
       and (c.enrol_limit is null or c.enrol_count < c.enrol_limit)
       and not exists (select 1 from classes_member m where m.tenant_id = c.tenant_id and m.classes_id = c.id and m.user_id = $2)
     order by c.id limit 1`, [DEMO, learnerId]);
  cls = { id: Number(rows[0]?.id), title: rows[0]?.title ?? '' };
  expect(cls.id, 'the demo tenant needs an enrolling class with places').toBeGreaterThan(0);
});
afterAll(() => db.end());

/** The learner's membership state of the class (1 enrolled), or null. */
async function memberState(): Promise<number | null> {
  const { rows } = await db.query<{ state: number }>(
    `select state from classes_member where tenant_id = $1 and classes_id = $2 and user_id = $3`, [DEMO, cls.id, learnerId]);
  return rows[0]?.state ?? null;
}

describe('classes', () => {
  test('a learner opens 培训班 from the navbar, opens a class, enrols, and finds it in 我的培训班', async ({ page }) => {
    await page.goto(`${baseUrl}/study/login`);
    await page.getByTestId('login-account').fill('learner');
    await page.getByTestId('login-password').fill('Study@2026');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('user-menu').waitFor();
    // The 登录成功 toast sits over the middle of the navbar, where 培训班 is: let it go first.
    await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: UI_TIMEOUT });

    // The navbar arms its on-demand child-menu dropdown on the first hover: the anchor re-mounts
    // under it while antd's Dropdown loads, and a click landing in that moment is lost (a shell
    // matter, reported). Hover first, and click again until the address is the list's.
    const menu = page.getByTestId('navbar-menu').filter({ hasText: '培训班' }).first();
    await menu.hover();
    await expect.poll(async () => {
      if (!/\/study\/classes/.test(page.url())) await menu.click();
      return page.url();
    }, poll).toMatch(/\/study\/classes(\?|$)/);
    await page.getByTestId('class-list-results').waitFor();
    await page.getByRole('tab', { name: '报名中' }).click();
    await expect.poll(() => page.url(), poll).toContain('state=1');
    await page.getByLabel('搜索培训班名称').first().fill(cls.title);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url(), poll).toContain('searchValue=');
    await page.locator('[data-testid="class-list-results"][aria-busy="false"]').waitFor();
    const card = page.getByTestId('class-list-results').locator(`[data-card-id="${cls.id}"] a`).first();
    await card.waitFor();
    await saveScreenshot(page, 'classes-list');
    await card.click();

    await page.getByTestId('class-detail').waitFor();
    await page.waitForURL(new RegExp(`/study/classes/detail/${cls.id}$`), { timeout: UI_TIMEOUT });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(cls.title);
    expect(await page.getByTestId('class-state').textContent()).toBe('报名中');
    expect(await page.getByTestId('class-phase').count()).toBeGreaterThanOrEqual(2);
    // The schedule's courses open the course pages that exist.
    const courseLink = page.locator('[data-testid="class-schedule-item"][data-type="course"] a').first();
    expect(await courseLink.getAttribute('href')).toMatch(/^\/study\/course\/detail\/\d+$/);
    await saveScreenshot(page, 'classes-detail');

    await page.getByTestId('class-enrol').click();
    await page.getByRole('tooltip').getByRole('button', { name: /确\s*定/ }).click();
    await page.getByTestId('class-cancel').waitFor({ timeout: UI_TIMEOUT });
    expect(await page.getByTestId('class-membership').textContent()).toContain('已报名');
    await expect.poll(memberState, poll).toBe(1);
    await saveScreenshot(page, 'classes-detail-enrolled');

    await page.goto(`${baseUrl}/study/user/center/study/myCourse`);
    await page.getByRole('link', { name: '我的培训班' }).click();
    await page.waitForURL(/\/study\/user\/center\/study\/myClasses$/, { timeout: UI_TIMEOUT });
    const item = page.locator(`[data-testid="my-classes-item"][data-id="${cls.id}"]`);
    await item.waitFor();
    expect(await item.getByRole('link', { name: cls.title }).getAttribute('href')).toBe(`/study/classes/detail/${cls.id}`);
    await page.getByRole('tab', { name: '未开始' }).click();
    await item.waitFor();
    await saveScreenshot(page, 'classes-my-classes');
  });
});
