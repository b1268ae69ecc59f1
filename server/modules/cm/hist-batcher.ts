// Progress saves arrive in bursts (every learner's player saves on pause, on leaving, on each item).
// Committing each in its own transaction makes PostgreSQL flush its log to disk once per save, and
// the commit wait was most of a save's time (bench/progress). The batcher writes the saves that
// arrive in the same turn of the event loop in one statement and one transaction per tenant, so one
// plan and one flush cover all of them. Each caller is answered only after that commit: an acknowledged save is on disk, exactly
// as before. Under light load a batch is one save and nothing waits.
import type { Kysely } from 'kysely';
import { withTenant } from '../../db/database';
import type { DB } from '../../db/types';
import type { ProgressResponse } from '../../../schemas/api/cm/hist';
import { upsertStudyRecords, type StudyLogWrite } from './hist-repository';
import type { BatchObserver } from '../../plugins/metrics';

/** Saves of one tenant written in one transaction at most (a bound on lock time and batch latency). */
export const MAX_BATCH = 64;


interface Pending {
  write: StudyLogWrite;
  /** performance.now() when the save reached the batcher. */
  arrivedAt: number;
  resolve(record: ProgressResponse | undefined): void;
  reject(error: unknown): void;
}

export class StudyWriteBatcher {
  private readonly queues = new Map<number, Pending[]>();
  private scheduled = false;

  constructor(private readonly db: Kysely<DB>, private readonly maxBatch = MAX_BATCH, private readonly observer?: BatchObserver | undefined) {}

  /** Merges one save into the user's record (upsertStudyRecord) as part of the next batch. */
  write(tenantId: number, write: StudyLogWrite): Promise<ProgressResponse | undefined> {
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(tenantId) ?? [];
      this.queues.set(tenantId, queue);
      queue.push({ write, arrivedAt: performance.now(), resolve, reject });
      if (queue.length >= this.maxBatch) {
        this.queues.delete(tenantId);
        void this.run(tenantId, queue);
      } else if (!this.scheduled) {
        this.scheduled = true;
        // After the current I/O phase: every request already read in this turn joins the batch.
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    const queues = [...this.queues];
    this.queues.clear();
    for (const [tenantId, batch] of queues) void this.run(tenantId, batch);
  }

  private async run(tenantId: number, batch: Pending[]): Promise<void> {
    try {
      // Rows are locked in key order, so two batches touching the same records cannot deadlock.
      const ordered = [...batch].sort((a, b) => a.write.userId - b.write.userId || a.write.contentId - b.write.contentId || a.write.partId - b.write.partId);
      const records = await withTenant(this.db, tenantId, (trx) => upsertStudyRecords(trx, ordered.map((pending) => pending.write)));
      ordered.forEach((pending, i) => pending.resolve(records[i]));
      this.report(batch);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // One bad save must not fail the others: write each on its own (each answers for itself).
      await Promise.all(batch.map((pending) => this.run(tenantId, [pending])));
    }
  }

  /** Tells the observer about a committed batch; a failing observer never fails a save. */
  private report(batch: Pending[]): void {
    if (!this.observer) return;
    const committedAt = performance.now();
    try {
      this.observer(batch.length, batch.map((pending) => committedAt - pending.arrivedAt));
    } catch {
      // metrics are best effort
    }
  }
}
