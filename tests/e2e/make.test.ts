import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { saveScreenshot, signInAt, test, UI_TIMEOUT } from './browser';

// Made to order and opening a shop in Chromium against the real server (issue 20 part S), on demo
// (the tenant with a back office): the learner sends a request, the admin quotes it in
// /sub_admin/makeRequests, the learner accepts and pays the order with 模拟支付; the learner applies
// to open a shop, the admin approves it in /sub_admin/storeApplications, and the store shows in the
// provider list.

const baseUrl = inject('baseUrl');
const poll = { timeout: UI_TIMEOUT, interval: 150 };
const STAMP = Date.now().toString(36);
const TITLE = `E2E定制${STAMP}`;
const SHOP = `E2E小店${STAMP}`;

async function fill(page: Page, testId: string, value: string): Promise<void> {
  const box = page.getByTestId(testId);
  await box.fill(value);
}

describe('made to order and opening a shop', () => {
  test('a learner sends a request, the admin quotes, the learner accepts and pays; a learner applies for a shop, the admin approves, the store is listed', { timeout: 240_000 }, async ({ page: learner, openPage }) => {
    await signInAt(learner, baseUrl, 'learner', 'Study@2026');
    await learner.goto(`${baseUrl}/study/sub_home/make`);
    await learner.getByRole('button', { name: '定制这一项：企业内训方案' }).click();
    await fill(learner, 'make-title', TITLE);
    await fill(learner, 'make-description', '为 20 名新员工安排两天的入职培训，含考核。');
    await fill(learner, 'make-budget-min', '3000');
    await fill(learner, 'make-budget-max', '6000');
    await fill(learner, 'make-contact-name', '李学员');
    await fill(learner, 'make-contact-phone', '1380013');
    await learner.getByTestId('make-submit').click();
    // The phone rule, before anything is sent.
    await learner.getByText('请输入正确的联系电话：11 位手机号，或带区号的电话号码').waitFor();
    await fill(learner, 'make-contact-phone', '13800138000');
    await learner.getByTestId('make-submit').click();
    await learner.waitForURL(/\/study\/sub_home\/make\/makeDetail\?id=\d+$/);
    const detailUrl = learner.url();
    await expect.poll(() => learner.getByTestId('make-state').textContent(), poll).toBe('待报价');
    await saveScreenshot(learner, 'make-request-sent');

    // The admin quotes it.
    const admin = await openPage();
    await signInAt(admin, baseUrl, 'admin', 'Admin@2026');
    await admin.goto(`${baseUrl}/study/sub_admin/myAdmin`);
    await admin.getByTestId('admin-make-requests-link').click();
    await admin.getByTestId('admin-make-requests').waitFor();
    await admin.getByRole('button', { name: `处理“${TITLE}”` }).click();
    const drawer = admin.getByTestId('admin-make-drawer');
    await drawer.getByTestId('admin-quote-price').fill('4888');
    await drawer.getByTestId('admin-quote-note').fill('含讲师、教材与考核。');
    await drawer.getByTestId('admin-quote-send').click();
    await expect.poll(() => drawer.getByText('当前报价：¥4,888.00', { exact: false }).count(), poll).toBe(1);
    await saveScreenshot(admin, 'make-admin-quote');

    // The learner accepts (no delivery: a training) and pays.
    await learner.goto(detailUrl);
    await expect.poll(() => learner.getByTestId('make-quote-price').textContent(), poll).toBe('¥4,888.00');
    await learner.getByTestId('make-accept').click();
    const ship = learner.getByRole('combobox', { name: '收货地址' });
    await ship.click();
    await learner.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '无需收货' }).click();
    await learner.getByRole('button', { name: '确认接受' }).click();
    await learner.waitForURL(/\/study\/sub_shop\/order_detail\/order_detail\/\d+$/);
    await learner.getByTestId('order-detail-page').waitFor();
    if (!(await learner.getByTestId('pay-confirm').isVisible())) await learner.getByTestId('pay-order').first().click();
    await learner.getByRole('radio', { name: '模拟支付' }).waitFor();
    await learner.getByTestId('pay-confirm').click();
    await expect.poll(() => learner.getByTestId('pay-order').count(), poll).toBe(0);
    await learner.goto(detailUrl);
    await expect.poll(() => learner.getByTestId('make-state').textContent(), poll).toBe('已接受');
    await expect.poll(() => learner.getByTestId('make-order').textContent(), poll).not.toContain('待付款');
    await saveScreenshot(learner, 'make-accepted');

    // Opening a shop: the learner applies …
    await learner.goto(`${baseUrl}/study/sub_admin/registTenant/index`);
    await fill(learner, 'apply-shop-name', SHOP);
    await fill(learner, 'apply-contact-name', '李学员');
    await fill(learner, 'apply-contact-phone', '13800138000');
    await fill(learner, 'apply-licence', '91310000MA1K4XYZ2B');
    await fill(learner, 'apply-description', '经营学生文具与读书周边，支持批量采购。');
    await learner.getByTestId('apply-submit').click();
    await expect.poll(() => learner.getByTestId('apply-state').first().textContent(), poll).toBe('审核中');

    // … the admin approves …
    await admin.goto(`${baseUrl}/study/sub_admin/storeApplications`);
    await admin.getByRole('button', { name: `通过“${SHOP}”` }).click();
    await admin.locator('.ant-popconfirm:visible').getByRole('button', { name: /通\s*过/ }).click();
    await expect.poll(() => admin.getByRole('button', { name: `通过“${SHOP}”` }).count(), poll).toBe(0);
    await saveScreenshot(admin, 'make-admin-approved');

    // … and the store is in the provider list, opening its page.
    await learner.goto(`${baseUrl}/study/sub_admin/registTenant/index`);
    await expect.poll(() => learner.getByTestId('apply-state').first().textContent(), poll).toBe('已通过');
    await learner.goto(`${baseUrl}/study/sub_shop/provider/list`);
    const card = learner.getByTestId('provider-card').filter({ hasText: SHOP });
    await card.waitFor();
    await saveScreenshot(learner, 'make-store-listed');
  });
});
