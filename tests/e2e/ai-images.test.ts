import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { saveScreenshot, signInAt, test, UI_TIMEOUT } from './browser';

// Issue 21 part E in Chromium against the real server, offline (no provider configured): the ai
// learner outlines a course they studied on /robot/text and the run is kept; /robot/pic says what
// to configure and charges nothing; a style saved on /mjpic/training is listed and offered by
// /mjpic/custom.

const port = inject('port');
const poll = { timeout: UI_TIMEOUT, interval: 100 };
const AI = 1004;
const base = `http://ai.localhost:${port}`;

let db: pg.Client;

beforeAll(async () => {
  db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
});
afterAll(() => db.end());

async function rows<T>(text: string, values: unknown[] = []): Promise<T[]> {
  await db.query(`select set_config('app.tenant_id', $1, false)`, [String(AI)]);
  return (await db.query(text, values)).rows as T[];
}

describe('AI writing and drawing', () => {
  test('the ai learner outlines a studied course, is told what drawing needs, and saves a style used by custom drawing', async ({ page }) => {
    await signInAt(page, base, 'learner', 'Study@2026');
    const [learner] = await rows<{ id: string }>(`select id from user_account where tenant_id = $1 and account = 'learner'`, [AI]);
    const runsBefore = (await rows<{ n: number }>('select count(*)::int as n from ai_writing_run where tenant_id = $1 and user_id = $2', [AI, learner!.id]))[0]!.n;

    await page.goto(`${base}/study/robot/text`);
    await page.getByText('我学过的').click();
    await page.getByRole('combobox', { name: '选择内容或课程' }).click();
    const course = page.locator('.ant-select-item-option', { hasText: '[课程]' }).first();
    await course.waitFor({ timeout: UI_TIMEOUT });
    const title = (await course.textContent())!.replace('[课程] ', '').trim();
    await course.click();
    await page.getByRole('button', { name: '开始整理' }).click();
    const result = page.getByTestId('writing-result');
    await result.waitFor({ timeout: UI_TIMEOUT });
    expect(await result.textContent()).toContain(title);
    await expect.poll(() => page.getByTestId('writing-output').textContent(), poll).toMatch(/^1\. /m);
    expect(await result.textContent()).toContain('离线整理');
    await expect.poll(async () => (await rows<{ n: number }>('select count(*)::int as n from ai_writing_run where tenant_id = $1 and user_id = $2', [AI, learner!.id]))[0]!.n, poll).toBe(runsBefore + 1);
    await saveScreenshot(page, 'ai-writing');

    await page.goto(`${base}/study/robot/pic`);
    const notice = page.getByTestId('pic-not-configured');
    await notice.waitFor({ timeout: UI_TIMEOUT });
    expect(await notice.textContent()).toContain('「AI 服务设置」中配置图片模型');
    expect(await page.getByRole('button', { name: '生成图片' }).isDisabled()).toBe(true);

    await page.goto(`${base}/study/mjpic/training`);
    await page.getByRole('button', { name: /新建画风/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('名称').fill('蓝色线稿');
    await dialog.getByLabel('画风描述').fill('蓝色钢笔线稿，白底');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    const card = page.getByTestId('mjpic-style').filter({ hasText: '蓝色线稿' });
    await card.waitFor({ timeout: UI_TIMEOUT });
    await card.getByRole('link', { name: '用这个画风绘画' }).click();
    await page.waitForURL((url) => url.pathname === '/study/mjpic/custom', { timeout: UI_TIMEOUT });
    // The style the link named is chosen in the form.
    await expect.poll(() => page.locator('.ant-form-item').filter({ hasText: '画风' }).first().textContent(), poll).toContain('蓝色线稿');
    await saveScreenshot(page, 'ai-custom-drawing');
  });
});
