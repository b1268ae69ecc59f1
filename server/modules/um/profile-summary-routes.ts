// Issue 21 X (spec shell §7 "GET /um/api/profile/searchSummary"; docs/api.md "Issue 21: profile
// summary, find by mobile, the org tree, dictionaries"): the signed-in learner's counts for the
// personal center. Only the caller's own summary: there is no userId to ask for someone else's.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope } from '../../../schemas/common';
import { TenantQuery } from '../../../schemas/api/um';
import { ProfileSummary } from '../../../schemas/api/profile-organ-dict';
import { requireUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { findProfileSummary } from './profile-summary-repository';

/** GET /um/api/profile/searchSummary; registered from umService (server/modules/um/index.ts). */
export async function profileSummaryRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/um/api/profile/searchSummary', {
    schema: {
      tags: ['um'], summary: 'The signed-in learner\'s counts: courses studied and finished, contents finished, study time, points, certificates, favourites, follows',
      querystring: TenantQuery, response: { 200: Envelope(ProfileSummary) },
    },
  }, async (req) => {
    // A token is one tenant's: another tenant's token is NOT_SIGNED_IN here (requireUser).
    const user = requireUser(req, req.query.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => findProfileSummary(trx, user.userId)));
  });
}
