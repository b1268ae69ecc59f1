import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { axeViolations, variantPage } from './axe-page';
import { test, UI_TIMEOUT, signInAt } from './browser';

// The back-office's task and certificate editors in Chromium against the real server (issue 19
// part J): the demo admin creates a task of two contents assigned to the learner and a certificate
// rule for it (the PDF preview shows); the learner finds the task in myMemberTask. Then the admin's
// pages pass axe in light zh and dark en. Screenshots go to .tmp/shots/task-admin-*.png.

const baseUrl = inject('baseUrl');
const poll = { timeout: UI_TIMEOUT, interval: 150 };
const STAMP = Date.now().toString(36);
const TITLE = `E2E任务${STAMP}`;
const SHOTS = new URL('../../.tmp/shots/', import.meta.url).pathname;
let createdId = 0;

/** Opens an antd select by its label and clicks the first option holding `text` (typed first when the select searches). */
async function pick(page: Page, label: string, text: string, search = true): Promise<void> {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  if (search) await box.fill(text);
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first();
  await option.waitFor({ timeout: UI_TIMEOUT });
  await option.click();
}

describe('the task and certificate editors', () => {
  test('the admin creates a task of two contents for the learner and its certificate rule; the learner sees it in myMemberTask', { timeout: 240_000 }, async ({ page: admin, openPage }) => {
    await admin.setViewportSize({ width: 1440, height: 900 });
    await signInAt(admin, baseUrl, 'admin', 'Admin@2026');
    await admin.goto(`${baseUrl}/study/sub_admin/myAdmin`);
    await admin.getByTestId('admin-tasks-link').click();
    await admin.getByTestId('task-admin-list').waitFor({ timeout: UI_TIMEOUT });
    await admin.getByTestId('task-new').click();

    // Basics: assigned people only, every required content.
    const basics = admin.getByTestId('task-basics');
    await basics.locator('#task-title').fill(TITLE);
    await basics.locator('#task-summary').fill('端到端测试创建的任务');
    await basics.getByLabel('仅指定人员和小组成员').check();
    await admin.getByTestId('task-save').click();
    await admin.waitForURL(/\/study\/sub_admin\/tasks\/\d+$/, { timeout: UI_TIMEOUT });
    createdId = Number(new URL(admin.url()).pathname.split('/').pop());

    // Two contents of the tenant, picked by title from the list the picker offers.
    const contents = admin.getByTestId('task-contents');
    await contents.waitFor({ timeout: UI_TIMEOUT });
    for (let i = 0; i < 2; i++) {
      const box = admin.getByRole('combobox', { name: '选择要加入的内容' });
      await box.click();
      const option = admin.locator('.ant-select-dropdown:visible .ant-select-item-option').nth(i);
      await option.waitFor({ timeout: UI_TIMEOUT });
      await option.click();
      await admin.getByTestId('task-content-add').click();
    }
    await expect.poll(() => contents.getByTestId('task-content-row').count(), poll).toBe(2);
    await admin.getByTestId('task-contents-save').click();
    await expect.poll(() => admin.getByTestId('task-contents-save').isDisabled(), poll).toBe(true);

    // The learner, assigned by account.
    await pick(admin, '添加用户', 'learner');
    await admin.getByTestId('task-assign-user').click();
    await expect.poll(async () => (await admin.getByTestId('task-assignees').count()) ? admin.getByTestId('task-assignees').innerText() : '', poll).toContain('(learner)');
    await admin.screenshot({ path: `${SHOTS}task-admin-editor.png`, fullPage: true });

    // The list: open, two contents, nobody joined yet.
    await admin.goto(`${baseUrl}/study/sub_admin/tasks`);
    const row = admin.getByTestId('task-admin-list').locator('tr').filter({ hasText: TITLE });
    await expect.poll(() => row.innerText(), poll).toContain('进行中');

    // A certificate rule for the task, previewed as a PDF, then saved.
    await admin.goto(`${baseUrl}/study/sub_admin/credentials`);
    await admin.getByTestId('rule-list').waitFor({ timeout: UI_TIMEOUT });
    await admin.getByTestId('rule-new').click();
    const dialog = admin.getByRole('dialog');
    await pick(admin, '来源类型', '完成任务', false);
    await pick(admin, '选择任务', TITLE);
    await dialog.locator('#rule-title').fill(`${TITLE}证书`);
    await dialog.locator('#rule-issuer').fill('演示学院');
    await dialog.locator('#rule-body').fill('{name} 完成了「{source}」。');
    await admin.getByTestId('rule-preview').click();
    await admin.getByTestId('rule-preview-ready').waitFor({ timeout: UI_TIMEOUT });
    // The server's PDF (credential-admin.test.ts checks its bytes) opens from a blob: link.
    expect(await admin.getByTestId('rule-preview-open').getAttribute('href')).toMatch(/^blob:/);
    await admin.screenshot({ path: `${SHOTS}task-admin-rule.png` });
    await admin.getByTestId('rule-save').click();
    const ruleRow = admin.getByTestId('rule-list').locator('tr').filter({ hasText: `${TITLE}证书` });
    await expect.poll(() => ruleRow.innerText(), poll).toContain(TITLE);

    const learner = await openPage();
    await signInAt(learner, baseUrl, 'learner', 'Study@2026');
    await learner.goto(`${baseUrl}/study/user/center/study/myMemberTask`);
    const item = learner.locator(`[data-testid="my-member-task-item"][data-id="${createdId}"]`);
    await item.waitFor({ timeout: UI_TIMEOUT });
    expect(await item.innerText()).toContain(TITLE);
  });
});

describe('the editors as the admin sees them', () => {
  // The accessibility gate audits every route as the learner, who sees these pages' 403; here the
  // admin's real pages pass axe (WCAG 2.x A and AA) in light zh and dark en.
  test('pass axe in light zh and dark en', { timeout: 240_000 }, async ({ browser }) => {
    for (const [theme, lang] of [['light', 'zh'], ['dark', 'en']] as const) {
      const page = await variantPage(browser, theme, lang);
      try {
        await signInAt(page, baseUrl, 'admin', 'Admin@2026');
        for (const [path, ready] of [['tasks', 'task-admin-list'], ['tasks/first', 'task-contents'], ['credentials', 'rule-list']] as const) {
          if (path === 'tasks/first') {
            // The newest task of the list (ids are shared across tenants: demo's is looked up, not guessed).
            await page.goto(`${baseUrl}/study/sub_admin/tasks`);
            await page.getByTestId('task-admin-list').locator('tbody a').first().click();
          } else {
            await page.goto(`${baseUrl}/study/sub_admin/${path}`);
          }
          await page.getByTestId(ready).first().waitFor({ timeout: UI_TIMEOUT });
          await page.waitForTimeout(400); // antd's transitions settle before colours are read
          if (path === 'tasks/first') await page.screenshot({ path: `${SHOTS}task-admin-editor-${theme}.png`, fullPage: true });
          const violations = await axeViolations(page);
          expect(violations, `${theme} ${lang} /sub_admin/${path}`).toEqual([]);
        }
      } finally {
        await page.context().close();
      }
    }
  });
});
