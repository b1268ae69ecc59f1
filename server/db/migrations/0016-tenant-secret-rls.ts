import { sql, type Kysely } from 'kysely';
import { forceTenantRls, grantAppRole } from './tenant-rls';

// Issue 14 point 20: the tenant directory has no row-level security (it is read before a tenant is
// known, by host name), and it held every tenant's signing secret, so the app role could read all
// of them with one `select secret from tenant`. The secret moves to tenant_secret, a tenant table
// like any other: forced row-level security, visible only under its own app.tenant_id.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table tenant_secret (
      tenant_id bigint primary key references tenant(id) on delete cascade,
      secret text not null check (secret <> ''),
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`insert into tenant_secret (tenant_id, secret) select id, secret from tenant`.execute(db);
  await forceTenantRls(db, ['tenant_secret']);
  await grantAppRole(db);
  await sql`alter table tenant drop column secret`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tenant add column secret text`.execute(db);
  await sql`update tenant set secret = s.secret from tenant_secret s where s.tenant_id = tenant.id`.execute(db);
  await sql`alter table tenant alter column secret set not null`.execute(db);
  await sql`drop table tenant_secret`.execute(db);
}
