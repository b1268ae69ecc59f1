import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { APP_ROLE } from '../../server/db/roles';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('row-level security', () => {
  it('puts tenant_id first in the primary key of every table that has it, with RLS forced', async () => {
    const { rows } = await sql<{ table: string; first_pk_column: string; rls: boolean; forced: boolean }>`
      select c.relname as table, a.attname as first_pk_column, c.relrowsecurity as rls, c.relforcerowsecurity as forced
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
      join pg_index i on i.indrelid = c.oid and i.indisprimary
      join pg_attribute a on a.attrelid = c.oid and a.attnum = i.indkey[0]
      where c.relkind = 'r' and exists (select 1 from pg_attribute x where x.attrelid = c.oid and x.attname = 'tenant_id')
      order by 1`.execute(t.db.owner);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const row of rows) expect(row, row.table).toMatchObject({ first_pk_column: 'tenant_id', rls: true, forced: true });
  });

  it('connects the app as a non-owner role without BYPASSRLS', async () => {
    const { rows } = await sql<{ current_user: string; rolsuper: boolean; rolbypassrls: boolean; owns: boolean }>`
      select current_user, r.rolsuper, r.rolbypassrls,
        exists (select 1 from pg_tables where tableowner = current_user and schemaname = 'public') as owns
      from pg_roles r where r.rolname = current_user`.execute(t.db.app);
    expect(rows[0]).toEqual({ current_user: APP_ROLE, rolsuper: false, rolbypassrls: false, owns: false });
  });

  it('shows no tenant rows when no tenant is set for the transaction', async () => {
    const rows = await t.db.app.selectFrom('navigate').selectAll().execute();
    expect(rows).toEqual([]);
  });

  it('shows only the current tenant\'s rows, even without a WHERE tenant_id', async () => {
    const rows = await withTenant(t.db.app, 1002, (trx) => trx.selectFrom('navigate').select(['tenant_id']).execute());
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.tenant_id))).toEqual(new Set([1002]));
  });

  it('refuses to write a row for another tenant', async () => {
    await expect(withTenant(t.db.app, 1002, (trx) =>
      trx.insertInto('tenant_config').values({ tenant_id: 1001, store_id: 0, param_group: 'PcStartup', param_key: 'x', param_value: 'y', param_value_type: 1 }).execute(),
    )).rejects.toThrow(/row-level security/);
  });

  it('keeps the tenant setting to its own transaction', async () => {
    await withTenant(t.db.app, 1001, async () => undefined);
    const { rows } = await sql<{ v: string | null }>`select current_setting('app.tenant_id', true) as v`.execute(t.db.app);
    expect(rows[0]?.v ?? '').toBe('');
  });
});
