import { createServer, connect, type Server, type Socket } from 'node:net';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { tenantDb } from './db';
import { saveScreenshot, test, UI_TIMEOUT } from './browser';

// Issue "Floating audio player and study progress that is never lost", in Chromium against the
// real server: a learner plays a seeded audio lesson (a WAV the seed generated) from the demo
// tenant's 有声精选 playlist, pauses, reloads and resumes where the server says they were; and a
// save made while the server is unreachable arrives once it is back.

const baseUrl = inject('baseUrl');
const port = inject('port');
const poll = { timeout: UI_TIMEOUT, interval: 100 };
const DEMO = 1001;
const RESOURCES = `/study/tabBarIndex/Pzy_resources?pageCodeTitle=${encodeURIComponent('学习资源')}`;

let db: pg.Client;
let learnerId = 0;
beforeAll(async () => {
  db = await tenantDb(DEMO);
  const { rows } = await db.query<{ id: string }>(`select id from user_account where tenant_id = $1 and account = 'learner'`, [DEMO]);
  learnerId = Number(rows[0]?.id);
});
afterAll(() => db.end());

/** The learner's stored record of a content (whole content, part 0), or null. */
async function storedRecord(contentId: number): Promise<{ progress: number; playTime: number; state: number } | null> {
  const { rows } = await db.query<{ progress: number; play_time: number; state: number }>(
    'select progress, play_time, state from study_record where tenant_id = $1 and user_id = $2 and content_id = $3 and part_id = 0', [DEMO, learnerId, contentId]);
  const row = rows[0];
  return row ? { progress: Number(row.progress), playTime: Number(row.play_time), state: Number(row.state) } : null;
}

/** Seconds of a m:ss or h:mm:ss clock. */
const seconds = (clock: string) => clock.split(':').map(Number).reduce((total, part) => total * 60 + part, 0);

const player = (page: Page) => page.getByRole('region', { name: '音频播放器' });

/** The player's position in seconds, from its "m:ss / m:ss" display. */
async function position(page: Page): Promise<number> {
  const text = (await player(page).locator('.floating-player__time').textContent()) ?? '';
  return seconds(text.split('/')[0]!.trim());
}

async function signIn(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/study/login`);
  await page.getByTestId('login-account').fill('learner');
  await page.getByTestId('login-password').fill('Study@2026');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('user-menu').waitFor();
}

/** Plays the playlist's item `index` of the resources tab; returns its content id. */
async function playFromPlaylist(page: Page, origin: string, index: number): Promise<number> {
  await page.goto(`${origin}${RESOURCES}`);
  const row = page.locator('.w-audio-playlist li').nth(index);
  await row.waitFor();
  const contentId = Number(await row.getAttribute('data-content-id'));
  await row.getByRole('button').click();
  await player(page).waitFor();
  return contentId;
}

describe('floating audio player', () => {
  test('plays a seeded lesson, pauses, and resumes at the saved position after a reload', async ({ page }) => {
    await signIn(page, baseUrl);
    const contentId = await playFromPlaylist(page, baseUrl, 0);
    await expect.poll(() => player(page).getByRole('button', { name: '暂停', exact: true }).count(), poll).toBe(1);
    // Real playback: the clock moves with the audio.
    await expect.poll(() => position(page), { ...poll, timeout: 30_000 }).toBeGreaterThanOrEqual(3);
    await player(page).getByRole('button', { name: '暂停', exact: true }).click();
    const pausedAt = await position(page);
    await expect.poll(async () => (await storedRecord(contentId))?.progress, poll).toBe(pausedAt);
    expect((await storedRecord(contentId))!.playTime).toBeGreaterThanOrEqual(3);
    await saveScreenshot(page, 'audio-player-paused');

    await page.reload();
    await player(page).waitFor();
    await expect.poll(() => position(page), poll).toBe(pausedAt);
    await player(page).getByRole('button', { name: '播放', exact: true }).click();
    // It goes on from there, not from the start.
    await expect.poll(() => position(page), { ...poll, timeout: 30_000 }).toBeGreaterThan(pausedAt);
    expect(await position(page)).toBeGreaterThanOrEqual(pausedAt);
    await player(page).getByRole('button', { name: '暂停', exact: true }).click();
  });

  test('a save made while the server is down is kept and arrives when it is back', async ({ openPage }) => {
    const proxy = await startProxy(port);
    try {
      const page = await openPage();
      const origin = `http://127.0.0.1:${proxy.port}`;
      await signIn(page, origin);
      const contentId = await playFromPlaylist(page, origin, 1);
      await expect.poll(() => position(page), { ...poll, timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      const before = (await storedRecord(contentId))?.progress ?? -1;

      await proxy.down();
      // The pause is what saves; the audio itself is already buffered and may stop by itself first.
      const pause = player(page).getByRole('button', { name: '暂停', exact: true });
      if (await pause.count()) await pause.click();
      await player(page).getByRole('button', { name: '播放', exact: true }).waitFor();
      const pausedAt = await position(page);
      expect(pausedAt).not.toBe(before);
      // The failed save waits in localStorage.
      const pending = async () => page.evaluate((key) => localStorage.getItem(key), `portal.progress.pending.${DEMO}.${learnerId}`);
      await expect.poll(async () => JSON.parse((await pending()) ?? '[]').map((r: { contentId: number; progress: number }) => [r.contentId, r.progress]), poll)
        .toContainEqual([contentId, pausedAt]);
      expect((await storedRecord(contentId))?.progress ?? -1).toBe(before);

      await proxy.up();
      // Retried with backoff (1 s, 2 s, 4 s …) until the server acknowledges it.
      await expect.poll(async () => (await storedRecord(contentId))?.progress, { timeout: 40_000, interval: 250 }).toBe(pausedAt);
      await expect.poll(pending, poll).toBeNull();
    } finally {
      await proxy.close();
    }
  });
});

/**
 * A TCP relay on 127.0.0.1 in front of the portal that can be taken down and brought back on the
 * same port: "the server is down" as the browser sees it (connections refused), without stopping
 * the portal the other test files share.
 */
async function startProxy(target: number): Promise<{ port: number; down(): Promise<void>; up(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const listen = (at: number) => new Promise<number>((resolve, reject) => {
    const s = createServer((client) => {
      const upstream = connect(target, '127.0.0.1');
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    s.once('error', reject);
    s.listen(at, '127.0.0.1', () => {
      server = s;
      resolve((s.address() as { port: number }).port);
    });
  });
  const stop = () => new Promise<void>((resolve) => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (!server) return resolve();
    server.close(() => resolve());
    server = null;
  });
  const port = await listen(0);
  return { port, down: stop, up: async () => { await listen(port); }, close: stop };
}
