// Who may use the question bank and the exam builder (issue 18 part A): the back-office's rule,
// exactly as /cfg/api/admin/* (spec shell §6: the admin entry is for tenantType 1 with adminAuth).
// The one check is the kernel's, server/lib/back-office.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { asBackOfficeAdmin } from '../../lib/back-office';

export type Trx = Transaction<DB>;

/** The caller, who must hold the back-office right in a tenant that has one; then `work` runs in the tenant (server/lib/back-office.ts). */
export async function asBankAdmin<T>(app: FastifyInstance, req: FastifyRequest, tenantId: number, work: (trx: Trx, userId: number) => Promise<T>): Promise<T> {
  return asBackOfficeAdmin(app, req, tenantId, (trx, userId) => work(trx, userId));
}
