import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { tenantDb } from './db';
import { saveScreenshot, test, UI_TIMEOUT, signInAt } from './browser';

// Invigilation end to end (issue 18 "Done when": an invigilator sees a candidate's progress while
// they answer), in Chromium against the real server: the demo learner starts an exam and answers
// two questions; the demo teacher, in a browser context of their own, watches 考试监考 list the
// learner with 2 answered and a leave event once the learner's page is hidden; then the teacher
// collects the paper with a reason, and the learner's paper, at its next heartbeat, goes to the
// result saying so.

const baseUrl = inject('baseUrl');
const poll = { timeout: UI_TIMEOUT, interval: 200 };
const DEMO = 1001;
const reason = `考试中使用手机 ${Date.now() % 100000}`;

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's WCAG 2.x A and AA violations on the page as it stands (the gate audits this route as a learner only); axe is an init script of the page's context (the CSP refuses inline scripts). */
async function axeViolations(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] }, resultTypes: ['violations'] });
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

let db: pg.Client;
let learnerId = 0;
/** An open exam the teacher invigilates, with two choice questions on its fixed paper, that the learner may start. */
let examId = 0;

beforeAll(async () => {
  db = await tenantDb(DEMO);
  const { rows: users } = await db.query<{ id: string; account: string }>(`select id, account from user_account where tenant_id = $1 and account in ('learner', 'teacher')`, [DEMO]);
  learnerId = Number(users.find((u) => u.account === 'learner')?.id);
  const teacherId = Number(users.find((u) => u.account === 'teacher')?.id);
  const { rows } = await db.query<{ id: string }>(
    `select e.id from exam e where e.tenant_id = $1 and e.state = 1 and e.type = 'exam' and e.paper_mode = 'fixed' and e.start_time <= now()
       and (e.end_time is null or e.end_time > now() + interval '1 day') and e.duration >= 10
       and (select count(*) from exam_question q where q.tenant_id = e.tenant_id and q.exam_id = e.id and q.attempt_id is null
            and q.parent_id is null and q.kind in ('single', 'judge')) >= 2
       and (select count(*) from exam_attempt a where a.tenant_id = e.tenant_id and a.exam_id = e.id and a.user_id = $2) < coalesce(e.max_attempts, 3) - 1
       and not exists (select 1 from exam_attempt a where a.tenant_id = e.tenant_id and a.exam_id = e.id and a.user_id = $2 and a.state = 'open')
       and exists (select 1 from user_role r where r.tenant_id = e.tenant_id and r.user_id = $3 and r.role = 'invigilator'
            and (r.scope_type is null or (r.scope_type = 'exam' and r.scope_id = e.id)))
     order by e.id limit 1`, [DEMO, learnerId, teacherId]);
  examId = Number(rows[0]?.id);
  expect(examId, 'the demo tenant needs an open exam the demo teacher invigilates (seed-live.ts)').toBeGreaterThan(0);
});
afterAll(() => db.end());

async function signIn(page: Page, account: string, password: string) {
  await signInAt(page, baseUrl, account, password);
}

/** As if the learner switched to another tab: the page is hidden (Chromium keeps a lone tab visible). */
const setHidden = (page: Page, hidden: boolean) => page.evaluate((h) => {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
  document.dispatchEvent(new Event('visibilitychange'));
}, hidden);

describe('invigilation', () => {
  test('the invigilator sees the learner\'s progress and leaving live, collects the paper, and the learner lands on the result', async ({ page, openPage }) => {
    await signIn(page, 'learner', 'Study@2026');
    await page.goto(`${baseUrl}/study/exam/detail/${examId}`);
    await page.getByTestId('exam-detail').waitFor();
    await page.getByTestId('exam-start').click();
    await page.getByTestId('exam-paper').waitFor();
    const choices = page.locator('[data-testid="exam-question"][data-kind="single"], [data-testid="exam-question"][data-kind="judge"]');
    await choices.nth(0).locator('input').first().check();
    await choices.nth(1).locator('input').first().check();
    await expect.poll(() => page.getByTestId('exam-save-status').textContent(), poll).toMatch(/已自动保存 \d\d:\d\d:\d\d/);
    const attemptId = Number(await page.getByTestId('exam-paper').getAttribute('data-attempt'));

    const teacher = await openPage();
    await teacher.context().addInitScript({ content: AXE_SOURCE });
    await signIn(teacher, 'teacher', 'Teach@2026');
    await teacher.goto(`${baseUrl}/study/user/center/work/myExamInvigilate?examId=${examId}`);
    const row = teacher.locator(`[data-testid="invigilate-row"][data-user="${learnerId}"]`);
    await row.waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => row.getByTestId('invigilate-progress').getAttribute('data-answered'), poll).toBe('2');
    await expect.poll(() => row.getByTestId('invigilate-state').getAttribute('data-state'), poll).toBe('open');

    // The learner leaves the page: the leave goes out at once, and the list shows it within a refresh (5 s).
    await setHidden(page, true);
    await expect.poll(() => row.getByTestId('invigilate-leaves').textContent(), { ...poll, timeout: 15_000 }).toBe('1');
    await expect(row.getByTestId('invigilate-events').textContent()).resolves.toContain('切到其他页面或最小化');
    await saveScreenshot(teacher, 'invigilate-list');
    expect(await axeViolations(teacher), 'the live list as the invigilator sees it passes axe').toEqual([]);
    const { rows: events } = await db.query<{ kind: string }>(`select kind from exam_attempt_event where tenant_id = $1 and attempt_id = $2 order by at, id`, [DEMO, attemptId]);
    expect(events.map((e) => e.kind)).toContain('leave');

    // The timeline of the candidate opens in a drawer.
    await row.getByTestId('invigilate-timeline-open').click();
    await teacher.getByTestId('invigilate-timeline').waitFor();
    await teacher.keyboard.press('Escape');

    // Collect the paper with a reason.
    await row.getByTestId('invigilate-force').click();
    await teacher.getByTestId('invigilate-reason').fill(reason);
    await teacher.getByTestId('invigilate-force-ok').click();
    await expect.poll(() => row.getByTestId('invigilate-state').textContent(), poll).toContain('已收卷');

    // Back on the paper: the return beats at once and learns the paper was collected.
    await setHidden(page, false);
    await page.waitForURL(/\/study\/exam\/examResult\?id=\d+/, { timeout: 20_000 });
    await page.getByText(`监考老师已收卷：${reason}`).waitFor({ timeout: UI_TIMEOUT });
    await page.getByTestId('exam-result-summary').waitFor({ timeout: UI_TIMEOUT });
    await saveScreenshot(page, 'invigilate-learner-result');
    const { rows: attempt } = await db.query<{ state: string; forced_by: string | null }>(`select state, forced_by from exam_attempt where tenant_id = $1 and id = $2`, [DEMO, attemptId]);
    expect(attempt[0]).toMatchObject({ state: 'submitted' });
    expect(attempt[0]!.forced_by).not.toBeNull();
  });
});
