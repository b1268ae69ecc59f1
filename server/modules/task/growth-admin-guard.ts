// Who may use the back-office's competition and game editors (issue 19 part I): the back-office's
// rule, exactly as /cfg/api/admin/* (spec shell §6: the admin entry is for tenantType 1 with
// adminAuth); the one check is the kernel's, server/lib/back-office.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { asBackOfficeAdmin } from '../../lib/back-office';

export type Trx = Transaction<DB>;

/** The caller, who must hold the back-office right in a tenant that has one; then `work` runs in the tenant (server/lib/back-office.ts). */
export async function asGrowthAdmin<T>(app: FastifyInstance, req: FastifyRequest, tenantId: number, work: (trx: Trx, userId: number) => Promise<T>): Promise<T> {
  return asBackOfficeAdmin(app, req, tenantId, (trx, userId) => work(trx, userId));
}
