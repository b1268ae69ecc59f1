// Issue 21 X: each demo tenant's organisation tree (/um/api/organ/getOrganList): a root named
// after the tenant, one department per org_name its learners carry (seed-points spreads them over
// four), and two teams under the first department, so the tree has depth to pick from.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/types';

/** Tenants whose seed is in English (acme), as in seed-points. */
const ENGLISH_TENANTS: ReadonlySet<number> = new Set([1002]);
const TEAMS = { zh: ['前端组', '后端组'], en: ['Frontend team', 'Backend team'] } as const;

/** Writes the tenant's tree; run after every seed that sets user_account.org_name. */
export async function seedOrgans(trx: Transaction<DB>, tenantId: number): Promise<void> {
  const { rows: [root] } = await sql<{ id: string }>`
    insert into organ (tenant_id, name, sort) select id, left(name, 60), 0 from tenant where id = ${tenantId}::bigint returning id`.execute(trx);
  if (!root) return;
  const { rows: departments } = await sql<{ id: string }>`
    insert into organ (tenant_id, parent_id, name, sort)
    select ${tenantId}::bigint, ${root.id}::bigint, d.org_name, (row_number() over (order by d.org_name))::int
    from (select distinct btrim(org_name) as org_name from user_account
          where tenant_id = ${tenantId}::bigint and org_name is not null and btrim(org_name) <> '') d
    order by d.org_name
    returning id`.execute(trx);
  const first = departments[0];
  if (!first) return;
  const teams = TEAMS[ENGLISH_TENANTS.has(tenantId) ? 'en' : 'zh'];
  for (const [i, name] of teams.entries()) {
    await sql`insert into organ (tenant_id, parent_id, name, sort) values (${tenantId}::bigint, ${first.id}::bigint, ${name}, ${i + 1})`.execute(trx);
  }
}
