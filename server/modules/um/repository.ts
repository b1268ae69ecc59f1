import type { Kysely } from 'kysely';
import type { TenantInfo } from '../../../schemas/tenant-settings';
import type { DB } from '../../db/types';

const columns = ['id', 'code', 'name', 'tenant_type'] as const;

function toTenantInfo(row: { id: number; code: string; name: string; tenant_type: number }): TenantInfo {
  return { id: Number(row.id), code: row.code, name: row.name, tenantType: row.tenant_type };
}

/** The tenant with this id, or undefined. The tenant directory has no RLS: it is read before a tenant is known. */
export async function findTenantById(db: Kysely<DB>, id: number): Promise<TenantInfo | undefined> {
  const row = await db.selectFrom('tenant').select(columns).where('id', '=', id).executeTakeFirst();
  return row && toTenantInfo(row);
}

/** The tenant whose code is the host's first label (acme.localhost → acme), or undefined. */
export async function findTenantByCode(db: Kysely<DB>, code: string): Promise<TenantInfo | undefined> {
  const row = await db.selectFrom('tenant').select(columns).where('code', '=', code.toLowerCase()).executeTakeFirst();
  return row && toTenantInfo(row);
}
