import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { saveScreenshot, signInAt, test, UI_TIMEOUT } from './browser';
import { tenantDb } from './db';

// Issue 19 part A in Chromium against the real server: the demo learner opens /taskList, finds the
// seeded two-content task (a short video and a document, server/demo/seed-tasks.ts), joins it,
// studies both in the real player (the saves carry logType task and userTaskId), finishes the task
// and sees it under myTask's 已完成.

const baseUrl = inject('baseUrl');
const poll = { timeout: UI_TIMEOUT, interval: 200 };
const DEMO = 1001;
const TITLE = '新员工入职必修：安全与沟通';
/** demo finishes an item at 90 %; the journey watches and reads at 10 % (put back afterwards). */
const FINISH_PERCENT = 10;

let db: pg.Client;
let taskId = 0;
let learnerId = 0;
let finishAudio: string | null = null;

beforeAll(async () => {
  db = await tenantDb(DEMO);
  const task = await db.query<{ id: string }>(`select id from task where tenant_id = $1 and title = $2`, [DEMO, TITLE]);
  expect(task.rows[0], 'the demo seed has the two-content task').toBeTruthy();
  taskId = Number(task.rows[0]!.id);
  learnerId = Number((await db.query<{ id: string }>(`select id from user_account where tenant_id = $1 and account = 'learner'`, [DEMO])).rows[0]!.id);
  const { rows: setting } = await db.query<{ value: string }>(
    `select param_value as value from tenant_config where tenant_id = $1 and param_group = 'Study' and param_key = 'finishAudio'`, [DEMO]);
  finishAudio = setting[0]?.value ?? null;
  expect(finishAudio, 'demo sets Study.finishAudio').not.toBeNull();
  await db.query(`update tenant_config set param_value = $2 where tenant_id = $1 and param_group = 'Study' and param_key = 'finishAudio'`, [DEMO, String(FINISH_PERCENT)]);
});
afterAll(async () => {
  if (finishAudio !== null) {
    await db.query(`update tenant_config set param_value = $2 where tenant_id = $1 and param_group = 'Study' and param_key = 'finishAudio'`, [DEMO, finishAudio]);
  }
  await db.end();
});

/** The learner's study record of a content: state and the task it was studied in. */
const record = async (contentId: number) => (await db.query<{ state: number; user_task_id: string | null; log_type: number | null }>(
  `select state, user_task_id, log_type from study_record where tenant_id = $1 and user_id = $2 and content_id = $3 and part_id = 0`,
  [DEMO, learnerId, contentId])).rows[0];

describe('a learning task', () => {
  test('the learner joins the two-content task, studies both in the player, finishes it and finds it under myTask finished', { timeout: 180_000 }, async ({ page }) => {
    await signInAt(page, baseUrl, 'learner', 'Study@2026');

    // The list: search finds the task, its card opens the task's page.
    await page.goto(`${baseUrl}/study/taskList`);
    await page.getByTestId('task-list-results').waitFor({ timeout: UI_TIMEOUT });
    await page.getByPlaceholder('搜索任务名称').fill(TITLE);
    await page.getByPlaceholder('搜索任务名称').press('Enter');
    await expect.poll(() => page.getByTestId('task-list-results').locator('[data-card-id]').count(), poll).toBe(1);
    await saveScreenshot(page, 'task-list');
    await page.getByTestId('task-list-results').getByRole('link', { name: TITLE }).first().click();
    await expect.poll(() => new URL(page.url()).pathname, poll).toBe(`/study/task/detail/${taskId}`);

    // Join: my progress appears, each content can be opened.
    await page.getByTestId('task-join').click();
    await expect.poll(() => page.getByTestId('task-mine').getAttribute('data-state'), poll).toBe('joined');
    const rows = page.getByTestId('task-content');
    await expect.poll(() => rows.count(), poll).toBe(2);
    await expect.poll(() => page.getByTestId('task-finish').isDisabled(), poll).toBe(true);
    const userTaskId = Number((await db.query<{ id: string }>(`select id from user_task where tenant_id = $1 and task_id = $2 and user_id = $3`, [DEMO, taskId, learnerId])).rows[0]!.id);

    // The video: opened from the task, watched (muted, so a script may start it) past the finish share.
    await rows.nth(0).getByTestId('task-content-open').click();
    await expect.poll(() => new URL(page.url()).pathname, poll).toMatch(/^\/study\/knowledge\/detail\/\d+$/);
    expect(new URL(page.url()).searchParams.get('userTaskId')).toBe(String(userTaskId));
    const videoId = Number(new URL(page.url()).pathname.split('/').pop());
    const video = page.getByTestId('content-detail-video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), poll).toBeGreaterThanOrEqual(1);
    await video.evaluate((v: HTMLVideoElement) => { v.muted = true; return v.play(); });
    await expect.poll(async () => (await record(videoId))?.state, { timeout: 60_000, interval: 500 }).toBe(2);
    // spec learning §3: the record carries the task (logType task, userTaskId).
    expect(await record(videoId)).toMatchObject({ user_task_id: String(userTaskId), log_type: 3 });
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    await saveScreenshot(page, 'task-video-watched');

    // Back to the task (the content page's back link leads there): the video is done.
    await page.getByTestId('content-detail-back').click();
    await expect.poll(() => new URL(page.url()).pathname, poll).toBe(`/study/task/detail/${taskId}`);
    await expect.poll(() => rows.nth(0).getAttribute('data-done'), poll).toBe('true');
    await expect.poll(() => rows.nth(1).getAttribute('data-done'), poll).toBe('false');

    // The document: read to its end until the reading time's share has passed.
    await rows.nth(1).getByTestId('task-content-open').click();
    await expect.poll(() => new URL(page.url()).pathname, poll).toMatch(/^\/study\/knowledge\/detail\/\d+$/);
    const docId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByTestId('content-detail-article').waitFor({ timeout: UI_TIMEOUT });
    await page.getByTestId('content-detail-article-end').scrollIntoViewIfNeeded();
    await expect.poll(async () => (await record(docId))?.state, { timeout: 60_000, interval: 500 }).toBe(2);
    expect(await record(docId)).toMatchObject({ user_task_id: String(userTaskId), log_type: 3 });

    // Both done: finish the task.
    await page.getByTestId('content-detail-back').click();
    await expect.poll(() => new URL(page.url()).pathname, poll).toBe(`/study/task/detail/${taskId}`);
    await expect.poll(() => rows.nth(1).getAttribute('data-done'), poll).toBe('true');
    await expect.poll(() => page.getByTestId('task-finish').isEnabled(), poll).toBe(true);
    await page.getByTestId('task-finish').click();
    await page.getByTestId('task-finished').waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => page.getByTestId('task-mine').getAttribute('data-state'), poll).toBe('finished');
    await saveScreenshot(page, 'task-finished');

    // 我的任务 → 已完成 lists it as finished.
    await page.goto(`${baseUrl}/study/user/center/study/myTask`);
    await page.getByTestId('my-task-filter').getByText('已完成').click();
    const item = page.getByTestId('my-task-item').filter({ hasText: TITLE });
    await expect.poll(() => item.getAttribute('data-state'), poll).toBe('finished');
    expect(await item.getAttribute('data-id')).toBe(String(taskId));
    await saveScreenshot(page, 'my-task-finished');
  });
});
