import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { tenantDb } from './db';
import { saveScreenshot, test, UI_TIMEOUT } from './browser';

// Issue 20 part P in Chromium against the real server: a learner on the shop tenant browses a
// category (/sub_shop/list), filters by price (a wrong range says 请输入正确的价格区间, spec learning
// §5), opens a product's content (/product/content/{id}) from its product page, buys it through the
// existing checkout (simulated payment), finds it in /sub_shop/bought and opens the course it grants.

const port = inject('port');
const SHOP = 1003;
const shopUrl = (path: string) => `http://shop.localhost:${port}/study${path}`;
const poll = { timeout: UI_TIMEOUT, interval: 100 };

let db: pg.Client;
let learnerId = 0;
let product = { id: 0, title: '', price: 0, rootId: 0 };
let addressId = 0;
const placed: number[] = [];

beforeAll(async () => {
  db = await tenantDb(SHOP);
  const { rows: users } = await db.query<{ id: string }>(`select id from user_account where tenant_id = $1 and account = 'learner'`, [SHOP]);
  learnerId = Number(users[0]?.id);
  // The first course product the learner has not paid for (other journeys may have bought some).
  const { rows } = await db.query<{ id: string; title: string; price: string; root: string }>(
    `select p.id, p.title, p.price, split_part(c.path, '/', 2) as root from product p join category c on c.tenant_id = p.tenant_id and c.id = p.category_id
      where p.tenant_id = $1 and p.state = 1 and p.type = 2
        and exists (select 1 from product_grant g where g.tenant_id = p.tenant_id and g.product_id = p.id and g.kind = 'course')
        and not exists (select 1 from shop_order_item i join shop_order o on o.tenant_id = i.tenant_id and o.id = i.order_id
          where i.tenant_id = p.tenant_id and i.product_id = p.id and o.user_id = $2 and o.state in (2, 3))
      order by p.id limit 1`, [SHOP, learnerId]);
  product = { id: Number(rows[0]?.id), title: rows[0]?.title ?? '', price: Number(rows[0]?.price), rootId: Number(rows[0]?.root) };
  expect(product.id, 'the shop seed needs a course product that grants a course').toBeGreaterThan(0);
  // An address to check out with (this journey is about the catalogue, not the address book).
  await db.query('update user_address set is_default = false where tenant_id = $1 and user_id = $2', [SHOP, learnerId]);
  const address = await db.query<{ id: string }>(
    `insert into user_address (tenant_id, user_id, receiver, phone, area, detail, is_default) values ($1, $2, '张同学', '13812345678', '浙江省 杭州市 西湖区', '文三路 100 号', true) returning id`,
    [SHOP, learnerId]);
  addressId = Number(address.rows[0]?.id);
});
afterAll(async () => {
  // Leave the learner as found: no order of this journey, no address of it.
  if (placed.length) await db.query('delete from shop_order where tenant_id = $1 and id = any($2::bigint[])', [SHOP, placed]);
  await db.query('delete from user_address where tenant_id = $1 and id = $2', [SHOP, addressId]);
  await db.end();
});

async function signIn(page: Page): Promise<void> {
  await page.goto(shopUrl('/login'));
  await page.getByTestId('login-account').fill('learner');
  await page.getByTestId('login-password').fill('Study@2026');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('user-menu').waitFor();
}

describe('shop catalogue: category, price range, product content, bought', () => {
  test('a shop learner browses a category, filters by price, buys a course product from its content page and opens it from 已购内容', async ({ page }) => {
    await signIn(page);

    // One category's page: the course root, its sub-categories as chips, its products.
    await page.goto(shopUrl(`/sub_shop/list?categoryId=${product.rootId}`));
    await page.getByRole('heading', { level: 1, name: '课程' }).waitFor();
    await page.getByTestId('category-chips').waitFor();
    await page.getByTestId('catalogue-grid').waitFor();
    await saveScreenshot(page, 'shop-catalogue-category');

    // spec learning §5: a minimum above the maximum is refused in place.
    await page.getByTestId('price-min').fill('500');
    await page.getByTestId('price-max').fill('100');
    await page.getByTestId('price-apply').click();
    await expect.poll(() => page.getByTestId('price-range-error').textContent(), poll).toBe('请输入正确的价格区间');
    // A right range lists the product, and the address keeps it.
    await page.getByTestId('price-min').fill(String(Math.floor(product.price)));
    await page.getByTestId('price-max').fill(String(Math.ceil(product.price)));
    await page.getByTestId('price-apply').click();
    await expect.poll(() => page.getByTestId('price-range-error').count(), poll).toBe(0);
    await expect.poll(() => new URL(page.url()).searchParams.get('minPrice'), poll).toBe(String(Math.floor(product.price)));
    const card = page.getByTestId('catalogue-grid').getByRole('link', { name: product.title }).first();
    await card.waitFor();
    expect(await card.getAttribute('href')).toBe(`/study/product/detail/${product.id}`);
    await saveScreenshot(page, 'shop-catalogue-price-range');

    // The product page links its content; the content page shows the course and its lessons.
    await page.goto(shopUrl(`/product/detail/${product.id}`));
    await page.getByTestId('product-content-link').click();
    await page.getByTestId('catalogue-content-page').waitFor();
    const grant = page.getByTestId('product-grant');
    await grant.waitFor();
    expect(await grant.getAttribute('data-kind')).toBe('course');
    await grant.getByText('第 2 章 进阶').waitFor();
    await saveScreenshot(page, 'shop-catalogue-content');

    // Buying goes through the existing checkout and the simulated payment.
    await page.getByTestId('content-buy').click();
    await page.getByTestId('order-confirm-page').waitFor();
    await page.getByTestId('confirm-summary').waitFor();
    await page.getByTestId('submit-order').click();
    await page.getByTestId('order-detail-page').waitFor();
    const orderId = Number(new URL(page.url()).pathname.split('/').at(-1));
    if (orderId > 0) placed.push(orderId);
    await page.getByTestId('pay-confirm').click();
    await expect.poll(async () => {
      const { rows } = await db.query<{ state: number }>(
        `select o.state from shop_order o join shop_order_item i on i.tenant_id = o.tenant_id and i.order_id = o.id where o.tenant_id = $1 and o.user_id = $2 and i.product_id = $3 order by o.id desc limit 1`,
        [SHOP, learnerId, product.id]);
      // Paid: a course ships nothing, so it may complete at payment (3) rather than wait to be received (2).
      return [2, 3].includes(Number(rows[0]?.state));
    }, poll).toBe(true);
    const { rows: orders } = await db.query<{ id: string }>(
      `select o.id from shop_order o join shop_order_item i on i.tenant_id = o.tenant_id and i.order_id = o.id where o.tenant_id = $1 and o.user_id = $2 and i.product_id = $3`,
      [SHOP, learnerId, product.id]);
    placed.push(...orders.map((o) => Number(o.id)));

    // The content page now says it is owned; 已购内容 lists it under 课程 and opens the course.
    await page.goto(shopUrl(`/product/content/${product.id}`));
    await page.getByTestId('content-owned').waitFor();
    await page.goto(shopUrl('/sub_shop/bought?kind=course'));
    const row = page.locator(`[data-testid="bought-item"][data-product-id="${product.id}"]`);
    await row.waitFor();
    await saveScreenshot(page, 'shop-catalogue-bought');
    await row.getByTestId('bought-open').click();
    await expect.poll(() => new URL(page.url()).pathname, poll).toMatch(/^\/study\/course\/detail\/\d+$/);
    await page.getByText(product.title).first().waitFor();
    await saveScreenshot(page, 'shop-catalogue-course');
  });
});
