import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { tenantDb } from './db';
import { saveScreenshot, test, UI_TIMEOUT, signInAt } from './browser';

// Classes, complete (issue 17), in Chromium against the real server: the demo learner opens a class
// the demo teacher teaches (enrolling first when not yet a member), goes to 签到 from the class's
// tools, signs in to the session whose window is open — it is in a classroom with a 500 m radius,
// so the browser's position (granted, 120 m away) goes with it — and comments on the class from
// 学员评论. The teacher then opens the class statistics from 我的班级统计 and sees both: the session's
// column and the learner's row with one sign-in and one comment. Sign-in and comment are checked in
// the database too.

const baseUrl = inject('baseUrl');
const poll = { timeout: UI_TIMEOUT, interval: 100 };
const DEMO = 1001;
/** The demo classroom (server/demo/seed-classes-more.ts) and a position 120 m north of it. */
const CLASSROOM = { latitude: 39.9836, longitude: 116.3164 };
const NEARBY = { latitude: 39.9847, longitude: 116.3164 };

let db: pg.Client;
let learnerId = 0;
let learnerName = '';
let cls = { id: 0, title: '' };
let sessionId = 0;
const sessionTitle = `e2e 课堂签到 ${Date.now() % 100000}`;
const commentText = `签到顺利，课程安排很清楚 ${Date.now() % 100000}`;

beforeAll(async () => {
  db = await tenantDb(DEMO);
  const { rows: users } = await db.query<{ id: string; name: string }>(
    `select id, coalesce(nick_name, real_name, account) as name from user_account where tenant_id = $1 and account = 'learner'`, [DEMO]);
  learnerId = Number(users[0]?.id);
  learnerName = users[0]?.name ?? '';
  // A class the demo teacher teaches (user_role, seeded by server/demo/seed-live.ts) that the learner is in or may enrol in.
  const { rows } = await db.query<{ id: string; title: string }>(
    `select c.id, c.title from training_class c
       join user_role r on r.tenant_id = c.tenant_id and r.role = 'teacher' and r.scope_type = 'classes' and r.scope_id = c.id
       join user_account t on t.tenant_id = r.tenant_id and t.id = r.user_id and t.account = 'teacher'
      where c.tenant_id = $1 and c.is_public and c.end_time > now()
        and (exists (select 1 from classes_member m where m.tenant_id = c.tenant_id and m.classes_id = c.id and m.user_id = $2 and m.state = 1)
             or (c.start_time > now() and (c.enrol_limit is null or c.enrol_count < c.enrol_limit)))
      order by c.start_time limit 1`, [DEMO, learnerId]);
  cls = { id: Number(rows[0]?.id), title: rows[0]?.title ?? '' };
  expect(cls.id, 'the demo teacher needs a class the learner is in or may enrol in').toBeGreaterThan(0);
  // The class's session now: started a minute ago, so its window (30 min before, 15 after) is open.
  const { rows: made } = await db.query<{ id: string }>(
    `insert into classes_attendance_session (tenant_id, classes_id, title, start_time, place, latitude, longitude, radius)
     values ($1, $2, $3, now() - interval '1 minute', '培训中心 302 教室', $4, $5, 500) returning id`,
    [DEMO, cls.id, sessionTitle, CLASSROOM.latitude, CLASSROOM.longitude]);
  sessionId = Number(made[0]?.id);
});
afterAll(() => db.end());

async function signIn(page: import('playwright-core').Page, account: string, password: string) {
  await signInAt(page, baseUrl, account, password);
}

