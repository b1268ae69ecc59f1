// Live rooms (issue 17; spec learning §2 /chatRoom/**, §7 "Training": room searchByUser, detail,
// enter, quickEnter, startLive, stopLive, leave, enroll, getAudienceNumber, cmChatRoom/update; the
// rules in server/modules/train/room-routes.ts): the seeded teacher and rooms of demo, acme and
// campus, presence and its expiry, the audience count, enrolment, start and stop by the room's
// teacher only, the teacher's edit, my rooms, and tenant isolation.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../../server/plugins/auth';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
type Session = { id: number; token: string };
let teacher: Session;
let learner: Session;
let acme: Session;
/** The seeded teacher's upcoming rooms (they can start them) and the demo's other rooms. */
let own: number[];
let needEnroll: number;
let ended: number;

const q = (path: string, id: number, tenantId = 1001) => `/train/api/room/${path}?tenantId=${tenantId}&id=${id}`;
const detail = (s: Session, id: number) => data('GET', q('detail', id), s.token);
const audience = async (s: Session, id: number) => (await data('GET', q('getAudienceNumber', id), s.token)).audience as number;

/** A new demo account with a sign-in token written straight to the database. */
async function makeUser(tenantId = 1001): Promise<Session> {
  const user = await t.db.owner.insertInto('user_account').values({
    tenant_id: tenantId, account: `viewer_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`, password_hash: 'locked', password_salt: '',
    real_name: '观众', nick_name: null, mobile: null, email: null, gender: null, birthday: null, summary: null, avatar_img: null,
  }).returning('id').executeTakeFirstOrThrow();
  const token = newToken(tenantId);
  await t.db.owner.insertInto('user_token').values({ tenant_id: tenantId, token_hash: hashToken(token), user_id: Number(user.id), expires_at: new Date(Date.now() + 86_400_000) }).execute();
  return { id: Number(user.id), token };
}

/** Rooms of a tenant in a state, through the owner connection. */
async function roomsOf(tenantId: number, state: 'upcoming' | 'live' | 'ended') {
  return t.db.owner.selectFrom('live_room').select(['id', 'classes_id', 'need_enroll', 'teacher_id'])
    .where('tenant_id', '=', tenantId).where('live_state', '=', state).where('state', '=', 1).orderBy('start_time').execute();
}

/** The seeded teacher's upcoming rooms in a tenant: rooms of the classes they hold a teacher grant on. */
async function teacherRooms(tenantId: number, state: 'upcoming' | 'live' | 'ended' = 'upcoming'): Promise<number[]> {
  const rows = await sql<{ id: number }>`
    select r.id from live_room r join user_role g on g.tenant_id = r.tenant_id and g.scope_type = 'classes' and g.scope_id = r.classes_id
    join user_account u on u.tenant_id = g.tenant_id and u.id = g.user_id and u.account = 'teacher'
    where r.tenant_id = ${tenantId} and r.live_state = ${state} order by r.start_time`.execute(t.db.owner);
  return rows.rows.map((r) => Number(r.id));
}

beforeAll(async () => {
  t = await createTestApp();
  teacher = await signIn(1001, 'teacher', 'Teach@2026');
  learner = await signIn(1001, 'learner', 'Study@2026');
  acme = await signIn(1002, 'learner', 'Study@2026');
  own = await teacherRooms(1001);
  needEnroll = Number((await roomsOf(1001, 'upcoming')).find((r) => r.need_enroll)!.id);
  ended = Number((await roomsOf(1001, 'ended'))[0]!.id);
}, 120_000);

afterAll(async () => t?.close());

describe('the seed', () => {
  it.each([[1001], [1002], [1533]])('gives tenant %i a teacher who can start an upcoming room, and every listed room a detail', async (tenantId) => {
    const who = tenantId === 1001 ? teacher : await signIn(tenantId, 'teacher', 'Teach@2026');
    const info = await data('GET', `/um/api/user/info?tenantId=${tenantId}`, who.token);
    expect(info.roles.filter((g: { role: string; scopeType: string }) => g.role === 'teacher' && g.scopeType === 'classes').length).toBeGreaterThanOrEqual(1);
    const mine = await teacherRooms(tenantId);
    expect(mine.length, 'an upcoming room the teacher can start').toBeGreaterThanOrEqual(1);
    const room = await data('GET', q('detail', mine[0]!, tenantId), who.token);
    expect(room).toMatchObject({ liveState: 'upcoming', canManage: true });
    // One person, one name: the chat shows the account's, the room page the teacher profile's.
    expect(info.realName).toBe(room.teacher.name);
    // The home's live-room strip lists /train/api/room/search: every card opens a room that exists.
    const viewer = tenantId === 1001 ? learner : tenantId === 1002 ? acme : await signIn(tenantId, 'learner', 'Study@2026');
    const listed = await data('GET', `/train/api/room/search?tenantId=${tenantId}&pageSize=50`, undefined);
    expect(listed.list.some((r: { liveState: string }) => r.liveState === 'upcoming')).toBe(true);
    for (const room of listed.list as { id: number; liveState: string }[]) {
      const d = await data('GET', q('detail', room.id, tenantId), viewer.token);
      expect(d.liveState).toBe(room.liveState);
      if (room.liveState === 'live' && d.canWatch) expect(d.streamUrl).toMatch(new RegExp(`^/train/api/live/${room.id}/index\\.m3u8\\?token=`));
      if (room.liveState === 'ended' && d.canWatch) expect(d.replayUrl).toMatch(new RegExp(`^/media/${tenantId}/video/hls-1/index\\.m3u8\\?exp=`));
    }
  });

  it('lists the learner\'s enrolled and visited rooms under my rooms', async () => {
    const mine = await data('GET', '/train/api/room/searchByUser?tenantId=1001', learner.token);
    expect(mine.total).toBeGreaterThanOrEqual(2);
    expect(mine.list.some((r: { enrolled: boolean }) => r.enrolled)).toBe(true);
    expect(mine.list.some((r: { lastEnteredAt: string | null }) => r.lastEnteredAt !== null)).toBe(true);
  });

  it('answers the user info with no roles for a learner', async () => {
    expect((await data('GET', '/um/api/user/info?tenantId=1001', learner.token)).roles).toEqual([]);
  });
});

