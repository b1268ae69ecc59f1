// Autosave that never loses an answer (issue 18 "Learners": "autosave retries until acknowledged;
// a lost connection never loses an answer"). Every change goes into a queue kept in localStorage
// per attempt *before* it is sent; a save that fails is tried again with a growing pause until the
// server acknowledges it; while the browser says it is offline nothing is sent, and coming back
// online sends at once. Reopening the paper reads the queue back (restore), so unsent answers are
// merged over the server's. A batch goes out in the order the answers were changed; an answer
// changed again while its batch is in flight stays queued and goes in the next one.
import type { AnswerInput } from '../../../api/exam';

/** What a save looks like from here: acknowledged with the server's time, or a failure to classify. */
export type SendAnswers = (answers: AnswerInput[]) => Promise<{ savedAt: string }>;

/** How a failed save is handled: closed (the attempt is over), refused (drop these answers), retry. */
export type FailureKind = 'closed' | 'refused' | 'retry';

export type SaveStatus =
  | { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'offline' } | { kind: 'refused'; message: string };

/** The storage a queue keeps itself in (window.localStorage). */
export type QueueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface AnswerQueueOptions {
  attemptId: number;
  send: SendAnswers;
  classify: (error: unknown) => FailureKind;
  onStatus: (status: SaveStatus) => void;
  /** The attempt is closed (expired or handed in elsewhere): the error that said so. */
  onClosed: (error: unknown) => void;
  storage?: QueueStorage | null;
  /** How long after the last change a save goes out. */
  debounceMs?: number;
  /** The first retry's pause; each next one doubles, up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
  /** Whether the browser believes it is online (navigator.onLine). */
  isOnline?: () => boolean;
}

/** How long after the last change the answers are saved. */
export const SAVE_DELAY_MS = 600;
/** The first retry's pause after a failed save. */
export const RETRY_MS = 1000;
/** The longest pause between retries. */
export const MAX_RETRY_MS = 30_000;

/** Where an attempt's unsent answers live on this device. */
export const queueKey = (attemptId: number) => `exam-pending:${attemptId}`;

/**
 * The unsent answers kept for an attempt, in the order they were changed. Reads the queue's own
 * form ([[id, value], …]) and the older { id: value } object.
 */
