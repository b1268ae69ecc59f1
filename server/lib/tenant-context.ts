// Shared kernel (issue 14 point 5): the tenant a call names. Every service checks the tenantId it
// is given, reads under the tenant's row-level security and signs with the tenant's secret through
// these, so no module reaches into um for the tenant directory.
import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { TenantInfo } from '../../schemas/tenant-settings';
import { withTenant } from '../db/database';
import type { DB } from '../db/types';
import { ApiError } from '../plugins/envelope';

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

/** The tenant named by the call's tenantId, or a TENANT_NOT_FOUND failure the client can show. */
export async function requireTenant(db: Kysely<DB>, tenantId: number): Promise<TenantInfo> {
  const tenant = await findTenantById(db, tenantId);
  if (!tenant) throw new ApiError(`No tenant has the id ${tenantId}.`, { code: 404, errorCode: 'TENANT_NOT_FOUND' });
  return tenant;
}

/** Checks the tenant exists (TENANT_NOT_FOUND otherwise), then runs `work` under its row-level security. */
export async function readTenant<T>(app: FastifyInstance, tenantId: number, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  await requireTenant(app.db.app, tenantId);
  return withTenant(app.db.app, tenantId, work);
}

/**
 * The tenant's secret (signs outbound links and keys code hashes), read under the tenant's own
 * row-level security: tenant_secret shows the app role one tenant's row at a time (migration 0016).
 */
export async function findTenantSecret(db: Kysely<DB>, tenantId: number): Promise<string | undefined> {
  const read = (trx: Kysely<DB>) => trx.selectFrom('tenant_secret').select('secret').where('tenant_id', '=', tenantId).executeTakeFirst();
  // Inside a tenant's transaction (withTenant) the row is visible already; else open one.
  const row = db.isTransaction ? await read(db) : await withTenant(db, tenantId, read);
  return row?.secret;
}

/** The tenant's secret through the node's cache, or TENANT_NOT_FOUND. */
export async function tenantSecret(app: FastifyInstance, tenantId: number): Promise<string> {
  // One query while the node's cache is cold, none while it is warm (server/lib/tenant-secrets.ts).
  const secret = await app.tenantSecrets.get(tenantId);
  if (!secret) throw new ApiError(`No tenant has the id ${tenantId}.`, { code: 404, errorCode: 'TENANT_NOT_FOUND' });
  return secret;
}
