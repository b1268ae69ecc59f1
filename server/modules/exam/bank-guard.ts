// Who may use the question bank and the exam builder (issue 18 part A): the back-office's rule,
// exactly as /cfg/api/admin/* (spec shell §6: the admin entry is for tenantType 1 with adminAuth).
// A module never imports another (issue 14 point 5), so the two checks are repeated here, not
// imported from cfg.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { withTenant } from '../../db/database';
import type { DB } from '../../db/types';
import { requireUser } from '../../plugins/auth';
import { ApiError } from '../../plugins/envelope';
import { requireTenant } from '../../lib/tenant-context';

/** spec shell §6: tenant type 1 is the one with a back-office. */
const ADMIN_TENANT_TYPE = 1;

export type Trx = Transaction<DB>;

/** The caller, who must hold the back-office right in a tenant that has one; then `work` runs in the tenant. */
export async function asBankAdmin<T>(app: FastifyInstance, req: FastifyRequest, tenantId: number, work: (trx: Trx, userId: number) => Promise<T>): Promise<T> {
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
    return work(trx, user.userId);
  });
}
