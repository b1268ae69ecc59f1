import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { clientPasswordDigest, hashPassword } from '../../server/lib/password';
import { pdfPageText } from '../server/pdf-read';
import { tenantDb } from './db';
import { saveScreenshot, signInAt, test, UI_TIMEOUT } from './browser';

// Issue 19's "Done when", as one new learner on demo in Chromium against the real server: finish the
// seeded two-content task (a video watched and a document read in the real player), pass the first
// two rounds of the safety game, then see the points those earned (points detail and the ranking),
// the task and the game's study in the learning file, and the task's certificate, whose PDF carries
// the learner's name and whose verification link shows it valid to a signed-out visitor.
// A fresh account, so no other journey's learner history (or the seed's) decides what is shown.

const baseUrl = inject('baseUrl');
const poll = { timeout: UI_TIMEOUT, interval: 200 };
const DEMO = 1001;
const TASK_TITLE = '新员工入职必修：安全与沟通';
const GAME_TITLE = '安全生产知识闯关';
const PASSWORD = 'Study@2026';
const ACCOUNT = `grow${Date.now().toString(36)}`;
const NAME = '成长测试员';
/** demo finishes an item at 90 %; the journey watches and reads at 10 % (put back afterwards). */
const FINISH_PERCENT = 10;

let db: pg.Client;
let userId = 0;
let taskId = 0;
let gameId = 0;
let rounds: { id: number; title: string }[] = [];
let finishAudio: string | null = null;
let addedRule = 0;

beforeAll(async () => {
  db = await tenantDb(DEMO);
  const { hash, salt } = await hashPassword(clientPasswordDigest(PASSWORD));
  const user = await db.query<{ id: string }>(`insert into user_account (tenant_id, account, password_hash, password_salt, real_name, nick_name)
    values ($1, $2, $3, $4, $5, $5) returning id`, [DEMO, ACCOUNT, hash, salt, NAME]);
  userId = Number(user.rows[0]!.id);
  taskId = Number((await db.query<{ id: string }>(`select id from task where tenant_id = $1 and title = $2`, [DEMO, TASK_TITLE])).rows[0]?.id);
  expect(taskId, 'the demo seed has the two-content task').toBeGreaterThan(0);
  gameId = Number((await db.query<{ id: string }>(`select id from game where tenant_id = $1 and title = $2 and state = 1 order by id limit 1`, [DEMO, GAME_TITLE])).rows[0]?.id);
  expect(gameId, 'the demo seed has the safety game').toBeGreaterThan(0);
  rounds = (await db.query<{ id: string; title: string }>(`select id, title from game_round where tenant_id = $1 and game_id = $2 order by sort`, [DEMO, gameId]))
    .rows.map((r) => ({ id: Number(r.id), title: r.title }));
  // The tenant's certificate for this task: seed-credentials.ts grants one for the tenant's first task
  // only; the tenant admin's rule for the onboarding task is set up here.
  const rule = await db.query<{ id: string }>(`select id from credential_rule where tenant_id = $1 and source_kind = 'task' and source_id = $2 and enabled`, [DEMO, taskId]);
  if (!rule.rows[0]) {
    const added = await db.query<{ id: string }>(`insert into credential_rule (tenant_id, source_kind, source_id, title, issuer, body, valid_months)
      values ($1, 'task', $2, '入职必修完成证书', '演示学堂', '{name} 已完成学习任务《{source}》的全部内容，特发此证。', 24) returning id`, [DEMO, taskId]);
    addedRule = Number(added.rows[0]!.id);
  }
  const { rows: setting } = await db.query<{ value: string }>(
    `select param_value as value from tenant_config where tenant_id = $1 and param_group = 'Study' and param_key = 'finishAudio'`, [DEMO]);
  finishAudio = setting[0]?.value ?? null;
  await db.query(`update tenant_config set param_value = $2 where tenant_id = $1 and param_group = 'Study' and param_key = 'finishAudio'`, [DEMO, String(FINISH_PERCENT)]);
});
afterAll(async () => {
  if (finishAudio !== null) {
    await db.query(`update tenant_config set param_value = $2 where tenant_id = $1 and param_group = 'Study' and param_key = 'finishAudio'`, [DEMO, finishAudio]);
  }
  if (addedRule) await db.query(`update credential_rule set enabled = false where tenant_id = $1 and id = $2`, [DEMO, addedRule]);
  await db.end();
});

