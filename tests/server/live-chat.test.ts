// The live-room chat socket (issue 17; server/modules/train/chat-*.ts; frames in
// schemas/api/train-chat.ts), with real WebSocket clients on real ports: node A is the harness's
// app, node B a second app on the same database (as tests/server/two-nodes.test.ts), so a message
// sent on one node must come through PostgreSQL NOTIFY to reach the other.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { CHAT_CLOSE, CHAT_HISTORY_SIZE, CHAT_RATE_COUNT } from '../../schemas/api/train-chat';
import { buildApp } from '../../server/app';
import { openDatabase, withTenant, type Database } from '../../server/db/database';
import { issueLiveToken, sessionIdOf } from '../../server/lib/live-tokens';
import { hashToken } from '../../server/plugins/auth';
import { chatRoutes } from '../../server/modules/train/chat-routes';
import { createTestApp, type TestApp } from './harness';
import { ACME, ChatClient, DEMO, WAIT_MS, chatFixture, listen, sleep } from './live-chat-fixture';

let t: TestApp;
let dbB: Database;
let a: FastifyInstance;
let b: FastifyInstance;
let urlA: string;
let urlB: string;
const { newUser, newSession, newTeacher, newRoom, rtmToken, connect, joinRoom, track, closeSockets } = chatFixture(() => t);

beforeAll(async () => {
  t = await createTestApp();
  a = t.app;
  dbB = await openDatabase({ ownerUrl: t.databaseUrl, appPassword: inject('pgAppPassword'), poolSize: 3 });
  b = await buildApp({ db: dbB, uploadDir: await mkdtemp(join(tmpdir(), 'uploads-b-')) });
  urlA = `ws://127.0.0.1:${await listen(a)}`;
  urlB = `ws://127.0.0.1:${await listen(b)}`;
});
afterAll(async () => {
  closeSockets();
  await b?.close();
  await dbB?.close();
  await t?.close();
});

