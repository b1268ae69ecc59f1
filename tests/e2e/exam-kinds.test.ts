import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { freshAttempt, tenantDb } from './db';
import { saveScreenshot, test, UI_TIMEOUT } from './browser';

// The new question kinds end to end (issue 18 part B), in Chromium against the real server: the
// demo learner previews the all-kinds exam (seed-exam-kinds.ts) read-only, starts it, answers fill
// blanks inline, a short answer and a composite's sub-questions, hands it in and sees 待阅卷 with
// the machine part on the result and in /exam/examHistory; the server stored the attempt pending.

const baseUrl = inject('baseUrl');
const poll = { timeout: UI_TIMEOUT, interval: 100 };
const DEMO = 1001;
const TITLE = '综合能力测评（全题型）';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's WCAG 2.x A and AA violations on the page (as the accessibility gate runs it; axe is an init script: the CSP refuses inline scripts added later), as "rule: targets". */
async function violations(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    type Result = { violations: { id: string; nodes: { target: unknown[] }[] }[] };
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<Result> } }).axe;
    await new Promise((r) => setTimeout(r, 400));
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

let db: pg.Client;
let learnerId = 0;
let examId = 0;

beforeAll(async () => {
  db = await tenantDb(DEMO);
  const { rows: users } = await db.query<{ id: string }>(`select id from user_account where tenant_id = $1 and account = 'learner'`, [DEMO]);
  learnerId = Number(users[0]?.id);
  const { rows } = await db.query<{ id: string }>(`select id from exam where tenant_id = $1 and title = $2`, [DEMO, TITLE]);
  examId = Number(rows[0]?.id);
  expect(examId, 'the demo tenant needs the all-kinds exam').toBeGreaterThan(0);
  // Other journeys sit this exam as the same learner (exam-marking; the accessibility gate opens its paper).
  await freshAttempt(db, DEMO, examId, learnerId);
});
afterAll(() => db.end());

describe('exam question kinds', () => {
  test('a learner answers fill, short and composite questions and sees 待阅卷 on the result and in the history', async ({ page }) => {
    await page.addInitScript({ content: AXE_SOURCE });
    await page.goto(`${baseUrl}/study/login`);
    await page.getByTestId('login-account').fill('learner');
    await page.getByTestId('login-password').fill('Study@2026');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('user-menu').waitFor();

    // The detail links the preview: the paper read-only, no answers.
    await page.goto(`${baseUrl}/study/exam/detail/${examId}`);
    await page.getByTestId('exam-preview-link').click();
    const preview = page.getByTestId('exam-preview');
    await preview.waitFor();
    await expect.poll(() => preview.getByTestId('exam-question').count(), poll).toBe(10);
    expect(await preview.locator('input:not([disabled]), textarea:not([disabled])').count()).toBe(0);
    await saveScreenshot(page, 'exam-kinds-preview');

    await page.goto(`${baseUrl}/study/exam/detail/${examId}`);
    await page.getByTestId('exam-start').click();
    await page.getByTestId('exam-paper').waitFor();
    const q = (kind: string, n = 0) => page.locator(`[data-testid="exam-question"][data-kind="${kind}"]`).nth(n);

    await q('single').locator('input[value="C"]').check();
    // Fill: one input per blank, inline in the stem; full-width digits count as the same answer.
    await q('fill').getByRole('textbox', { name: '第 4 题第 1 空' }).fill('１９４９');
    await q('fill').getByRole('textbox', { name: '第 4 题第 2 空' }).fill('北京');
    await q('short').locator('textarea').first().fill('番茄工作法：25 分钟专注一件事，减少来回切换。');
    const composite = q('composite');
    await expect.poll(() => composite.getByTestId('question-passage').textContent(), poll).toContain('进度落后两周');
    const subs = composite.getByTestId('exam-question');
    await subs.nth(0).locator('input[value="B"]').check();
    await subs.nth(1).getByRole('textbox').fill('10');
    await subs.nth(2).locator('textarea').fill('找出阻碍，按影响排序做减法，每天站会跟进。');
    await expect.poll(() => page.getByTestId('exam-save-status').textContent(), poll).toMatch(/保存/);
    await expect.poll(() => page.getByTestId('exam-answered').textContent(), poll).toBe('已答 4/7');
    await saveScreenshot(page, 'exam-kinds-paper');
    expect(await violations(page)).toEqual([]);

    await page.getByTestId('exam-submit').click();
    await page.getByTestId('exam-confirm-submit').click();
    await page.getByTestId('exam-result').waitFor();
    await expect.poll(() => page.getByTestId('exam-score').textContent(), poll).toBe('待阅卷');
    const { rows } = await db.query<{ marking_state: string; objective_score: number; score: number | null }>(
      `select marking_state, objective_score, score from exam_attempt where tenant_id = $1 and exam_id = $2 and user_id = $3 order by id desc limit 1`,
      [DEMO, examId, learnerId]);
    // single 5 + fill 10 + the composite's single 5 and fill 5; both short answers await a marker.
    expect(rows[0]).toEqual({ marking_state: 'pending', objective_score: 25, score: null });
    await expect.poll(() => page.getByTestId('exam-awaiting-note').textContent(), poll).toContain('客观题得分：25 分');
    await saveScreenshot(page, 'exam-kinds-result');
    expect(await violations(page)).toEqual([]);

    await page.goto(`${baseUrl}/study/exam/examHistory`);
    await page.getByTestId('exam-history').waitFor();
    await expect.poll(() => page.getByTestId('history-awaiting').first().textContent(), poll).toBe('待阅卷');
    await saveScreenshot(page, 'exam-kinds-history');
  });

  test('the preview, the awaiting result and the history pass axe in dark English (no new attempt: exam-marking.test.ts sits this exam too)', async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem('portal.prefs', JSON.stringify({ theme: 'dark', fontSize: 'small' }));
      localStorage.setItem('portal.lang', 'en');
    });
    await page.addInitScript({ content: AXE_SOURCE });
    await page.goto(`${baseUrl}/study/login`);
    await page.getByTestId('login-account').fill('learner');
    await page.getByTestId('login-password').fill('Study@2026');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('user-menu').waitFor();
    const { rows } = await db.query<{ id: string }>(
      `select id from exam_attempt where tenant_id = $1 and exam_id = $2 and user_id = $3 and state <> 'open' order by id desc limit 1`, [DEMO, examId, learnerId]);
    const attemptId = Number(rows[0]?.id);
    expect(attemptId, 'the first test hands an attempt in').toBeGreaterThan(0);

    await page.goto(`${baseUrl}/study/exam/preview/${examId}`);
    await page.getByTestId('exam-preview').waitFor();
    expect(await page.getByTestId('exam-preview').textContent()).toContain('Fill in the blanks');
    expect(await violations(page)).toEqual([]);

    await page.goto(`${baseUrl}/study/exam/examResult?id=${attemptId}&type=1`);
    await expect.poll(() => page.getByTestId('exam-score').textContent(), poll).toBe('Awaiting marking');
    expect(await violations(page)).toEqual([]);

    await page.goto(`${baseUrl}/study/exam/examHistory`);
    await page.getByTestId('history-awaiting').first().waitFor();
    expect(await violations(page)).toEqual([]);
    await saveScreenshot(page, 'exam-kinds-history-dark-en');
  });
});
