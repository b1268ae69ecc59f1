import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { tenantDb } from './db';
import { saveScreenshot, test, UI_TIMEOUT, signInAt } from './browser';

// Homework (issue 18 "Done when": a teacher sets homework, a learner submits a file, the teacher
// returns a mark), in Chromium against the real server: the demo teacher sets an assignment for a
// class of theirs in 布置作业 (myZuoye); the demo learner, a member, opens it from 我的作业
// (myHomework), writes an answer and uploads a small PDF through the real upload flow, and submits;
// the teacher marks it with a comment in 作业批改 (myWork); the learner sees the mark and comment.

const baseUrl = inject('baseUrl');
const poll = { timeout: UI_TIMEOUT, interval: 100 };
const DEMO = 1001;
const stamp = Date.now() % 100000;
const title = `e2e 读书报告 ${stamp}`;
const answer = `我读完了第三章，总结如下 ${stamp}`;
const comment = `结构清楚，继续保持 ${stamp}`;
/** A small valid PDF: the upload checks the bytes are what the extension says. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

let db: pg.Client;
let cls = { id: 0, title: '' };

beforeAll(async () => {
  db = await tenantDb(DEMO);
  // A class the demo teacher teaches and the demo learner is in (seed-homework.ts enrols the learner in the first).
  const { rows } = await db.query<{ id: string; title: string }>(
    `select c.id, c.title from training_class c
       join user_role r on r.tenant_id = c.tenant_id and r.role = 'teacher' and r.scope_type = 'classes' and r.scope_id = c.id
       join user_account t on t.tenant_id = r.tenant_id and t.id = r.user_id and t.account = 'teacher'
       join classes_member m on m.tenant_id = c.tenant_id and m.classes_id = c.id and m.state = 1
       join user_account l on l.tenant_id = m.tenant_id and l.id = m.user_id and l.account = 'learner'
      where c.tenant_id = $1 order by c.id limit 1`, [DEMO]);
  cls = { id: Number(rows[0]?.id), title: rows[0]?.title ?? '' };
  expect(cls.id, 'the demo learner needs to be in a class of the demo teacher').toBeGreaterThan(0);
});
afterAll(() => db.end());

async function signIn(page: import('playwright-core').Page, account: string, password: string) {
  await signInAt(page, baseUrl, account, password);
}

describe('homework', () => {
  test('the teacher sets homework, the learner submits text and a file, the teacher marks it, the learner sees the mark', async ({ page, openPage }) => {
    // The teacher: 布置作业 → the drawer → the class, a title and instructions.
    const teacher = await openPage();
    await signIn(teacher, 'teacher', 'Teach@2026');
    await teacher.goto(`${baseUrl}/study/user/center/work/myZuoye`);
    await teacher.getByTestId('homework-new').click();
    const drawer = teacher.getByTestId('homework-drawer');
    await drawer.getByRole('combobox').first().click();
    await teacher.locator('.ant-select-item-option', { hasText: cls.title }).first().click();
    await drawer.getByTestId('homework-title').fill(title);
    await drawer.getByTestId('homework-instructions').fill('读完第三章，写一份读书报告。\n\n可以附上 PDF。');
    await saveScreenshot(teacher, 'homework-drawer');
    await teacher.getByTestId('homework-save').click();
    const item = teacher.getByTestId('my-zuoye-item').filter({ hasText: title });
    await item.waitFor({ timeout: UI_TIMEOUT });
    const { rows } = await db.query<{ id: string }>(`select id from homework where tenant_id = $1 and title = $2 and classes_id = $3`, [DEMO, title, cls.id]);
    expect(rows).toHaveLength(1);
    const homeworkId = Number(rows[0]!.id);
    await saveScreenshot(teacher, 'homework-my-zuoye');

    // The learner: 我的作业 → the assignment → an answer and a PDF through the upload flow.
    await signIn(page, 'learner', 'Study@2026');
    await page.goto(`${baseUrl}/study/user/center/study/myHomework`);
    const row = page.locator(`[data-testid="my-homework-item"][data-id="${homeworkId}"]`);
    await row.waitFor({ timeout: UI_TIMEOUT });
    expect(await row.textContent()).toContain('未提交');
    await row.getByRole('link', { name: title }).click();
    await page.waitForURL(new RegExp(`/study/homeWork/detail\\?id=${homeworkId}$`), { timeout: UI_TIMEOUT });
    await page.getByTestId('homework-detail').waitFor();
    expect(await page.getByTestId('homework-countdown').textContent()).toMatch(/剩余/);
    await page.getByTestId('homework-answer').fill(answer);
    await page.getByTestId('homework-files-input').setInputFiles({ name: '读书报告[终稿].pdf', mimeType: 'application/pdf', buffer: PDF });
    // spec shell §5: brackets in the name become full-width before the upload request.
    await page.getByTestId('attached-file').filter({ hasText: '读书报告［终稿］.pdf' }).waitFor({ timeout: UI_TIMEOUT });
    await saveScreenshot(page, 'homework-learner-editing');
    await page.getByTestId('homework-submit').click();
    await expect.poll(() => page.getByTestId('my-submission-status').textContent(), poll).toBe('已提交');
    const { rows: sent } = await db.query<{ content: string; files: Array<{ name: string; url: string }> ; state: string }>(
      `select s.content, s.files, s.state from homework_submission s join user_account u on u.tenant_id = s.tenant_id and u.id = s.user_id
        where s.tenant_id = $1 and s.homework_id = $2 and u.account = 'learner'`, [DEMO, homeworkId]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ content: answer, state: 'submitted' });
    expect(sent[0]!.files).toHaveLength(1);
    // The stored file is served back, the same bytes.
    const served = await page.request.get(`${baseUrl}${sent[0]!.files[0]!.url}`);
    expect(served.ok()).toBe(true);
    expect((await served.body()).subarray(0, 5).toString()).toBe('%PDF-');

    // The teacher: 批改 from myZuoye → myWork → the learner's submission → score and comment.
    await item.getByRole('link', { name: '批改' }).click();
    await teacher.waitForURL(new RegExp(`/study/user/center/work/myWork\\?homeworkId=${homeworkId}$`), { timeout: UI_TIMEOUT });
    const waiting = teacher.locator('[data-testid="queue-row"][data-status="submitted"]').first();
    await waiting.getByTestId('queue-open').click();
    await expect.poll(() => teacher.getByTestId('submission-content').textContent(), poll).toBe(answer);
    expect(await teacher.getByTestId('submission-files').textContent()).toContain('读书报告［终稿］.pdf');
    await teacher.locator('#mark-score').fill('92');
    await teacher.getByTestId('mark-comment').fill(comment);
    await saveScreenshot(teacher, 'homework-marking');
    await teacher.getByTestId('mark-save').click();
    await teacher.locator('[data-testid="queue-row"][data-status="marked"]').filter({ hasText: '92' }).first().waitFor({ timeout: UI_TIMEOUT });

    // The learner sees the mark and the comment.
    await page.reload();
    await expect.poll(() => page.getByTestId('my-score').textContent(), poll).toBe('92 / 100 分');
    expect(await page.getByTestId('my-comment').textContent()).toBe(comment);
    expect(await page.getByTestId('homework-submit').count()).toBe(0);
    await saveScreenshot(page, 'homework-learner-marked');
  });
});
