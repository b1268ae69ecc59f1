import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { tenantDb } from './db';
import { signInAt, test, UI_TIMEOUT } from './browser';

// Issue 20 part U in Chromium against the real server: the demo learner opens the text platform,
// a book's page and its author, follows the author (it shows in myFollow), puts the book on the
// shelf, reads a chapter, writes a review, and deletes it from the center's myComment.

const baseUrl = inject('baseUrl');
const poll = { timeout: UI_TIMEOUT, interval: 100 };
const DEMO = 1001;
let db: pg.Client;

beforeAll(async () => {
  db = await tenantDb(DEMO);
});
afterAll(() => db.end());

const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await db.query<T>(text, values)).rows[0]!;

describe('the reading platform', () => {
  test('platform, book, author, follow, shelf, a chapter, a review and its deletion', { timeout: 120_000 }, async ({ page }) => {
    await signInAt(page, baseUrl, 'learner', 'Study@2026');
    const learner = await one<{ id: string }>(`select id from user_account where tenant_id = $1 and account = 'learner'`, [DEMO]);
    // A work with chapters, not on the learner's shelf, whose author the learner does not follow.
    const book = await one<{ id: string; title: string; author_id: string; pen_name: string }>(
      `select c.id, c.title, c.author_id, a.pen_name from content c join author a on a.tenant_id = c.tenant_id and a.id = c.author_id
        where c.tenant_id = $1 and c.state = 1 and c.purpose in (5, 7) and c.kind = 'article'
          and exists (select 1 from content_part p where p.tenant_id = c.tenant_id and p.content_id = c.id and p.kind = 'article')
          and not exists (select 1 from user_follow f where f.tenant_id = c.tenant_id and f.user_id = $2 and f.author_id = c.author_id)
          and not exists (select 1 from content_shelf s where s.tenant_id = c.tenant_id and s.user_id = $2 and s.content_id = c.id)
        order by c.id limit 1`, [DEMO, learner.id]);

    // The text platform: four lists, each work a link to its book page.
    await page.goto(`${baseUrl}/study/content/textPlatform`);
    await page.getByTestId('platform-recent-list').waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => page.getByTestId('platform-new-list').getByTestId('book-row').count(), poll).toBeGreaterThan(0);
    await page.getByTestId('platform-recent-list').getByTestId('book-row-title').first().click();
    await page.getByTestId('book-detail').waitFor({ timeout: UI_TIMEOUT });

    // The chosen book's page, then its author's, and follow.
    await page.goto(`${baseUrl}/study/content/noval/detail/${book.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), poll).toContain(book.title);
    await page.getByTestId('book-author').click();
    await page.getByTestId('author-detail').waitFor({ timeout: UI_TIMEOUT });
    expect(new URL(page.url()).pathname).toBe(`/study/content/author/${book.author_id}`);
    await page.getByTestId('author-follow').click();
    await expect.poll(() => page.getByTestId('author-follow').getAttribute('aria-pressed'), poll).toBe('true');
    await page.goto(`${baseUrl}/study/user/center/content/myFollow`);
    await expect.poll(() => page.locator(`[data-testid="my-follow-item"][data-author-id="${book.author_id}"]`).count(), poll).toBe(1);

    // Back on the book: onto the shelf, then a chapter in the reader.
    await page.goto(`${baseUrl}/study/content/noval/detail/${book.id}`);
    await page.getByTestId('book-shelf').click();
    await expect.poll(() => page.getByTestId('book-shelf').getAttribute('aria-pressed'), poll).toBe('true');
    await expect.poll(async () => (await db.query('select 1 from content_shelf where tenant_id = $1 and user_id = $2 and content_id = $3', [DEMO, learner.id, book.id])).rowCount, poll).toBe(1);
    await page.getByTestId('book-chapter').first().click();
    await page.getByTestId('reader-chapter').waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => page.locator('.reader-chapter-body p').count(), poll).toBeGreaterThan(0);

    // A review on the book page, then deleted from the center.
    const text = `读完第一章，节奏很好 ${Date.now() % 100000}`;
    await page.goto(`${baseUrl}/study/content/noval/detail/${book.id}`);
    await page.getByTestId('book-comment-form').getByRole('textbox').fill(text);
    await page.getByTestId('book-comment-form').getByRole('button').last().click();
    await expect.poll(() => page.getByTestId('book-comment-list').textContent(), poll).toContain(text);
    await page.goto(`${baseUrl}/study/user/center/content/myComment`);
    const item = page.getByTestId('content-comment-item').filter({ hasText: text });
    await item.waitFor({ timeout: UI_TIMEOUT });
    await item.getByTestId('content-comment-delete').click();
    await page.locator('.ant-popconfirm').getByRole('button').last().click();
    await expect.poll(() => page.getByTestId('content-comment-item').filter({ hasText: text }).count(), poll).toBe(0);
    const row = await one<{ state: number }>(`select state from comment where tenant_id = $1 and user_id = $2 and content = $3`, [DEMO, learner.id, text]);
    expect(row.state).toBe(0);
  });
});
