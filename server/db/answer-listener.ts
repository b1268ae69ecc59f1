// The node's ear for other nodes' writes (issue 15 point 5): a dedicated app-role connection that
// LISTENs on portal_answers, where migration 0018's triggers (and invalidateTenantAnswers) NOTIFY
// the id of every tenant whose settings or pages changed. Each notification drops that tenant's
// cached answers on this node. While the connection is down, nothing is cached; when it is back,
// the whole cache is cleared first, because notifications sent meanwhile were lost.

import type pg from 'pg';
import { ANSWERS_CHANNEL } from './migrations/0018-answer-cache';
import { PgListener } from './pg-listener';

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
export class AnswerListener extends PgListener {
  constructor(opts: AnswerListenerOptions) {
    const { sink, ...rest } = opts;
    super({
      ...rest,
      channel: ANSWERS_CHANNEL,
      onNotification: (raw) => {
        const payload = raw ?? '*';
        const tenantId = Number(payload);
        if (payload !== '*' && Number.isSafeInteger(tenantId)) sink.invalidateTenant(tenantId);
        else sink.clear();
      },
      // Anything cached before this connection may have missed a notification: start empty.
      onUp: () => sink.setListening(true),
      onDown: () => sink.setListening(false),
      lostMessage: (reason) => `Answer cache: the LISTEN connection was lost (${reason}); caching is off until it is back.`,
      againMessage: 'Answer cache: listening again; the cache was cleared.',
    });
  }
}
