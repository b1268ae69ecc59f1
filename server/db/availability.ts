// Telling "the database cannot be reached right now" apart from "this query is wrong" (issue 22):
// the first is a 503 the client retries, the second stays a 500. And one place that knows whether
// the database is up, so a lost connection is logged once per outage, not once per pooled client.

/** SQLSTATEs that mean the server went away or is not accepting work yet. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command
  '57P02', // crash_shutdown: another server process exited abnormally
  '57P03', // cannot_connect_now: the database system is starting up / in recovery
  '53300', // too_many_connections
]);

/** Socket errors of a connection that could not be made or was cut. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** pg's own messages for a connection that died or never came (they carry no code). */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'the database system is',
];

/** True when `error` (or what it wraps) means the database is unreachable, not that the query failed. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') {
    // Class 08: connection exception (08000, 08001, 08003, 08004, 08006, ...).
    if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_SOCKET_CODES.has(code)) return true;
  }
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((text) => message.includes(text))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** What a health transition is reported to (the server's logger, or the console). */
export interface HealthLog {
  warn(message: string): void;
  info(message: string): void;
}

/**
 * Whether the database is reachable, as the pools last saw it. Goes down on a connection's error or
 * a failed probe, up when a probe begun after the outage connects; each transition is logged once.
 *
 * Two kinds of report. A pooled connection that dies says when it was made (`markDown(error,
 * connectedAt)`): one made before the last transition is an old connection dying late, not news.
 * A failure that cannot say which connection it used (a request's 503, readiness, a pool that timed
 * out waiting) is only a suspicion (`suspect`): one probe, a fresh connection outside the pools,
 * decides. CI logged a second outage after one restart twice: once from an idle client of the old
 * server, once from an error that named no connection seconds after the recovery.
 */
export class DatabaseHealth {
  private up = true;
  private since = Date.now();
  private readonly listeners = new Set<(up: boolean) => void>();
  private probe: (() => Promise<void>) | undefined;
  private probing: Promise<void> | undefined;
  private confirming: Promise<void> | undefined;

  constructor(private log: HealthLog = { warn: (m) => console.warn(m), info: (m) => console.log(m) }) {}

  /** Routes the transition lines to another logger (the app's, once it exists). */
  setLog(log: HealthLog): void {
    this.log = log;
  }

  /** How a suspicion is checked: resolves when a fresh connection reached the database. Returns the previous probe. */
  setProbe(probe: (() => Promise<void>) | undefined): (() => Promise<void>) | undefined {
    const previous = this.probe;
    this.probe = probe;
    return previous;
  }

  isUp(): boolean {
    return this.up;
  }

  /** Milliseconds since the last transition. */
  sinceMs(): number {
    return Date.now() - this.since;
  }

  /** Calls `listener` on every transition; returns the unsubscribe. */
  onChange(listener: (up: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A pooled connection failed. `connectedAt` is when it was made: a connection from before the
   * last transition that dies late (an idle client of the old server) is not a new outage.
   */
  markDown(error: unknown, connectedAt?: number): void {
    if (!this.up) return;
    if (connectedAt !== undefined && connectedAt < this.since) return;
    this.up = false;
    this.since = Date.now();
    const reason = error instanceof Error ? error.message : String(error);
    this.log.warn(`PostgreSQL is unavailable (${reason}); calls answer 503 until a connection succeeds again.`);
    for (const listener of this.listeners) listener(false);
  }

  /**
   * Something failed in a way that looks like an outage but names no connection. With a probe set,
   * one probe at a time decides (a request still holding an old connection, or a slow moment, is
   * not an outage); without one (start-up), it is taken as said. Resolves once decided.
   */
  suspect(error: unknown): Promise<void> {
    if (!this.up) return Promise.resolve();
    if (!this.probe) {
      this.markDown(error);
      return Promise.resolve();
    }
    this.probing ??= this.probe().then(
      () => undefined,
      (probeError: unknown) => this.markDown(isDatabaseUnavailable(probeError) ? probeError : error),
    ).finally(() => {
      this.probing = undefined;
    });
    return this.probing;
  }

  /**
   * A pooled connection was made, or a query answered, while the database was taken for down. It
   * may have been begun before the outage (a dying postmaster still completes connections it had
   * accepted: seen here 30 ms before the next refusal), so with a probe set, a fresh connection
   * begun now confirms the recovery. Resolves once decided.
   */
  connected(): Promise<void> {
    if (this.up) return Promise.resolve();
    if (!this.probe) {
      this.markUp();
      return Promise.resolve();
    }
    this.confirming ??= this.probe().then(
      () => this.markUp(),
      () => undefined,
    ).finally(() => {
      this.confirming = undefined;
    });
    return this.confirming;
  }

  markUp(): void {
    if (this.up) return;
    const downMs = Date.now() - this.since;
    this.up = true;
    this.since = Date.now();
    this.log.info(`PostgreSQL is reachable again after ${(downMs / 1000).toFixed(1)} s.`);
    for (const listener of this.listeners) listener(true);
  }
}
