// Study progress that is never lost (issue 6 item 2). Every save goes into a pending map (one entry
// per content part, merged), which is written to localStorage before anything is sent, and leaves it
// only when the server acknowledges it with flag 0. Failures are retried with backoff; a page that
// closes sends what is pending with a keepalive request and keeps it stored, so the next visit sends
// it again. Re-sending is safe: the server keeps maxima and the latest position (docs/api.md
// "Study history"), so a save that arrives twice counts once.
import { ApiError } from '../../api/client';
import { apiClient } from '../../api/transport';
import { getCourseRecord, sendStudyRecord, studyLogBody, studyLogPath, type ProgressResponse, type StudyRecord } from '../../api/hist';
import { getPendingProgress, getRegisterInfo, setPendingProgress } from '../../lib/storage';

/** First retry after 1 s, doubling up to a minute. */
export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_MS = 60_000;

/** The identity of a record: one pending save per content part. */
export const recordKey = (record: Pick<StudyRecord, 'contentId' | 'partId'>): string => `${record.contentId}:${record.partId}`;

/**
 * Two saves of one part as one: the position of the later save, and the largest duration, listened
 * time and state (finished never goes back), as the server merges them.
 */
export function mergeRecords(older: StudyRecord, newer: StudyRecord): StudyRecord {
  const later = newer.savedAt >= older.savedAt ? newer : older;
  return {
    ...later,
    duration: Math.max(older.duration, newer.duration),
    playTime: Math.max(older.playTime, newer.playTime),
    state: older.state === 2 || newer.state === 2 ? 2 : 1,
  };
}

/** How a failed save is treated. */
export type FailureKind = 'retry' | 'hold' | 'drop';

/**
 * Network failures, server errors, timeouts and rate limits are retried. Not signed in (401) holds
 * the save until the next save or sign-in; anything else is a refusal of this record (bad data, a
 * content that no longer exists) that no retry can fix, so it is dropped and logged.
 */
export function failureKind(error: unknown): FailureKind {
  if (!(error instanceof ApiError)) return 'retry';
  if (error.flag === 401 || error.code === 401) return 'hold';
  if (error.status === 0 || error.status >= 500 || error.code >= 500 || error.code === 408 || error.code === 429) return 'retry';
  return 'drop';
}

const isRecord = (value: unknown): value is StudyRecord => {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Partial<StudyRecord>;
  return [r.contentId, r.partId, r.progress, r.duration, r.playTime, r.savedAt].every((n) => typeof n === 'number' && Number.isFinite(n))
    && (r.state === 1 || r.state === 2);
};

export interface SaverDeps {
  /** Writes one record; resolves when the server acknowledged it with flag 0. */
  send(record: StudyRecord): Promise<ProgressResponse>;
  /** Sends a record as the page closes (keepalive); fire and forget. */
  sendOnLeave(record: StudyRecord): void;
  /** The stored pending records, and storing them. */
  load(): unknown;
  persist(records: StudyRecord[]): void;
  schedule?(run: () => void, ms: number): unknown;
  cancel?(handle: unknown): void;
  warn?(message: string, error: unknown): void;
}

/** The pending saves of one user on one tenant. */
export class ProgressSaver {
  private readonly pending = new Map<string, StudyRecord>();
  private sending = false;
  private again = false;
  private attempt = 0;
  private timer: unknown = null;
  private readonly deps: Required<SaverDeps>;

  constructor(deps: SaverDeps) {
    this.deps = {
      schedule: (run, ms) => setTimeout(run, ms),
      cancel: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      warn: (message, error) => console.warn(message, error),
      ...deps,
    };
    const stored = this.deps.load();
    for (const record of Array.isArray(stored) ? stored.filter(isRecord) : []) this.merge(record);
  }

  /** Saves not yet acknowledged. */
  get size(): number {
    return this.pending.size;
  }

  /** The pending records (a copy). */
  records(): StudyRecord[] {
    return [...this.pending.values()];
  }

  /** Queues a save (merged with a pending one of the same part), stores it, and sends. */
  save(record: StudyRecord): Promise<void> {
    this.merge(record);
    this.persist();
    return this.flush();
  }

