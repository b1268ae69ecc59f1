// A dedicated app-role connection that LISTENs on one channel while started and reconnects with
// backoff after a lost connection. The answer cache (answer-listener.ts) and the live chat
// (chat-listener.ts) each keep one; they differ only in what a notification, a loss and a return
// mean to them.

import type pg from 'pg';

export interface PgListenerOptions {
  /** The channel to LISTEN on (a plain identifier: it is written into the statement). */
  channel: string;
  /** Makes a new connection (Database.newAppClient). */
  connect: () => pg.Client;
  /** Each notification's payload on the channel (undefined when it had none). */
  onNotification: (payload: string | undefined) => void;
  /** Listening: `again` is false on the first connect, true after a loss. */
  onUp?: (again: boolean) => void;
  /** The connection was lost or stopped. */
  onDown?: () => void;
  /** The warning logged when the connection is lost (the error's message is passed). */
  lostMessage: (reason: string) => string;
  /** The line logged when listening again after a loss. */
  againMessage: string;
  log?: { warn(line: string): void; info(line: string): void };
  /** First wait before reconnecting; doubles up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
}

/** Listens on one channel while started. */
export class PgListener {
  private client: pg.Client | undefined;
  private stopped = true;
  private timer: NodeJS.Timeout | undefined;
  private wait: number;
  private everConnected = false;

  constructor(private readonly opts: PgListenerOptions) {
    if (!/^[a-z_][a-z0-9_]*$/.test(opts.channel)) throw new Error(`Not a channel name: ${opts.channel}`);
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
    this.opts.onDown?.();
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
      this.opts.onDown?.();
      client.end().catch(() => {});
      if (this.stopped) return;
      this.opts.log?.warn(this.opts.lostMessage(error?.message ?? 'closed'));
      this.retry();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel === this.opts.channel) this.opts.onNotification(message.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${this.opts.channel}`);
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
    if (again) this.opts.log?.info(this.opts.againMessage);
    this.opts.onUp?.(again);
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
