// The node's ear for other nodes' chat events (issue 17): a dedicated app-role connection that
// LISTENs on live_chat, where the chat repository NOTIFYs each stored message, deletion, mute,
// removal and join in the transaction that writes it (server/modules/train/chat-repository.ts).
// Kept like server/db/answer-listener.ts: reconnects with backoff after a lost connection. What
// other nodes sent while it was down never reached this node's sockets: when it listens again,
// `onListeningAgain` lets the chat close them so their clients reconnect and get it in the history.

import type pg from 'pg';
import { CHAT_CHANNEL } from './migrations/0021-live-chat';

export interface ChatListenerOptions {
  /** Makes a new connection (Database.newAppClient). */
  connect: () => pg.Client;
  /** Called with each notification's payload (JSON text written by the repository). */
  onPayload: (payload: string) => void;
  /** Called when the connection is back after a loss (not on the first connect). */
  onListeningAgain?: () => void;
  log?: { warn(line: string): void; info(line: string): void };
  /** First wait before reconnecting; doubles up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
}

/** Listens on the chat channel while started. */
export class ChatListener {
  private client: pg.Client | undefined;
  private stopped = true;
  private timer: NodeJS.Timeout | undefined;
  private wait: number;
  private everConnected = false;

  constructor(private readonly opts: ChatListenerOptions) {
    this.wait = opts.retryMs ?? 250;
  }

  /** Connects and listens; resolves once listening or after the first failed try (it keeps trying). */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  /** Stops listening and closes the connection. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  /** Whether the connection is up and listening. */
  get listening(): boolean {
    return this.client !== undefined;
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = this.opts.connect();
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = undefined;
      client.end().catch(() => {});
      if (this.stopped) return;
      this.opts.log?.warn(`Live chat: the LISTEN connection was lost (${error?.message ?? 'closed'}); messages from other nodes wait until it is back.`);
      this.retry();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === CHAT_CHANNEL && message.payload) this.opts.onPayload(message.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${CHAT_CHANNEL}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (this.stopped || lost) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    this.wait = this.opts.retryMs ?? 250;
    const again = this.everConnected;
    this.everConnected = true;
    if (again) {
      this.opts.log?.info('Live chat: listening to other nodes again; open chat sockets are asked to reconnect.');
      this.opts.onListeningAgain?.();
    }
  }

  private retry(): void {
    if (this.stopped || this.timer) return;
    const wait = this.wait;
    this.wait = Math.min(this.wait * 2, this.opts.maxRetryMs ?? 5_000);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.connect();
    }, wait);
    this.timer.unref();
  }
}