/** The learner's record of a content. */
const record = async (contentId: number) => (await db.query<{ state: number }>(
  `select state from study_record where tenant_id = $1 and user_id = $2 and content_id = $3 and part_id = 0`, [DEMO, userId, contentId])).rows[0];

/** Opens the task content of row `index`, studies it to finished in the real player, and comes back. */
async function studyTaskContent(page: Page, index: number): Promise<void> {
  const rows = page.getByTestId('task-content');
  await rows.nth(index).getByTestId('task-content-open').click();
  await expect.poll(() => new URL(page.url()).pathname, poll).toMatch(/^\/study\/knowledge\/detail\/\d+$/);
  const contentId = Number(new URL(page.url()).pathname.split('/').pop());
  const video = page.getByTestId('content-detail-video');
  const article = page.getByTestId('content-detail-article');
  await video.or(article).first().waitFor({ timeout: UI_TIMEOUT });
  if (await video.count()) {
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), poll).toBeGreaterThanOrEqual(1);
    await video.evaluate((v: HTMLVideoElement) => { v.muted = true; return v.play(); });
  } else {
    await page.getByTestId('content-detail-article-end').scrollIntoViewIfNeeded();
  }
  await expect.poll(async () => (await record(contentId))?.state, { timeout: 60_000, interval: 500 }).toBe(2);
  if (await video.count()) await video.evaluate((v: HTMLVideoElement) => v.pause());
  await page.getByTestId('content-detail-back').click();
  await expect.poll(() => new URL(page.url()).pathname, poll).toBe(`/study/task/detail/${taskId}`);
  await expect.poll(() => rows.nth(index).getAttribute('data-done'), poll).toBe('true');
}

/** Answers every question of the round right, as a learner clicks them, and hands in; returns the stars. */
async function passRound(page: Page, roundId: number): Promise<number> {
  await page.getByTestId('game-material').waitFor({ timeout: UI_TIMEOUT });
  await page.getByTestId('game-begin').click();
  await page.getByTestId('game-clock').waitFor({ timeout: UI_TIMEOUT });
  const { rows } = await db.query<{ id: string; kind: string; options: { key: string; text: string }[]; answer: string[] }>(
    `select id, kind, options, answer from game_round_question where tenant_id = $1 and round_id = $2 order by sort`, [DEMO, roundId]);
  for (const q of rows) {
    const section = page.locator(`[data-testid="exam-question"][data-id="${q.id}"]`);
    for (const key of q.answer) {
      const option = q.options.find((o) => o.key === key)!;
      const name = q.kind === 'judge' ? option.text : `${option.key}. ${option.text}`;
      await section.getByRole(q.kind === 'multiple' ? 'checkbox' : 'radio', { name, exact: true }).check();
    }
  }
  await page.getByTestId('game-save-status').filter({ hasText: '已保存' }).waitFor({ timeout: UI_TIMEOUT });
  await page.getByTestId('game-submit').click();
  const result = page.getByTestId('game-result');
  await result.waitFor({ timeout: UI_TIMEOUT });
  expect(await result.getAttribute('data-passed')).toBe('true');
  return Number(await result.getAttribute('data-stars'));
}

const number = async (text: Promise<string | null>) => Number((await text)?.replace(/\D/g, ''));

