import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../server/db/types';
import { withTenant } from '../../server/db/database';

// Two requests at the same moment, made repeatable: the first one's write is held open in a
// transaction of the test while the call under test runs into its row lock, then committed.

/**
 * Runs `first` in a tenant transaction of `db` (it writes, so it holds row locks), starts `call`,
 * waits until the call waits for one of those locks, then commits `first`; the call's answer.
 */
export async function afterConcurrentWrite<T>(
  db: Kysely<DB>, tenantId: number, first: (trx: Transaction<DB>) => Promise<unknown>, call: () => Promise<T>,
): Promise<T> {
  let pending: Promise<T> | undefined;
  await withTenant(db, tenantId, async (trx) => {
    await first(trx);
    const { rows: [me] } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
    let settled = false;
    pending = call().finally(() => { settled = true; });
    for (let i = 0; !settled; i++) {
      const { rows: [w] } = await sql<{ n: number }>`
        select count(*)::int as n from pg_locks where not granted and ${me!.pid}::int = any(pg_blocking_pids(pid))`.execute(db);
      if (w!.n > 0) return;
      if (i >= 400) throw new Error('The call never waited for the first write\'s lock within 10 s; the test no longer makes the two meet.');
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error('The call answered before it waited for the first write\'s lock; the test no longer makes the two meet.');
  });
  return pending!;
}
