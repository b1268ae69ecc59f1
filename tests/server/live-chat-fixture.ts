// The live chat tests' fixtures (tests/server/live-chat.test.ts): users with sign-in sessions,
// rooms, teachers, argoRtm tokens from the um call, and a WebSocket client whose every wait ends
// by itself (WAIT_MS).
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import WebSocket from 'ws';
import type { ServerFrame } from '../../schemas/api/train-chat';
import { withTenant } from '../../server/db/database';
import { grantRole } from '../../server/lib/roles';
import { hashToken, newToken } from '../../server/plugins/auth';
import type { TestApp } from './harness';

export const DEMO = 1001;
export const ACME = 1002;
/** Every wait of the chat tests ends by itself. */
export const WAIT_MS = 4_000;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Listens on a free port of 127.0.0.1 and returns it. */
export async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A chat client that keeps every frame and waits for one with a timeout. */
export class ChatClient {
  readonly frames: ServerFrame[] = [];
  private waiters: (() => void)[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as ServerFrame);
      for (const w of this.waiters.splice(0)) w();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  }

  /** The first frame (from `from` on) matching; fails after WAIT_MS. */
  async next<T extends ServerFrame['type']>(type: T, match: (f: Extract<ServerFrame, { type: T }>) => boolean = () => true, from = 0): Promise<Extract<ServerFrame, { type: T }>> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const found = this.frames.slice(from).find((f) => f.type === type && match(f as Extract<ServerFrame, { type: T }>));
      if (found) return found as Extract<ServerFrame, { type: T }>;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No "${type}" frame within ${WAIT_MS} ms; got ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => { clearTimeout(timer); resolve(); });
      });
    }
  }

  send(frame: object): void {
    this.ws.send(JSON.stringify(frame));
  }

  /** The close code and reason; fails after WAIT_MS. */
  closeInfo(): Promise<{ code: number; reason: string }> {
    return Promise.race([this.closed, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`Socket still open after ${WAIT_MS} ms`)), WAIT_MS))]);
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }
}

/** The fixtures of one test app (`testApp()`: built in beforeAll); closeSockets ends every socket they opened. */
export function chatFixture(testApp: () => TestApp) {
  const sockets: ChatClient[] = [];
  let serial = 0;

  /** A new learner of the tenant with one sign-in session (its token). */
  async function newUser(tenantId = DEMO, name?: string): Promise<{ id: number; token: string }> {
    serial += 1;
    const user = await testApp().db.owner.insertInto('user_account').values({
      tenant_id: tenantId, account: `chat${serial}_${Date.now()}`, password_hash: 'locked', password_salt: '', real_name: null, nick_name: name ?? `学员${serial}`,
      mobile: null, email: null, gender: null, birthday: null, summary: null, avatar_img: null,
    }).returning('id').executeTakeFirstOrThrow();
    return { id: Number(user.id), token: await newSession(tenantId, Number(user.id)) };
  }

  /** Another sign-in session of the same user (a second browser). */
  async function newSession(tenantId: number, userId: number): Promise<string> {
    const token = newToken(tenantId);
    await testApp().db.owner.insertInto('user_token').values({ tenant_id: tenantId, token_hash: hashToken(token), user_id: userId, expires_at: new Date(Date.now() + 86_400_000) }).execute();
    return token;
  }

  /** A new user who teaches the room. */
  async function newTeacher(roomId: number, tenantId = DEMO) {
    const user = await newUser(tenantId, '王老师');
    await withTenant(testApp().db.owner, tenantId, (trx) => grantRole(trx, tenantId, user.id, 'teacher', { type: 'room', id: roomId }));
    return user;
  }

  /** A new published room of the tenant, live unless told otherwise. */
  async function newRoom(tenantId = DEMO, values: { live_state?: 'upcoming' | 'live' | 'ended'; need_enroll?: boolean } = {}): Promise<number> {
    const row = await withTenant(testApp().db.owner, tenantId, (trx) => trx.insertInto('live_room').values({
      tenant_id: tenantId, title: `聊天测试 ${++serial}`, start_time: new Date(), live_state: values.live_state ?? 'live', need_enroll: values.need_enroll ?? false,
      category_id: null, cover: null, summary: null, teacher_id: null, end_time: null, classes_id: null, notice: null, stream_url: null, replay_url: null,
      live_started_at: null, live_ended_at: null,
    } as never).returning('id').executeTakeFirstOrThrow());
    return Number(row.id);
  }

  /** An argoRtm token of the session, from the um call the client uses. */
  async function rtmToken(app: FastifyInstance, tenantId: number, user: { id: number; token: string }): Promise<string> {
    const res = await app.inject({ method: 'GET', url: `/um/api/thirdPlt/token/argoRtm?tenantId=${tenantId}&uid=${user.id}`, headers: { token: user.token } });
    const body = res.json() as { success: boolean; message: string; data: { token: string } };
    expect(body.success, body.message).toBe(true);
    return body.data.token;
  }

  /** Opens a chat socket (not waiting for anything). */
  function connect(base: string, roomId: number | string, token: string): ChatClient {
    const client = new ChatClient(new WebSocket(`${base}/train/ws/chat?roomId=${roomId}&token=${encodeURIComponent(token)}`));
    sockets.push(client);
    return client;
  }

  /** Connects a user's session to a room on a node and waits for the hello. */
  async function joinRoom(base: string, app: FastifyInstance, roomId: number, user: { id: number; token: string }, tenantId = DEMO) {
    const client = connect(base, roomId, await rtmToken(app, tenantId, user));
    const hello = await client.next('hello');
    return { client, hello };
  }

  /** Keeps a socket made elsewhere so closeSockets ends it too. */
  function track(client: ChatClient): ChatClient {
    sockets.push(client);
    return client;
  }

  function closeSockets(): void {
    for (const s of sockets) s.ws.terminate();
  }

  return { newUser, newSession, newTeacher, newRoom, rtmToken, connect, joinRoom, track, closeSockets };
}