describe('live chat socket', () => {
  it('a learner with a valid token gets hello with their role and the room\'s history, then messages as they are sent', async () => {
    const roomId = await newRoom();
    const teacher = await newTeacher(roomId);
    const learner = await newUser();
    const t1 = await joinRoom(urlA, a, roomId, teacher);
    expect(t1.hello).toMatchObject({ you: { uid: teacher.id, role: 'teacher', nickName: '王老师', mutedUntil: null }, history: [] });
    t1.client.send({ type: 'send', content: '同学们好' });
    const sent = await t1.client.next('message');
    expect(sent.message).toMatchObject({ uid: teacher.id, nickName: '王老师', messageType: 'text', content: '同学们好' });

    const l1 = await joinRoom(urlA, a, roomId, learner);
    expect(l1.hello.you).toMatchObject({ uid: learner.id, role: 'learner' });
    expect(l1.hello.history.map((m) => m.content)).toEqual(['同学们好']);
    l1.client.send({ type: 'send', content: '老师好' });
    const seen = await t1.client.next('message', (f) => f.message.uid === learner.id);
    expect(seen.message.content).toBe('老师好');
  });

  it('refuses a tampered or expired token (4401), another tenant\'s room (4404) and an unknown room (4404)', async () => {
    const roomId = await newRoom();
    const learner = await newUser();
    const good = await rtmToken(a, DEMO, learner);
    const tampered = connect(urlA, roomId, `${good.slice(0, -2)}${good.endsWith('AA') ? 'BB' : 'AA'}`);
    expect((await tampered.next('error')).message).toMatch(/凭证/);
    expect((await tampered.closeInfo()).code).toBe(CHAT_CLOSE.badToken);

    const acmeRoom = await newRoom(ACME);
    const elsewhere = connect(urlA, acmeRoom, good);
    expect((await elsewhere.next('error')).message).toMatch(/不存在/);
    expect((await elsewhere.closeInfo()).code).toBe(CHAT_CLOSE.noRoom);

    const expired = await issueLiveToken(a, { tenantId: DEMO, userId: learner.id, sessionId: sessionIdOf(hashToken(learner.token)) }, 'rtm', Date.now() - 11 * 60_000);
    const late = connect(urlA, roomId, expired.token);
    expect((await late.next('error')).message).toMatch(/过期/);
    expect((await late.closeInfo()).code).toBe(CHAT_CLOSE.badToken);

    const missing = connect(urlA, 987654321, good);
    expect((await missing.closeInfo()).code).toBe(CHAT_CLOSE.noRoom);
    expect(missing.frames.some((f) => f.type === 'hello')).toBe(false);
  });

  it('refuses a sign-in token used as a chat token, and a chat token of another purpose', async () => {
    const roomId = await newRoom();
    const learner = await newUser();
    const signIn = connect(urlA, roomId, learner.token);
    expect((await signIn.closeInfo()).code).toBe(CHAT_CLOSE.badToken);
    const res = await a.inject({ method: 'GET', url: `/um/api/thirdPlt/token/argoLive?tenantId=${DEMO}&uid=${learner.id}`, headers: { token: learner.token } });
    const stream = connect(urlA, roomId, (res.json() as { data: { token: string } }).data.token);
    expect((await stream.closeInfo()).code).toBe(CHAT_CLOSE.badToken);
  });

  it('a room that needs enrolment lets in enrolled learners only', async () => {
    const roomId = await newRoom(DEMO, { need_enroll: true });
    const learner = await newUser();
    const refused = connect(urlA, roomId, await rtmToken(a, DEMO, learner));
    expect((await refused.next('error')).message).toMatch(/报名/);
    expect((await refused.closeInfo()).code).toBe(CHAT_CLOSE.refused);
    await withTenant(t.db.owner, DEMO, (trx) => trx.insertInto('live_room_member').values({ tenant_id: DEMO, room_id: roomId, user_id: learner.id }).execute());
    const { hello } = await joinRoom(urlA, a, roomId, learner);
    expect(hello.you.role).toBe('learner');
  });

  it('a message sent on node A reaches a socket on node B, and B\'s on A', async () => {
    const roomId = await newRoom();
    const onA = await newUser();
    const onB = await newUser();
    const ca = await joinRoom(urlA, a, roomId, onA);
    const cb = await joinRoom(urlB, b, roomId, onB);
    ca.client.send({ type: 'send', content: '从 A 节点发出' });
    expect((await cb.client.next('message', (f) => f.message.uid === onA.id)).message.content).toBe('从 A 节点发出');
    cb.client.send({ type: 'send', content: '从 B 节点回复' });
    expect((await ca.client.next('message', (f) => f.message.uid === onB.id)).message.content).toBe('从 B 节点回复');
    // Each socket gets each message once: its own node's copy, not the NOTIFY echo too.
    await sleep(300);
    expect(ca.client.frames.filter((f) => f.type === 'message' && f.message.uid === onA.id)).toHaveLength(1);
    expect(cb.client.frames.filter((f) => f.type === 'message' && f.message.uid === onA.id)).toHaveLength(1);
  });

  it('history holds the last 50 messages, oldest first, without deleted ones', async () => {
    const roomId = await newRoom();
    const learner = await newUser();
    await withTenant(t.db.owner, DEMO, (trx) => trx.insertInto('chat_message').values(Array.from({ length: 60 }, (_, i) => ({
      tenant_id: DEMO, room_id: roomId, user_id: learner.id, nick_name: '学员', message_type: 'text' as const, content: `第 ${i + 1} 条`,
    }))).execute());
    const { hello } = await joinRoom(urlA, a, roomId, learner);
    expect(hello.history).toHaveLength(CHAT_HISTORY_SIZE);
    expect(hello.history[0]!.content).toBe('第 11 条');
    expect(hello.history.at(-1)!.content).toBe('第 60 条');
    expect(hello.history.every((m, i) => i === 0 || m.id > hello.history[i - 1]!.id)).toBe(true);
  });

  it('a learner may send 5 messages per 10 seconds; the 6th is refused and not stored', async () => {
    const roomId = await newRoom();
    const learner = await newUser();
    const { client } = await joinRoom(urlA, a, roomId, learner);
    for (let i = 1; i <= CHAT_RATE_COUNT + 1; i++) client.send({ type: 'send', content: `消息 ${i}` });
    expect((await client.next('error')).message).toMatch(/太快/);
    await client.next('message', (f) => f.message.content === `消息 ${CHAT_RATE_COUNT}`);
    const stored = await withTenant(t.db.owner, DEMO, (trx) => trx.selectFrom('chat_message').select('content').where('room_id', '=', roomId).execute());
    expect(stored.map((r) => r.content)).toEqual(Array.from({ length: CHAT_RATE_COUNT }, (_, i) => `消息 ${i + 1}`));
  });

  it('the rate limit holds across two nodes', async () => {
    const roomId = await newRoom();
    const learner = await newUser();
    const ca = await joinRoom(urlA, a, roomId, learner);
    const cb = connect(urlB, roomId, await rtmToken(b, DEMO, learner)); // same session: both stay open
    await cb.next('hello');
    for (let i = 1; i <= 3; i++) ca.client.send({ type: 'send', content: `A${i}` });
    await ca.client.next('message', (f) => f.message.content === 'A3');
    for (let i = 1; i <= 3; i++) cb.send({ type: 'send', content: `B${i}` });
    expect((await cb.next('error')).message).toMatch(/太快/);
    const count = await withTenant(t.db.owner, DEMO, (trx) => trx.selectFrom('chat_message').select((eb) => eb.fn.countAll<string>().as('n')).where('room_id', '=', roomId).executeTakeFirstOrThrow());
    expect(Number(count.n)).toBe(CHAT_RATE_COUNT);
  });

  it('text passes the filter: symbols, brackets and emoji are removed; empty or over 500 characters is refused', async () => {
    const roomId = await newRoom();
    const learner = await newUser();
    const { client } = await joinRoom(urlA, a, roomId, learner);
    client.send({ type: 'send', content: '你好<b>老师</b>😀【加油】!' });
    expect((await client.next('message')).message.content).toBe('你好b老师/b加油!');
    const before = client.frames.length;
    client.send({ type: 'send', content: '😀😀<>' });
    expect((await client.next('error', () => true, before)).message).toMatch(/不能为空/);
    const mark = client.frames.length;
    client.send({ type: 'send', content: '长'.repeat(501) });
    expect((await client.next('error', () => true, mark)).message).toMatch(/500/);
    client.send({ type: 'send', content: '\u0000' });
    client.send('not json' as never);
    await sleep(200);
    expect(client.isOpen).toBe(true);
  });

  it('a teacher mutes a learner (everyone hears it, the learner cannot send) and lifts it', async () => {
    const roomId = await newRoom();
    const teacher = await newTeacher(roomId);
    const learner = await newUser(DEMO, '小明');
    const tc = await joinRoom(urlA, a, roomId, teacher);
    const lc = await joinRoom(urlB, b, roomId, learner);
    tc.client.send({ type: 'mute', uid: learner.id, minutes: 10 });
    const muted = await lc.client.next('muted');
    expect(muted.uid).toBe(learner.id);
    expect(new Date(muted.until!).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect((await lc.client.next('message', (f) => f.message.messageType === 'system')).message).toMatchObject({ uid: 0, content: '小明 被老师禁言 10 分钟' });
    lc.client.send({ type: 'send', content: '我还能说话吗' });
    expect((await lc.client.next('error')).message).toMatch(/禁言/);
    // A new connection knows it is muted.
    const again = await joinRoom(urlA, a, roomId, learner);
    expect(again.hello.you.mutedUntil).toBe(muted.until);

    tc.client.send({ type: 'mute', uid: learner.id, minutes: 0 });
    await lc.client.next('muted', (f) => f.until === null);
    lc.client.send({ type: 'send', content: '谢谢老师' });
    await tc.client.next('message', (f) => f.message.content === '谢谢老师');
  });

  it('a learner cannot mute, remove or delete; a teacher cannot mute another teacher', async () => {
    const roomId = await newRoom();
    const teacher = await newTeacher(roomId);
    const other = await newTeacher(roomId);
    const learner = await newUser();
    const lc = await joinRoom(urlA, a, roomId, learner);
    lc.client.send({ type: 'mute', uid: teacher.id, minutes: 5 });
    expect((await lc.client.next('error')).message).toMatch(/只有本直播间的老师/);
    const tc = await joinRoom(urlA, a, roomId, teacher);
    tc.client.send({ type: 'mute', uid: other.id, minutes: 5 });
    expect((await tc.client.next('error')).message).toMatch(/不能对本直播间的老师/);
  });

  it('a teacher deletes a message: every socket is told, and later hellos leave it out', async () => {
    const roomId = await newRoom();
    const teacher = await newTeacher(roomId);
    const learner = await newUser();
    const tc = await joinRoom(urlA, a, roomId, teacher);
    const lc = await joinRoom(urlB, b, roomId, learner);
    lc.client.send({ type: 'send', content: '一条不该发的消息' });
    const { message } = await tc.client.next('message');
    tc.client.send({ type: 'delete', messageId: message.id });
    expect(await lc.client.next('removed')).toEqual({ type: 'removed', messageId: message.id });
    const later = await joinRoom(urlA, a, roomId, teacher);
    expect(later.hello.history.map((m) => m.id)).not.toContain(message.id);
  });

  it('a teacher removes a learner: their sockets on every node get aborted "removed" and close 4001, and they cannot come back', async () => {
    const roomId = await newRoom();
    const teacher = await newTeacher(roomId);
    const learner = await newUser(DEMO, '小红');
    const bystander = await newUser();
    const tc = await joinRoom(urlA, a, roomId, teacher);
    const la = await joinRoom(urlA, a, roomId, learner);
    const lb = connect(urlB, roomId, await rtmToken(b, DEMO, learner));
    await lb.next('hello');
    const by = await joinRoom(urlB, b, roomId, bystander);
    tc.client.send({ type: 'remove', uid: learner.id });
    for (const socket of [la.client, lb]) {
      expect(await socket.next('aborted')).toEqual({ type: 'aborted', reason: 'removed' });
      expect((await socket.closeInfo()).code).toBe(CHAT_CLOSE.aborted);
    }
    expect((await by.client.next('message', (f) => f.message.messageType === 'system')).message.content).toBe('小红 被老师移出了直播间');
    expect(by.client.isOpen).toBe(true);
    const back = connect(urlA, roomId, await rtmToken(a, DEMO, learner));
    expect((await back.next('error')).message).toMatch(/移出/);
    expect((await back.closeInfo()).code).toBe(CHAT_CLOSE.refused);
  });

  it('a second connection from another session aborts the first ("signed-in-elsewhere"); a second tab of the same session does not', async () => {
    const roomId = await newRoom();
    const learner = await newUser();
    const first = await joinRoom(urlA, a, roomId, learner);
    const sameSession = await joinRoom(urlA, a, roomId, learner);
    await sleep(200);
    expect(first.client.isOpen).toBe(true);
    const laptop = { id: learner.id, token: await newSession(DEMO, learner.id) };
    const second = await joinRoom(urlB, b, roomId, laptop);
    for (const socket of [first.client, sameSession.client]) {
      expect(await socket.next('aborted')).toEqual({ type: 'aborted', reason: 'signed-in-elsewhere' });
      expect((await socket.closeInfo()).code).toBe(CHAT_CLOSE.aborted);
    }
    expect(second.client.isOpen).toBe(true);
    second.client.send({ type: 'send', content: '换了台电脑' });
    await second.client.next('message');
  });

  it('sending in an ended room is refused', async () => {
    const roomId = await newRoom(DEMO, { live_state: 'ended' });
    const learner = await newUser();
    const { client, hello } = await joinRoom(urlA, a, roomId, learner);
    expect(hello.history).toEqual([]);
    client.send({ type: 'send', content: '还在吗' });
    expect((await client.next('error')).message).toMatch(/已结束/);
  });

  it('a teacher cannot delete another tenant\'s message, nor mute a user of another tenant', async () => {
    const acmeRoom = await newRoom(ACME);
    const acmeLearner = await newUser(ACME);
    const [acmeMessage] = await withTenant(t.db.owner, ACME, (trx) => trx.insertInto('chat_message').values({
      tenant_id: ACME, room_id: acmeRoom, user_id: acmeLearner.id, nick_name: 'acme', message_type: 'text', content: '别的租户的消息',
    }).returning('id').execute());
    const roomId = await newRoom();
    const teacher = await newTeacher(roomId);
    const tc = await joinRoom(urlA, a, roomId, teacher);
    tc.client.send({ type: 'delete', messageId: Number(acmeMessage!.id) });
    expect((await tc.client.next('error')).message).toMatch(/不存在/);
    const from = tc.client.frames.length;
    tc.client.send({ type: 'mute', uid: acmeLearner.id, minutes: 5 });
    expect((await tc.client.next('error', () => true, from)).message).toMatch(/没有这个学员/);
    const kept = await withTenant(t.db.owner, ACME, (trx) => trx.selectFrom('chat_message').select('deleted_at').where('id', '=', Number(acmeMessage!.id)).executeTakeFirstOrThrow());
    expect(kept.deleted_at).toBeNull();
  });

  it('a node whose LISTEN connection was cut listens again, asks its open sockets to reconnect (1012), and then hears the other node', async () => {
    const early = await joinRoom(urlB, b, await newRoom(), await newUser());
    const listeners = () => t.db.owner.selectFrom('pg_stat_activity' as never)
      .select(['pid' as never]).where('query' as never, '=', 'listen live_chat' as never)
      .where('datname' as never, '=', sql`current_database()` as never).execute() as unknown as Promise<{ pid: number }[]>;
    const before = (await listeners()).map((r) => r.pid);
    expect(before.length).toBeGreaterThanOrEqual(2); // node A's and node B's
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen live_chat' and datname = current_database()`.execute(t.db.owner);
    const deadline = Date.now() + WAIT_MS;
    let now: number[] = [];
    while (Date.now() < deadline) {
      now = (await listeners()).map((r) => r.pid).filter((pid) => !before.includes(pid));
      if (now.length >= before.length) break;
      await sleep(100);
    }
    expect(now.length).toBe(before.length);
    // It may have missed messages meanwhile: the client reconnects and its hello has them.
    expect((await early.client.closeInfo()).code).toBe(1012);
    const roomId = await newRoom();
    const onA = await newUser();
    const onB = await newUser();
    const ca = await joinRoom(urlA, a, roomId, onA);
    const cb = await joinRoom(urlB, b, roomId, onB);
    ca.client.send({ type: 'send', content: '重连之后' });
    expect((await cb.client.next('message')).message.content).toBe('重连之后');
  });

  it('a socket that stops answering pings is dropped; one that answers stays', async () => {
    // The chat plugin alone on a small app, with a 300 ms heartbeat (the portal's is 30 s): the
    // silent socket goes after two unanswered pings, well inside WAIT_MS.
    const small = Fastify();
    small.decorate('db', t.db);
    const identities = new Map<string, { tenantId: number; userId: number; sessionId: string }>();
    await small.register(chatRoutes, { verifyToken: async (token: string) => identities.get(token) ?? null, heartbeatMs: 300 });
    const url = `ws://127.0.0.1:${await listen(small)}`;
    try {
      const roomId = await newRoom();
      const [alive, dead] = [await newUser(), await newUser()];
      identities.set('alive', { tenantId: DEMO, userId: alive.id, sessionId: 'a' });
      identities.set('dead', { tenantId: DEMO, userId: dead.id, sessionId: 'b' });
      const answering = connect(url, roomId, 'alive');
      const silent = new ChatClient(new WebSocket(`${url}/train/ws/chat?roomId=${roomId}&token=dead`, { autoPong: false }));
      track(silent);
      await answering.next('hello');
      await silent.next('hello');
      expect((await silent.closeInfo()).code).toBe(1006); // terminated, no close frame
      await sleep(500);
      expect(answering.isOpen).toBe(true);
    } finally {
      await small.close();
    }
  });

  it('closing an app closes its chat sockets (1001) and the close does not hang', async () => {
    const dbC = await openDatabase({ ownerUrl: t.databaseUrl, appPassword: inject('pgAppPassword'), poolSize: 2 });
    const c = await buildApp({ db: dbC });
    const urlC = `ws://127.0.0.1:${await listen(c)}`;
    const roomId = await newRoom();
    const learner = await newUser();
    const { client } = await joinRoom(urlC, c, roomId, learner);
    const started = Date.now();
    const closing = Promise.race([c.close().then(() => 'closed'), sleep(WAIT_MS).then(() => 'hung')]);
    expect((await client.closeInfo()).code).toBe(1001);
    expect(await closing).toBe('closed');
    expect(Date.now() - started).toBeLessThan(2_000);
    await dbC.close();
  });
});
