import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { tenantDb } from './db';
import { saveScreenshot, test, UI_TIMEOUT } from './browser';

// Issue 7 in Chromium against the real server, the pages beside the course: a shared article read
// in the page and back to its list; a book in the reader, chapter by chapter; the label filter of
// a list; a notice from the home page; and the study record, whose day grows by the seconds a
// video was watched.

const baseUrl = inject('baseUrl');
const poll = { timeout: UI_TIMEOUT, interval: 100 };
const DEMO = 1001;
let db: pg.Client;

beforeAll(async () => {
  db = await tenantDb(DEMO);
});
afterAll(() => db.end());

const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[]) => (await db.query<T>(text, values)).rows[0]!;

describe('reading and the study record', () => {
  test('an article, a book, a label, a notice, and the time a video was watched', { timeout: 120_000 }, async ({ page }) => {
    // An article from /share: its text in the page, and back to the list.
    await page.goto(`${baseUrl}/study/share`);
    const card = page.locator('[data-card-id] a').first();
    // The card's title (its cover may be the 暂无封面 placeholder: a learner's article has no cover).
    const title = (await card.locator('.w-card-title').textContent())?.trim() ?? '';
    await card.click();
    await page.getByTestId('article-detail').waitFor();
    await expect.poll(() => page.locator('.article-detail-body h2').count(), poll).toBeGreaterThan(0);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(title.slice(0, 6));
    await page.getByTestId('article-back').click();
    await expect.poll(() => new URL(page.url()).pathname, poll).toBe('/study/share');

    // A book in the reader: the chapter the address names, then the next.
    const book = await one<{ id: string }>(`select id from content where tenant_id = $1 and purpose = 5 and state = 1 order by id limit 1`, [DEMO]);
    await page.goto(`${baseUrl}/study/content/noval/${book.id}?purpose=5`);
    const chapter = page.getByTestId('reader-chapter');
    await chapter.waitFor();
    const first = await chapter.getAttribute('data-part-id');
    await expect.poll(() => chapter.locator('.reader-chapter-body p').count(), poll).toBeGreaterThan(0);
    // CI's loaded run once stayed on chapter 1 after the click (the page was still settling); a
    // person clicks again, only when the first click led nowhere (a second click would skip a chapter).
    const at = () => new URL(page.url()).searchParams.get('chapter');
    for (let attempt = 0; attempt < 3 && at() !== '2'; attempt++) {
      await page.getByTestId('reader-next').click();
      await page.waitForURL((url) => url.searchParams.get('chapter') === '2', { timeout: 10_000 }).catch(() => undefined);
    }
    expect(at()).toBe('2');
    await expect.poll(() => chapter.getAttribute('data-part-id'), poll).not.toBe(first);
    await expect.poll(() => chapter.locator('.reader-chapter-body p').count(), poll).toBeGreaterThan(0);

    // The course list filtered by a label: every course shown carries it.
    await page.goto(`${baseUrl}/study/course`);
    const chip = page.getByTestId('label-bar').getByRole('checkbox').nth(1);
    const label = (await chip.textContent())?.trim() ?? '';
    await chip.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('label'), poll).toBe(label);
    const { n } = await one<{ n: number }>(`select count(*)::int as n from course where tenant_id = $1 and state = 1 and $2 = any(labels)`, [DEMO, label]);
    await expect.poll(() => page.locator('.learning-count').textContent(), poll).toContain(String(n));

    // Signed in: a video watched for a few seconds adds to today in the study record.
    await page.goto(`${baseUrl}/study/login`);
    await page.getByTestId('login-account').fill('learner');
    await page.getByTestId('login-password').fill('Study@2026');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('user-menu').waitFor();
    await page.goto(`${baseUrl}/study/user/center/study/myStudyRecord`);
    const today = page.locator('[data-testid="study-day"]').last();
    await today.waitFor();
    const before = Number(await today.getAttribute('data-seconds'));
    const video = await one<{ id: string }>(
      `select c.id from content c where c.tenant_id = $1 and c.state = 1 and c.kind = 'video' and c.purpose = 3 and c.media_url like 'media:video/%.mp4'
         and not exists (select 1 from content_part p where p.tenant_id = c.tenant_id and p.content_id = c.id) order by c.id limit 1`, [DEMO]);
    await page.goto(`${baseUrl}/study/sub_cm/content/detail?id=${video.id}&purpose=3`);
    const player = page.getByTestId('content-detail-video');
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), poll).toBeGreaterThanOrEqual(1);
    await player.evaluate((v: HTMLVideoElement) => { v.muted = true; return v.play(); });
    await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000, interval: 200 }).toBeGreaterThan(4);
    await player.evaluate((v: HTMLVideoElement) => v.pause());
    await page.waitForTimeout(500);
    await page.goto(`${baseUrl}/study/user/center/study/myStudyRecord`);
    await expect.poll(async () => Number(await page.locator('[data-testid="study-day"]').last().getAttribute('data-seconds')), poll)
      .toBeGreaterThanOrEqual(before + 3);
    await expect.poll(() => page.getByTestId('study-history-item').count(), poll).toBeGreaterThan(0);
    await saveScreenshot(page, 'study-record');

    // A notice from the home page's notice list opens its page.
    await page.goto(`${baseUrl}/study/home`);
    const link = page.locator('.w-notice-list a').first();
    await link.scrollIntoViewIfNeeded();
    const noticeTitle = (await link.getAttribute('title')) ?? '';
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname, poll).toBe('/study/user/center/study/noticeDetail');
    await expect.poll(() => page.getByTestId('notice-detail').getByRole('heading', { level: 1 }).textContent(), poll).toBe(noticeTitle);
  });
});
