import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { tenantDb } from './db';
import { axeViolations, variantPage } from './axe-page';
import { saveScreenshot, signInAt, test, UI_TIMEOUT } from './browser';

// Reservations, contracts and refunds in Chromium against the real server (issue 20 part R): the
// shop learner reserves a slot of a service product, pays, finds it in shopReserve and cancels it
// (refunded at once); buys a contract product, confirms the contract on the order and pays; asks
// for a refund; the shop's back-office admin approves it on /sub_admin/refunds; the stock is back
// and the learner sees the order refunded.

const port = inject('port');
const SHOP = 1003;
const base = `http://shop.localhost:${port}`;
const shopUrl = (path: string) => `${base}/study${path}`;
const poll = { timeout: UI_TIMEOUT, interval: 150 };

let db: pg.Client;
let learnerId = 0;
let service = 0;
let contract = 0;
let slotId = 0;

const one = async <T>(text: string, values: unknown[]): Promise<T> => (await db.query(text, values)).rows[0] as T;
const stockOf = async (id: number) => Number((await one<{ stock: number }>('select stock from product where tenant_id = $1 and id = $2', [SHOP, id])).stock);

beforeAll(async () => {
  db = await tenantDb(SHOP);
  learnerId = Number((await one<{ id: string }>(`select id from user_account where tenant_id = $1 and account = 'learner'`, [SHOP])).id);
  service = Number((await one<{ id: string }>('select id from product where tenant_id = $1 and type = 11 and price > 0 order by id limit 1', [SHOP])).id);
  contract = Number((await one<{ id: string }>('select id from product where tenant_id = $1 and type = 12 order by id limit 1', [SHOP])).id);
  expect(service, 'the shop seed has a service product').toBeGreaterThan(0);
  // A slot of our own five days ahead (whatever earlier runs booked), on the hour of this run.
  const start = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 5 * 86_400_000);
  slotId = Number((await one<{ id: string }>(
    `insert into service_slot (tenant_id, product_id, provider_id, start_at, end_at, capacity)
      select $1, p.id, p.provider_id, $3, $4, 2 from product p where p.tenant_id = $1 and p.id = $2
      on conflict (tenant_id, product_id, start_at) do update set capacity = 2 returning id`,
    [SHOP, service, start, new Date(start.getTime() + 3_600_000)])).id);
  await db.query(`update reservation set state = 'cancelled', cancelled_at = now() where tenant_id = $1 and slot_id = $2 and state = 'booked'`, [SHOP, slotId]);
});
afterAll(() => db.end());

