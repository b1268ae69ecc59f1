// This node's chat sockets by room, and what an event does to them (issue 17). An event written on
// this node is applied here at once (`apply`) and reaches the other nodes by NOTIFY, where the
// listener hands it to `applyNotice`; a node skips its own notices, so each socket gets each frame once.
import { randomUUID } from 'node:crypto';
import type { AbortReason, ChatRole, ServerFrame } from '../../../schemas/api/train-chat';
import type { ChatEvent, ChatNotice } from './chat-repository';

/** One open chat socket, as the hub sees it. */
export interface ChatConnection {
  /** Unique on this node. */
  readonly id: number;
  readonly tenantId: number;
  readonly roomId: number;
  readonly userId: number;
  /** The sign-in session the socket's token came from. */
  readonly sessionId: string;
  readonly role: ChatRole;
  /** The name the user's messages carry. */
  readonly nickName: string;
  /** Sends a frame (held back until the socket's hello is out). */
  send(frame: ServerFrame): void;
  /** Sends `aborted` and closes with 4001; the hub has already forgotten the connection. */
  abort(reason: AbortReason): void;
  /** Closes the socket without aborting the user: 1001 on shutdown, 1012 to make the client reconnect. */
  shutdown(code: 1001 | 1012): void;
}

const roomKey = (tenantId: number, roomId: number) => `${tenantId}:${roomId}`;

export class ChatHub {
  /** This node's name in notices: its own come back from PostgreSQL and are skipped. */
  readonly nodeId = randomUUID();
  private readonly rooms = new Map<string, Set<ChatConnection>>();
  private nextId = 1;

  /** A connection id unique on this node. */
  newConnectionId(): number {
    return this.nextId++;
  }

  add(conn: ChatConnection): void {
    const key = roomKey(conn.tenantId, conn.roomId);
    let set = this.rooms.get(key);
    if (!set) this.rooms.set(key, (set = new Set()));
    set.add(conn);
  }

  remove(conn: ChatConnection): void {
    const key = roomKey(conn.tenantId, conn.roomId);
    const set = this.rooms.get(key);
    if (!set?.delete(conn)) return;
    if (set.size === 0) this.rooms.delete(key);
  }

  /** Sockets open on this node (all rooms). */
  get size(): number {
    let n = 0;
    for (const set of this.rooms.values()) n += set.size;
    return n;
  }

  /** The notice that tells the other nodes about an event in a room. */
  notice(tenantId: number, roomId: number, event: ChatEvent): ChatNotice {
    return { node: this.nodeId, tenantId, roomId, event };
  }

  /** Applies an event to this node's sockets of the room; `except` is the socket that caused it (a join). */
  apply(tenantId: number, roomId: number, event: ChatEvent, except?: ChatConnection): void {
    const set = this.rooms.get(roomKey(tenantId, roomId));
    if (!set) return;
    for (const conn of [...set]) {
      if (conn === except) continue;
      if (event.kind === 'frame') conn.send(event.frame);
      // spec learning §8: a connection the server aborts is 'communication account forced offline'.
      else if (event.kind === 'abort' && conn.userId === event.uid) this.abort(conn, event.reason);
      else if (event.kind === 'join' && conn.userId === event.uid && conn.sessionId !== event.sessionId) this.abort(conn, 'signed-in-elsewhere');
    }
  }

  /** A NOTIFY payload from the listener: applied unless this node sent it. */
  applyNotice(payload: string): void {
    let notice: ChatNotice;
    try {
      notice = JSON.parse(payload) as ChatNotice;
    } catch {
      return;
    }
    if (notice.node === this.nodeId) return;
    this.apply(notice.tenantId, notice.roomId, notice.event);
  }

  /**
   * Closes every socket: 1001 when the app closes, 1012 "service restart" when this node may have
   * missed other nodes' events (its clients reconnect and the hello brings them up to date).
   */
  closeAll(code: 1001 | 1012 = 1001): void {
    for (const set of this.rooms.values()) for (const conn of set) conn.shutdown(code);
    this.rooms.clear();
  }

  private abort(conn: ChatConnection, reason: AbortReason): void {
    this.remove(conn);
    conn.abort(reason);
  }
}
