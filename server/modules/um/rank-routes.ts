import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { ok } from '../../plugins/envelope';
import { listOptions } from '../../lib/listing';
import { readTenant } from '../../lib/tenant-context';
import { listIntegralRank, listTeacherRank } from './rank-repository';
import { IntegralRankItem, IntegralRankQuery, TeacherRankItem, TeacherRankQuery } from '../../../schemas/api/um';

/** um: the points and teacher boards of spec learning §7 "User-related". */
export async function umRankRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/um/api/userIntegrate/rank', {
    schema: {
      tags: ['um'], summary: 'Points ranking: learners by points, most first',
      querystring: IntegralRankQuery,
      response: { 200: Envelope(Paged(IntegralRankItem)) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => ok(await listIntegralRank(trx, listOptions(req.query)))));

  r.get('/um/api/teacher/rank', {
    schema: {
      tags: ['um'], summary: 'Teacher ranking: teachers by contribution score, highest first',
      querystring: TeacherRankQuery,
      response: { 200: Envelope(Paged(TeacherRankItem)) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => ok(await listTeacherRank(trx, listOptions(req.query)))));
}