describe('presence and the audience', () => {
  it('counts viewers who entered and did not leave, not the teacher; leave takes one out', async () => {
    const room = own[1] ?? own[0]!;
    const [a, b] = [await makeUser(), await makeUser()];
    expect(await audience(a, room)).toBe(0);
    const entered = await data('GET', q('enter', room), a.token);
    expect(entered).toMatchObject({ chatPath: `/train/ws/chat?roomId=${room}`, heartbeatSeconds: 30, room: { id: room, audience: 1 } });
    await data('GET', q('enter', room), b.token);
    await data('GET', q('enter', room), teacher.token);
    expect(await audience(a, room)).toBe(2);
    expect(await data('GET', q('leave', room), b.token)).toEqual({ audience: 1 });
    expect(await audience(a, room)).toBe(1);
    // Entering again (the heartbeat) brings a viewer back; audienceCount counts each viewer once.
    const before = (await detail(a, room)).audienceCount;
    await data('GET', q('enter', room), b.token);
    expect(await audience(a, room)).toBe(2);
    expect((await detail(a, room)).audienceCount).toBe(before);
  });

  it('drops a viewer 60 s after their last heartbeat', async () => {
    const room = own[1] ?? own[0]!;
    const c = await makeUser();
    await data('GET', q('enter', room), c.token);
    const now = await audience(c, room);
    await t.db.owner.updateTable('live_room_presence').set({ last_seen_at: sql`now() - interval '61 seconds'` })
      .where('tenant_id', '=', 1001).where('room_id', '=', room).where('user_id', '=', c.id).execute();
    expect(await audience(c, room)).toBe(now - 1);
    await data('GET', q('enter', room), c.token);
    expect(await audience(c, room)).toBe(now);
  });
});

describe('enrolment', () => {
  it('keeps a room that needs enrolment closed until the viewer enrols, once', async () => {
    const v = await makeUser();
    const before = await detail(v, needEnroll);
    expect(before).toMatchObject({ needEnroll: true, enrolled: false, canWatch: false, streamUrl: null });
    expect(await call('GET', q('enter', needEnroll), v.token)).toMatchObject({ success: false, errorCode: 'ROOM_ENROL_REQUIRED' });
    const first = await data('GET', q('enroll', needEnroll), v.token);
    expect(first).toEqual({ enrolled: true, enrolCount: before.enrolCount + 1 });
    expect(await data('GET', q('enroll', needEnroll), v.token)).toEqual(first);
    expect((await data('GET', q('enter', needEnroll), v.token)).room).toMatchObject({ enrolled: true, canWatch: true });
  });

  it('quickEnter enrols and enters; an ended room takes no new enrolments', async () => {
    const v = await makeUser();
    expect((await data('GET', q('quickEnter', needEnroll), v.token)).room).toMatchObject({ enrolled: true, canWatch: true });
    expect(await audience(v, needEnroll)).toBeGreaterThanOrEqual(1);
    await t.db.owner.updateTable('live_room').set({ need_enroll: true }).where('tenant_id', '=', 1001).where('id', '=', ended).execute();
    expect(await call('GET', q('enroll', ended), v.token)).toMatchObject({ success: false, errorCode: 'ROOM_ENROL_CLOSED' });
    expect(await call('GET', q('quickEnter', ended), v.token)).toMatchObject({ success: false, errorCode: 'ROOM_ENROL_CLOSED' });
    expect(await detail(v, ended)).toMatchObject({ canWatch: false, replayUrl: null });
  });
});

