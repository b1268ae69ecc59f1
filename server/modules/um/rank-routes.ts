import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { ok } from '../../plugins/envelope';
import { listOptions } from '../../lib/listing';
import { readTenant } from '../../lib/tenant-context';
import { listTeacherRank } from './rank-repository';
import { TeacherRankItem, TeacherRankQuery } from '../../../schemas/api/um';

/** um: the teacher board of spec learning §7 "User-related". */
export async function umRankRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  // GET /um/api/userIntegrate/rank moved to points-routes.ts (issue 19 part C: periods, organisations, the caller's place).

  r.get('/um/api/teacher/rank', {
    schema: {
      tags: ['um'], summary: 'Teacher ranking: teachers by contribution score, highest first',
      querystring: TeacherRankQuery,
      response: { 200: Envelope(Paged(TeacherRankItem)) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => ok(await listTeacherRank(trx, listOptions(req.query)))));
}