  /** Sends everything pending now (also after a hold or during a backoff wait). */
  async flush(): Promise<void> {
    if (this.sending) {
      this.again = true;
      return;
    }
    if (this.timer !== null) {
      this.deps.cancel(this.timer);
      this.timer = null;
    }
    this.sending = true;
    let retry = false;
    try {
      for (const [key, record] of [...this.pending]) {
        try {
          await this.deps.send(record);
          // A newer save of this part may have arrived while this one was on its way: keep that one.
          if (this.pending.get(key) === record) this.pending.delete(key);
          this.attempt = 0;
        } catch (error) {
          const kind = failureKind(error);
          if (kind === 'drop') {
            this.deps.warn(`The server refused the study progress of content ${key}; it is not retried.`, error);
            if (this.pending.get(key) === record) this.pending.delete(key);
            continue;
          }
          if (kind === 'retry') retry = true;
          break;
        } finally {
          this.persist();
        }
      }
    } finally {
      this.sending = false;
    }
    if (this.again) {
      this.again = false;
      return this.flush();
    }
    if (retry) this.retryLater();
  }

  /** The page is closing: send what is pending with keepalive (it stays stored until acknowledged). */
  leave(): void {
    for (const record of this.pending.values()) {
      try {
        this.deps.sendOnLeave(record);
      } catch (error) {
        this.deps.warn('Sending study progress on leaving failed; it is sent on the next visit.', error);
      }
    }
  }

  /** Stops the retry timer (the user changed). Pending saves stay stored. */
  dispose(): void {
    if (this.timer !== null) this.deps.cancel(this.timer);
    this.timer = null;
  }

  private retryLater(): void {
    const delay = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** this.attempt);
    this.attempt += 1;
    this.timer = this.deps.schedule(() => {
      this.timer = null;
      void this.flush();
    }, delay);
  }

  private merge(record: StudyRecord): void {
    const key = recordKey(record);
    const old = this.pending.get(key);
    this.pending.set(key, old ? mergeRecords(old, record) : { ...record });
  }

  private persist(): void {
    this.deps.persist(this.records());
  }
}

// ---- The browser's savers: one per tenant and user, with the real calls ----

/** The course and subject logKeys of one user, as the server issued them. */
function logKeys() {
  const known = new Map<string, string>();
  const scopeOf = (record: StudyRecord) => (record.courseId ? { courseId: record.courseId } : { subjectId: record.subjectId as number });
  const name = (record: StudyRecord) => (record.courseId ? `course:${record.courseId}` : `subject:${record.subjectId}`);
  return {
    cached: (record: StudyRecord) => known.get(name(record)),
    async get(record: StudyRecord, fresh = false): Promise<string> {
      const cached = known.get(name(record));
      if (cached && !fresh) return cached;
      const { logKey } = await getCourseRecord(scopeOf(record));
      known.set(name(record), logKey);
      return logKey;
    },
  };
}

/** The savers the player uses, made with the real API calls and this browser's storage. */
export function createBrowserSaver(tenantId: number, userId: number): ProgressSaver {
  const keys = logKeys();
  const needsKey = (record: StudyRecord) => Boolean(record.courseId || record.subjectId);
  return new ProgressSaver({
    async send(record) {
      if (!needsKey(record)) return sendStudyRecord(record);
      try {
        return await sendStudyRecord(record, await keys.get(record));
      } catch (error) {
        // The key may be stale (the server's secret rotated): fetch it again, once.
        if (error instanceof ApiError && error.errorCode === 'STUDY_LOG_FORGED') return sendStudyRecord(record, await keys.get(record, true));
        throw error;
      }
    },
    sendOnLeave(record) {
      const logKey = needsKey(record) ? keys.cached(record) : undefined;
      if (needsKey(record) && !logKey) return;
      const token = getRegisterInfo(tenantId)?.token;
      const url = `${apiClient.defaults.baseURL ?? ''}${studyLogPath(record)}`;
      void fetch(url, {
        method: 'POST',
        keepalive: true,
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', ...(token ? { token } : {}) },
        body: JSON.stringify({ ...studyLogBody(record, logKey), tenantId }),
      }).catch(() => undefined);
    },
    load: () => getPendingProgress(tenantId, userId),
    persist: (records) => setPendingProgress(tenantId, userId, records.length > 0 ? records : null),
  });
}