describe('growth journey (issue 19 "Done when")', () => {
  test('a new learner finishes a two-content task, passes two game rounds, and sees the points, the rank, the archive entries and a certificate that verifies', { timeout: 300_000 }, async ({ page, openPage }) => {
    await signInAt(page, baseUrl, ACCOUNT, PASSWORD);

    // The task: join, study both contents in the player, finish.
    await page.goto(`${baseUrl}/study/task/detail/${taskId}`);
    await page.getByTestId('task-join').click();
    await expect.poll(() => page.getByTestId('task-mine').getAttribute('data-state'), poll).toBe('joined');
    await expect.poll(() => page.getByTestId('task-content').count(), poll).toBe(2);
    await studyTaskContent(page, 0);
    await studyTaskContent(page, 1);
    await expect.poll(() => page.getByTestId('task-finish').isEnabled(), poll).toBe(true);
    await page.getByTestId('task-finish').click();
    await page.getByTestId('task-finished').waitFor({ timeout: UI_TIMEOUT });
    await saveScreenshot(page, 'growth-task-finished');

    // The game: rounds 1 and 2.
    await page.goto(`${baseUrl}/study/game/detail/${gameId}`);
    await page.getByTestId('game-start').click();
    await page.getByTestId('game-round-map').waitFor({ timeout: UI_TIMEOUT });
    await page.getByTestId('game-next-round').click();
    await page.waitForURL(new RegExp(`roundId=${rounds[0]!.id}$`), { timeout: UI_TIMEOUT });
    expect(await passRound(page, rounds[0]!.id)).toBeGreaterThanOrEqual(1);
    await page.getByTestId('game-next').click();
    await page.waitForURL(new RegExp(`roundId=${rounds[1]!.id}$`), { timeout: UI_TIMEOUT });
    expect(await passRound(page, rounds[1]!.id)).toBeGreaterThanOrEqual(1);
    await saveScreenshot(page, 'growth-round-2-passed');

    // Points: what the ledger holds, task and rounds among it, shown on the points detail.
    const ledger = await db.query<{ kind: string; points: number }>(`select kind, sum(points)::int as points from points_ledger where tenant_id = $1 and user_id = $2 group by kind`, [DEMO, userId]);
    const byKind = Object.fromEntries(ledger.rows.map((r) => [r.kind, Number(r.points)]));
    expect(byKind.task_finish, 'the task earned points').toBeGreaterThan(0);
    expect(byKind.game_round, 'the rounds earned points').toBeGreaterThan(0);
    const points = Object.values(byKind).reduce((s, p) => s + p, 0);
    await page.goto(`${baseUrl}/study/archives/pointDetail`);
    await expect.poll(() => number(page.getByTestId('points-total').textContent()), poll).toBe(points);
    await saveScreenshot(page, 'growth-points');

    // The rank: my place on the points board, with my points.
    await page.goto(`${baseUrl}/study/integral/rank`);
    const me = page.getByTestId('points-me');
    await me.waitFor({ timeout: UI_TIMEOUT });
    expect(await me.textContent()).toContain(`${points} 分`);
    expect(Number(await me.getAttribute('data-rank'))).toBeGreaterThan(0);
    await saveScreenshot(page, 'growth-rank');

    // The learning file: the task finished, its two contents among the records, the summary's counts.
    await page.goto(`${baseUrl}/study/archives`);
    await expect.poll(() => number(page.getByTestId('archives-stat-tasks').textContent()), poll).toBe(1);
    expect(await number(page.getByTestId('archives-stat-contents').textContent())).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('archives-stat-points').textContent()).toContain(String(points));
    await page.goto(`${baseUrl}/study/archives/detail?kind=task`);
    const task = page.locator(`[data-testid="archive-entry"][data-kind="task"][data-id="${taskId}"]`);
    await task.waitFor({ timeout: UI_TIMEOUT });
    expect(await task.textContent()).toContain('已完成');
    await task.getByRole('link', { name: TASK_TITLE }).click();
    await page.waitForURL(/archivesDetall\?type=task/, { timeout: UI_TIMEOUT });
    await expect.poll(() => page.locator('[data-testid="process-step"][data-state="2"]').count(), poll).toBe(2);
    await saveScreenshot(page, 'growth-archives-task');

    // The certificate: on myCredentials, its PDF names me, its link verifies signed out.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await page.goto(`${baseUrl}/study/user/center/study/myCredentials`);
    const card = page.getByTestId('credential-card').filter({ hasText: TASK_TITLE });
    await card.first().waitFor({ timeout: UI_TIMEOUT });
    const [download] = await Promise.all([page.waitForEvent('download'), card.first().getByTestId('credential-download').click()]);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const pdf = Buffer.concat(chunks);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await pdfPageText(pdf)).toContain(NAME);
    await card.first().getByTestId('credential-copy').click();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toContain('/study/credential/verify?code=');
    const visitor = await openPage();
    await visitor.goto(link);
    const state = visitor.getByTestId('verify-state');
    await state.waitFor({ timeout: UI_TIMEOUT });
    expect(await state.getAttribute('data-state')).toBe('valid');
    expect(await visitor.getByTestId('verify-holder').textContent()).toBe(NAME);
    await saveScreenshot(visitor, 'growth-certificate-verified');
  });
});
