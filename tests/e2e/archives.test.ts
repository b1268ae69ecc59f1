import ExcelJS from 'exceljs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { tenantDb } from './db';
import { saveScreenshot, signInAt, test, UI_TIMEOUT } from './browser';

// Archives (issue 19 part D): the demo learner opens their learning file (/archives), sees the
// summary and the course the seed studied (exporting the course records to .xlsx), logs a self-directed study on /archives/autonomyStudy,
// then finds it in /archives/detail (and its process page) and in today's bar of the study-time detail.

const baseUrl = inject('baseUrl');
const DEMO = 1001;
const TITLE = '阅读《学习之道》第三章';

let db: pg.Client;
let learnerId = 0;
let courseTitle = '';

/**
 * The learner's self-directed minutes on a day. The form dates an entry by the browser's today,
 * which is the tenant's yesterday between midnight in the tenant's zone and midnight in the
 * browser's (CI's browser is on UTC, demo on Asia/Shanghai): the test follows the form's date.
 */
async function minutesOn(date: string): Promise<number> {
  const { rows } = await db.query<{ m: string }>(`select coalesce(sum(minutes), 0) as m from autonomy_study a
    where a.tenant_id = $1 and a.user_id = $2 and a.study_date = $3::date`, [DEMO, learnerId, date]);
  return Number(rows[0]?.m ?? 0);
}

beforeAll(async () => {
  db = await tenantDb(DEMO);
  const { rows } = await db.query<{ id: string }>(`select id from user_account where tenant_id = $1 and account = 'learner'`, [DEMO]);
  learnerId = Number(rows[0]?.id);
  // A rerun starts without this journey's entry (the day's 720 minutes are shared with other journeys).
  await db.query(`delete from autonomy_study where tenant_id = $1 and user_id = $2 and title = $3`, [DEMO, learnerId, TITLE]);
  const course = await db.query<{ title: string }>(`select c.title from study_record r join course c on c.tenant_id = r.tenant_id and c.id = r.course_id
    where r.tenant_id = $1 and r.user_id = $2 group by c.id, c.title order by min(r.created_at) limit 1`, [DEMO, learnerId]);
  courseTitle = course.rows[0]?.title ?? '';
  expect(courseTitle, 'the demo seed studies a course for the learner (seed-archives.ts)').not.toBe('');
});
afterAll(() => db.end());

describe('archives', () => {
  test('the learner sees their file, logs a self-directed study and finds it in the records and the study time', async ({ page }) => {
    await signInAt(page, baseUrl, 'learner', 'Study@2026');
    await page.goto(`${baseUrl}/study/archives`);
    await page.getByTestId('archives-stat-total').waitFor({ timeout: UI_TIMEOUT });
    const countBefore = Number(/\d+/.exec((await page.getByTestId('archives-stat-autonomy').textContent()) ?? '')?.[0]);
    expect(countBefore).toBeGreaterThanOrEqual(4);
    expect(await page.getByTestId('archives-stat-courses').textContent()).toMatch(/\d+ \/ [1-9]\d* 门/);
    await saveScreenshot(page, 'archives-summary');

    // The seed's course is among the records, with its process lesson by lesson.
    await page.getByTestId('archives-link-detail').click();
    await page.waitForURL(/\/study\/archives\/detail$/, { timeout: UI_TIMEOUT });
    await page.getByTestId('archives-filter-kind').click();
    await page.locator('.ant-select-item-option', { hasText: '课程' }).click();
    await page.waitForURL(/kind=course/, { timeout: UI_TIMEOUT });
    const course = page.getByTestId('archive-entry').filter({ hasText: courseTitle });
    await course.first().waitFor({ timeout: UI_TIMEOUT });
    // The filtered records export to an .xlsx file with the same rows.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('archives-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^learning-records-\d{8}\.xlsx$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).text).toBe('名称');
    const titles = sheet.getColumn(2).values.slice(2).map(String);
    expect(titles).toContain(courseTitle);
    expect(sheet.getColumn(1).values.slice(2).every((v) => v === '课程')).toBe(true);
    expect(titles).toHaveLength(Number(/\d+/.exec((await page.getByTestId('archives-detail-total').textContent()) ?? '')?.[0]));
    await course.first().getByRole('link', { name: courseTitle }).click();
    await page.waitForURL(/\/study\/archives\/archivesDetall\?type=course&id=\d+$/, { timeout: UI_TIMEOUT });
    await page.getByTestId('process-step').first().waitFor({ timeout: UI_TIMEOUT });
    expect(await page.locator('[data-testid="process-step"][data-state="2"]').count()).toBeGreaterThanOrEqual(1);
    await saveScreenshot(page, 'archives-process');

    // Log 25 minutes of reading today.
    await page.goto(`${baseUrl}/study/archives/autonomyStudy`);
    await page.getByTestId('autonomy-add').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('autonomy-title').fill(TITLE);
    await dialog.getByTestId('autonomy-minutes').fill('25');
    await dialog.getByTestId('autonomy-note').fill('刻意练习比重复阅读更有效。');
    const date = await dialog.getByTestId('autonomy-date').evaluate((n) => (n instanceof HTMLInputElement ? n.value : n.querySelector('input')?.value ?? ''));
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const before = await minutesOn(date);
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
    await page.getByTestId('autonomy-entry').filter({ hasText: TITLE }).waitFor({ timeout: UI_TIMEOUT });
    expect(await minutesOn(date)).toBe(before + 25);
    await saveScreenshot(page, 'archives-autonomy');

    // In the records among the self-directed entries (ordered by day: the seed's entries of the
    // tenant's today come first when the form's day is the tenant's yesterday).
    await page.goto(`${baseUrl}/study/archives/detail?kind=autonomy`);
    const entry = page.getByTestId('archive-entry').filter({ hasText: TITLE }).first();
    await entry.waitFor({ timeout: UI_TIMEOUT });
    expect(await entry.textContent()).toContain('25 分钟');

    // In that day's bar of the study time, with the summary's count one up.
    await page.goto(`${baseUrl}/study/archives/studyTimeDetail`);
    const bar = page.locator(`[data-testid="study-time-bar"][data-start="${date}"]`);
    await bar.waitFor({ timeout: UI_TIMEOUT });
    expect(Number(await bar.getAttribute('data-autonomy'))).toBe((before + 25) * 60);
    await saveScreenshot(page, 'archives-study-time');
    await page.goto(`${baseUrl}/study/archives`);
    await page.getByTestId('archives-stat-autonomy').waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(async () => Number(/\d+/.exec((await page.getByTestId('archives-stat-autonomy').textContent()) ?? '')?.[0])).toBe(countBefore + 1);
  });
});
