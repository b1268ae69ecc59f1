import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { tenantDb } from './db';
import { addAxe, axeViolations } from './axe-page';
import { saveScreenshot, signInAt, test, UI_TIMEOUT } from './browser';

// Issue 20 part V, "Done when": a learner writes a two-chapter work, submits it, a teacher approves
// it, and it reads in the reader. In Chromium against the real server: the demo learner writes in
// /user/center/content/myWorks/create (the rich-text editor, autosave, a second chapter), submits;
// the demo teacher opens the work's review page from 作品审核, reads both chapters and approves; the
// learner reads it at /content/noval/{id}, chapter 1 then chapter 2. Each step is checked in the
// database too.

const baseUrl = inject('baseUrl');
const poll = { timeout: UI_TIMEOUT, interval: 100 };
const DEMO = 1001;
const stamp = Date.now() % 100000;
const title = `e2e 山城来信 ${stamp}`;

let db: pg.Client;

beforeAll(async () => {
  db = await tenantDb(DEMO);
});
afterAll(() => db.end());

const workRow = async () => (await db.query<{ id: string; state: number; audit_state: string }>(
  `select id, state, audit_state from content where tenant_id = $1 and title = $2`, [DEMO, title])).rows[0];

describe('a creator\'s work', () => {
  test('is written in two chapters, submitted, approved by a teacher and read in the reader', async ({ page, openPage }) => {
    await signInAt(page, baseUrl, 'learner', 'Study@2026');
    await page.goto(`${baseUrl}/study/user/center/content/myWorks`);
    await page.getByTestId('works-write').click();
    await page.waitForURL(/\/myWorks\/create$/, { timeout: UI_TIMEOUT });

    // The card: the demo learner has a pen name already (the seed), so only the title is asked.
    await page.getByTestId('work-title').fill(title);
    await page.getByTestId('work-intro').fill('一封寄错了二十年的信。');
    await page.getByTestId('work-save-basics').click();
    await page.waitForURL(/\/myWorks\/create\?id=\d+&chapter=\d+$/, { timeout: UI_TIMEOUT });

    // Chapter 1 in the rich-text editor, one word in bold, saved by autosave.
    const writeChapter = async (chapterTitle: string, text: string) => {
      await page.getByTestId('works-chapter-title').fill(chapterTitle);
      const body = page.getByTestId('works-body-text');
      await body.click();
      await page.keyboard.type(text);
      await page.keyboard.press('Enter');
      await page.getByTestId('works-body-bold').click();
      await page.keyboard.type('雨夜');
      await expect.poll(() => page.getByTestId('works-save-status').getAttribute('data-state'), poll).toBe('saved');
    };
    await writeChapter('第一章 来信', '山城的雨总是在傍晚落下。');
    await expect.poll(async () => (await page.getByTestId('works-word-count').textContent()) ?? '', poll).toContain('本章 13 字');

    // Chapter 2.
    await page.getByTestId('works-add-chapter').click();
    await expect.poll(() => page.getByTestId('works-chapter').count(), poll).toBe(2);
    await expect.poll(async () => page.getByTestId('works-chapter-title').inputValue(), poll).toBe('第2章');
    await writeChapter('第二章 回信', '老人看了那封信很久。');
    await saveScreenshot(page, 'creator-journey-editor');

    const work = await workRow();
    const parts = await db.query<{ title: string; body_html: string }>(
      `select title, body_html from content_part where tenant_id = $1 and content_id = $2 order by sort`, [DEMO, work!.id]);
    expect(parts.rows.map((p) => p.title)).toEqual(['第一章 来信', '第二章 回信']);
    expect(parts.rows[0]!.body_html).toContain('<b>雨夜</b>');

    // Submit for review: back on myWorks, in review.
    await page.getByTestId('works-submit').click();
    await page.getByRole('button', { name: '确 定' }).or(page.getByRole('button', { name: '确定' })).first().click();
    await page.waitForURL(/\/myWorks$/, { timeout: UI_TIMEOUT });
    await expect.poll(async () => (await workRow())?.audit_state, poll).toBe('pending');
    const row = page.locator(`[data-testid="my-work-item"][data-id="${work!.id}"]`);
    await expect.poll(() => row.getAttribute('data-state'), poll).toBe('pending');

    // The teacher reads both chapters on the review page and approves.
    const teacher = await openPage();
    await signInAt(teacher, baseUrl, 'teacher', 'Teach@2026');
    await teacher.goto(`${baseUrl}/study/user/center/work/myContent`);
    const pending = teacher.locator(`[data-testid="pending-work"][data-id="${work!.id}"]`);
    await pending.waitFor({ timeout: UI_TIMEOUT });
    await pending.getByTestId('review-work-chapters').click();
    await teacher.waitForURL(new RegExp(`/work/myContent/detail/${work!.id}$`), { timeout: UI_TIMEOUT });
    await expect.poll(() => teacher.getByTestId('works-review-chapter').count(), poll).toBe(2);
    // The chapters' texts arrive after their titles.
    await expect.poll(() => teacher.getByTestId('works-review').textContent(), poll).toContain('老人看了那封信很久。');
    await saveScreenshot(teacher, 'creator-journey-review');
    // The teacher's review page passes axe (the a11y gate, signed in as a learner, sees its refusal only).
    await addAxe(teacher);
    expect(await axeViolations(teacher)).toEqual([]);
    await teacher.getByTestId('works-review-approve').click();
    await teacher.waitForURL(/\/work\/myContent$/, { timeout: UI_TIMEOUT });
    await expect.poll(async () => (await workRow())?.state, poll).toBe(1);

    // The learner reads it in the reader: chapter 1, then chapter 2.
    await page.goto(`${baseUrl}/study/content/noval/${work!.id}?purpose=7`);
    const chapter = page.getByTestId('reader-chapter');
    await chapter.waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(async () => (await chapter.textContent()) ?? '', poll).toContain('山城的雨总是在傍晚落下。');
    expect(await chapter.textContent()).toContain('第一章 来信');
    await page.getByTestId('reader-next').click();
    await expect.poll(async () => (await page.getByTestId('reader-chapter').textContent()) ?? '', poll).toContain('老人看了那封信很久。');
    await saveScreenshot(page, 'creator-journey-reader');
  });
});