describe('start and stop', () => {
  it('lets only the room\'s teacher start it, with the token header, from upcoming to live to ended with a replay', async () => {
    const room = own[0]!;
    expect(await call('GET', q('startLive', room), learner.token)).toMatchObject({ success: false, errorCode: 'NOT_ROOM_TEACHER' });
    const cookieOnly = await t.app.inject({ method: 'GET', url: q('startLive', room), headers: { cookie: `pctoken=${teacher.token}` } });
    expect(cookieOnly.json()).toMatchObject({ success: false, errorCode: 'TOKEN_HEADER_REQUIRED' });
    expect(await call('GET', q('stopLive', room), teacher.token)).toMatchObject({ success: false, errorCode: 'ROOM_NOT_LIVE' });

    const live = await data('GET', q('startLive', room), teacher.token);
    expect(live).toMatchObject({ liveState: 'live', canManage: true, replayUrl: null });
    expect(Date.now() - Date.parse(live.liveStartedAt)).toBeLessThan(10_000);
    expect(live.streamUrl).toMatch(new RegExp(`^/train/api/live/${room}/index\\.m3u8\\?token=`));
    expect((await detail(learner, room)).liveState).toBe('live');
    expect(await call('GET', q('startLive', room), teacher.token)).toMatchObject({ success: false, errorCode: 'ROOM_NOT_UPCOMING' });
    expect(await call('GET', q('stopLive', room), learner.token)).toMatchObject({ success: false, errorCode: 'NOT_ROOM_TEACHER' });

    const stopped = await data('GET', q('stopLive', room), teacher.token);
    expect(stopped).toMatchObject({ liveState: 'ended', streamUrl: null });
    expect(stopped.replayUrl).toMatch(/^\/media\/1001\/video\/hls-1\/index\.m3u8\?exp=\d+&sig=[0-9a-f]{64}$/);
    expect((await detail(learner, room)).replayUrl).toBe(stopped.replayUrl);
    expect(await call('GET', q('startLive', room), teacher.token)).toMatchObject({ success: false, errorCode: 'ROOM_NOT_UPCOMING' });
  });

  it('refuses the teacher another teacher\'s room', async () => {
    const others = (await roomsOf(1001, 'upcoming')).map((r) => Number(r.id)).filter((id) => !own.includes(id));
    expect(others.length).toBeGreaterThan(0);
    expect(await detail(teacher, others[0]!)).toMatchObject({ canManage: false });
    expect(await call('GET', q('startLive', others[0]!), teacher.token)).toMatchObject({ success: false, errorCode: 'NOT_ROOM_TEACHER' });
  });

  it('makes a class grant cover the class\'s rooms, and a tenant-wide grant every room', async () => {
    const other = (await roomsOf(1001, 'upcoming')).find((r) => !own.includes(Number(r.id)) && r.classes_id === null)!;
    const v = await makeUser();
    expect((await detail(v, Number(other.id))).canManage).toBe(false);
    await t.db.owner.insertInto('user_role').values({ tenant_id: 1001, user_id: v.id, role: 'teacher', scope_type: null, scope_id: null }).execute();
    expect((await detail(v, Number(other.id))).canManage).toBe(true);
  });
});

describe('the teacher\'s edit (cmChatRoom/update)', () => {
  it('saves notice, enrolment rule and an external stream; refuses learners and non-http addresses', async () => {
    const room = own[1] ?? own[0]!;
    const body = { tenantId: 1001, id: room, notice: '  今晚 8 点准时开始  ', needEnroll: false, streamUrl: 'https://cdn.example.com/live/room.m3u8' };
    expect(await call('POST', '/train/cmChatRoom/update', learner.token, body)).toMatchObject({ success: false, errorCode: 'NOT_ROOM_TEACHER' });
    expect(await call('POST', '/train/cmChatRoom/update', teacher.token, { ...body, streamUrl: 'javascript:alert(1)' }))
      .toMatchObject({ success: false, errorCode: 'BAD_STREAM_URL' });
    const saved = await data('POST', '/train/cmChatRoom/update', teacher.token, body);
    expect(saved).toMatchObject({ notice: '今晚 8 点准时开始', needEnroll: false, externalStream: true });
    const back = await data('POST', '/train/cmChatRoom/update', teacher.token, { tenantId: 1001, id: room, streamUrl: null });
    expect(back).toMatchObject({ externalStream: false, notice: '今晚 8 点准时开始' });
  });
});

describe('tenant isolation', () => {
  it('answers another tenant\'s room as not found, and refuses a token of another tenant', async () => {
    for (const path of ['detail', 'enter', 'quickEnter', 'enroll', 'leave', 'getAudienceNumber']) {
      expect(await call('GET', q(path, own[0]!, 1002), acme.token), path).toMatchObject({ success: false, errorCode: 'ROOM_NOT_FOUND' });
    }
    expect(await call('GET', q('detail', own[0]!, 1002), learner.token)).toMatchObject({ success: false, flag: 401 });
    const mine = await data('GET', '/train/api/room/searchByUser?tenantId=1002&pageSize=50', acme.token);
    expect(mine.list.map((r: { id: number }) => r.id)).not.toContain(own[0]);
  });

  it('asks a guest to sign in', async () => {
    expect(await call('GET', q('detail', own[0]!), undefined)).toMatchObject({ success: false, flag: 401 });
  });
});
