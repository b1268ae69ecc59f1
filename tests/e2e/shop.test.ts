import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { tenantDb } from './db';
import { saveScreenshot, test, UI_TIMEOUT } from './browser';

// The shop's buying path in Chromium against the real server (spec learning §2 "Products" and
// "Shop", §5 order confirm, §7 "Orders"): the shop learner adds a product to the cart, sees the
// navbar count, checks out with a new address (after the §5 message for a missing one), pays with
// 模拟支付, and finds the order under 待收货.

const port = inject('port');
const SHOP = 1003;
const shopUrl = (path: string) => `http://shop.localhost:${port}/study${path}`;
const poll = { timeout: UI_TIMEOUT, interval: 100 };

let db: pg.Client;
let learnerId = 0;
let product = { id: 0, title: '' };

beforeAll(async () => {
  db = await tenantDb(SHOP);
  const { rows: users } = await db.query<{ id: string }>(`select id from user_account where tenant_id = $1 and account = 'learner'`, [SHOP]);
  learnerId = Number(users[0]?.id);
  // A fresh start: no cart lines, addresses or orders of the learner from an earlier run.
  await db.query('delete from cart_item where tenant_id = $1 and user_id = $2', [SHOP, learnerId]);
  await db.query('delete from shop_order where tenant_id = $1 and user_id = $2', [SHOP, learnerId]);
  await db.query('delete from user_address where tenant_id = $1 and user_id = $2', [SHOP, learnerId]);
  const { rows } = await db.query<{ id: string; title: string }>(
    `select p.id, p.title from product p join provider v on v.tenant_id = p.tenant_id and v.id = p.provider_id
      where p.tenant_id = $1 and p.state = 1 and v.state = 0 and p.stock >= 5 and p.type not in (2, 8, 9, 10) order by p.id limit 1`, [SHOP]);
  product = { id: Number(rows[0]?.id), title: rows[0]?.title ?? '' };
  expect(product.id, 'the shop needs a product on sale with stock').toBeGreaterThan(0);
});
afterAll(() => db.end());

async function signIn(page: Page): Promise<void> {
  await page.goto(shopUrl('/login'));
  await page.getByTestId('login-account').fill('learner');
  await page.getByTestId('login-password').fill('Study@2026');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('user-menu').waitFor();
}

async function orderStates(): Promise<number[]> {
  const { rows } = await db.query<{ state: number }>('select state from shop_order where tenant_id = $1 and user_id = $2', [SHOP, learnerId]);
  return rows.map((r) => r.state);
}

describe('shop: buying path', () => {
  test('a shop learner adds a product, checks out with a new address, pays with 模拟支付 and finds the order under 待收货', async ({ page }) => {
    await signIn(page);
    await page.goto(shopUrl('/product'));
    await page.getByTestId('product-grid').waitFor();
    await saveScreenshot(page, 'shop-product-list');

    await page.goto(shopUrl(`/product/detail/${product.id}`));
    await page.getByRole('heading', { name: product.title }).waitFor();
    await page.getByTestId('add-to-cart').click();
    const badge = page.getByTestId('navbar-cart').getByTestId('navbar-badge');
    await expect.poll(() => badge.textContent(), poll).toBe('1');
    await saveScreenshot(page, 'shop-product-detail');

    await page.getByTestId('navbar-cart').click();
    await page.getByTestId('cart-line').waitFor();
    await expect.poll(() => page.getByTestId('cart-line').count(), poll).toBe(1);
    await saveScreenshot(page, 'shop-cart');
    await page.getByTestId('checkout').click();

    await page.getByTestId('order-confirm-page').waitFor();
    await page.getByTestId('confirm-summary').waitFor();
    // spec learning §5: no address yet, so submitting says 请填写完整信息.
    await page.getByTestId('submit-order').click();
    await page.getByText('请填写完整信息').waitFor();
    await page.getByTestId('add-address').click();
    const form = page.getByTestId('address-form');
    await form.locator('#receiver').fill('张读者');
    await form.locator('#phone').fill('13812345678');
    await form.locator('#area').fill('浙江省 杭州市 西湖区');
    await form.locator('#detail').fill('文三路 100 号 2 幢 301 室');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByTestId('address-option').waitFor();
    await saveScreenshot(page, 'shop-order-confirm');
    await page.getByTestId('submit-order').click();

    // The order page opens with the payment dialog: the one channel is 模拟支付.
    await page.getByTestId('order-detail-page').waitFor();
    await page.getByRole('radio', { name: '模拟支付' }).waitFor();
    await expect.poll(orderStates, poll).toEqual([1]);
    await expect.poll(() => badge.count(), poll).toBe(0);
    await page.getByTestId('pay-confirm').click();
    // Issue 20 part Q: paid, it waits for the back office to ship it (待发货, still under the 待收货 tab).
    await expect.poll(() => page.getByTestId('order-state').first().textContent(), poll).toBe('待发货');
    await expect.poll(orderStates, poll).toEqual([2]);
    await saveScreenshot(page, 'shop-order-detail');
    const orderNo = (await page.getByTestId('order-no').textContent()) ?? '';
    expect(orderNo).toMatch(/^\d{20}$/);

    await page.goto(shopUrl('/sub_shop/order/order'));
    await page.getByRole('tab', { name: '待收货' }).click();
    await page.getByTestId('order-card').filter({ hasText: orderNo }).waitFor();
    await expect.poll(() => page.getByTestId('order-card').count(), poll).toBe(1);
    await saveScreenshot(page, 'shop-orders-to-receive');
  });

  test('a product of a provider taken off shelf says so and cannot be bought (spec learning §4)', async ({ page }) => {
    const { rows } = await db.query<{ id: string; name: string }>(
      `select p.id, v.name from product p join provider v on v.tenant_id = p.tenant_id and v.id = p.provider_id
        where p.tenant_id = $1 and p.state = 1 and v.state in (1, -1) order by p.id limit 1`, [SHOP]);
    expect(rows.length, 'the shop seeds a provider taken off shelf').toBe(1);
    await page.goto(shopUrl(`/product/detail/${rows[0]!.id}`));
    await expect.poll(() => page.getByTestId('product-blocked').textContent(), poll).toContain('该商家已下架');
    expect(await page.getByTestId('add-to-cart').isDisabled()).toBe(true);
    expect(await page.getByTestId('buy-now').isDisabled()).toBe(true);
    await saveScreenshot(page, 'shop-provider-off-shelf');
  });
});
