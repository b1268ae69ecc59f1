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