describe('classes, complete', () => {
  test('a learner signs in to the class session and comments; the teacher\'s class statistics show both', async ({ page, openPage }) => {
    await page.context().grantPermissions(['geolocation'], { origin: baseUrl });
    await page.context().setGeolocation(NEARBY);
    await signIn(page, 'learner', 'Study@2026');

    await page.goto(`${baseUrl}/study/classes/detail/${cls.id}`);
    await page.getByTestId('class-detail').waitFor();
    if (await page.getByTestId('class-enrol').count()) {
      await page.getByTestId('class-enrol').click();
      await page.getByRole('tooltip').getByRole('button', { name: /确\s*定/ }).click();
      await page.getByTestId('class-membership').waitFor();
    }
    await saveScreenshot(page, 'classes-complete-detail');

    // 签到 from the class's tools: the open session's button, with the browser's position.
    await page.getByTestId('class-tool-attendance').click();
    await page.waitForURL(new RegExp(`/study/attendance/detail\\?classesId=${cls.id}$`), { timeout: UI_TIMEOUT });
    const row = page.locator(`[data-testid="attendance-session"][data-id="${sessionId}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-phase')).toBe('open');
    expect(await row.getByTestId('attendance-needs-location').textContent()).toContain('500');
    await row.getByTestId('attendance-sign').click();
    await expect.poll(() => row.getAttribute('data-phase'), poll).toBe('signed');
    await page.getByTestId('attendance-log').filter({ hasText: sessionTitle }).waitFor();
    await saveScreenshot(page, 'classes-complete-attendance');
    const { rows: logs } = await db.query<{ distance: number | null }>(
      `select distance from classes_attendance_log where tenant_id = $1 and session_id = $2 and user_id = $3`, [DEMO, sessionId, learnerId]);
    expect(logs).toHaveLength(1);
    // Chromium sent the granted position: about 120 m from the classroom.
    expect(logs[0]!.distance).toBeGreaterThan(80);
    expect(logs[0]!.distance).toBeLessThan(160);

    // 学员评论 from the class's tools: write one with four stars.
    await page.getByTestId('class-tool-back').click();
    await page.getByTestId('class-tools').waitFor();
    await page.getByTestId('class-tool-comments').click();
    await page.getByTestId('class-comment-form').waitFor();
    await page.getByTestId('class-comment-input').fill(commentText);
    await page.getByTestId('class-comment-form').getByRole('radio').nth(3).click();
    await page.getByTestId('class-comment-submit').click();
    await page.getByTestId('class-comment').filter({ hasText: commentText }).waitFor();
    await saveScreenshot(page, 'classes-complete-comments');
    const { rows: comments } = await db.query<{ score: number }>(
      `select score from classes_comment where tenant_id = $1 and classes_id = $2 and user_id = $3 and content = $4`, [DEMO, cls.id, learnerId, commentText]);
    expect(comments.map((c) => c.score)).toEqual([4]);

    // The teacher: 我的班级统计 → the class → the session's column and the learner's row.
    const teacher = await openPage();
    await signIn(teacher, 'teacher', 'Teach@2026');
    await teacher.goto(`${baseUrl}/study/classes/statisList`);
    const item = teacher.locator(`[data-testid="statis-list-item"][data-id="${cls.id}"]`);
    await item.getByTestId('statis-list-figures').waitFor();
    await item.getByRole('link', { name: cls.title }).click();
    await teacher.getByTestId('class-statis').waitFor();
    const column = teacher.getByTestId('statis-sessions-bar').filter({ hasText: sessionTitle });
    await column.waitFor({ state: 'attached' });
    expect(Number(await column.getAttribute('data-percent'))).toBeGreaterThan(0);
    const mine = teacher.getByTestId('statis-member').filter({ hasText: learnerName });
    await mine.waitFor();
    // The learner's row: attendance "(1)" among the started sessions, and 1 comment.
    const cells = await mine.locator('td').allTextContents();
    expect(cells[3]).toMatch(/\(\d+\)$/);
    expect(Number(cells[3]!.match(/\((\d+)\)$/)![1])).toBeGreaterThanOrEqual(1);
    expect(Number(cells[4])).toBeGreaterThanOrEqual(1);
    expect(Number(await teacher.getByTestId('statis-comments').locator('.ant-statistic-content-value').textContent())).toBeGreaterThanOrEqual(1);
    await saveScreenshot(teacher, 'classes-complete-statis');
  });
});