describe('reservations, contracts and refunds', () => {
  test('reserve and cancel a slot; confirm a contract and pay; a refund approved by the back office restores the stock', { timeout: 240_000 }, async ({ page, openPage }) => {
    await signInAt(page, base, 'learner', 'Study@2026');

    // Reserve the slot: the order waits for payment, the payment dialog opens on arrival.
    await page.goto(shopUrl(`/product/detail/${service}`));
    await page.getByTestId('reserve-box').waitFor({ timeout: UI_TIMEOUT });
    await page.locator(`[data-testid="slot-option"][data-slot="${slotId}"]`).click();
    await page.getByLabel('备注（选填）').fill('端到端测试预约');
    await page.getByTestId('reserve-submit').click();
    await page.waitForURL(/order_detail\/order_detail\/\d+\?pay=1/, { timeout: UI_TIMEOUT });
    const reserveOrder = Number(new URL(page.url()).pathname.split('/').pop());
    // The channels load first: until then 立即支付 is busy and a click does nothing.
    await page.getByRole('radio', { name: '模拟支付' }).waitFor({ timeout: UI_TIMEOUT });
    await page.getByTestId('pay-confirm').click();
    await expect.poll(async () => Number((await one<{ state: number }>('select state from shop_order where tenant_id = $1 and id = $2', [SHOP, reserveOrder])).state), poll).toBeGreaterThanOrEqual(2);
    await page.getByTestId('order-reservation').waitFor({ timeout: UI_TIMEOUT });
    await saveScreenshot(page, 'reservations-order');

    // My reservations: it is upcoming; cancelling it refunds at once.
    await page.goto(shopUrl('/user/center/shop/shopReserve'));
    const row = page.locator('[data-testid="center-reservation"]').filter({ hasText: String(reserveOrder).padStart(6, '0') });
    await row.waitFor({ timeout: UI_TIMEOUT });
    await expect.poll(() => row.getByTestId('reservation-status').textContent(), poll).toBe('待服务');
    await saveScreenshot(page, 'reservations-center');
    await row.getByTestId('reserve-cancel').click();
    await page.getByRole('button', { name: /确\s?定/ }).click();
    await expect.poll(async () => (await one<{ state: string }>('select state from reservation where tenant_id = $1 and order_id = $2', [SHOP, reserveOrder])).state, poll).toBe('cancelled');
    expect(Number((await one<{ state: number }>('select state from shop_order where tenant_id = $1 and id = $2', [SHOP, reserveOrder])).state)).toBe(6);
    await page.getByRole('tab', { name: '已取消' }).click();
    await page.locator('[data-testid="center-reservation"]').filter({ hasText: String(reserveOrder).padStart(6, '0') }).waitFor({ timeout: UI_TIMEOUT });

    // A contract product: ordering opens the order with its contract; paying waits for the confirmation.
    await page.goto(shopUrl(`/product/detail/${contract}`));
    await page.getByTestId('contract-buy').click();
    await page.waitForURL(/order_detail\/order_detail\/\d+$/, { timeout: UI_TIMEOUT });
    const contractOrder = Number(new URL(page.url()).pathname.split('/').pop());
    const panel = page.getByTestId('order-contract');
    await panel.waitFor({ timeout: UI_TIMEOUT });
    await panel.getByTestId('contract-signer').fill('张读者');
    await panel.getByTestId('contract-agree').click();
    await panel.getByTestId('contract-confirm').click();
    await expect.poll(() => panel.getByTestId('contract-state').textContent(), poll).toBe('已确认');
    await page.getByTestId('pay-order').click();
    // The channels load first: until then 立即支付 is busy and a click does nothing.
    await page.getByRole('radio', { name: '模拟支付' }).waitFor({ timeout: UI_TIMEOUT });
    await page.getByTestId('pay-confirm').click();
    await expect.poll(async () => Number((await one<{ state: number }>('select state from shop_order where tenant_id = $1 and id = $2', [SHOP, contractOrder])).state), poll).toBe(3);
    await saveScreenshot(page, 'reservations-contract');

    // A refund with a reason.
    const stock = await stockOf(contract);
    await page.getByTestId('refund-apply').click();
    await page.getByTestId('refund-reason').fill('时间冲突，无法参加');
    await page.getByTestId('refund-submit').click();
    await expect.poll(() => page.getByTestId('refund-state').textContent(), poll).toBe('退款处理中');

    // The shop's back office approves it.
    const admin = await openPage();
    await signInAt(admin, base, 'admin', 'Admin@2026');
    await admin.goto(shopUrl('/sub_admin/refunds'));
    const orderNo = (await one<{ order_no: string }>('select order_no from shop_order where tenant_id = $1 and id = $2', [SHOP, contractOrder])).order_no;
    const request = admin.getByTestId('refund-admin-list').locator('tr').filter({ hasText: orderNo });
    await request.waitFor({ timeout: UI_TIMEOUT });
    await saveScreenshot(admin, 'reservations-admin-refunds');
    await request.getByTestId('refund-approve').click();
    await admin.getByRole('button', { name: /确\s?定/ }).click();
    await expect.poll(async () => Number((await one<{ state: number }>('select state from shop_order where tenant_id = $1 and id = $2', [SHOP, contractOrder])).state), poll).toBe(6);
    expect(await stockOf(contract)).toBe(stock + 1);

    // The learner sees the order refunded.
    await page.reload();
    await expect.poll(() => page.getByTestId('refund-state').textContent(), poll).toBe('已退款');
    await expect.poll(() => page.getByTestId('order-state').textContent(), poll).toBe('已退款');
    expect(learnerId).toBeGreaterThan(0);
  });

  // The accessibility gate audits these routes as demo's learner, who has no rows there; here the
  // pages with the shop's rows (slots, a reservation to pay, a contract to confirm, refunds) pass axe
  // in light zh and dark en. Each variant books a slot and orders a contract first, so the lists have
  // rows whatever ran before (shop.test.ts clears the learner's orders).
  test('the pages with rows pass axe in light zh and dark en', { timeout: 240_000 }, async ({ browser }) => {
    for (const [theme, lang] of [['light', 'zh'], ['dark', 'en']] as const) {
      const page = await variantPage(browser, theme, lang);
      const audit = async (what: string) => {
        await page.waitForTimeout(400); // antd's transitions settle before colours are read
        expect(await axeViolations(page), `${theme} ${lang} ${what}`).toEqual([]);
      };
      try {
        await signInAt(page, base, 'learner', 'Study@2026');
        await page.goto(shopUrl(`/product/detail/${service}`));
        await page.getByTestId('slot-option').first().waitFor({ timeout: UI_TIMEOUT });
        await audit('service product');
        await page.locator('.ant-radio-button-wrapper:not(.ant-radio-button-wrapper-disabled)').first().click();
        await page.getByTestId('reserve-submit').click();
        await page.waitForURL(/\?pay=1/, { timeout: UI_TIMEOUT });
        await page.goto(shopUrl(`/product/detail/${contract}`));
        await page.getByTestId('contract-buy').click();
        await page.getByTestId('order-contract').waitFor({ timeout: UI_TIMEOUT });
        await audit('contract order');

        await page.goto(shopUrl('/user/center/shop/shopReserve'));
        await page.getByTestId('center-reservation').first().waitFor({ timeout: UI_TIMEOUT });
        await audit('shopReserve');
        await page.goto(shopUrl('/user/center/shop/shopContract'));
        await page.getByTestId('contract-open').first().click();
        await page.getByTestId('contract-dialog').waitFor({ timeout: UI_TIMEOUT });
        await audit('contract dialog');

      } finally {
        await page.context().close();
      }
      const admin = await variantPage(browser, theme, lang);
      try {
        await signInAt(admin, base, 'admin', 'Admin@2026');
        await admin.goto(shopUrl('/sub_admin/refunds'));
        await admin.getByTestId('refund-admin-list').waitFor({ timeout: UI_TIMEOUT });
        await admin.getByRole('tab', { name: lang === 'en' ? 'All' : '全部' }).click();
        await admin.getByTestId('refund-admin-list').locator('tbody tr').first().waitFor({ timeout: UI_TIMEOUT });
        await admin.waitForTimeout(400);
        expect(await axeViolations(admin), `${theme} ${lang} /sub_admin/refunds`).toEqual([]);
      } finally {
        await admin.context().close();
      }
    }
  });
});
