import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope } from '../../../schemas/common';
import { TenantByCode, TenantByCodeQuery, TenantQuery } from '../../../schemas/api/um';
import { TenantInfo } from '../../../schemas/tenant-settings';
import { ApiError, ok } from '../../plugins/envelope';
import { findTenantByCode, requireTenant } from '../../lib/tenant-context';

/** um: the tenant directory calls of spec shell §7 "Tenant and settings". */
export async function umRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/um/api/tenant/get', {
    schema: {
      tags: ['um'], summary: 'A tenant by id',
      querystring: TenantQuery,
      response: { 200: Envelope(TenantInfo) },
    },
  }, async (req) => ok(await requireTenant(app.db.app, req.query.tenantId)));

  r.get('/um/api/tenant/getByCode', {
    schema: {
      tags: ['um'], summary: 'Resolve a host code to a tenant (returns data.tenant.id)',
      querystring: TenantByCodeQuery,
      response: { 200: Envelope(TenantByCode) },
    },
  }, async (req) => {
    const tenant = await findTenantByCode(app.db.app, req.query.code);
    // spec shell §4 "App start": the client alerts 暂无企业ID when nothing is found.
    if (!tenant) throw new ApiError(`No tenant has the code "${req.query.code}".`, { code: 404, errorCode: 'TENANT_NOT_FOUND' });
    return ok({ tenant });
  });
}
