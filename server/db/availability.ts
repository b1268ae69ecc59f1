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
 * Whether the database is reachable, as the pools last saw it. Goes down on a connection error or
 * an unavailable answer, up on the next connection made; each transition is logged once.
 */
/** How long after a recovery an error that names no connection is taken for an old connection's. */
export const STALE_GRACE_MS = 2_000;

export class DatabaseHealth {
  private up = true;
  /** Whether the last transition was a recovery (not the start). */
  private recovered = false;
  private since = Date.now();
  private readonly listeners = new Set<(up: boolean) => void>();

  constructor(private log: HealthLog = { warn: (m) => console.warn(m), info: (m) => console.log(m) }) {}

  /** Routes the transition lines to another logger (the app's, once it exists). */
  setLog(log: HealthLog): void {
    this.log = log;
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
   * `connectedAt` is when the failing connection was made: a connection from before the last
   * recovery that dies late (an idle client of the old server) is not a new outage (CI once logged a
   * second outage after the restart this way, and answered 503 until the next connect).
   */
  markDown(error: unknown, connectedAt?: number): void {
    if (!this.up) return;
    if (connectedAt !== undefined && connectedAt < this.since) return;
    // A failed call or connect that cannot say which connection it used (the envelope, the health
    // route) right after a recovery is most likely a request still holding an old connection: CI's
    // outage test logged a second outage this way under load. A real outage keeps failing after
    // the grace and is reported then.
    if (connectedAt === undefined && this.recovered && Date.now() - this.since < STALE_GRACE_MS) return;
    this.up = false;
    this.since = Date.now();
    const reason = error instanceof Error ? error.message : String(error);
    this.log.warn(`PostgreSQL is unavailable (${reason}); calls answer 503 until a connection succeeds again.`);
    for (const listener of this.listeners) listener(false);
  }

  markUp(): void {
    if (this.up) return;
    const downMs = Date.now() - this.since;
    this.up = true;
    this.recovered = true;
    this.since = Date.now();
    this.log.info(`PostgreSQL is reachable again after ${(downMs / 1000).toFixed(1)} s.`);
    for (const listener of this.listeners) listener(true);
  }
}
