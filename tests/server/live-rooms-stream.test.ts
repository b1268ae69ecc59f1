// A live room's stream and replay (issue 17 "Stream playback"; server/modules/train/live-stream.ts)
// and the live tokens (spec learning §7 argoLive / argoRtm; server/lib/live-tokens.ts): the live
// playlist advances with the time since startLive, loops the lesson with discontinuities, never
// ends while live, needs a valid argoLive token of a viewer who may watch, and is 404 when the room
// is not live; after stopLive the replay is the lesson's VOD playlist.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { writeCatalogueMedia } from '../../server/demo/seed-catalogue';
import { issueLiveToken, sessionIdOf, verifyLiveToken } from '../../server/lib/live-tokens';
import { buildLivePlaylist, LIVE_WINDOW, parseVodPlaylist } from '../../server/modules/train/live-stream';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let app: FastifyInstance;
const { call, data, signIn } = apiOf(() => app);
type Session = { id: number; token: string };
let teacher: Session;
let learner: Session;
let acme: Session;
let room: number;

const q = (path: string, id: number, tenantId = 1001) => `/train/api/room/${path}?tenantId=${tenantId}&id=${id}`;
const liveToken = async (s: Session, tenantId = 1001) => (await data('GET', `/um/api/thirdPlt/token/argoLive?tenantId=${tenantId}&uid=${s.id}`, s.token)).token as string;
const playlist = (id: number, token: string) => app.inject({ method: 'GET', url: `/train/api/live/${id}/index.m3u8?token=${encodeURIComponent(token)}` });
const sequenceOf = (text: string) => Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)![1]);

beforeAll(async () => {
  t = await createTestApp();
  const mediaDir = await mkdtemp(join(tmpdir(), 'live-stream-'));
  expect(await writeCatalogueMedia(mediaDir)).toBeGreaterThan(0);
  app = await buildApp({ db: t.db, mediaDir });
  await app.ready();
  teacher = await signIn(1001, 'teacher', 'Teach@2026');
  learner = await signIn(1001, 'learner', 'Study@2026');
  acme = await signIn(1002, 'learner', 'Study@2026');
  const { rows } = await sql<{ id: number }>`
    select r.id from live_room r join user_role g on g.tenant_id = r.tenant_id and g.scope_type = 'classes' and g.scope_id = r.classes_id
    join user_account u on u.tenant_id = g.tenant_id and u.id = g.user_id and u.account = 'teacher'
    where r.tenant_id = 1001 and r.live_state = 'upcoming' order by r.start_time limit 1`.execute(t.db.owner);
  room = Number(rows[0]!.id);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await t?.close();
});

/** Moves the room's live start back by `seconds`. */
async function startedAgo(seconds: number) {
  await t.db.owner.updateTable('live_room').set({ live_started_at: sql`now() - make_interval(secs => ${seconds})` })
    .where('tenant_id', '=', 1001).where('id', '=', room).execute();
}

