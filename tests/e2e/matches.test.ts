import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { tenantDb } from './db';
import { saveScreenshot, signInAt, test, UI_TIMEOUT } from './browser';

// Matches (issue 19 part F), in Chromium against the real server: the demo learner enrols in the
// enrolling competition from the list, submits an entry (title, text and a PDF through the upload
// flow) to the running competition's open stage, and finds both in 我的竞赛 (myMatch); the demo
// teacher, a judge of it, scores the entry in the judging tab; the learner sees the score on the
// scoreboard, first, ahead of the seeded 86.

const baseUrl = inject('baseUrl');
const DEMO = 1001;
const stamp = Date.now() % 100000;
const workTitle = `我的学习方法 ${stamp}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

let db: pg.Client;
let learnerId = 0;
let enrolling = { id: 0, title: '' };
let running = { id: 0, title: '' };

beforeAll(async () => {
  db = await tenantDb(DEMO);
  learnerId = Number((await db.query<{ id: string }>(`select id from user_account where tenant_id = $1 and account = 'learner'`, [DEMO])).rows[0]?.id);
  const pick = async (where: string) => {
    const { rows } = await db.query<{ id: string; title: string }>(`select id, title from competition m where tenant_id = $1 and state = 'published' and ${where} order by id limit 1`, [DEMO]);
    return { id: Number(rows[0]?.id), title: rows[0]?.title ?? '' };
  };
  enrolling = await pick(`now() between enroll_start and enroll_end and now() < start_time`);
  running = await pick(`now() between start_time and end_time and exists (select 1 from competition_stage s where s.match_id = m.id and s.kind = 'submission' and now() between s.start_time and s.end_time)`);
  expect(enrolling.id && running.id, 'seed-matches.ts gives demo an enrolling and a running competition').toBeTruthy();
  // The journey starts from the seed's state whatever ran before: not in the enrolling one, enrolled in the running one, no entry yet.
  await db.query(`delete from competition_entrant where tenant_id = $3 and match_id = $1 and user_id = $2`, [enrolling.id, learnerId, DEMO]);
  await db.query(`delete from competition_submission where tenant_id = $3 and match_id = $1 and user_id = $2`, [running.id, learnerId, DEMO]);
  await db.query(`insert into competition_entrant (tenant_id, match_id, user_id) values ($1, $2, $3)
    on conflict (tenant_id, match_id, user_id) do update set state = 'enrolled', withdrawn_at = null`, [DEMO, running.id, learnerId]);
});
afterAll(() => db.end());

describe('matches', () => {
  test('the learner enrols, submits to the open stage and sees it in myMatch; the teacher scores it; the learner sees the score on the scoreboard', async ({ page, openPage }) => {
    await signInAt(page, baseUrl, 'learner', 'Study@2026');

    // The list: the enrolling tab, then the competition's page, then 立即报名.
    await page.goto(`${baseUrl}/study/match`);
    await page.getByRole('tab', { name: '报名中' }).click();
    const card = page.locator(`[data-testid="match-card"][data-id="${enrolling.id}"]`);
    await card.waitFor({ timeout: UI_TIMEOUT });
    await saveScreenshot(page, 'matches-list');
    await card.getByRole('link', { name: enrolling.title }).click();
    await page.waitForURL(new RegExp(`/study/match/detail/${enrolling.id}$`), { timeout: UI_TIMEOUT });
    const before = await page.getByTestId('match-facts').textContent();
    await page.getByTestId('match-enroll').click();
    await page.getByTestId('match-enrolled').waitFor({ timeout: UI_TIMEOUT });
    expect(await page.getByTestId('match-facts').textContent()).not.toBe(before);
    const { rows: entrant } = await db.query(`select state from competition_entrant where match_id = $1 and user_id = $2`, [enrolling.id, learnerId]);
    expect(entrant).toEqual([{ state: 'enrolled' }]);

    // The running competition: an entry with a PDF to its open stage.
    await page.goto(`${baseUrl}/study/match/detail/${running.id}`);
    const stage = page.locator('[data-testid="match-stage"][data-kind="submission"][data-state="open"]').first();
    await stage.getByTestId('match-work-title').fill(workTitle);
    await stage.getByTestId('match-work-text').fill('先预习再听课。\n\n每天复盘十分钟。');
    await stage.getByTestId('match-work-files-input').setInputFiles({ name: '学习方法.pdf', mimeType: 'application/pdf', buffer: PDF });
    await stage.getByTestId('attached-file').filter({ hasText: '学习方法.pdf' }).waitFor({ timeout: UI_TIMEOUT });
    await saveScreenshot(page, 'matches-entry-form');
    await stage.getByTestId('match-work-submit').click();
    await stage.getByTestId('my-work').filter({ hasText: workTitle }).waitFor({ timeout: UI_TIMEOUT });
    expect(await stage.getByTestId('my-work').textContent()).toContain('等待评委评分');
    const { rows: subs } = await db.query<{ id: string; content: string; n: number }>(
      `select id, content, jsonb_array_length(attachments) as n from competition_submission where match_id = $1 and user_id = $2`, [running.id, learnerId]);
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ content: '<p>先预习再听课。</p><p>每天复盘十分钟。</p>', n: 1 });

    // 我的竞赛 lists both.
    await page.goto(`${baseUrl}/study/user/center/study/myMatch`);
    await page.locator(`[data-testid="my-match-item"][data-id="${running.id}"]`).waitFor({ timeout: UI_TIMEOUT });
    await page.locator(`[data-testid="my-match-item"][data-id="${enrolling.id}"]`).waitFor({ timeout: UI_TIMEOUT });
    await saveScreenshot(page, 'matches-my-match');

    // The teacher, a judge: the judging tab, the learner's entry, a score and a comment.
    const teacher = await openPage();
    await signInAt(teacher, baseUrl, 'teacher', 'Teach@2026');
    await teacher.goto(`${baseUrl}/study/match/detail/${running.id}`);
    await teacher.getByRole('tab', { name: '评审' }).click();
    const entry = teacher.locator(`[data-testid="judge-item"][data-user="${learnerId}"]`).filter({ hasText: workTitle });
    await entry.waitFor({ timeout: UI_TIMEOUT });
    await entry.getByLabel('评分（0–100）').fill('95');
    await entry.getByLabel('点评（选填）').fill('方法清楚，坚持下去');
    await saveScreenshot(teacher, 'matches-judging');
    await entry.getByTestId('judge-save').click();
    await entry.getByText(/评 95 分/).waitFor({ timeout: UI_TIMEOUT });
    const { rows: scored } = await db.query(`select score, judge_comment from competition_submission where id = $1`, [subs[0]!.id]);
    expect(scored).toEqual([{ score: 95, judge_comment: '方法清楚，坚持下去' }]);

    // The learner: the score on the entry and first on the scoreboard.
    await page.goto(`${baseUrl}/study/match/detail/${running.id}`);
    expect(await page.getByTestId('my-work-score').textContent()).toContain('95 / 100');
    await page.getByRole('tab', { name: '排行榜' }).click();
    const mine = page.locator('[data-testid="scoreboard-row"][data-me="true"]');
    await mine.waitFor({ timeout: UI_TIMEOUT });
    expect(await mine.getByTestId('scoreboard-total').textContent()).toBe('95');
    expect(await page.locator('[data-testid="scoreboard-row"]').first().getAttribute('data-me')).toBe('true');
    await saveScreenshot(page, 'matches-scoreboard');
  });
});
