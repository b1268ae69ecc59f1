// The node's ear for other nodes' writes (issue 15 point 5): a dedicated app-role connection that
// LISTENs on portal_answers, where migration 0018's triggers (and invalidateTenantAnswers) NOTIFY
// the id of every tenant whose settings or pages changed. Each notification drops that tenant's
// cached answers on this node. While the connection is down, nothing is cached; when it is back,
// the whole cache is cleared first, because notifications sent meanwhile were lost.

import type pg from 'pg';
import { ANSWERS_CHANNEL } from './migrations/0018-answer-cache';

/** What the listener drives: the node's answer cache (server/lib/answer-cache.ts). */
export interface AnswerSink {
  invalidateTenant(tenantId: number): void;
  clear(): void;
  setListening(listening: boolean): void;
}

export interface AnswerListenerOptions {
  /** Makes a new connection (Database.newAppClient). */
  connect: () => pg.Client;
  sink: AnswerSink;
  log?: { warn(line: string): void; info(line: string): void };
  /** First wait before reconnecting; doubles up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
}

/** Listens while started; reconnects with backoff after a lost connection. */
export class AnswerListener {
  private client: pg.Client | undefined;
  private stopped = true;
  private timer: NodeJS.Timeout | undefined;
  private wait: number;
  private everConnected = false;

  constructor(private readonly opts: AnswerListenerOptions) {
    this.wait = opts.retryMs ?? 250;
  }

  /** Connects and listens; resolves once listening or after the first failed try (it keeps trying). */
  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  /** Stops listening and closes the connection; the cache stops caching. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const client = this.client;
    this.client = undefined;
    this.opts.sink.setListening(false);
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
      this.opts.sink.setListening(false);
      client.end().catch(() => {});
      if (this.stopped) return;
      this.opts.log?.warn(`Answer cache: the LISTEN connection was lost (${error?.message ?? 'closed'}); caching is off until it is back.`);
      this.retry();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', (message) => {
      if (message.channel !== ANSWERS_CHANNEL) return;
      const payload = message.payload ?? '*';
      const tenantId = Number(payload);
      if (payload !== '*' && Number.isSafeInteger(tenantId)) this.opts.sink.invalidateTenant(tenantId);
      else this.opts.sink.clear();
    });
    try {
      await client.connect();
      await client.query(`listen ${ANSWERS_CHANNEL}`);
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
    // Anything cached before this connection may have missed a notification: start empty.
    this.opts.sink.setListening(true);
    if (this.everConnected) this.opts.log?.info('Answer cache: listening again; the cache was cleared.');
    this.everConnected = true;
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
