// Progress saves arrive in bursts (every learner's player saves on pause, on leaving, on each item).
// Committing each in its own transaction makes PostgreSQL flush its log to disk once per save, and
// the commit wait was most of a save's time (bench/progress). The batcher writes the saves of one
// tenant that are waiting in one statement, so one plan and one flush cover all of them. Each caller
// is answered only after that statement committed: an acknowledged save is on disk, exactly as before.
//
// Writers (issue 15 point 6): with `connect`, batches go over a few connections of their own that
// keep the tenant in their session (set only when the tenant changes) and run the upsert as a
// single autocommitted statement: one round trip per batch instead of three (begin + set_config,
// upsert, commit). While every writer is busy, saves queue up and the next free writer takes them
// all (up to maxBatch): the busier the node, the larger the batches. Without `connect` (tests of the
// plain path) each batch is a withTenant transaction on the pool.
import { Kysely, PostgresDialect, sql, type PostgresPool, type PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { withTenant } from '../../db/database';
import type { DB } from '../../db/types';
import type { ProgressResponse } from '../../../schemas/api/cm/hist';
import { upsertStudyRecords, type StudyLogWrite } from './hist-repository';
import type { BatchObserver } from '../../plugins/metrics';

/** Saves of one tenant written in one statement at most (a bound on lock time and batch latency). */
export const MAX_BATCH = 64;

/** Writer connections per node: enough to overlap commits, few enough to let batches grow under load. */
export const WRITERS = 4;

/** The writer count PROGRESS_WRITERS asks for: a whole number from 0 (no writers: pool transactions) to 32, else WRITERS. */
export function progressWriters(value: string | undefined): number {
  const n = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isInteger(n) && n >= 0 && n <= 32 ? n : WRITERS;
}

interface Pending {
  write: StudyLogWrite;
  /** performance.now() when the save reached the batcher. */
  arrivedAt: number;
  resolve(record: ProgressResponse | undefined): void;
  reject(error: unknown): void;
}

/** One writer connection: its client (opened on first use, dropped after an error) and the tenant its session is set to. */
interface Writer {
  client: pg.Client | null;
  db: Kysely<DB> | null;
  tenantId: number | null;
  busy: boolean;
}

export interface StudyWriteBatcherOptions {
  /** A new app-role connection outside the pool (Database.newAppClient); without it batches use `db`'s pool. */
  connect?: () => pg.Client;
  /** Writer connections (default WRITERS). */
  writers?: number;
}

/** A Kysely over one client: every query runs on it, outside any transaction unless one is asked for. */
function singleClientDb(client: pg.Client): Kysely<DB> {
  const pooled = { query: client.query.bind(client), release: () => undefined } as unknown as PostgresPoolClient;
  const pool: PostgresPool = { connect: async () => pooled, end: async () => undefined };
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

export class StudyWriteBatcher {
  private readonly queues = new Map<number, Pending[]>();
  private scheduled = false;
  private readonly writers: Writer[];
  private closed = false;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly maxBatch = MAX_BATCH,
    private readonly observer?: BatchObserver | undefined,
    private readonly options: StudyWriteBatcherOptions = {},
  ) {
    const count = options.connect ? Math.max(1, options.writers ?? WRITERS) : 0;
    this.writers = Array.from({ length: count }, () => ({ client: null, db: null, tenantId: null, busy: false }));
  }

  /** Merges one save into the user's record (upsertStudyRecord) as part of the next batch. */
  write(tenantId: number, write: StudyLogWrite): Promise<ProgressResponse | undefined> {
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(tenantId) ?? [];
      this.queues.set(tenantId, queue);
      queue.push({ write, arrivedAt: performance.now(), resolve, reject });
      if (!this.options.connect && queue.length >= this.maxBatch) {
        this.queues.delete(tenantId);
        void this.run(tenantId, queue);
      } else if (!this.scheduled) {
        this.scheduled = true;
        // After the current I/O phase: every request already read in this turn joins the batch.
        setImmediate(() => this.flush());
      }
    });
  }

  /** Ends the writer connections (the app's onClose). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.writers.map((w) => this.drop(w)));
  }

  private flush(): void {
    this.scheduled = false;
    if (!this.options.connect) {
      const queues = [...this.queues];
      this.queues.clear();
      for (const [tenantId, batch] of queues) void this.run(tenantId, batch);
      return;
    }
    // Each free writer takes the oldest tenant's waiting saves; busy writers pick up the rest when done.
    for (const writer of this.writers) {
      if (writer.busy) continue;
      const next = this.queues.entries().next();
      if (next.done) return;
      const [tenantId, queue] = next.value;
      const batch = queue.splice(0, this.maxBatch);
      if (queue.length === 0) this.queues.delete(tenantId);
      writer.busy = true;
      void this.run(tenantId, batch, writer).finally(() => {
        writer.busy = false;
        if (this.queues.size > 0) this.flush();
      });
    }
  }

  private async run(tenantId: number, batch: Pending[], writer?: Writer): Promise<void> {
    try {
      // Rows are locked in key order, so two batches touching the same records cannot deadlock.
      const ordered = [...batch].sort((a, b) => a.write.userId - b.write.userId || a.write.contentId - b.write.contentId || a.write.partId - b.write.partId);
      const writes = ordered.map((pending) => pending.write);
      const records = writer
        ? await this.writeOn(writer, tenantId, writes)
        : await withTenant(this.db, tenantId, (trx) => upsertStudyRecords(trx, writes));
      ordered.forEach((pending, i) => pending.resolve(records[i]));
      this.report(batch);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // One bad save must not fail the others: write each on its own (each answers for itself).
      for (const pending of batch) await this.run(tenantId, [pending], writer);
    }
  }

  /** One autocommitted upsert on the writer's connection, its session set to the tenant first when it is not. */
  private async writeOn(writer: Writer, tenantId: number, writes: StudyLogWrite[]): Promise<Array<ProgressResponse | undefined>> {
    try {
      if (!writer.client || !writer.db) {
        if (this.closed) throw new Error('The progress batcher is closed.');
        const client = this.options.connect!();
        // An idle connection the database drops must not crash the process; the next batch reconnects.
        client.on('error', () => void this.drop(writer));
        await client.connect();
        writer.client = client;
        writer.db = singleClientDb(client);
        writer.tenantId = null;
      }
      if (writer.tenantId !== tenantId) {
        // Session-wide on a connection only this writer uses: row-level security sees the tenant.
        await sql`select set_config('app.tenant_id', ${String(tenantId)}, false)`.execute(writer.db);
        writer.tenantId = tenantId;
      }
      // One statement outside a transaction commits when it returns: an acknowledged save is on disk.
      return await upsertStudyRecords(writer.db, writes);
    } catch (error) {
      // A statement error leaves the session usable, a lost connection does not: start afresh either way.
      await this.drop(writer);
      throw error;
    }
  }

  private async drop(writer: Writer): Promise<void> {
    const client = writer.client;
    writer.client = null;
    writer.db = null;
    writer.tenantId = null;
    if (client) await client.end().catch(() => undefined);
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
