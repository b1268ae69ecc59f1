import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { tenantDb } from './db';
import { saveScreenshot, test, UI_TIMEOUT } from './browser';

// The shop's reading area (spec learning §2 "Sub-home, shop and content": /sub_shop/noval for the
// reading products, /sub_shop/noval/{id} for one, /content/bookshelf), in Chromium against the real
// server: a shop learner opens 读书 from the navbar, opens an e-book and reads a free chapter, finds
// chapter 3 locked, buys the book (buy now, then 模拟支付), reads chapter 3, and finds the book on
// the bookshelf. Its own account, so the shop's other e2e files never see its orders.

const port = inject('port');
const SHOP = 1003;
const ACCOUNT = 'reading-e2e';
const shopUrl = (path: string) => `http://shop.localhost:${port}/study${path}`;
const poll = { timeout: UI_TIMEOUT, interval: 100 };

let db: pg.Client;
let userId = 0;
/** The newest e-book on sale (the first card of the 电子书 tab), from a provider on shelf. */
let book = { id: 0, title: '' };

beforeAll(async () => {
  db = await tenantDb(SHOP);
  // A learner of its own: the seeded learner's password, another account (made once per database).
  await db.query(
    `insert into user_account (tenant_id, account, password_hash, password_salt, real_name)
       select tenant_id, $2, password_hash, password_salt, '读书人' from user_account where tenant_id = $1 and account = 'learner'
     on conflict do nothing`, [SHOP, ACCOUNT]);
  const { rows: users } = await db.query<{ id: string }>('select id from user_account where tenant_id = $1 and account = $2', [SHOP, ACCOUNT]);
  userId = Number(users[0]?.id);
  expect(userId, 'the reading learner exists').toBeGreaterThan(0);
  await db.query('delete from shop_order where tenant_id = $1 and user_id = $2', [SHOP, userId]);
  await db.query('delete from user_address where tenant_id = $1 and user_id = $2', [SHOP, userId]);
  const { rows } = await db.query<{ id: string; title: string }>(
    `select p.id, p.title from product p join provider v on v.tenant_id = p.tenant_id and v.id = p.provider_id
      where p.tenant_id = $1 and p.type = 8 and p.state = 1 and v.state = 0 order by p.publish_time desc, p.id desc limit 1`, [SHOP]);
  book = { id: Number(rows[0]?.id), title: rows[0]?.title ?? '' };
  expect(book.id, 'the shop seeds an e-book on sale').toBeGreaterThan(0);
});
afterAll(() => db.end());

async function signIn(page: Page): Promise<void> {
  await page.goto(shopUrl('/login'));
  await page.getByTestId('login-account').fill(ACCOUNT);
  await page.getByTestId('login-password').fill('Study@2026');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('user-menu').waitFor();
}

async function paidOrders(): Promise<number> {
  const { rows } = await db.query('select 1 from shop_order where tenant_id = $1 and user_id = $2 and state in (2, 3)', [SHOP, userId]);
  return rows.length;
}

