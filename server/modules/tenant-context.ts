import type { Kysely } from 'kysely';
import type { TenantInfo } from '../../schemas/tenant-settings';
import type { DB } from '../db/types';
import { ApiError } from '../plugins/envelope';
import { findTenantById } from './um/repository';

/** The tenant named by the call's tenantId, or a TENANT_NOT_FOUND failure the client can show. */
export async function requireTenant(db: Kysely<DB>, tenantId: number): Promise<TenantInfo> {
  const tenant = await findTenantById(db, tenantId);
  if (!tenant) throw new ApiError(`No tenant has the id ${tenantId}.`, { code: 404, errorCode: 'TENANT_NOT_FOUND' });
  return tenant;
}
