// The live-room chat socket (issue 17; spec learning §3 "Live chat message", §4 "Live chat
// connection", §8 forced offline; shell §7 "Live chat"; frames in schemas/api/train-chat.ts).
// GET /train/ws/chat?roomId=&token= upgrades to a WebSocket. The token is an argoRtm token
// (server/lib/live-tokens.ts), which names the tenant, the user and the sign-in session; the room
// is looked up under that tenant only (row-level security), so another tenant's room is "no such
// room". Messages are stored before they are sent anywhere, and reach the other API nodes by NOTIFY
// (chat-repository.ts, server/db/chat-listener.ts).
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Compile } from 'typebox/compile';
import type { WebSocket } from 'ws';
import {
  CHAT_CLOSE, CHAT_CONTENT_MAX, CHAT_HISTORY_SIZE, CHAT_RATE_COUNT, CHAT_RATE_WINDOW_MS, CHAT_REMOVAL_MINUTES, CHAT_SOCKET_PATH,
  ChatSocketQuery, ClientFrame, type AbortReason, type ChatRole, type ServerFrame,
} from '../../../schemas/api/train-chat';
import { ChatListener } from '../../db/chat-listener';
import { withTenant } from '../../db/database';
import type { DB } from '../../db/types';
import { hasRole } from '../../lib/roles';
import { charCount, filterUserText } from '../../lib/text-filter';
import { ChatHub, type ChatConnection } from './chat-hub';
import {
  chatNameOf, countSentSince, deleteMessage, findChatRoom, insertMessage, isRoomMember, latestMessages, liftSanction, lockSender,
  notifyChat, sanctionUntil, setSanction, type ChatEvent,
} from './chat-repository';

/** Who a chat token names, or null when it is not a valid, unexpired argoRtm token. */
export interface ChatIdentity {
  tenantId: number;
  userId: number;
  sessionId: string;
}

export interface ChatRoutesOptions {
  /** Checks an argoRtm token (server/lib/live-tokens.ts). */
  verifyToken: (token: string) => Promise<ChatIdentity | null>;
  /** How often sockets are pinged; one that has not answered the previous ping is dropped. */
  heartbeatMs?: number;
}

/** Largest frame a client may send, in bytes (a 500-character message is at most ~2 KB). */
const MAX_FRAME_BYTES = 8 * 1024;
/** Frames of any kind a socket may send per CHAT_RATE_WINDOW_MS before it is closed (1008): a flood guard in front of the database. */
const MAX_FRAMES_PER_WINDOW = 30;

const checkFrame = Compile(ClientFrame);

/** Why a socket is not let in: the close code and the error frame's message. */
const refusal = (code: number, message: string) => ({ ok: false as const, code, message });

/** A refusal the socket hears as an error frame (the connection stays open). */
class ChatRefusal extends Error {}

declare module 'fastify' {
  interface FastifyInstance {
    /** This node's chat sockets (server/modules/train/chat-hub.ts). */
    chatHub: ChatHub;
  }
}

