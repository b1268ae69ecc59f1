import { sql, type Kysely } from 'kysely';
import { APP_ROLE } from '../roles';

// The steps every tenant table's migration ends with, shared by migrations 0006 on (0001–0005
// spell them out and stay as they landed). Landed migrations call these: never change what they do;
// add a new helper for new behaviour.

/** Row-level security forced on each table: a row is visible and writable only under its tenant (app.tenant_id). */
export async function forceTenantRls(db: Kysely<unknown>, tables: readonly string[]): Promise<void> {
  await sql.raw(tables.map((table) => `
    alter table ${table} enable row level security;
    alter table ${table} force row level security;
    create policy tenant_isolation on ${table}
      using (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint)
      with check (tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint);`).join('')).execute(db);
}

/**
 * Runs `work` once per tenant under that tenant's app.tenant_id (page and other tenant tables force
 * row-level security, and the owner need not be a superuser). Kysely's Migrator already runs a
 * migration inside a transaction on PostgreSQL, where opening another is refused ("calling the
 * transaction method for a Transaction is not supported"): then each tenant's work runs in that
 * transaction after a transaction-local set_config; outside one (a test calling up()), each tenant
 * gets its own transaction.
 */
export async function forEachTenant(db: Kysely<unknown>, work: (trx: Kysely<unknown>, tenantId: string) => Promise<void>): Promise<void> {
  const tenants = await sql<{ id: string }>`select id from tenant order by id`.execute(db);
  for (const { id } of tenants.rows) {
    const step = async (trx: Kysely<unknown>) => {
      await sql`select set_config('app.tenant_id', ${String(id)}, true)`.execute(trx);
      await work(trx, String(id));
    };
    if (db.isTransaction) await step(db);
    else await db.transaction().execute(step);
  }
  if (db.isTransaction) await sql`select set_config('app.tenant_id', '', true)`.execute(db);
}

/** The app role's rights on every table and sequence (new ones included). */
export async function grantAppRole(db: Kysely<unknown>): Promise<void> {
  await sql`grant select, insert, update, delete on all tables in schema public to ${sql.id(APP_ROLE)}`.execute(db);
  await sql`grant usage, select on all sequences in schema public to ${sql.id(APP_ROLE)}`.execute(db);
}
