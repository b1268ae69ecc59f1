// Issue 21 X (spec shell §7 "GET /um/api/organ/getOrganList"; docs/api.md "Issue 21: profile
// summary, find by mobile, the org tree, dictionaries"): the tenant's departments as a tree, the
// source of the profile's department picker and the points board's organisation filter. Open to
// guests like the board, which already shows these names.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope } from '../../../schemas/common';
import { TenantQuery } from '../../../schemas/api/um';
import { OrganList } from '../../../schemas/api/profile-organ-dict';
import { ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { listOrganTree } from './organ-repository';

/** GET /um/api/organ/getOrganList; registered from umService (server/modules/um/index.ts). */
export async function organRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/um/api/organ/getOrganList', {
    schema: {
      tags: ['um'], summary: 'The tenant\'s organisation tree: departments with parent, name, sort, depth and path, parents first, siblings by sort',
      querystring: TenantQuery, response: { 200: Envelope(OrganList) },
    },
  }, async (req) => ok(await readTenant(app, req.query.tenantId, (trx) => listOrganTree(trx))));
}