/** Registers the chat socket, the node's hub and its LISTEN connection (stopped on close). */
export async function chatRoutes(app: FastifyInstance, opts: ChatRoutesOptions): Promise<void> {
  const hub = new ChatHub();
  let heartbeat: NodeJS.Timeout | undefined;
  await app.register(websocket, {
    options: { maxPayload: MAX_FRAME_BYTES },
    // On close every socket ends with 1001 "going away" (the client reconnects elsewhere), not the
    // plugin's default of no code; the server stops waiting for them once they are closed.
    preClose(done) {
      clearInterval(heartbeat);
      hub.closeAll();
      for (const client of app.websocketServer.clients) client.close(1001, 'server closing');
      app.websocketServer.close();
      done();
    },
  });
  app.decorate('chatHub', hub);
  const listener = new ChatListener({
    connect: () => app.db.newAppClient(),
    onPayload: (payload) => hub.applyNotice(payload),
    // What other nodes sent while this node was not listening never reached its sockets.
    onListeningAgain: () => hub.closeAll(1012),
    log: { warn: (line) => app.log.warn(line), info: (line) => app.log.info(line) },
  });
  await listener.start();
  // A socket is dropped after two pings in a row went unanswered, not one: a tick that runs late
  // (a long GC pause, a busy event loop) runs before the pong already waiting to be read, and one
  // miss would drop a live learner.
  heartbeat = setInterval(() => {
    for (const socket of app.websocketServer.clients) {
      const s = socket as WebSocket & { chatMissed?: number };
      const missed = s.chatMissed ?? 0;
      if (missed >= 2) {
        s.terminate();
        continue;
      }
      s.chatMissed = missed + 1;
      s.ping();
    }
  }, opts.heartbeatMs ?? 30_000);
  heartbeat.unref();
  app.addHook('onClose', async () => listener.stop());

  /** Writes in the tenant's transaction, NOTIFYs the events there, and applies them here after the commit. */
  async function publish<T>(tenantId: number, roomId: number, work: (trx: Transaction<DB>) => Promise<{ result: T; events: ChatEvent[] }>): Promise<T> {
    const { result, events } = await withTenant(app.db.app, tenantId, async (trx) => {
      const done = await work(trx);
      for (const event of done.events) await notifyChat(trx, hub.notice(tenantId, roomId, event));
      return done;
    });
    for (const event of events) hub.apply(tenantId, roomId, event);
    return result;
  }

  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.get(CHAT_SOCKET_PATH, {
    websocket: true,
    schema: { tags: ['train'], summary: 'Live-room chat (WebSocket; frames in schemas/api/train-chat.ts)', querystring: ChatSocketQuery },
  }, (socket, req) => {
    const { roomId, token } = req.query;
    const s = socket as WebSocket & { chatMissed?: number };
    s.chatMissed = 0;
    s.on('pong', () => { s.chatMissed = 0; });
    const send = (frame: ServerFrame) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
    };
    const refuse = (code: number, message: string) => {
      send({ type: 'error', message });
      socket.close(code, 'refused');
    };

    let conn: (ChatConnection & { ready: boolean; pending: ServerFrame[] }) | undefined;
    let closed = false;
    socket.on('close', () => {
      closed = true;
      if (conn) hub.remove(conn);
    });

    // Frames are handled one at a time, in order, once the connection is set up.
    let queue: Promise<unknown> = Promise.resolve();
    let windowStart = Date.now();
    let framesInWindow = 0;
    socket.on('message', (data, isBinary) => {
      const now = Date.now();
      if (now - windowStart >= CHAT_RATE_WINDOW_MS) {
        windowStart = now;
        framesInWindow = 0;
      }
      if (++framesInWindow > MAX_FRAMES_PER_WINDOW) {
        socket.close(1008, 'too many frames');
        return;
      }
      queue = queue.then(async () => {
        if (!conn || closed) return;
        try {
          await handleFrame(conn, isBinary ? undefined : data.toString());
        } catch (error) {
          if (error instanceof ChatRefusal) send({ type: 'error', message: error.message });
          else {
            req.log.error({ err: error }, 'live chat frame failed');
            send({ type: 'error', message: '消息未能处理，请稍后再试。' });
          }
        }
      });
    });

    queue = open().catch((error: unknown) => {
      req.log.error({ err: error }, 'live chat connection failed');
      refuse(1011, '聊天连接失败，请稍后重试。');
    });

    async function open(): Promise<void> {
      const identity = await opts.verifyToken(token);
      if (closed) return;
      if (!identity) return refuse(CHAT_CLOSE.badToken, '聊天凭证无效或已过期，请重新进入直播间。');
      const { tenantId, userId, sessionId } = identity;
      const found = await withTenant(app.db.app, tenantId, async (trx) => {
        const room = await findChatRoom(trx, roomId);
        if (!room) return refusal(CHAT_CLOSE.noRoom, '直播间不存在。');
        const teacher = await hasRole(trx, userId, 'teacher', { type: 'room', id: roomId });
        if (!teacher) {
          if (!room.published) return refusal(CHAT_CLOSE.noRoom, '直播间不存在。');
          const removedUntil = await sanctionUntil(trx, roomId, userId, 'removal');
          if (removedUntil) return refusal(CHAT_CLOSE.refused, `你已被老师移出本直播间，${timeLeft(removedUntil)}后可再进入。`);
          if (room.needEnroll && !(await isRoomMember(trx, roomId, userId))) return refusal(CHAT_CLOSE.refused, '本直播间需要报名，请先报名再进入聊天。');
        }
        const nickName = await chatNameOf(trx, userId);
        if (nickName === undefined) return refusal(CHAT_CLOSE.badToken, '聊天凭证无效或已过期，请重新进入直播间。');
        const mutedUntil = teacher ? undefined : await sanctionUntil(trx, roomId, userId, 'mute');
        // A second connection from another session takes over (spec learning §8 'forced offline').
        await notifyChat(trx, hub.notice(tenantId, roomId, { kind: 'join', uid: userId, sessionId }));
        return { ok: true as const, nickName, role: (teacher ? 'teacher' : 'learner') as ChatRole, mutedUntil };
      });
      if (closed) return;
      if (!found.ok) return refuse(found.code, found.message);

      const c = {
        id: hub.newConnectionId(), tenantId, roomId, userId, sessionId, role: found.role, nickName: found.nickName,
        ready: false, pending: [] as ServerFrame[],
        send(frame: ServerFrame) {
          if (c.ready) send(frame);
          else c.pending.push(frame);
        },
        abort(reason: AbortReason) {
          closed = true;
          send({ type: 'aborted', reason });
          socket.close(CHAT_CLOSE.aborted, reason);
        },
        shutdown(code: 1001 | 1012) {
          closed = true;
          socket.close(code, code === 1001 ? 'server closing' : 'reconnect');
        },
      };
      conn = c;
      // Registered before the history is read, so nothing sent meanwhile is missed; what the
      // history already holds is not sent twice.
      hub.add(c);
      hub.apply(tenantId, roomId, { kind: 'join', uid: userId, sessionId }, c);
      const history = await withTenant(app.db.app, tenantId, (trx) => latestMessages(trx, roomId, CHAT_HISTORY_SIZE));
      if (closed) return;
      send({ type: 'hello', you: { uid: userId, nickName: c.nickName, role: c.role, mutedUntil: found.mutedUntil?.toISOString() ?? null }, history });
      const lastId = history.at(-1)?.id ?? 0;
      c.ready = true;
      for (const frame of c.pending.splice(0)) {
        if (frame.type === 'message' && frame.message.id <= lastId) continue;
        send(frame);
      }
    }
  });

  /** One client frame: send, or a teacher's mute, remove or delete. */
  async function handleFrame(conn: ChatConnection, text: string | undefined): Promise<void> {
    let frame: unknown;
    try {
      frame = text === undefined ? undefined : JSON.parse(text);
    } catch {
      frame = undefined;
    }
    if (!checkFrame.Check(frame)) throw new ChatRefusal('无法识别的消息格式。');
    const { tenantId, roomId, userId } = conn;
    if (frame.type === 'send') {
      // spec learning §5: user text passes the text filter (special symbols, brackets, emoji removed).
      const content = filterUserText(frame.content).trim();
      if (content === '') throw new ChatRefusal('消息不能为空（特殊符号、括号和表情会被去掉）。');
      const length = charCount(content);
      if (length > CHAT_CONTENT_MAX) throw new ChatRefusal(`消息最多 ${CHAT_CONTENT_MAX} 字，当前 ${length} 字。`);
      await publish(tenantId, roomId, async (trx) => {
        const room = await findChatRoom(trx, roomId);
        if (!room) throw new ChatRefusal('直播间不存在。');
        if (room.liveState === 'ended') throw new ChatRefusal('直播已结束，聊天已关闭。');
        if (conn.role === 'learner') {
          const mutedUntil = await sanctionUntil(trx, roomId, userId, 'mute');
          if (mutedUntil) throw new ChatRefusal(`你已被老师禁言，${timeLeft(mutedUntil)}后可再发言。`);
          await lockSender(trx, tenantId, userId);
          if (await countSentSince(trx, userId, CHAT_RATE_WINDOW_MS) >= CHAT_RATE_COUNT) {
            throw new ChatRefusal(`发言太快了：每 ${CHAT_RATE_WINDOW_MS / 1000} 秒最多 ${CHAT_RATE_COUNT} 条，请稍后再发。`);
          }
        }
        const message = await insertMessage(trx, { tenantId, roomId, userId, nickName: conn.nickName, type: 'text', content });
        return { result: message, events: [{ kind: 'frame', frame: { type: 'message', message } }] };
      });
      return;
    }

    if (conn.role !== 'teacher') throw new ChatRefusal('只有本直播间的老师可以这样做。');
    if (frame.type === 'delete') {
      await publish(tenantId, roomId, async (trx) => {
        if (!(await deleteMessage(trx, roomId, frame.messageId, userId))) throw new ChatRefusal('这条消息不存在或已删除。');
        return { result: undefined, events: [{ kind: 'frame', frame: { type: 'removed', messageId: frame.messageId } }] };
      });
      return;
    }

    const target = frame.uid;
    await publish(tenantId, roomId, async (trx) => {
      const name = await chatNameOf(trx, target);
      if (name === undefined) throw new ChatRefusal('没有这个学员。');
      if (target === userId || await hasRole(trx, target, 'teacher', { type: 'room', id: roomId })) throw new ChatRefusal('不能对本直播间的老师这样做。');
      const system = (content: string) => insertMessage(trx, { tenantId, roomId, userId: null, nickName: '系统', type: 'system', content });
      if (frame.type === 'mute') {
        if (frame.minutes === 0) {
          if (!(await liftSanction(trx, roomId, target, 'mute'))) throw new ChatRefusal(`${name} 没有被禁言。`);
          const message = await system(`${name} 已被解除禁言`);
          return { result: undefined, events: [{ kind: 'frame', frame: { type: 'muted', uid: target, until: null } }, { kind: 'frame', frame: { type: 'message', message } }] };
        }
        const until = await setSanction(trx, { tenantId, roomId, userId: target, kind: 'mute', minutes: frame.minutes, byUserId: userId });
        const message = await system(`${name} 被老师禁言 ${frame.minutes} 分钟`);
        return { result: undefined, events: [{ kind: 'frame', frame: { type: 'muted', uid: target, until: until.toISOString() } }, { kind: 'frame', frame: { type: 'message', message } }] };
      }
      await setSanction(trx, { tenantId, roomId, userId: target, kind: 'removal', minutes: CHAT_REMOVAL_MINUTES, byUserId: userId });
      const message = await system(`${name} 被老师移出了直播间`);
      return { result: undefined, events: [{ kind: 'abort', uid: target, reason: 'removed' }, { kind: 'frame', frame: { type: 'message', message } }] };
    });
  }
}

/** How long until a sanction ends, as a learner reads it: "12 分钟", "3 小时 5 分钟". */
function timeLeft(until: Date): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours === 0 ? `${minutes} 分钟` : `${hours} 小时${minutes % 60 === 0 ? '' : ` ${minutes % 60} 分钟`}`;
}
