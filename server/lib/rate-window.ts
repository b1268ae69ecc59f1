// A fixed-window request counter in PostgreSQL (table rate_window, migration 0015): every API node
// increments the same row, so a limit holds across nodes (DESIGN "Beyond one machine": rate-limit
// counts live in the database).
import type { Kysely } from 'kysely';
import { withTenant } from '../db/database';
import type { DB } from '../db/types';

/** Windows older than this are deleted when a new window opens. */
const KEEP_MS = 10 * 60 * 1000;

export interface RateWindowInput {
  tenantId: number;
  /** What is counted, e.g. `captcha-draw:<address>`; at most 200 characters. */
  bucket: string;
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
  /** Epoch ms (tests pass their clock). */
  now?: number;
}

/** Counts one request in the bucket's current window; true while the count is within the limit. */
export async function rateWindowAllows(db: Kysely<DB>, input: RateWindowInput): Promise<boolean> {
  // A window longer than KEEP_MS would be deleted while still counting (any bucket's first hit cleans up).
  if (input.windowMs > KEEP_MS) throw new Error(`Rate window "${input.bucket}" is ${input.windowMs} ms; windows may be at most ${KEEP_MS} ms (server/lib/rate-window.ts KEEP_MS).`);
  const now = input.now ?? Date.now();
  const windowStart = new Date(Math.floor(now / input.windowMs) * input.windowMs);
  const bucket = input.bucket.slice(0, 200);
  const count = await withTenant(db, input.tenantId, async (trx) => {
    const row = await trx.insertInto('rate_window')
      .values({ tenant_id: input.tenantId, bucket, window_start: windowStart, count: 1 })
      .onConflict((oc) => oc.columns(['tenant_id', 'bucket', 'window_start']).doUpdateSet((eb) => ({ count: eb('rate_window.count', '+', 1) })))
      .returning('count').executeTakeFirstOrThrow();
    if (row.count === 1) await trx.deleteFrom('rate_window').where('window_start', '<', new Date(now - KEEP_MS)).execute();
    return row.count;
  });
  return count <= input.limit;
}
