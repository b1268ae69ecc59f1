import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { ok } from '../../plugins/envelope';
import { listOptions } from '../../lib/listing';
import { readTenant } from '../../lib/tenant-context';
import { paperRoutes } from './paper-routes';
import { practiceRoutes } from './practice-routes';
import { searchExams } from './repository';
import { ExamItem, ExamSearchQuery } from '../../../schemas/api/exam';

/** exam: the exam and survey list of spec learning §7 "Exams", and sitting them (paper-routes.ts). */
export async function examRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/exam/api/exam/search', {
    schema: {
      tags: ['exam'], summary: 'Published exams and surveys (/examList asks type exam, /surveyList type survey; sort popular: most joined)',
      querystring: ExamSearchQuery,
      response: { 200: Envelope(Paged(ExamItem)) },
    },
  }, async (req) => {
    const { type, windowState } = req.query;
    return readTenant(app, req.query.tenantId, async (trx) => ok(await searchExams(trx, { ...listOptions(req.query), type, windowState })));
  });

  await paperRoutes(app);
  // issue 18: mock practice, practice sets and the wrong-answer book (practice-routes.ts).
  await practiceRoutes(app);
}
