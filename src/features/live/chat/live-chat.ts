// The live room's chat connection, free of React (spec learning §4 "Live chat connection", §8,
// §9; shell §7 "Live chat"; frames: schemas/api/train-chat.ts). One instance per room page: it
// opens the socket (a fresh argoRtm token each time), keeps the message list, and reconnects with
// backoff until the page closes it or the server aborts it. The socket is injected, so tests drive
// it with a fake.
import { CHAT_CLOSE, type AbortReason, type ChatMessage, type ClientFrame, type ServerFrame } from '../../../../schemas/api/train-chat';

/** What the chat needs of a WebSocket (the browser's fits). */
export interface ChatSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

/**
 * connecting: opening the first socket; ready: connected (the only state in which one may send);
 * reconnecting: the socket dropped, a new one is due; aborted: the server forced this account
 * offline; refused: the server will not let this viewer in (removed, bad room); closed: the page left.
 */
export type ChatStatus = 'connecting' | 'ready' | 'reconnecting' | 'aborted' | 'refused' | 'closed';

/** A message as the list shows it: spec learning §3 adds stateType in (others) / out (mine). */
export type ChatEntry = ChatMessage & { stateType: 'in' | 'out' };

/** Everything the panel renders; a new object whenever something changed. */
export interface ChatSnapshot {
  status: ChatStatus;
  /** spec shell §7: ready only when connected. */
  ready: boolean;
  messages: readonly ChatEntry[];
  /** Who I am in this room (after the hello frame). */
  you: { uid: number; nickName: string; role: 'learner' | 'teacher' } | null;
  /** While I am muted here: until when (ISO time). */
  mutedUntil: string | null;
  /** The last refusal the server sent (rate limit, filtered text, muted), with a sequence number so the same text twice still shows. */
  notice: { seq: number; message: string } | null;
  /** Why the server aborted the connection, once it did. */
  abortReason: AbortReason | null;
  /** The next reconnect attempt, counted from 1 (0 while connected or before the first drop). */
  attempt: number;
}

/** spec learning §9: when the list passes CHAT_KEEP entries the oldest CHAT_DROP are removed. */
export const CHAT_KEEP = 50;
export const CHAT_DROP = 20;

/** Appends one message under the trim rule (spec learning §4, §9: above 50 entries drop the oldest 20). */
export function appendTrimmed<T>(list: readonly T[], entry: T): T[] {
  const next = [...list, entry];
  return next.length > CHAT_KEEP ? next.slice(CHAT_DROP) : next;
}

/** Backoff before reconnect attempt n (from 1): 1 s, 2 s, 4 s … capped at 30 s, with up to 20 % jitter. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (1 + 0.2 * random()));
}

export interface LiveChatOptions {
  /** Opens a socket to the room's chat (fetching a fresh token first). */
  open(): Promise<ChatSocket>;
  /** My user id, so my own messages are 'out' before the hello frame says who I am. */
  selfUid: number | null;
  /** Called once when the server forces this account offline (spec learning §8). */
  onAborted(reason: AbortReason): void;
  /** Timers, injectable for tests. */
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  random?: () => number;
}

const OPEN = 1;

function parseFrame(data: unknown): ServerFrame | null {
  if (typeof data !== 'string') return null;
  try {
    const frame = JSON.parse(data) as unknown;
    return typeof frame === 'object' && frame !== null && typeof (frame as { type?: unknown }).type === 'string' ? (frame as ServerFrame) : null;
  } catch {
    return null;
  }
}

