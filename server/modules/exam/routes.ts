import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { ok } from '../../plugins/envelope';
import { ListParams, listOptions } from '../../lib/listing';
import { readTenant } from '../../lib/tenant-context';
import { paperRoutes } from './paper-routes';
import { searchExams } from './repository';
import { ExamItem } from '../../../schemas/api/exam';

/** exam: the exam and survey list of spec learning §7 "Exams", and sitting them (paper-routes.ts). */
export async function examRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/exam/api/exam/search', {
    schema: {
      tags: ['exam'], summary: 'Published exams and surveys (/examList asks type exam, /surveyList type survey; sort popular: most joined)',
      querystring: Type.Object({
        ...ListParams,
        type: Type.Optional(Type.Enum(['exam', 'survey'], { description: 'exam or survey; both when absent.' })),
        windowState: Type.Optional(Type.Enum(['upcoming', 'open', 'closed'], { description: 'Only those whose answering window is in this state now.' })),
      }),
      response: { 200: Envelope(Paged(ExamItem)) },
    },
  }, async (req) => {
    const { type, windowState } = req.query;
    return readTenant(app, req.query.tenantId, async (trx) => ok(await searchExams(trx, { ...listOptions(req.query), type, windowState })));
  });

  await paperRoutes(app);
}
