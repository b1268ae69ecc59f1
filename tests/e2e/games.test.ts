import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { tenantDb } from './db';
import { saveScreenshot, signInAt, test, UI_TIMEOUT } from './browser';

// Games (issue 19 part B, "Done when": a learner passes two game rounds), in Chromium against the
// real server: the demo learner opens /game, opens the first game (the seeded safety game), starts
// it, finds round 2 locked, reads round 1's material, answers its questions in the real player and
// hands in; passes; goes on to round 2 from the result and passes it too; then sees both attempts
// with their stars in /game/history.

const baseUrl = inject('baseUrl');
const DEMO = 1001;
const GAME_TITLE = '安全生产知识闯关';

let db: pg.Client;
let gameId = 0;
let rounds: { id: number; title: string }[] = [];

beforeAll(async () => {
  db = await tenantDb(DEMO);
  const game = await db.query<{ id: string }>(`select id from game where tenant_id = $1 and title = $2 and state = 1 order by id limit 1`, [DEMO, GAME_TITLE]);
  gameId = Number(game.rows[0]?.id);
  expect(gameId, `the demo seed has the game ${GAME_TITLE}`).toBeGreaterThan(0);
  const r = await db.query<{ id: string; title: string }>(`select id, title from game_round where tenant_id = $1 and game_id = $2 order by sort`, [DEMO, gameId]);
  rounds = r.rows.map((x) => ({ id: Number(x.id), title: x.title }));
  // e2e files share one database and one learner: whatever another journey played of this game is
  // undone, so round 2 starts locked (the learner's points ledger is left alone: points come once per round anyway).
  await db.query(`delete from game_player p using user_account u where p.tenant_id = $1 and p.game_id = $2 and u.tenant_id = p.tenant_id and u.id = p.user_id and u.account = 'learner'`, [DEMO, gameId]);
});
afterAll(() => db.end());

/** Answers every question of the open attempt right, by clicking the option labels as a learner does. */
async function answerRight(page: Page, roundId: number): Promise<void> {
  const { rows } = await db.query<{ id: string; kind: string; options: { key: string; text: string }[]; answer: string[] }>(
    `select id, kind, options, answer from game_round_question where tenant_id = $1 and round_id = $2 order by sort`, [DEMO, roundId]);
  expect(rows.length).toBeGreaterThan(0);
  for (const q of rows) {
    const section = page.locator(`[data-testid="exam-question"][data-id="${q.id}"]`);
    for (const key of q.answer) {
      const option = q.options.find((o) => o.key === key)!;
      const name = q.kind === 'judge' ? option.text : `${option.key}. ${option.text}`;
      await section.getByRole(q.kind === 'multiple' ? 'checkbox' : 'radio', { name, exact: true }).check();
    }
  }
  // Each answer is saved as it is given.
  await page.getByTestId('game-save-status').filter({ hasText: '已保存' }).waitFor({ timeout: UI_TIMEOUT });
}

/** From the round's material: start answering, answer right, hand in; returns the stars shown. */
async function passRound(page: Page, roundId: number, shot: string): Promise<number> {
  await page.getByTestId('game-material').waitFor({ timeout: UI_TIMEOUT });
  await page.getByTestId('game-begin').click();
  await page.getByTestId('game-clock').waitFor({ timeout: UI_TIMEOUT });
  expect(await page.getByTestId('game-clock').textContent()).toMatch(/^0[12]:\d\d$/);
  await answerRight(page, roundId);
  await saveScreenshot(page, `${shot}-answering`);
  await page.getByTestId('game-submit').click();
  const result = page.getByTestId('game-result');
  await result.waitFor({ timeout: UI_TIMEOUT });
  expect(await result.getAttribute('data-passed')).toBe('true');
  expect(await page.getByRole('status').filter({ hasText: '闯关成功' }).count()).toBe(1);
  await saveScreenshot(page, `${shot}-result`);
  return Number(await result.getAttribute('data-stars'));
}

describe('games', () => {
  test('the learner starts the first game, passes round 1 and round 2 in the player, and sees both with stars in the history', async ({ page }) => {
    await signInAt(page, baseUrl, 'learner', 'Study@2026');
    await page.goto(`${baseUrl}/study/game`);
    await page.getByTestId('game-list-results').waitFor({ timeout: UI_TIMEOUT });
    await page.getByRole('link', { name: GAME_TITLE }).first().click();
    await page.waitForURL(new RegExp(`/study/game/detail/${gameId}$`), { timeout: UI_TIMEOUT });
    const roundRows = page.getByTestId('game-round');
    await roundRows.first().waitFor({ timeout: UI_TIMEOUT });
    expect(await roundRows.evaluateAll((els) => els.map((e) => e.getAttribute('data-state')))).toEqual(['open', 'locked', 'locked']);
    await saveScreenshot(page, 'games-detail');

    await page.getByTestId('game-start').click();
    await page.waitForURL(new RegExp(`/study/game/round\\?gameId=${gameId}$`), { timeout: UI_TIMEOUT });
    await page.getByTestId('game-round-map').waitFor({ timeout: UI_TIMEOUT });
    // Round 2 is locked before round 1 is passed: no way in from the map, and the player refuses it.
    const second = page.locator(`[data-testid="game-round"][data-id="${rounds[1]!.id}"]`);
    expect(await second.getAttribute('data-state')).toBe('locked');
    expect(await second.getByTestId('game-round-play').count()).toBe(0);
    await page.goto(`${baseUrl}/study/game/round/player?gameId=${gameId}&roundId=${rounds[1]!.id}`);
    const refused = page.getByTestId('game-player-refused');
    await refused.waitFor({ timeout: UI_TIMEOUT });
    expect(await refused.textContent()).toContain('还未解锁');

    await page.goto(`${baseUrl}/study/game/round?gameId=${gameId}`);
    await page.getByTestId('game-next-round').click();
    await page.waitForURL(new RegExp(`roundId=${rounds[0]!.id}$`), { timeout: UI_TIMEOUT });
    const firstStars = await passRound(page, rounds[0]!.id, 'games-round-1');
    expect(firstStars).toBeGreaterThanOrEqual(1);

    // 下一关 from the result: round 2 is open now.
    await page.getByTestId('game-next').click();
    await page.waitForURL(new RegExp(`roundId=${rounds[1]!.id}$`), { timeout: UI_TIMEOUT });
    const secondStars = await passRound(page, rounds[1]!.id, 'games-round-2');
    expect(secondStars).toBeGreaterThanOrEqual(1);

    await page.goto(`${baseUrl}/study/game/history?gameId=${gameId}`);
    const table = page.getByTestId('game-history-table');
    await table.getByText(`第 2 关 · ${rounds[1]!.title}`).waitFor({ timeout: UI_TIMEOUT });
    expect(await table.getByText(`第 1 关 · ${rounds[0]!.title}`).count()).toBe(1);
    expect(await table.getByRole('img', { name: `${secondStars} 颗星（共 3 颗）` }).count()).toBeGreaterThanOrEqual(1);
    expect(await table.getByText('通过', { exact: true }).count()).toBe(2);
    await saveScreenshot(page, 'games-history');

    // The map shows both passed and round 3 open.
    await page.goto(`${baseUrl}/study/game/round?gameId=${gameId}`);
    await page.getByTestId('game-round-map').waitFor({ timeout: UI_TIMEOUT });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="game-round"]').length === 3, undefined, { timeout: UI_TIMEOUT });
    expect(await page.getByTestId('game-round').evaluateAll((els) => els.map((e) => e.getAttribute('data-state')))).toEqual(['passed', 'passed', 'open']);
  });
});
