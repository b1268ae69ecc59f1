import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject } from 'vitest';
import { tenantDb } from './db';
import { saveScreenshot, test, UI_TIMEOUT, signInAt } from './browser';

// A live room end to end in Chromium against the real server (issue 17; spec learning §2
// /chatRoom/detail/{id}, §4 live chat, §9 trim): the demo teacher starts an upcoming room of theirs
// from the room page; two learners in two browser contexts enter, the stream plays through hls.js
// (currentTime advances), a message of each arrives at the other in real time (theirs 'in', own
// 'out'), the audience count shows 2 (the teacher, a host, is not counted); the teacher stops the live and both rooms turn to the replay
// without a reload.

const baseUrl = inject('baseUrl');
const poll = { timeout: UI_TIMEOUT, interval: 200 };
const DEMO = 1001;
const PASSWORD = 'Live@2026';

let db: pg.Client;
let roomId = 0;
let second = '';

beforeAll(async () => {
  db = await tenantDb(DEMO);
  // An upcoming room the demo teacher teaches, open without enrolment.
  const { rows } = await db.query<{ id: string }>(
    `select r.id from live_room r
       join teacher t on t.tenant_id = r.tenant_id and t.id = r.teacher_id
       join user_account u on u.tenant_id = t.tenant_id and u.id = t.user_id
     where r.tenant_id = $1 and u.account = 'teacher' and r.live_state = 'upcoming' and not r.need_enroll
     order by r.start_time desc, r.id desc limit 1`, [DEMO]);
  roomId = Number(rows[0]?.id);
  expect(roomId, 'the demo teacher needs an upcoming room').toBeGreaterThan(0);
  // A second learner, registered as anyone would (demo allows self-registration).
  second = `live${Date.now().toString(36)}`;
  const res = await fetch(`${baseUrl}/um/api/user/register`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ tenantId: DEMO, account: second, password: createHash('md5').update(PASSWORD).digest('hex'), nickName: '第二位学员' }),
  });
  expect((await res.json() as { success: boolean }).success).toBe(true);
});
afterAll(() => db.end());

async function signIn(page: Page, account: string, password: string) {
  await signInAt(page, baseUrl, account, password);
}

const roomUrl = (layout = 'detail') => `${baseUrl}/study/chatRoom/${layout}/${roomId}`;
const stateOf = (page: Page) => page.getByTestId('live-state').getAttribute('data-state');
const videoTime = (page: Page) => page.getByTestId('live-video').evaluate((v) => (v as HTMLVideoElement).currentTime);

/** The video plays: its time moves on. */
async function expectPlaying(page: Page) {
  await expect.poll(() => videoTime(page), { timeout: 30_000, interval: 250 }).toBeGreaterThan(0.5);
  const before = await videoTime(page);
  await expect.poll(() => videoTime(page), poll).toBeGreaterThan(before + 1);
}

async function say(page: Page, text: string) {
  await page.locator('[data-testid="live-chat"][data-ready="true"]').waitFor({ timeout: UI_TIMEOUT });
  await page.getByTestId('live-chat-input').fill(text);
  await page.getByTestId('live-chat-input').press('Enter');
}

const message = (page: Page, text: string) => page.getByTestId('live-chat-message').filter({ hasText: text });

describe('live room', () => {
  test('the teacher starts a room, two learners watch and chat, the count shows 2, the stop turns both to the replay', { timeout: 180_000 }, async ({ page: teacher, openPage }) => {
    await signIn(teacher, 'teacher', 'Teach@2026');
    // The teacher keeps the compact layout open throughout (a host, not counted in the audience).
    await teacher.goto(roomUrl('vhallLive'));
    await teacher.getByTestId('live-room').waitFor({ timeout: UI_TIMEOUT });
    expect(await stateOf(teacher)).toBe('upcoming');
    await teacher.getByTestId('live-start').click();
    await teacher.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect.poll(() => stateOf(teacher), poll).toBe('live');
    await expectPlaying(teacher);
    await saveScreenshot(teacher, 'live-teacher');

    const a = await openPage();
    const b = await openPage();
    await Promise.all([signIn(a, 'learner', 'Study@2026'), signIn(b, second, PASSWORD)]);
    await Promise.all([a.goto(roomUrl()), b.goto(roomUrl('txTest'))]);
    for (const p of [a, b]) {
      await p.getByTestId('live-room').waitFor({ timeout: UI_TIMEOUT });
      expect(await stateOf(p)).toBe('live');
    }
    await Promise.all([expectPlaying(a), expectPlaying(b)]);

    await say(a, '老师好，我是学员一');
    await message(b, '老师好，我是学员一').waitFor({ timeout: UI_TIMEOUT });
    expect(await message(b, '老师好，我是学员一').getAttribute('data-state-type')).toBe('in');
    expect(await message(a, '老师好，我是学员一').getAttribute('data-state-type')).toBe('out');
    await say(b, '学员二收到');
    await message(a, '学员二收到').waitFor({ timeout: UI_TIMEOUT });
    expect(await message(a, '学员二收到').getAttribute('data-state-type')).toBe('in');

    // Both present (enter heartbeats), counted every 10 s.
    for (const p of [a, b, teacher]) await expect.poll(() => p.getByTestId('live-audience').getAttribute('data-count'), { timeout: 25_000, interval: 500 }).toBe('2');
    await saveScreenshot(a, 'live-learner-side');
    await saveScreenshot(b, 'live-learner-below');

    // The teacher sees both messages, and stops: both learners' rooms turn to the replay by themselves.
    await message(teacher, '学员二收到').waitFor({ timeout: UI_TIMEOUT });
    await teacher.getByTestId('live-stop').click();
    await teacher.locator('.ant-popconfirm .ant-btn-primary').click();
    await expect.poll(() => stateOf(teacher), poll).toBe('ended');
    for (const p of [a, b]) {
      await expect.poll(() => stateOf(p), { timeout: 25_000, interval: 500 }).toBe('ended');
      await p.locator('[data-testid="live-stage"][data-state="ended"] [data-testid="live-player"][data-live="false"]').waitFor({ timeout: UI_TIMEOUT });
    }
    // The replay plays from the start when asked.
    await a.getByTestId('live-video').evaluate((v) => { const video = v as HTMLVideoElement; video.muted = true; return video.play(); });
    await expectPlaying(a);
    await saveScreenshot(a, 'live-replay');
  });
});
