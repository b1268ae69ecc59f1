import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { saveScreenshot, test, UI_TIMEOUT } from './browser';

// The AI area (spec learning §2 "AI area"), in Chromium against the real server: the ai tenant's
// home (function gpt) lands on /robot/talk; a guest asks a question its help answers, gets the
// answer with a link to the help article, and follows it. A signed-in demo learner's question is
// kept as a conversation, shown under /robot/my and deleted there.

const port = inject('port');
const baseUrl = inject('baseUrl');
const poll = { timeout: UI_TIMEOUT, interval: 100 };
const AI = 1004;
const DEMO = 1001;

let db: pg.Client;

beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
});
afterAll(() => db.end());

/** Rows of a tenant's table matching a where clause (the owner connection, under the tenant). */
async function rows<T>(tenantId: number, text: string, values: unknown[] = []): Promise<T[]> {
  await db.query(`select set_config('app.tenant_id', $1, false)`, [String(tenantId)]);
  return (await db.query(text, values)).rows as T[];
}

describe('AI area', () => {
  test('the ai tenant\'s home lands on the chat; a help question gets an answer with a link to the article, which opens it', async ({ page }) => {
    const [article] = await rows<{ id: string }>(AI, `select id from content where tenant_id = $1 and purpose = 99 and title = '如何删除对话记录'`, [AI]);
    expect(article, 'the ai tenant needs its help article').toBeTruthy();

    await page.goto(`http://ai.localhost:${port}/study/home`);
    await page.waitForURL((url) => url.pathname === '/study/robot/talk', { timeout: UI_TIMEOUT });
    // Suggested questions are the tenant's help titles.
    await page.getByTestId('robot-suggestion').first().waitFor({ timeout: UI_TIMEOUT });
    expect(await page.getByTestId('robot-suggestion').allTextContents()).toContain('如何向AI学伴提问');

    const box = page.getByRole('textbox', { name: '你的问题' });
    await box.fill('对话记录怎么删除？');
    await box.press('Enter');
    const reply = page.locator('[data-testid="robot-message"][data-role="assistant"]');
    await reply.waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => reply.textContent(), poll).toContain('永久删除');
    // issue 21 C: the answer streams (the stop button goes when it ends) and its links are the index's portal paths.
    await page.getByTestId('robot-send').waitFor({ timeout: UI_TIMEOUT });
    const link = reply.getByRole('link', { name: '如何删除对话记录' });
    expect(await link.getAttribute('href')).toBe(`/study/helpCenter?purpose=99&id=${article!.id}`);
    expect(await box.inputValue()).toBe('');
    await saveScreenshot(page, 'robot-talk-ai');

    await link.click();
    await page.waitForURL((url) => url.pathname === '/study/helpCenter', { timeout: UI_TIMEOUT });
    const shown = page.locator(`[data-article-id="${article!.id}"]`);
    await shown.waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => shown.textContent(), poll).toContain('对话及其全部消息会被永久删除');
  });

  test('a signed-in learner\'s question is kept, listed under my conversations, and deleted there', async ({ page }) => {
    await page.goto(`${baseUrl}/study/login?returnUrl=${encodeURIComponent('/robot/talk')}`);
    await page.getByTestId('login-account').fill('learner');
    await page.getByTestId('login-password').fill('Study@2026');
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => url.pathname === '/study/robot/talk', { timeout: UI_TIMEOUT });

    const box = page.getByRole('textbox', { name: '你的问题' });
    await box.fill('如何参加考试');
    await box.press('Enter');
    await page.waitForURL((url) => /^\/study\/robot\/talk\/\d+$/.test(url.pathname), { timeout: UI_TIMEOUT });
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const item = page.locator(`[data-testid="robot-conversation"][data-id="${id}"]`);
    await item.waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(async () => (await rows<{ n: number }>(DEMO, 'select count(*)::int as n from robot_message where tenant_id = $1 and conversation_id = $2', [DEMO, id]))[0]!.n, poll).toBe(2);
    await saveScreenshot(page, 'robot-talk-signed-in');

    await page.goto(`${baseUrl}/study/robot/my/${id}`);
    const transcript = page.getByTestId('robot-transcript');
    await transcript.waitFor({ timeout: UI_TIMEOUT });
    expect(await transcript.locator('[data-testid="robot-message"]').count()).toBe(2);
    await saveScreenshot(page, 'robot-my');
    await page.locator(`[data-testid="robot-conversation"][data-id="${id}"]`).getByTestId('robot-delete').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: /删\s*除/ }).click();
    await page.waitForURL((url) => url.pathname === '/study/robot/my', { timeout: UI_TIMEOUT });
    await expect.poll(() => page.locator(`[data-testid="robot-conversation"][data-id="${id}"]`).count(), poll).toBe(0);
    await expect.poll(async () => (await rows<{ n: number }>(DEMO, 'select count(*)::int as n from robot_conversation where tenant_id = $1 and id = $2', [DEMO, id]))[0]!.n, poll).toBe(0);

  });
});
