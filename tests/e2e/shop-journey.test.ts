import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { clientPasswordDigest, hashPassword } from '../../server/lib/password';
import { tenantDb } from './db';
import { axeViolations, variantPage } from './axe-page';
import { saveScreenshot, signInAt, test, UI_TIMEOUT } from './browser';

// Issue 20's "Done when" for the shop (part Q), in Chromium against the real server: a shop visitor
// (a learner made for this run, an address on file) opens a school from the shop home, buys the
// school's textbook, pays; the shop's admin ships it from /sub_admin/shopOrders with a carrier and
// tracking number and adds a tracking event; the learner tracks the delivery, confirms receipt,
// reviews it with stars and text, and the review shows on the product page.

const port = inject('port');
const SHOP = 1003;
const PASSWORD = 'Study@2026';
const shopBase = `http://shop.localhost:${port}`;
const shopUrl = (path: string) => `${shopBase}/study${path}`;
const poll = { timeout: UI_TIMEOUT, interval: 150 };
const REVIEW = `课本印刷清晰，送货很快。${Date.now().toString(36)}`;

let db: pg.Client;
let learner = { id: 0, account: '' };
/** The journey's order, shipped, received and reviewed (audited by the second test). */
let journeyOrder = 0;
const SHOTS = new URL('../../.tmp/shots/', import.meta.url).pathname;

beforeAll(async () => {
  db = await tenantDb(SHOP);
  const account = `journey${Date.now().toString(36)}`;
  const { hash, salt } = await hashPassword(clientPasswordDigest(PASSWORD));
  const { rows } = await db.query<{ id: string }>(
    `insert into user_account (tenant_id, account, password_hash, password_salt, real_name, nick_name)
     values ($1, $2, $3, $4, '旅程读者', '旅程') returning id`, [SHOP, account, hash, salt]);
  learner = { id: Number(rows[0]?.id), account };
  await db.query(
    `insert into user_address (tenant_id, user_id, receiver, phone, area, detail, is_default)
     values ($1, $2, '旅程读者', '13812345670', '浙江省 杭州市 西湖区', '文三路 100 号', true)`, [SHOP, learner.id]);
});

afterAll(async () => {
  // The run's learner goes with what they made; their review goes with their account (cascade).
  for (const table of ['product_comment', 'cart_item', 'shop_order', 'user_address']) {
    await db?.query(`delete from ${table} where tenant_id = $1 and user_id = $2`, [SHOP, learner.id]).catch(() => {});
  }
  await db?.query('delete from user_account where tenant_id = $1 and id = $2', [SHOP, learner.id]).catch(() => {});
  await db?.end();
});

