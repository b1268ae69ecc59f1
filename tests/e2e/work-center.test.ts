import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { tenantDb } from './db';
import { saveScreenshot, test, UI_TIMEOUT, signInAt } from './browser';

// The teachers' work center (issue 18 part G), in Chromium against the real server: the demo teacher
// signs in, sees the 工作台 group of the center menu with the to-do count, opens 待办事项, approves a
// learner's pending work in 作品审核 (published; the learner gets a message), enrols a new learner by
// account in 班级管理, and sees the class's live room on 授课安排. Each step is checked in the database.

const baseUrl = inject('baseUrl');
const poll = { timeout: UI_TIMEOUT, interval: 100 };
const DEMO = 1001;
const stamp = Date.now() % 100000;

let db: pg.Client;
let learnerId = 0;
let cls = { id: 0, title: '' };
let workId = 0;
const workTitle = `e2e 待审核作品 ${stamp}`;
const roomTitle = `e2e 班级直播 ${stamp}`;
const newAccount = `e2e_work_${stamp}`;

beforeAll(async () => {
  db = await tenantDb(DEMO);
  learnerId = Number((await db.query<{ id: string }>(`select id from user_account where tenant_id = $1 and account = 'learner'`, [DEMO])).rows[0]?.id);
  // The teacher's class myClasses shows first: running or upcoming, earliest start (work-repository.ts listTaughtClasses).
  const { rows } = await db.query<{ id: string; title: string }>(
    `select c.id, c.title from training_class c
       join user_role r on r.tenant_id = c.tenant_id and r.role = 'teacher' and r.scope_type = 'classes' and r.scope_id = c.id
       join user_account t on t.tenant_id = r.tenant_id and t.id = r.user_id and t.account = 'teacher'
      where c.tenant_id = $1 and c.state = 1
      order by case when now() <= c.end_time then 0 else 1 end, c.start_time, c.id limit 1`, [DEMO]);
  cls = { id: Number(rows[0]?.id), title: rows[0]?.title ?? '' };
  expect(cls.id, 'the demo teacher needs a class').toBeGreaterThan(0);
  // Room for one more learner (the enrolment below).
  await db.query(`update training_class set enrol_limit = null where tenant_id = $1 and id = $2`, [DEMO, cls.id]);
  // A learner's work pending review in that class, and a room of the class later today.
  workId = Number((await db.query<{ id: string }>(
    `insert into content (tenant_id, title, summary, state, purpose, kind, uploader_id, audit_state, submitted_at, audit_classes_id)
     values ($1, $2, '端到端测试提交的作品', 0, 4, 'article', $3, 'pending', now(), $4) returning id`, [DEMO, workTitle, learnerId, cls.id])).rows[0]?.id);
  await db.query(
    `insert into live_room (tenant_id, title, start_time, publish_time, classes_id)
     values ($1, $2, date_trunc('day', now()) + interval '23 hours', now(), $3)`, [DEMO, roomTitle, cls.id]);
  await db.query(
    `insert into user_account (tenant_id, account, password_hash, password_salt, real_name) values ($1, $2, 'locked', '', 'e2e 新学员')`, [DEMO, newAccount]);
});
afterAll(() => db.end());

async function signIn(page: import('playwright-core').Page, account: string, password: string) {
  await signInAt(page, baseUrl, account, password);
}

