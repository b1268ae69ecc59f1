// The deadline on the server even with the tab closed (issue 18 "Learners": "auto-submit at the
// deadline on the server even with the tab closed"). A loop on every API node closes overdue open
// attempts of every tenant with what was saved before the deadline. exam_attempt forces row-level
// security, so each tenant is swept in a transaction of its own under its app.tenant_id (as the
// migrations' forEachTenant does); `for update skip locked` lets two nodes sweep at once without
// closing one attempt twice or waiting on each other.
import { sql, type Kysely } from 'kysely';
import { withTenant } from '../../db/database';
import type { DB } from '../../db/types';
import { closeOpenAttempt } from './paper-service';
import { currentTenant } from './heartbeat-service';

/** How often a node sweeps by default. */
export const SWEEP_INTERVAL_MS = 30_000;
/** At most this many attempts of one tenant per sweep; the rest wait for the next one. */
const BATCH = 200;

/** Closes one tenant's overdue open attempts (state expired) with an auto_submit event each; returns how many. */
export async function sweepTenant(db: Kysely<DB>, tenantId: number): Promise<number> {
  return withTenant(db, tenantId, async (trx) => {
    const { rows } = await sql<{ id: number }>`
      select id from exam_attempt where state = 'open' and deadline < now()
      order by deadline limit ${BATCH} for update skip locked`.execute(trx);
    let closed = 0;
    for (const { id } of rows) {
      if (!(await closeOpenAttempt(trx, Number(id), 'expired'))) continue;
      closed += 1;
      await trx.insertInto('exam_attempt_event').values({
        tenant_id: currentTenant, attempt_id: Number(id), kind: 'auto_submit',
        at: sql`coalesce((select deadline from exam_attempt where id = ${Number(id)}::bigint), now())`, detail: '作答时间已到，系统按截止前保存的答案自动交卷',
      }).execute();
    }
    return closed;
  });
}

/** One sweep over every tenant; returns how many attempts it closed. */
export async function sweepOverdueAttempts(db: Kysely<DB>): Promise<number> {
  // The tenant directory has no row-level security: it is read before a tenant is known.
  const tenants = await db.selectFrom('tenant').select('id').orderBy('id').execute();
  let closed = 0;
  for (const t of tenants) closed += await sweepTenant(db, Number(t.id));
  return closed;
}

export interface DeadlineSweep {
  /** Stops the loop and waits for a sweep under way to finish (before the pools close). */
  stop(): Promise<void>;
}

/**
 * Starts sweeping every `intervalMs` (the first sweep at once: attempts that ran out while no node
 * was up close at start). A failed sweep (the database away) is logged and the loop goes on.
 */
export function startDeadlineSweep(db: Kysely<DB>, opts: { intervalMs?: number; log?: { info(line: string): void; warn(line: string): void } } = {}): DeadlineSweep {
  const intervalMs = opts.intervalMs ?? SWEEP_INTERVAL_MS;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = sweepOverdueAttempts(db).then(
      (n) => { if (n) opts.log?.info(`Deadline sweep: closed ${n} overdue exam attempt(s).`); },
      (error: unknown) => opts.log?.warn(`Deadline sweep failed, trying again in ${intervalMs} ms: ${error instanceof Error ? error.message : String(error)}`),
    ).then(() => {
      if (stopped) return;
      timer = setTimeout(run, intervalMs);
      timer.unref?.();
    });
  };
  run();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
