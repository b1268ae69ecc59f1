import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { clientPasswordDigest, hashPassword } from '../../server/lib/password';
import { tenantDb } from './db';
import { saveScreenshot, signInAt, test, UI_TIMEOUT } from './browser';

// The personal center's shop section in Chromium against the real server (issue 20 part T; spec
// learning §2 "Personal center" shop, §3 Address): a shop learner made for this run (e2e files share
// one database, and the shop journey clears the seeded learner's orders) with one completed order
// holding an e-book. They open 我的商城, add two addresses and make the second the default, save a
// product from its page and find it in 商品收藏, find the order in 我的订单 by its number, and open
// the bookshelf and the book from it.

const port = inject('port');
const SHOP = 1003;
const PASSWORD = 'Study@2026';
const base = `http://shop.localhost:${port}`;
const shopUrl = (path: string) => `${base}/study${path}`;
const poll = { timeout: UI_TIMEOUT, interval: 100 };

let db: pg.Client;
let learner = { id: 0, account: '' };
let product = { id: 0, title: '' };
let ebook = { id: 0, title: '' };
let orderNo = '';

beforeAll(async () => {
  db = await tenantDb(SHOP);
  const account = `csh${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const { hash, salt } = await hashPassword(clientPasswordDigest(PASSWORD));
  const { rows: users } = await db.query<{ id: string }>(
    `insert into user_account (tenant_id, account, password_hash, password_salt, real_name, nick_name)
     values ($1, $2, $3, $4, '书架读者', '读者') returning id`, [SHOP, account, hash, salt]);
  learner = { id: Number(users[0]?.id), account };
  const pick = async (types: string) => {
    const { rows } = await db.query<{ id: string; title: string }>(
      `select p.id, p.title from product p join provider v on v.tenant_id = p.tenant_id and v.id = p.provider_id
        where p.tenant_id = $1 and p.state = 1 and v.state = 0 and p.stock >= 5 and p.type in (${types})
          and (p.type not in (8, 9, 10) or exists (select 1 from reading_chapter c where c.tenant_id = p.tenant_id and c.product_id = p.id))
        order by p.id limit 1`, [SHOP]);
    return { id: Number(rows[0]?.id), title: rows[0]?.title ?? '' };
  };
  product = await pick('1, 3');
  ebook = await pick('8');
  expect(product.id, 'the shop needs goods on sale').toBeGreaterThan(0);
  expect(ebook.id, 'the shop needs an e-book with chapters').toBeGreaterThan(0);
  // A completed order with the e-book: it is on the bookshelf and findable by its number.
  orderNo = `2026112700${String(learner.id).padStart(8, '0')}`;
  const { rows: orders } = await db.query<{ id: string }>(
    `insert into shop_order (tenant_id, user_id, submit_token, order_no, state, receiver, phone, area, detail, expires_at, paid_at, shipped_at, received_at, pay_type,
        product_count, item_count, total_price, total_ret_price, pay_price)
     select $1, $2, 'e2e-center-shop', $3, 3, '书架读者', '13812345678', '浙江省 杭州市', '文三路 1 号', now(), now(), now(), now(), 'simulated', 1, 1, p.price, p.price, p.price
       from product p where p.tenant_id = $1 and p.id = $4 returning id`, [SHOP, learner.id, orderNo, ebook.id]);
  await db.query(
    `insert into shop_order_item (tenant_id, order_id, product_id, provider_id, provider_name, product_type, title, cover, price, ret_price, quantity)
     select p.tenant_id, $2, p.id, p.provider_id, v.name, p.type, p.title, p.cover, p.price, p.price, 1
       from product p join provider v on v.tenant_id = p.tenant_id and v.id = p.provider_id where p.tenant_id = $1 and p.id = $3`, [SHOP, Number(orders[0]?.id), ebook.id]);
});

afterAll(async () => {
  // The run's learner goes with everything it made (foreign keys cascade from user_account).
  await db?.query('delete from shop_order where tenant_id = $1 and user_id = $2', [SHOP, learner.id]).catch(() => {});
  await db?.query('delete from user_account where tenant_id = $1 and id = $2', [SHOP, learner.id]).catch(() => {});
  await db?.end();
});

describe('the personal center\'s shop section', () => {
  test('a learner opens 我的商城, keeps addresses, saves a product, finds an order by its number and opens the bookshelf', async ({ page }) => {
    // A retry starts as the first try did: no address and nothing saved. The learner is the file's,
    // so the first try's addresses were there, and the retry's wait for the empty list could never
    // pass (CI of f3f542e).
    await db.query('delete from user_address where tenant_id = $1 and user_id = $2', [SHOP, learner.id]);
    await db.query('delete from product_favorite where tenant_id = $1 and user_id = $2', [SHOP, learner.id]);
    await signInAt(page, base, learner.account, PASSWORD);

    // 我的商城: one completed order, nothing saved yet.
    await page.goto(shopUrl('/user/center/shop/shopMy'));
    await expect.poll(() => page.getByTestId('shop-my-state-completed').textContent(), poll).toContain('1');
    await expect.poll(() => page.getByTestId('shop-my-bookshelf').textContent(), poll).toContain('1');
    await saveScreenshot(page, 'center-shop-my');

    // 收货地址: add two, make the second the default.
    await page.getByTestId('shop-my-addresses').click();
    await page.getByTestId('center-addresses-empty').waitFor({ timeout: UI_TIMEOUT });
    for (const [receiver, detail] of [['书架读者', '文三路 90 号'], ['公司前台', '网商路 699 号']]) {
      await page.getByTestId('center-address-add').click();
      const form = page.getByTestId('address-form');
      await form.getByLabel('收货人').fill(receiver!);
      await form.getByLabel('手机号').fill('13812345678');
      await form.getByLabel('所在地区').fill('浙江省 杭州市 西湖区');
      await form.getByLabel('详细地址').fill(detail!);
      await page.getByRole('button', { name: /保\s?存/ }).click();
      await form.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    }
    await expect.poll(() => page.getByTestId('center-address').count(), poll).toBe(2);
    await page.getByRole('button', { name: '设为默认 公司前台的地址' }).click();
    await expect.poll(async () => (await page.getByTestId('center-address').first().textContent()) ?? '', poll).toContain('公司前台');
    await expect.poll(async () => page.getByTestId('center-address').first().getAttribute('data-default'), poll).toBe('true');
    const { rows: defaults } = await db.query<{ receiver: string }>('select receiver from user_address where tenant_id = $1 and user_id = $2 and is_default', [SHOP, learner.id]);
    expect(defaults.map((d) => d.receiver)).toEqual(['公司前台']);
    await saveScreenshot(page, 'center-shop-address');

    // 收藏 on the product page, found in 商品收藏.
    await page.goto(shopUrl(`/product/detail/${product.id}`));
    const toggle = page.getByTestId('favorite-toggle');
    await expect.poll(() => toggle.getAttribute('aria-pressed'), poll).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-pressed'), poll).toBe('true');
    await page.goto(shopUrl('/user/center/shop/shopFavorite'));
    const saved = page.getByTestId('center-favorite');
    await expect.poll(() => saved.count(), poll).toBe(1);
    expect(await saved.first().getAttribute('data-product-id')).toBe(String(product.id));
    expect(await saved.first().textContent()).toContain(product.title);
    await saveScreenshot(page, 'center-shop-favorite');

    // 我的订单: the search by the order number finds it.
    await page.goto(shopUrl('/user/center/shop/shopOrder'));
    await page.getByTestId('center-order').first().waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('searchbox', { name: '搜索订单' }).fill(orderNo);
    await page.getByRole('searchbox', { name: '搜索订单' }).press('Enter');
    await expect.poll(() => page.url(), poll).toContain(`q=${orderNo}`);
    await expect.poll(() => page.getByTestId('center-order').count(), poll).toBe(1);
    expect(await page.getByTestId('center-order').getAttribute('data-order-no')).toBe(orderNo);

    // 我的书架: the e-book, opened in the reader.
    await page.goto(shopUrl('/user/center/shop/shopBookshelf'));
    const shelfBook = page.getByTestId('center-shelf-book');
    await expect.poll(() => shelfBook.count(), poll).toBe(1);
    expect(await shelfBook.textContent()).toContain(ebook.title);
    await saveScreenshot(page, 'center-shop-bookshelf');
    await shelfBook.getByTestId('center-shelf-read').click();
    await page.getByTestId('noval-book-page').waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => page.url(), poll).toContain(`/sub_shop/noval/${ebook.id}`);
    // Opening a chapter records the progress the shelf shows.
    await expect.poll(async () => (await db.query('select chapter_id from reading_shelf where tenant_id = $1 and user_id = $2 and product_id = $3 and chapter_id is not null', [SHOP, learner.id, ebook.id])).rowCount, poll).toBe(1);
  });
});