export function readQueue(storage: QueueStorage | null | undefined, attemptId: number): [number, string[]][] {
  try {
    const raw = storage?.getItem(queueKey(attemptId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    const entries: unknown[] = Array.isArray(parsed) ? parsed : parsed && typeof parsed === 'object' ? Object.entries(parsed) : [];
    return entries.flatMap((e) => {
      if (!Array.isArray(e) || e.length !== 2) return [];
      const [id, value] = e as [unknown, unknown];
      const n = Number(id);
      return Number.isSafeInteger(n) && n > 0 && Array.isArray(value) && value.every((v) => typeof v === 'string') ? [[n, value as string[]]] : [];
    });
  } catch {
    return [];
  }
}

export class AnswerQueue {
  private readonly pending = new Map<number, { value: string[]; seq: number }>();
  private seq = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight = false;
  private failures = 0;
  private closed = false;
  private readonly o: Required<Omit<AnswerQueueOptions, 'storage'>> & { storage: QueueStorage | null };

  constructor(options: AnswerQueueOptions) {
    this.o = {
      debounceMs: SAVE_DELAY_MS, retryMs: RETRY_MS, maxRetryMs: MAX_RETRY_MS,
      isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
      ...options,
      storage: options.storage === undefined ? (typeof window === 'undefined' ? null : window.localStorage) : options.storage,
    };
    for (const [id, value] of readQueue(this.o.storage, this.o.attemptId)) this.pending.set(id, { value, seq: ++this.seq });
  }

  /** The answers kept from an earlier visit (merge them over the server's), by question id. */
  restored(): Record<string, string[]> {
    return Object.fromEntries([...this.pending].map(([id, p]) => [String(id), p.value]));
  }

  /** Whether answers wait to be acknowledged. */
  hasPending(): boolean {
    return this.pending.size > 0;
  }

  /** Queues an answer (kept on the device at once) and schedules its save. */
  set(questionId: number, value: string[]): void {
    if (this.closed) return;
    // Re-inserted, so the batch keeps the order of the changes.
    this.pending.delete(questionId);
    this.pending.set(questionId, { value, seq: ++this.seq });
    this.persist();
    if (!this.inFlight) this.schedule(this.failures ? this.retryDelay() : this.o.debounceMs);
  }

  /** Saves what is queued now (after a restore, or when the connection is back). */
  flushSoon(): void {
    if (this.pending.size && !this.inFlight) this.schedule(0);
  }

  /** The browser went offline: nothing is sent until it is back. */
  offline(): void {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size) this.o.onStatus({ kind: 'offline' });
  }

  /** Back online: the pause is forgotten and the queue is sent at once. */
  online(): void {
    this.failures = 0;
    this.flushSoon();
  }

  /** What the submit carries (the answers not yet acknowledged), in the order of the changes. */
  drain(): AnswerInput[] {
    return [...this.pending].map(([questionId, p]) => ({ questionId, value: p.value }));
  }

  /** The attempt is closed: the queue empties, forgets the device copy and sends nothing more. */
  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending.clear();
    this.persist();
  }

  /** Stops its timers (the page goes away); the device copy stays for the next visit. */
  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.closed = true;
  }

  private retryDelay(): number {
    return Math.min(this.o.maxRetryMs, this.o.retryMs * 2 ** Math.max(0, this.failures - 1));
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => { this.timer = undefined; void this.flush(); }, ms);
  }

  private persist(): void {
    const storage = this.o.storage;
    if (!storage) return;
    try {
      if (this.pending.size === 0) storage.removeItem(queueKey(this.o.attemptId));
      else storage.setItem(queueKey(this.o.attemptId), JSON.stringify([...this.pending].map(([id, p]) => [id, p.value])));
    } catch {
      // Storage full or blocked: the answers still live in memory and go to the server.
    }
  }

  private async flush(): Promise<void> {
    if (this.closed || this.inFlight || this.pending.size === 0) return;
    if (!this.o.isOnline()) {
      this.o.onStatus({ kind: 'offline' });
      return; // the online event sends it
    }
    const batch = [...this.pending].map(([id, p]) => ({ id, ...p }));
    this.inFlight = true;
    this.o.onStatus({ kind: 'saving' });
    try {
      const ack = await this.o.send(batch.map((b) => ({ questionId: b.id, value: b.value })));
      if (this.closed) return;
      this.failures = 0;
      // Only what was sent is acknowledged: an answer changed meanwhile stays queued.
      for (const b of batch) if (this.pending.get(b.id)?.seq === b.seq) this.pending.delete(b.id);
      this.persist();
      this.o.onStatus({ kind: 'saved', at: new Date(ack.savedAt) });
    } catch (error) {
      if (this.closed) return;
      const kind = this.o.classify(error);
      if (kind === 'closed') {
        this.close();
        this.o.onClosed(error);
        return;
      }
      if (kind === 'refused') {
        // A refused answer (not in the paper, too long): drop it, say why.
        for (const b of batch) if (this.pending.get(b.id)?.seq === b.seq) this.pending.delete(b.id);
        this.persist();
        this.o.onStatus({ kind: 'refused', message: error instanceof Error ? error.message : String(error) });
      } else {
        this.failures += 1;
        this.o.onStatus({ kind: 'offline' });
        if (this.o.isOnline()) this.schedule(this.retryDelay());
        return;
      }
    } finally {
      this.inFlight = false;
    }
    if (this.pending.size && !this.closed) this.schedule(this.o.debounceMs);
  }
}
