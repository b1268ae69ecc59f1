// Who may use the back-office (spec shell §6: "Admin link: shown when tenant type is 1 and adminAuth
// is set"): a signed-in user of the call's tenant, in a tenant of type 1, whose account holds
// adminAuth. Every back-office call checks it (settings, pages, the question bank and exams, points
// rules, tasks, certificates, competitions and games); it lives in the kernel because those calls
// are in several modules and a module never imports another.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { withTenant } from '../db/database';
import type { DB } from '../db/types';
import { requireUser } from '../plugins/auth';
import { ApiError } from '../plugins/envelope';
import type { TenantInfo } from '../../schemas/tenant-settings';
import { requireTenant } from './tenant-context';

/** spec shell §6: tenant type 1 is the one with a back-office. */
export const ADMIN_TENANT_TYPE = 1;

/**
 * Runs `work` in the tenant's transaction when the caller holds the back-office right there:
 * 401 for no or another tenant's session (requireUser), 403 ADMIN_NOT_ENABLED for a tenant without
 * a back-office, 403 NO_ADMIN_AUTH for an account without the right.
 */
export async function asBackOfficeAdmin<T>(
  app: FastifyInstance, req: FastifyRequest, tenantId: number,
  work: (trx: Transaction<DB>, userId: number, tenant: TenantInfo) => Promise<T>,
): Promise<T> {
  const user = requireUser(req, tenantId);
  const tenant = await requireTenant(app.db.app, tenantId);
  if (tenant.tenantType !== ADMIN_TENANT_TYPE) {
    throw new ApiError('该租户未开通管理后台。', { code: 403, errorCode: 'ADMIN_NOT_ENABLED' });
  }
  return withTenant(app.db.app, tenantId, async (trx) => {
    const row = await trx.selectFrom('user_account').select('admin_auth').where('id', '=', user.userId).executeTakeFirst();
    if (!row?.admin_auth) {
      throw new ApiError('您没有管理后台的权限，请联系租户管理员开通。', { code: 403, errorCode: 'NO_ADMIN_AUTH' });
    }
    return work(trx, user.userId, tenant);
  });
}