describe('the teachers\' work center', () => {
  test('the teacher sees the work group with counts, approves a work, enrols a learner and sees the class\'s room on the schedule', async ({ page }) => {
    await signIn(page, 'teacher', 'Teach@2026');

    // 待办事项 from the menu's work group, with its count.
    await page.goto(`${baseUrl}/study/user/center/study/myInfo`);
    const menu = page.getByTestId('center-work-menu');
    await menu.waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(async () => Number(await menu.getByTestId('work-count-myToDoList').locator('[aria-hidden="true"]').textContent()), poll).toBeGreaterThan(0);
    await menu.getByTestId('work-menu-myToDoList').click();
    await page.waitForURL(/\/study\/user\/center\/work\/myToDoList$/, { timeout: UI_TIMEOUT });
    const review = page.getByTestId('todo-group-review');
    await review.waitFor({ timeout: UI_TIMEOUT });
    expect(Number(await review.getAttribute('data-count'))).toBeGreaterThan(0);
    await saveScreenshot(page, 'work-center-todo');

    // 作品审核: approve the pending work; it is published and the learner is told.
    await menu.getByTestId('work-menu-myContent').click();
    await page.waitForURL(/\/work\/myContent$/, { timeout: UI_TIMEOUT });
    const row = page.locator(`[data-testid="pending-work"][data-id="${workId}"]`);
    await row.waitFor({ timeout: UI_TIMEOUT });
    await saveScreenshot(page, 'work-center-content');
    await row.getByTestId('approve-work').click();
    await row.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    const work = await db.query<{ state: number; audit_state: string }>(`select state, audit_state from content where tenant_id = $1 and id = $2`, [DEMO, workId]);
    expect(work.rows[0]).toEqual({ state: 1, audit_state: 'approved' });
    const told = await db.query<{ title: string }>(`select title from user_message where tenant_id = $1 and user_id = $2 order by id desc limit 1`, [DEMO, learnerId]);
    expect(told.rows[0]?.title).toContain(workTitle);

    // 班级管理: enrol the new learner by account, then find them in the members.
    await menu.getByTestId('work-menu-myClasses').click();
    await page.waitForURL(/\/work\/myClasses$/, { timeout: UI_TIMEOUT });
    await page.getByTestId('work-members').or(page.getByTestId('work-members-empty')).first().waitFor({ timeout: UI_TIMEOUT });
    await page.getByTestId('enrol-open').click();
    await page.getByTestId('enrol-account').fill(newAccount);
    await page.getByTestId('enrol-submit').click();
    await page.getByTestId('enrol-account').waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    await page.getByRole('searchbox', { name: /按姓名或账号查找/ }).fill(newAccount);
    await page.getByRole('searchbox', { name: /按姓名或账号查找/ }).press('Enter');
    await page.getByTestId('work-members').getByText(newAccount).waitFor({ timeout: UI_TIMEOUT });
    await saveScreenshot(page, 'work-center-classes');
    const member = await db.query<{ state: number }>(
      `select m.state from classes_member m join user_account u on u.tenant_id = m.tenant_id and u.id = m.user_id
        where m.tenant_id = $1 and m.classes_id = $2 and u.account = $3`, [DEMO, cls.id, newAccount]);
    expect(member.rows[0]?.state).toBe(1);

    // 授课安排: the class's room on the month's calendar and in the list.
    await menu.getByTestId('work-menu-myCourse').click();
    await page.waitForURL(/\/work\/myCourse$/, { timeout: UI_TIMEOUT });
    await page.getByTestId('course-calendar').getByText(roomTitle).first().waitFor({ timeout: UI_TIMEOUT });
    await saveScreenshot(page, 'work-center-course');
    await page.getByTestId('course-view').getByText('列表').click();
    await page.getByTestId('course-list').getByRole('link', { name: roomTitle }).waitFor({ timeout: UI_TIMEOUT });
  });

  test('a learner sees no work group, a work page says it is for teachers, and the approval is in the message center', async ({ page }) => {
    await signIn(page, 'learner', 'Study@2026');
    // The approval of the test above reached the learner's message center.
    await page.goto(`${baseUrl}/study/user/center/study/myNews`);
    await page.getByTestId('news-item').filter({ hasText: workTitle }).first().waitFor({ timeout: UI_TIMEOUT });
    await page.goto(`${baseUrl}/study/user/center/work/myClasses`);
    await page.getByTestId('work-forbidden').waitFor({ timeout: UI_TIMEOUT });
    expect(await page.getByTestId('center-work-menu').count()).toBe(0);
  });
});
