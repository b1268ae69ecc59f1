import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { tenantDb } from './db';
import { saveScreenshot, signInAt, test, UI_TIMEOUT } from './browser';

// Points (issue 19 part C, "Done when": the learner sees points and rank), in Chromium against the
// real server: the demo learner opens /archives/pointDetail, checks in for the day with 签到, sees
// the total and today's points rise by the rule's 5, the check-in at the top of the ledger and the
// button turned to 今日已签到; then finds themself on /integral/rank (my place, and the row on the
// board whose rank it names), also on the week board.

const baseUrl = inject('baseUrl');
const DEMO = 1001;

let db: pg.Client;

beforeAll(async () => {
  db = await tenantDb(DEMO);
  // e2e files share one database and one learner: a check-in another journey made today is undone
  // (ledger row and total together, so the total stays the ledger's sum), so 签到 is there to press.
  await db.query(`
    with gone as (
      delete from points_ledger l using user_account u, tenant t
      where l.tenant_id = $1 and u.tenant_id = l.tenant_id and u.id = l.user_id and u.account = 'learner' and l.kind = 'sign_in'
        and t.id = l.tenant_id and l.day = (now() at time zone t.time_zone)::date
      returning l.user_id, l.points)
    update user_integral i set points = i.points - g.points from gone g where i.tenant_id = $1 and i.user_id = g.user_id`, [DEMO]);
});
afterAll(() => db.end());

const number = async (text: Promise<string | null>) => Number((await text)?.replace(/\D/g, ''));

describe('points', () => {
  test('the learner checks in on my points, sees the points and the ledger entry, and finds themself on the points ranking', async ({ page }) => {
    await signInAt(page, baseUrl, 'learner', 'Study@2026');
    await page.goto(`${baseUrl}/study/archives/pointDetail`);
    const total = page.getByTestId('points-total');
    await total.waitFor({ timeout: UI_TIMEOUT });
    const before = await number(total.textContent());
    const todayBefore = await number(page.getByTestId('points-today').textContent());
    await page.getByTestId('points-ledger').waitFor({ timeout: UI_TIMEOUT });
    await page.getByTestId('points-rules').getByText('每日签到').waitFor({ timeout: UI_TIMEOUT });
    await saveScreenshot(page, 'points-detail');

    const checkIn = page.getByTestId('points-check-in');
    await expect.poll(() => checkIn.getAttribute('data-done'), { timeout: UI_TIMEOUT }).toBe('0');
    await checkIn.click();
    await page.getByText('签到成功，积分 +5').waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => number(total.textContent()), { timeout: UI_TIMEOUT }).toBe(before + 5);
    expect(await number(page.getByTestId('points-today').textContent())).toBe(todayBefore + 5);
    await expect.poll(() => checkIn.textContent(), { timeout: UI_TIMEOUT }).toContain('今日已签到');
    expect(await checkIn.isDisabled()).toBe(true);
    // The check-in is the newest entry of the ledger.
    const first = page.getByTestId('points-ledger').locator('tbody tr').first();
    await expect.poll(() => first.textContent(), { timeout: UI_TIMEOUT }).toContain('每日签到');
    expect(await first.textContent()).toContain('+5');
    await saveScreenshot(page, 'points-detail-checked-in');

    await page.getByRole('link', { name: '查看积分排行' }).click();
    await page.waitForURL(/\/study\/integral\/rank/, { timeout: UI_TIMEOUT });
    const me = page.getByTestId('points-me');
    await me.waitFor({ timeout: UI_TIMEOUT });
    expect(await me.textContent()).toContain(`${before + 5} 分`);
    const rank = Number(await me.getAttribute('data-rank'));
    expect(rank).toBeGreaterThan(0);
    // My place is the board's: on its page (20 a page) my row carries that rank and is marked.
    await page.goto(`${baseUrl}/study/integral/rank?pageNo=${Math.ceil(rank / 20)}`);
    const mine = page.locator('[data-testid="points-board-row"][data-me="1"]');
    await mine.waitFor({ timeout: UI_TIMEOUT });
    expect(await mine.locator('.points-board__rank').textContent()).toBe(String(rank));
    await saveScreenshot(page, 'points-rank');

    // This week's board has today's check-in.
    await page.goto(`${baseUrl}/study/integral/rank`);
    await page.getByTestId('points-period').getByText('周榜').click();
    await page.waitForURL(/period=week/, { timeout: UI_TIMEOUT });
    await expect.poll(async () => Number(await page.getByTestId('points-me').getAttribute('data-rank')), { timeout: UI_TIMEOUT }).toBeGreaterThan(0);
  });
});
