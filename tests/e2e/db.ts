// The e2e tests' own look at the database the portal under test uses.
import pg from 'pg';
import { inject } from 'vitest';

/**
 * A connection to the e2e database whose session is set to one tenant, so row-level security
 * shows that tenant's rows (and inserts take its tenant_id). The caller ends it in afterAll.
 */
export async function tenantDb(tenantId: number): Promise<pg.Client> {
  const db = new pg.Client({ connectionString: inject('databaseUrl') });
  await db.connect();
  await db.query(`select set_config('app.tenant_id', $1, false)`, [String(tenantId)]);
  return db;
}

/**
 * Lets the learner sit `examId` once more whatever journeys ran before (e2e files share one
 * database and one learner, and several sit the every-kind exam): a paper they left open is let run
 * out (the next read closes and scores it), and the exam allows one attempt more than they have used.
 */
export async function freshAttempt(db: pg.Client, tenantId: number, examId: number, userId: number): Promise<void> {
  await db.query(
    `update exam_attempt set deadline = now() - interval '1 second'
      where tenant_id = $1 and exam_id = $2 and user_id = $3 and state = 'open'`, [tenantId, examId, userId]);
  await db.query(
    `update exam e set max_attempts = greatest(coalesce(e.max_attempts, 3),
        (select count(*) + 1 from exam_attempt a where a.tenant_id = e.tenant_id and a.exam_id = e.id and a.user_id = $3))
      where e.tenant_id = $1 and e.id = $2`, [tenantId, examId, userId]);
}
