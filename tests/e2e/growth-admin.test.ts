import { describe, expect, inject } from 'vitest';
import { axeViolations, variantPage } from './axe-page';
import { test, UI_TIMEOUT, signInAt } from './browser';

// The back-office's competition editor in Chromium against the real server (issue 19 part I): the
// demo admin creates a competition with one submission stage and makes the teacher its judge; the
// demo learner finds it on /match and enrols. Then the admin's editor pages pass axe in light zh
// and dark en. Screenshots go to .tmp/shots/growth-admin-*.png.

const baseUrl = inject('baseUrl');
const poll = { timeout: UI_TIMEOUT, interval: 150 };
const STAMP = Date.now().toString(36);
const TITLE = `E2E竞赛${STAMP}`;
const SHOTS = new URL('../../.tmp/shots/', import.meta.url).pathname;
let createdId = 0;

describe('the competition editor', () => {
  test('the admin creates a competition with a submission stage and a judge; the learner sees it on /match and enrols', { timeout: 240_000 }, async ({ page: admin, openPage }) => {
    await admin.setViewportSize({ width: 1440, height: 900 });
    await signInAt(admin, baseUrl, 'admin', 'Admin@2026');
    // From the back-office's home to the list.
    await admin.goto(`${baseUrl}/study/sub_admin/myAdmin`);
    await admin.getByTestId('admin-matches-link').click();
    await admin.getByTestId('match-admin-list').waitFor({ timeout: UI_TIMEOUT });
    await admin.getByTestId('match-new').click();

    // A new competition: enrolment opens now (the editor's default windows), one submission stage.
    const form = admin.getByTestId('match-form');
    await form.getByLabel('名称', { exact: true }).fill(TITLE);
    await form.getByLabel('简介').fill('端到端测试创建的竞赛');
    await form.locator('#match-rules').fill('<p>提交一篇<strong>原创</strong>文章。</p>');
    await admin.getByTestId('match-save').click();
    // Published with no stage: the server's words.
    await admin.getByText('发布前请至少添加一个阶段。').first().waitFor({ timeout: UI_TIMEOUT });
    await admin.keyboard.press('Escape');
    await admin.getByTestId('stage-add').click();
    await admin.locator('#stage-0-title').fill('原创文章');
    await admin.locator('#stage-0-max').fill('100');
    await admin.getByTestId('match-save').click();
    await admin.waitForURL(/\/study\/sub_admin\/matches\/\d+$/, { timeout: UI_TIMEOUT });
    createdId = Number(new URL(admin.url()).pathname.split('/').pop());

    // The judge: the demo teacher, picked by account.
    const judges = admin.getByTestId('judges-card');
    await judges.waitFor({ timeout: UI_TIMEOUT });
    await judges.locator('#judge-user').fill('teacher');
    await admin.locator('.ant-select-item-option').filter({ hasText: '(teacher)' }).first().click();
    await admin.getByTestId('judge-add').click();
    await expect.poll(() => admin.getByTestId('judge-list').innerText(), poll).toContain('(teacher)');
    await admin.screenshot({ path: `${SHOTS}growth-admin-match.png`, fullPage: true });

    // The list shows it enrolling, nobody yet.
    await admin.goto(`${baseUrl}/study/sub_admin/matches`);
    const row = admin.getByTestId('match-admin-list').locator('tr').filter({ hasText: TITLE });
    await expect.poll(() => row.innerText(), poll).toContain('报名中');

    const learner = await openPage();
    await signInAt(learner, baseUrl, 'learner', 'Study@2026');
    await learner.goto(`${baseUrl}/study/match?keyword=${encodeURIComponent(TITLE)}`);
    const card = learner.locator(`[data-testid="match-card"][data-id="${createdId}"]`);
    await card.waitFor({ timeout: UI_TIMEOUT });
    await card.getByRole('link', { name: TITLE }).click();
    await learner.waitForURL(new RegExp(`/study/match/detail/${createdId}$`), { timeout: UI_TIMEOUT });
    await learner.getByTestId('match-enroll').click();
    await learner.getByTestId('match-enrolled').waitFor({ timeout: UI_TIMEOUT });
    expect(await learner.locator('body').innerText()).toContain('原创文章');

    // Back in the list: one entrant, and no delete any more (end it early instead).
    await admin.reload();
    await expect.poll(() => row.innerText(), poll).toMatch(/1 \/ 不限/);
    expect(await row.getByRole('button', { name: `提前结束 ${TITLE}` }).count()).toBe(1);
    expect(await row.getByRole('button', { name: `删除 ${TITLE}` }).count()).toBe(0);
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
        const matchId = createdId || 1;
        for (const [path, ready] of [['matches', 'match-admin-list'], [`matches/${matchId}`, 'stage-list'], ['games', 'game-admin-list'], ['games/first', 'round-list']] as const) {
          if (path === 'games/first') {
            // The first game of the list (ids are shared across tenants: demo's is looked up, not guessed).
            await page.goto(`${baseUrl}/study/sub_admin/games`);
            await page.getByTestId('game-admin-list').locator('tbody a').first().click();
          } else {
            await page.goto(`${baseUrl}/study/sub_admin/${path}`);
          }
          await page.getByTestId(ready).first().waitFor({ timeout: UI_TIMEOUT });
          await page.waitForTimeout(400); // antd's transitions settle before colours are read
          if (path === 'games/first') await page.screenshot({ path: `${SHOTS}growth-admin-game-${theme}.png`, fullPage: true });
          const violations = await axeViolations(page);
          expect(violations, `${theme} ${lang} /sub_admin/${path}`).toEqual([]);
        }
      } finally {
        await page.context().close();
      }
    }
  });
});
