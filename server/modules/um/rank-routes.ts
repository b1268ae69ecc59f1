import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { ok } from '../../plugins/envelope';
import { PageParams, listOptions } from '../../lib/listing';
import { readTenant } from '../../lib/tenant-context';
import { listIntegralRank, listTeacherRank } from './rank-repository';
import { IntegralRankItem, TeacherRankItem } from '../../../schemas/api/um';

/** um: the points and teacher boards of spec learning §7 "User-related". */
export async function umRankRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/um/api/userIntegrate/rank', {
    schema: {
      tags: ['um'], summary: 'Points ranking: learners by points, most first',
      querystring: Type.Object(PageParams),
      response: { 200: Envelope(Paged(IntegralRankItem)) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => ok(await listIntegralRank(trx, listOptions(req.query)))));

  r.get('/um/api/teacher/rank', {
    schema: {
      tags: ['um'], summary: 'Teacher ranking: teachers by contribution score, highest first',
      querystring: Type.Object({ ...PageParams, searchValue: Type.Optional(Type.String({ maxLength: 100, description: 'Case-insensitive words in the name.' })) }),
      response: { 200: Envelope(Paged(TeacherRankItem)) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => ok(await listTeacherRank(trx, listOptions(req.query)))));
}