/** One room's chat connection. subscribe/getSnapshot fit React's useSyncExternalStore. */
export class LiveChat {
  private snapshot: ChatSnapshot = { status: 'connecting', ready: false, messages: [], you: null, mutedUntil: null, notice: null, abortReason: null, attempt: 0 };
  private readonly listeners = new Set<() => void>();
  private socket: ChatSocket | null = null;
  private timer: unknown = null;
  private noticeSeq = 0;
  private finished = false;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(private readonly options: LiveChatOptions) {
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ChatSnapshot => this.snapshot;

  /** Opens the first connection. */
  start(): void {
    if (this.finished || this.socket || this.timer !== null) return;
    void this.connect();
  }

  /** Closes for good (the page leaves). */
  close(): void {
    this.finished = true;
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    this.dropSocket(1000);
    if (this.snapshot.status !== 'aborted' && this.snapshot.status !== 'refused') this.update({ status: 'closed', ready: false });
  }

  /** Sends a message; false when not connected (spec shell §7: only ready sends). */
  send(content: string): boolean {
    const text = content.trim();
    if (!text) return false;
    return this.sendFrame({ type: 'send', content: text });
  }

  /** Teacher: mute a learner for some minutes (0 lifts it). */
  mute(uid: number, minutes: number): boolean {
    return this.sendFrame({ type: 'mute', uid, minutes });
  }

  /** Teacher: remove a learner from the room. */
  remove(uid: number): boolean {
    return this.sendFrame({ type: 'remove', uid });
  }

  /** Teacher: delete a message. */
  deleteMessage(messageId: number): boolean {
    return this.sendFrame({ type: 'delete', messageId });
  }

  private sendFrame(frame: ClientFrame): boolean {
    const socket = this.socket;
    if (!this.snapshot.ready || !socket || socket.readyState !== OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  }

  private update(patch: Partial<ChatSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  private selfUid(): number | null {
    return this.snapshot.you?.uid ?? this.options.selfUid;
  }

  private entry(message: ChatMessage): ChatEntry {
    const self = this.selfUid();
    return { ...message, stateType: self !== null && message.uid === self && message.messageType !== 'system' ? 'out' : 'in' };
  }

  private async connect(): Promise<void> {
    this.timer = null;
    let socket: ChatSocket;
    try {
      socket = await this.options.open();
    } catch (error) {
      console.warn('Opening the live chat failed; trying again.', error);
      this.scheduleReconnect();
      return;
    }
    if (this.finished) {
      socket.close(1000);
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      // spec learning §4: connected means ready.
      this.update({ status: 'ready', ready: true, attempt: 0 });
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      const frame = parseFrame(event.data);
      if (frame) this.onFrame(frame);
    };
    socket.onerror = () => {
      // A close event always follows; it decides what happens next.
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.onClose(event.code);
    };
  }

  private onFrame(frame: ServerFrame): void {
    switch (frame.type) {
      case 'hello': {
        const you = { uid: frame.you.uid, nickName: frame.you.nickName, role: frame.you.role };
        this.snapshot = { ...this.snapshot, you };
        // The server's last messages replace the list (after a reconnect they include what was missed).
        const messages = frame.history.reduce<ChatEntry[]>((list, m) => appendTrimmed(list, this.entry(m)), []);
        this.update({ messages, mutedUntil: frame.you.mutedUntil });
        return;
      }
      case 'message':
        if (this.snapshot.messages.some((m) => m.id === frame.message.id)) return;
        this.update({ messages: appendTrimmed(this.snapshot.messages, this.entry(frame.message)) });
        return;
      case 'removed':
        this.update({ messages: this.snapshot.messages.filter((m) => m.id !== frame.messageId) });
        return;
      case 'muted':
        if (frame.uid === this.selfUid()) this.update({ mutedUntil: frame.until });
        return;
      case 'error':
        this.noticeSeq += 1;
        this.update({ notice: { seq: this.noticeSeq, message: frame.message } });
        return;
      case 'aborted':
        this.abort(frame.reason);
        return;
    }
  }

  private abort(reason: AbortReason): void {
    if (this.snapshot.status === 'aborted') return;
    this.finished = true;
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    this.update({ status: 'aborted', ready: false, abortReason: reason });
    this.dropSocket(1000);
    // spec learning §8: forced offline shows the message and logs the user out.
    this.options.onAborted(reason);
  }

  private onClose(code: number): void {
    if (this.finished) return;
    if (code === CHAT_CLOSE.aborted) {
      // The aborted frame normally came first; a bare 4001 means the same.
      this.abort(this.snapshot.abortReason ?? 'signed-in-elsewhere');
      return;
    }
    if (code === CHAT_CLOSE.refused || code === CHAT_CLOSE.noRoom) {
      this.finished = true;
      this.update({ status: 'refused', ready: false });
      return;
    }
    // 4401 (token expired) and every drop: a new socket with a new token, after a pause.
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.finished) return;
    const attempt = this.snapshot.attempt + 1;
    this.update({ status: 'reconnecting', ready: false, attempt });
    this.timer = this.setTimer(() => void this.connect(), reconnectDelay(attempt, this.options.random));
  }

  private dropSocket(code: number): void {
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = null;
    socket.onmessage = null;
    socket.onclose = null;
    socket.onerror = null;
    try {
      socket.close(code);
    } catch {
      // Closing a socket that never opened can throw in some browsers; it is gone either way.
    }
  }
}

/** The socket address of a chat path (`/train/ws/chat?roomId=…`) with its token, on the API's origin. */
export function chatSocketUrl(chatPath: string, token: string, apiBase: string, location: { protocol: string; host: string }): string {
  const base = apiBase ? new URL(apiBase, `${location.protocol}//${location.host}`) : new URL(`${location.protocol}//${location.host}`);
  const url = new URL(chatPath, base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', token);
  return url.toString();
}
