// The personal center's study lists (spec learning §2 "Personal center": myCourse,
// myKnowledge/{type}, mySubject; §7 course, subject and content searchByUser; docs/api.md
// "Personal center: study"). Each needs a signed-in user of the call's tenant and lists only that
// user's own study, newest first.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { searchStudiedContents, searchStudiedCourses, searchStudiedSubjects } from './my-study-repository';
import { MyContentQuery, MyStudyQuery, StudiedContent, StudiedCourse, StudiedSubject } from '../../../schemas/api/cm/my-study';

/** The study lists; registered from cmRoutes (server/modules/cm/routes.ts). */
export async function myStudyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/cm/api/course/searchByUser', {
    schema: {
      tags: ['cm'], summary: 'A page of the courses the caller studied (any lesson), newest study first, with lesson and finished counts',
      querystring: MyStudyQuery, response: { 200: Envelope(Paged(StudiedCourse)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10 } = req.query;
    return ok(await readTenant(app, user.tenantId, (trx) => searchStudiedCourses(trx, user.userId, { pageNo, pageSize })));
  });

  r.get('/cm/api/subject/searchByUser', {
    schema: {
      tags: ['cm'], summary: 'A page of the subjects the caller studied (a content or a lesson of one of its courses), newest study first',
      querystring: MyStudyQuery, response: { 200: Envelope(Paged(StudiedSubject)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10 } = req.query;
    return ok(await readTenant(app, user.tenantId, (trx) => searchStudiedSubjects(trx, user.userId, { pageNo, pageSize })));
  });

  r.get('/cm/api/content/searchByUser', {
    schema: {
      tags: ['cm'], summary: 'A page of the contents the caller studied (in a course or not) of the given purposes, newest study first, with progress',
      querystring: MyContentQuery, response: { 200: Envelope(Paged(StudiedContent)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10, purpose } = req.query;
    return ok(await readTenant(app, user.tenantId, (trx) =>
      searchStudiedContents(trx, user.userId, { pageNo, pageSize, ...(purpose ? { purposes: purpose } : {}) })));
  });
}