describe('the live playlist', () => {
  it('is 404 with a reason while the room is upcoming', async () => {
    const res = await playlist(room, await liveToken(learner));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, errorCode: 'ROOM_NOT_LIVE' });
    expect(res.json().message).toContain('直播尚未开始');
  });

  it('rolls a window of the lesson\'s signed segments forward with the time since startLive, with no end', async () => {
    const live = await data('GET', q('startLive', room), teacher.token);
    const token = await liveToken(learner);
    const first = await playlist(room, token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(first.body).toContain('#EXT-X-MEDIA-SEQUENCE:0\n');
    expect(first.body).not.toContain('#EXT-X-ENDLIST');
    expect(first.body).not.toContain('PLAYLIST-TYPE');
    const links = first.body.split('\n').filter((l) => l.startsWith('/media/'));
    expect(links).toHaveLength(LIVE_WINDOW);
    expect(links[0]).toMatch(/^\/media\/1001\/video\/hls-1\/seg-0\.m4s\?exp=\d+&sig=[0-9a-f]{64}$/);
    const segment = await app.inject({ method: 'GET', url: links[0]! });
    expect(segment.statusCode).toBe(200);
    expect(segment.rawPayload.subarray(0, 64).toString('latin1')).toMatch(/styp|moof/);
    const init = /URI="([^"]+)"/.exec(first.body)![1]!;
    expect((await app.inject({ method: 'GET', url: init })).statusCode).toBe(200);
    // The detail's own stream URL plays too.
    expect((await app.inject({ method: 'GET', url: live.streamUrl })).statusCode).toBe(200);

    // 95 s in: nine 10 s segments have aired; the window is the last four, across the loop of six.
    await startedAgo(95);
    const later = (await playlist(room, token)).body;
    expect(sequenceOf(later)).toBe(9 - LIVE_WINDOW);
    expect(later).toContain('#EXT-X-DISCONTINUITY\n');
    expect(later).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:0');
    expect(later.split('\n').filter((l) => l.startsWith('/media/')).map((l) => /seg-(\d+)/.exec(l)![1])).toEqual(['5', '0', '1', '2']);
    await startedAgo(125);
    const next = (await playlist(room, token)).body;
    expect(sequenceOf(next)).toBe(12 - LIVE_WINDOW);
    expect(next).toContain('#EXT-X-DISCONTINUITY-SEQUENCE:1');
  });

  it('needs a valid argoLive token of the room\'s tenant and a viewer who may watch', async () => {
    const bare = await app.inject({ method: 'GET', url: `/train/api/live/${room}/index.m3u8` });
    expect(bare.json()).toMatchObject({ success: false, errorCode: 'VALIDATION' });
    const token = await liveToken(learner);
    // A change in the signature's first character flips data bits (the last one carries two unused bits).
    const forged = token.replace(/\.([A-Za-z0-9_-])([A-Za-z0-9_-]{42})$/, (_, c: string, rest: string) => `.${c === 'A' ? 'B' : 'A'}${rest}`);
    expect((await playlist(room, forged)).statusCode).toBe(401);
    const rtm = (await data('GET', `/um/api/thirdPlt/token/argoRtm?tenantId=1001&uid=${learner.id}`, learner.token)).token as string;
    expect((await playlist(room, rtm)).statusCode).toBe(401);
    // Another tenant's viewer: the room is not theirs.
    expect((await playlist(room, await liveToken(acme, 1002))).statusCode).toBe(404);
    const mismatched = await app.inject({ method: 'GET', url: `/train/api/live/${room}/index.m3u8?tenantId=1002&token=${encodeURIComponent(token)}` });
    expect(mismatched.statusCode).toBe(401);
    await t.db.owner.updateTable('live_room').set({ need_enroll: true }).where('tenant_id', '=', 1001).where('id', '=', room).execute();
    // The seed enrolled the demo learner in this room: without it, they may not watch.
    await t.db.owner.deleteFrom('live_room_member').where('tenant_id', '=', 1001).where('room_id', '=', room).where('user_id', '=', learner.id).execute();
    const stranger = await playlist(room, await liveToken(learner));
    expect(stranger.statusCode).toBe(403);
    expect((await playlist(room, await liveToken(teacher))).statusCode).toBe(200);
    await t.db.owner.updateTable('live_room').set({ need_enroll: false }).where('tenant_id', '=', 1001).where('id', '=', room).execute();
  });

  it('stops with the live: 404, and the replay is the lesson\'s VOD playlist', async () => {
    const token = await liveToken(learner);
    const stopped = await data('GET', q('stopLive', room), teacher.token);
    const res = await playlist(room, token);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('回放');
    const replay = await app.inject({ method: 'GET', url: stopped.replayUrl });
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(replay.body).toContain('#EXT-X-ENDLIST');
  });
});