describe('shop: reading', () => {
  test('a shop learner reads a free chapter, buys the e-book to read chapter 3, and finds it on the bookshelf', async ({ page }) => {
    await signIn(page);
    await page.getByTestId('navbar').getByRole('link', { name: '读书' }).first().click();
    await page.getByTestId('noval-list-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/study/sub_shop/noval');
    await page.getByRole('tab', { name: '电子书' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('type'), poll).toBe('8');
    const card = page.getByTestId('noval-grid').locator(`[data-card-id="${book.id}"]`);
    await card.waitFor();
    await saveScreenshot(page, 'shop-reading-list');
    await card.getByRole('link').first().click();

    // Chapter 1 is free: it opens in the page.
    await page.getByTestId('noval-book-page').waitFor();
    await page.getByRole('heading', { name: book.title, level: 1 }).waitFor();
    await page.getByTestId('noval-chapter-view').waitFor();
    await expect.poll(() => page.getByTestId('noval-chapter-view').innerText(), poll).toMatch(/^第 1 章 \//);
    await expect.poll(() => page.getByTestId('noval-chapter').nth(2).getAttribute('data-locked'), poll).toBe('true');
    await saveScreenshot(page, 'shop-reading-free-chapter');

    // Chapter 3 is locked.
    await page.getByTestId('noval-chapter').nth(2).getByRole('link').click();
    await page.getByTestId('noval-locked').waitFor();
    await expect.poll(() => page.getByTestId('noval-locked').innerText(), poll).toContain('购买后即可阅读全部章节');
    expect(await page.getByTestId('noval-chapter-view').count()).toBe(0);
    await saveScreenshot(page, 'shop-reading-locked');

    // Buy now, then 模拟支付. Issue 20 part Q: an e-book ships nothing, so the confirmation asks no address.
    await page.getByTestId('noval-locked').getByTestId('noval-buy').click();
    await page.getByTestId('order-confirm-page').waitFor();
    await page.getByTestId('confirm-no-address').waitFor();
    expect(await page.getByTestId('add-address').count()).toBe(0);
    await page.getByTestId('submit-order').click();
    await page.getByTestId('order-detail-page').waitFor();
    await page.getByRole('radio', { name: '模拟支付' }).waitFor();
    await page.getByTestId('pay-confirm').click();
    await expect.poll(paidOrders, poll).toBe(1);

    // Chapter 3 now reads, and the book remembers it.
    await page.goto(shopUrl(`/sub_shop/noval/${book.id}?chapter=3`));
    await page.getByTestId('noval-owned').waitFor();
    await expect.poll(() => page.getByTestId('noval-chapter-view').innerText(), poll).toMatch(/^第 3 章 \//);
    await expect.poll(() => page.getByTestId('noval-chapter').nth(2).getAttribute('data-locked'), poll).toBe('false');
    await saveScreenshot(page, 'shop-reading-bought-chapter');
    await page.goto(shopUrl(`/sub_shop/noval/${book.id}`));
    await expect.poll(() => page.getByTestId('noval-chapter-view').innerText(), poll).toMatch(/^第 3 章 \//);

    // The bookshelf, one step from the reading list, has it.
    await page.goto(shopUrl('/sub_shop/noval'));
    await page.getByTestId('noval-bookshelf').click();
    await page.getByTestId('bookshelf-page').waitFor();
    const shelf = page.getByTestId('bookshelf-book');
    await shelf.first().waitFor();
    await expect.poll(() => shelf.count(), poll).toBe(1);
    expect(await shelf.first().getAttribute('data-product-id')).toBe(String(book.id));
    await expect.poll(() => shelf.first().innerText(), poll).toContain(book.title);
    await saveScreenshot(page, 'shop-reading-bookshelf');
  });

  test('a guest plays a free audiobook episode in the floating player, as no content', async ({ page }) => {
    const { rows } = await db.query<{ id: string; title: string }>(
      `select id, title from product where tenant_id = $1 and type = 9 and state = 1 order by id limit 1`, [SHOP]);
    const audiobook = { id: Number(rows[0]?.id), title: rows[0]?.title ?? '' };
    expect(audiobook.id, 'the shop seeds an audiobook').toBeGreaterThan(0);
    const progressCalls: string[] = [];
    page.on('request', (req) => { if (req.url().includes('/cm/api/hist/')) progressCalls.push(req.url()); });
    await page.goto(shopUrl(`/sub_shop/noval/${audiobook.id}`));
    await page.getByTestId('noval-chapter-view').waitFor();
    const decoded = page.waitForResponse((res) => res.url().includes('/cm/api/media/decode'));
    await page.getByTestId('noval-play').click();
    const player = page.getByRole('region', { name: '音频播放器' });
    await player.waitFor();
    await expect.poll(() => player.locator('.floating-player__title').textContent(), poll).toContain(audiobook.title);
    expect((await (await decoded).json()).success).toBe(true);
    // The position moves: the demo track really plays.
    await expect.poll(async () => (await player.locator('.floating-player__time').textContent())?.startsWith('0:00') === false, poll).toBe(true);
    await saveScreenshot(page, 'shop-reading-audiobook');
    // A product is no content: nothing is read from or written to the study record.
    expect(progressCalls).toEqual([]);
  });
});
