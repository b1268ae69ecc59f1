import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { tenantDb } from './db';
import { saveScreenshot, signInAt, test, UI_TIMEOUT } from './browser';

// Issue 19 part H, in Chromium against the real server: the demo learner writes an article in
// 我的文章 with a <script>, an event handler and formatting (the toolbar's heading), publishes it,
// and reads it on /share sanitised (the heading and bold stay, nothing runs) and in 我的分享; then
// opens an unread notice from 我的通知, which comes back read.

const baseUrl = inject('baseUrl');
const poll = { timeout: UI_TIMEOUT, interval: 100 };
const DEMO = 1001;
const stamp = Date.now() % 100000;
const title = `e2e 学习分享 ${stamp}`;

let db: pg.Client;

beforeAll(async () => {
  db = await tenantDb(DEMO);
});
afterAll(async () => {
  await db.query(`delete from article where tenant_id = $1 and title = $2`, [DEMO, title]);
  await db.end();
});

describe('sharing', () => {
  test('the learner publishes an article with a script and formatting, reads it sanitised on /share and in myShare, and reads a notice', async ({ page }) => {
    await signInAt(page, baseUrl, 'learner', 'Study@2026');
    await page.goto(`${baseUrl}/study/user/center/study/myArticle`);
    await page.getByTestId('article-write').click();
    await page.getByTestId('article-title').fill(title);
    const body = page.getByTestId('article-body');
    await body.fill('<p onclick="window.__xss = 1">学习<strong>要点</strong><img src="/none.png" onerror="window.__xss = 2" alt=""></p><script>window.__xss = 3</script>');
    // The toolbar's heading wraps its placeholder at the caret (the end of the text).
    await body.press('End');
    await page.getByTestId('article-tool-heading').click();
    await expect.poll(() => body.inputValue(), poll).toMatch(/<h2>小标题<\/h2>$/);
    await saveScreenshot(page, 'sharing-editor');
    await page.getByTestId('article-publish').click();
    const item = page.getByTestId('my-article-item').filter({ hasText: title });
    await item.waitFor({ timeout: UI_TIMEOUT });
    expect(await item.getAttribute('data-state')).toBe('published');

    // Stored sanitised: what reached the database has no script and no handlers.
    const { rows } = await db.query<{ id: string; body: string; state: number }>(`select id, body, state from article where tenant_id = $1 and title = $2`, [DEMO, title]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.body).toContain('<strong>要点</strong>');
    expect(rows[0]!.body).toContain('<h2>小标题</h2>');
    expect(rows[0]!.body).not.toMatch(/script|onclick|onerror/i);
    const id = Number(rows[0]!.id);

    // On /share, first (newest), and its page shows the formatting and runs nothing.
    await page.goto(`${baseUrl}/study/share`);
    const card = page.getByRole('link', { name: title }).first();
    await card.waitFor({ timeout: UI_TIMEOUT });
    await card.click();
    await page.waitForURL(new RegExp(`/study/share/article/detail/${id}$`), { timeout: UI_TIMEOUT });
    const text = page.locator('.article-detail-body');
    await text.locator('h2', { hasText: '小标题' }).waitFor({ timeout: UI_TIMEOUT });
    expect(await text.locator('strong').textContent()).toBe('要点');
    expect(await text.locator('script, [onclick], [onerror]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await saveScreenshot(page, 'sharing-article-on-share');

    // 我的分享: the article with its views (the visit above counted one).
    await page.goto(`${baseUrl}/study/user/center/study/myShare`);
    const shared = page.locator(`[data-testid="my-share-item"][data-id="${id}"]`);
    await shared.waitFor({ timeout: UI_TIMEOUT });
    expect(await shared.textContent()).toMatch(/阅读 [1-9]/);

    // 我的通知: an unread tenant notice opens its page and comes back read.
    await page.goto(`${baseUrl}/study/user/center/study/myNotice`);
    const unread = page.locator('[data-testid="my-notice-item"][data-source="tenant"][data-read="false"]').first();
    await unread.waitFor({ timeout: UI_TIMEOUT });
    const noticeId = await unread.getAttribute('data-id');
    const before = Number((await page.getByTestId('my-notice-unread').textContent())?.match(/\d+/)?.[0]);
    await saveScreenshot(page, 'sharing-my-notice');
    await unread.getByRole('link').click();
    await page.waitForURL(new RegExp(`/study/user/center/study/noticeDetail\\?id=${noticeId}$`), { timeout: UI_TIMEOUT });
    await page.goBack();
    // Unread first: once read it moves down the list, past the first page of ten.
    await expect.poll(async () => Number((await page.getByTestId('my-notice-unread').textContent())?.match(/\d+/)?.[0]), poll).toBe(before - 1);
    expect(await page.locator(`[data-testid="my-notice-item"][data-source="tenant"][data-id="${noticeId}"][data-read="false"]`).count()).toBe(0);
  });
});