describe('live tokens', () => {
  it('are issued for the signed-in user\'s own uid only', async () => {
    expect(await call('GET', `/um/api/thirdPlt/token/argoLive?tenantId=1001&uid=${teacher.id}`, learner.token)).toMatchObject({ success: false, errorCode: 'UID_MISMATCH' });
    expect(await call('GET', `/um/api/thirdPlt/token/argoRtm?tenantId=1001&uid=${learner.id}`, undefined)).toMatchObject({ success: false, flag: 401 });
    const got = await data('GET', `/um/api/thirdPlt/token/argoRtm?tenantId=1001&uid=${learner.id}`, learner.token);
    expect(got.expiresAt - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(got.expiresAt - Date.now()).toBeLessThanOrEqual(10 * 60_000);
  });

  it('name tenant, user and sign-in session, for one purpose, and stop working after 10 minutes', async () => {
    const claims = { tenantId: 1001, userId: learner.id, sessionId: sessionIdOf('a'.repeat(64)) };
    const { token } = await issueLiveToken(app, claims, 'rtm');
    expect(await verifyLiveToken(app, token, 'rtm')).toEqual(claims);
    expect(await verifyLiveToken(app, token, 'live')).toBeNull();
    expect(await verifyLiveToken(app, token, 'rtm', Date.now() + 10 * 60_000 + 1000)).toBeNull();
    // Another user's id in an otherwise valid token breaks the signature.
    expect(await verifyLiveToken(app, token.replace(`.${learner.id}.`, `.${teacher.id}.`), 'rtm')).toBeNull();
    // Signed with another tenant's secret: the tenant named does not verify it.
    const other = await issueLiveToken(app, { ...claims, tenantId: 1002 }, 'rtm');
    expect(await verifyLiveToken(app, other.token.replace(/^1002\./, '1001.'), 'rtm')).toBeNull();
  });

  it('refuse every other spelling of the signature, even one that decodes to the same bytes', async () => {
    const claims = { tenantId: 1001, userId: learner.id, sessionId: sessionIdOf('b'.repeat(64)) };
    const { token } = await issueLiveToken(app, claims, 'live');
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = token.at(-1)!;
    // The 43rd character's two low bits are unused: three other characters decode the same (CI once met one).
    const sameBytes = [...alphabet].filter((c) => c !== last && (alphabet.indexOf(c) >> 2) === (alphabet.indexOf(last) >> 2));
    expect(sameBytes).toHaveLength(3);
    for (const c of sameBytes) {
      const twin = token.slice(0, -1) + c;
      expect(Buffer.from(twin.split('.').at(-1)!, 'base64url')).toEqual(Buffer.from(token.split('.').at(-1)!, 'base64url'));
      expect(await verifyLiveToken(app, twin, 'live')).toBeNull();
    }
    expect(await verifyLiveToken(app, token, 'live')).toEqual(claims);
  });

  it('carry the same session for one sign-in and another for a second sign-in', async () => {
    const a = (await data('GET', `/um/api/thirdPlt/token/argoRtm?tenantId=1001&uid=${learner.id}`, learner.token)).token as string;
    const b = (await data('GET', `/um/api/thirdPlt/token/argoRtm?tenantId=1001&uid=${learner.id}`, learner.token)).token as string;
    const again = await signIn(1001, 'learner', 'Study@2026');
    const c = (await data('GET', `/um/api/thirdPlt/token/argoRtm?tenantId=1001&uid=${learner.id}`, again.token)).token as string;
    const [ca, cb, cc] = await Promise.all([a, b, c].map((x) => verifyLiveToken(app, x, 'rtm')));
    expect(ca!.sessionId).toBe(cb!.sessionId);
    expect(cc!.sessionId).not.toBe(ca!.sessionId);
  });
});

describe('buildLivePlaylist', () => {
  const vod = parseVodPlaylist('#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:10.000,\na.m4s\n#EXTINF:10.000,\nb.m4s\n#EXTINF:5.000,\nc.m4s\n#EXT-X-ENDLIST\n');

  it('never moves the media sequence back and keeps the window full', () => {
    let last = -1;
    for (let s = 0; s < 200; s += 1.5) {
      const text = buildLivePlaylist(vod, s, (n) => n);
      const seq = sequenceOf(text);
      expect(seq).toBeGreaterThanOrEqual(last);
      last = seq;
      expect(text.split('\n').filter((l) => l.endsWith('.m4s'))).toHaveLength(LIVE_WINDOW);
    }
    // 25 s per loop: at 60 s, 2 loops (6 segments) plus a (10 s) have aired.
    expect(sequenceOf(buildLivePlaylist(vod, 60, (n) => n))).toBe(7 - LIVE_WINDOW);
  });
});
