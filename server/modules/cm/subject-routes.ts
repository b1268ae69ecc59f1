// cm subject detail (spec learning §7: GET /cm/api/subject/info, content): the subject (topic) and
// the courses and contents it collects, in order, for /subject/detail/{id}. An unknown or
// unpublished subject, or another tenant's, answers SUBJECT_NOT_FOUND (docs/api.md "Subject detail").
// Public, like the page (spec learning §2 "Details"); a learner's progress is getCourseRecord's.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../../schemas/common';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { findSubject, listSubjectItems, publishedSubjectExists } from './subject-repository';
import { SubjectEntry, SubjectInfo, SubjectQuery } from '../../../schemas/api/cm/subject';

/** The error of a subject the tenant does not publish. */
function subjectNotFound(id: number): ApiError {
  return new ApiError(`No published subject has the id ${id} in this tenant.`, { code: 404, errorCode: 'SUBJECT_NOT_FOUND' });
}

/** The subject detail calls; registered from cmRoutes (server/modules/cm/routes.ts). */
export async function subjectRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/cm/api/subject/info', {
    schema: {
      tags: ['cm'], summary: 'One published subject (topic) with the counts and total length of its courses and contents',
      querystring: SubjectQuery,
      response: { 200: Envelope(SubjectInfo) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => {
    const found = await findSubject(trx, req.query.id);
    if (!found) throw subjectNotFound(req.query.id);
    return ok(found);
  }));

  r.get('/cm/api/subject/content', {
    schema: {
      tags: ['cm'], summary: 'The published courses and contents of a published subject, in its order',
      querystring: SubjectQuery,
      response: { 200: Envelope(Type.Array(SubjectEntry)) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => {
    if (!(await publishedSubjectExists(trx, req.query.id))) throw subjectNotFound(req.query.id);
    return ok(await listSubjectItems(trx, req.query.id));
  }));
}