describe('the shop journey', () => {
  test('school → buy → the admin ships → the learner tracks, receives and reviews → the review is on the product page', { timeout: 240_000 }, async ({ page, openPage }) => {
    await signInAt(page, shopBase, learner.account, PASSWORD);

    // From the shop home's 学校 to the school's page.
    await page.goto(shopUrl('/home'));
    await page.locator('a[href$="/sub_shop/provider/list"]').first().click();
    await page.getByTestId('provider-grid').waitFor({ timeout: UI_TIMEOUT });
    const schoolCard = page.getByTestId('provider-card').filter({ has: page.locator('.ant-tag', { hasText: /^学校$/ }) }).first();
    await schoolCard.locator('a').first().click();
    await page.waitForURL(/\/study\/sub_shop\/school\/\d+/, { timeout: UI_TIMEOUT });
    const textbook = page.getByTestId('provider-products').getByRole('link', { name: /校本教材/ }).first();
    await textbook.waitFor({ timeout: UI_TIMEOUT });
    await saveScreenshot(page, 'shop-journey-school');
    // spec learning §2: a product opens in a new tab by default; the visitor follows its address.
    const productPath = new URL((await textbook.getAttribute('href'))!, shopBase).pathname;
    const productId = Number(productPath.split('/').pop());
    await page.goto(`${shopBase}${productPath}`);
    await page.getByTestId('buy-now').click();

    // Buy now: the default address is chosen; submit, pay with 模拟支付; it waits to be shipped.
    await page.getByTestId('order-confirm-page').waitFor({ timeout: UI_TIMEOUT });
    await page.getByTestId('address-option').waitFor({ timeout: UI_TIMEOUT });
    await page.getByTestId('submit-order').click();
    await page.getByTestId('pay-confirm').click();
    await expect.poll(() => page.getByTestId('order-state').first().textContent(), poll).toBe('待发货');
    const orderNo = (await page.getByTestId('order-no').textContent()) ?? '';
    const orderId = Number(new URL(page.url()).pathname.split('/').pop());
    journeyOrder = orderId;
    expect(orderNo).toMatch(/^\d{20}$/);

    // The shop's admin ships it and adds a tracking event.
    const admin = await openPage();
    await signInAt(admin, shopBase, 'admin', 'Admin@2026');
    await admin.goto(shopUrl('/sub_admin/shopOrders'));
    const row = admin.locator(`[data-testid="admin-order-row"][data-order-no="${orderNo}"]`);
    await row.waitFor({ timeout: UI_TIMEOUT });
    await row.getByTestId('admin-ship').click();
    await admin.locator('#carrier').fill('顺丰速运');
    await admin.locator('#trackingNo').fill('SF7788990011');
    await admin.getByTestId('ship-confirm').click();
    await admin.getByRole('tab', { name: /待收货/ }).click();
    await expect.poll(() => row.getByTestId('admin-order-delivery').innerText(), poll).toContain('SF7788990011');
    await row.getByTestId('admin-add-event').click();
    await admin.locator('#text').fill('快件已到达【杭州转运中心】');
    await admin.getByTestId('event-confirm').click();
    await admin.getByTestId('event-confirm').waitFor({ state: 'hidden', timeout: UI_TIMEOUT });
    await saveScreenshot(admin, 'shop-journey-admin');

    // The learner tracks it: carrier, number, newest event first.
    await page.goto(shopUrl(`/sub_shop/order_detail/order_detail/${orderId}`));
    await expect.poll(() => page.getByTestId('order-state').first().textContent(), poll).toBe('待收货');
    await page.getByTestId('view-delivery').click();
    await page.getByTestId('delivery-detail-page').waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => page.getByTestId('delivery-tracking-no').textContent(), poll).toBe('SF7788990011');
    await expect(page.getByTestId('delivery-carrier').textContent()).resolves.toBe('顺丰速运');
    await expect.poll(() => page.getByTestId('delivery-event').allInnerTexts(), poll).toEqual([
      expect.stringContaining('杭州转运中心'), expect.stringContaining('商家已发货'),
    ]);
    await saveScreenshot(page, 'shop-journey-delivery');

    // Receipt, then the review: four stars and a text.
    await page.goto(shopUrl(`/sub_shop/order_detail/order_detail/${orderId}`));
    await page.getByTestId('take-delivery').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: /确\s*定/ }).click();
    await expect.poll(() => page.getByTestId('order-state').first().textContent(), poll).toBe('已完成');
    await page.getByTestId('review-order').click();
    await page.getByTestId('review-order-page').waitFor({ timeout: UI_TIMEOUT });
    const form = page.getByTestId('review-form').first();
    await form.locator('.ant-rate-star').nth(3).click();
    await form.locator('textarea').fill(REVIEW);
    await saveScreenshot(page, 'shop-journey-review');
    await page.getByTestId('review-submit').click();
    await page.getByTestId('review-all-done').waitFor({ timeout: UI_TIMEOUT });
    const { rows } = await db.query<{ score: number; content: string }>(
      'select score, content from product_comment where tenant_id = $1 and user_id = $2 and product_id = $3', [SHOP, learner.id, productId]);
    expect(rows).toEqual([{ score: 4, content: REVIEW }]);

    // The order says 已评价; the product page shows the review.
    await page.goto(shopUrl(`/sub_shop/order_detail/order_detail/${orderId}`));
    await page.getByTestId('order-reviewed').waitFor({ timeout: UI_TIMEOUT });
    await page.goto(shopUrl(`/product/detail/${productId}`));
    await page.getByTestId('product-bought').waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => page.getByTestId('product-review').filter({ hasText: REVIEW }).count(), poll).toBe(1);
    await saveScreenshot(page, 'shop-journey-product');
  });

  // The a11y gate audits every route as the demo learner, who sees the back office's 403; here the
  // shop admin's real shipping page, and the learner's tracking and review pages, pass axe.
  test('the after-sale pages pass axe in light zh and dark en', { timeout: 240_000 }, async ({ browser }) => {
    expect(journeyOrder, 'the journey above made an order').toBeGreaterThan(0);
    for (const [theme, lang] of [['light', 'zh'], ['dark', 'en']] as const) {
      for (const [account, password, path, ready] of [
        ['admin', 'Admin@2026', '/sub_admin/shopOrders', 'admin-shop-orders'],
        [learner.account, PASSWORD, `/sub_shop/delivery_detail/${journeyOrder}`, 'delivery-timeline'],
        [learner.account, PASSWORD, `/sub_shop/comment?orderId=${journeyOrder}`, 'review-done'],
      ] as const) {
        const page = await variantPage(browser, theme, lang);
        try {
          await signInAt(page, shopBase, account, password);
          await page.goto(shopUrl(path));
          await page.getByTestId(ready).first().waitFor({ timeout: UI_TIMEOUT });
          await page.waitForTimeout(400); // antd's transitions settle before colours are read
          await page.screenshot({ path: `${SHOTS}after-sale-${ready}-${theme}.png`, fullPage: true });
          expect(await axeViolations(page), `${theme} ${lang} ${path}`).toEqual([]);
        } finally {
          await page.context().close();
        }
      }
    }
  });
});
