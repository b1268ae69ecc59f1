import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { tenantDb } from './db';
import { saveScreenshot, test, UI_TIMEOUT } from './browser';

// Issue 7 items 6 and 7 ("favourite it, and find it in myFavorites"), in Chromium against the real
// server: the demo learner favourites a course on its detail page, finds it in the personal
// center's favourites, removes it there, and it is gone (from the list and from the database).

const baseUrl = inject('baseUrl');
const poll = { timeout: UI_TIMEOUT, interval: 100 };
const DEMO = 1001;

let db: pg.Client;
let learnerId = 0;
/** A published course of the demo tenant that the learner has not favourited. */
let courseId = 0;
let courseTitle = '';

beforeAll(async () => {
  db = await tenantDb(DEMO);
  const { rows: users } = await db.query<{ id: string }>(`select id from user_account where tenant_id = $1 and account = 'learner'`, [DEMO]);
  learnerId = Number(users[0]?.id);
  const { rows } = await db.query<{ id: string; title: string }>(
    `select c.id, c.title from course c where c.tenant_id = $1 and c.state = 1
       and not exists (select 1 from favorite f where f.tenant_id = c.tenant_id and f.user_id = $2 and f.target_type = 'course' and f.target_id = c.id)
     order by c.id desc limit 1`, [DEMO, learnerId]);
  courseId = Number(rows[0]?.id);
  courseTitle = rows[0]?.title ?? '';
  expect(courseId, 'the demo tenant needs a published course').toBeGreaterThan(0);
});
afterAll(() => db.end());

/** Whether the learner's favourite of the course is stored. */
async function storedFavorite(): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from favorite where tenant_id = $1 and user_id = $2 and target_type = 'course' and target_id = $3`, [DEMO, learnerId, courseId]);
  return rows.length > 0;
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/study/login`);
  await page.getByTestId('login-account').fill('learner');
  await page.getByTestId('login-password').fill('Study@2026');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('user-menu').waitFor();
}

describe('personal center: favourites', () => {
  test('a course favourited on its detail page is in myFavorites, and removing it there takes it away', async ({ page }) => {
    await signIn(page);
    await page.goto(`${baseUrl}/study/course/detail/${courseId}`);
    const favorite = page.getByTestId('social-favorite');
    await expect.poll(() => favorite.getAttribute('aria-pressed'), poll).toBe('false');
    await favorite.click();
    await expect.poll(() => favorite.getAttribute('aria-pressed'), poll).toBe('true');
    await expect.poll(storedFavorite, poll).toBe(true);

    await page.goto(`${baseUrl}/study/user/center/study/myFavorites`);
    const item = page.locator(`[data-testid="my-favorite-item"][data-id="${courseId}"]`);
    await item.waitFor();
    expect(await item.getByRole('link', { name: courseTitle }).getAttribute('href')).toBe(`/study/course/detail/${courseId}`);
    await saveScreenshot(page, 'my-favorites');

    await item.getByTestId('my-favorite-cancel').click();
    await expect.poll(() => item.count(), poll).toBe(0);
    await expect.poll(storedFavorite, poll).toBe(false);
    // Still gone after a reload: the server's list, not the screen's.
    await page.reload();
    await page.getByTestId('my-favorites').waitFor();
    await expect.poll(() => page.getByTestId('my-favorites-list').or(page.getByTestId('my-favorites-list-empty')).count(), poll).toBe(1);
    expect(await item.count()).toBe(0);
  });
});
