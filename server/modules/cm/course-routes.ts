// cm course detail (spec learning §7: GET /cm/api/course/info, phaseContent, phaseContentSum): the
// course, its chapters with their lessons, and their totals, for /course/detail/{id}. An unknown or
// unpublished course, or another tenant's, answers COURSE_NOT_FOUND (docs/api.md "Course detail").
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Transaction } from 'kysely';
import { Type } from 'typebox';
import { Envelope } from '../../../schemas/common';
import type { DB } from '../../db/types';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { findCourse, listCoursePhases, publishedCourseExists, sumCoursePhases } from './course-repository';
import { CourseInfo, CoursePhase, CoursePhaseSum, CourseQuery } from '../../../schemas/api/cm/course';

/** The error of a course the tenant does not publish. */
function courseNotFound(id: number): ApiError {
  return new ApiError(`No published course has the id ${id} in this tenant.`, { code: 404, errorCode: 'COURSE_NOT_FOUND' });
}

/** Runs `work` when the course is published, else answers COURSE_NOT_FOUND. */
async function ofPublishedCourse<T>(trx: Transaction<DB>, id: number, work: () => Promise<T>): Promise<T> {
  if (!(await publishedCourseExists(trx, id))) throw courseNotFound(id);
  return work();
}

/** The course detail calls; registered from cmRoutes (server/modules/cm/routes.ts). */
export async function courseRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/cm/api/course/info', {
    schema: {
      tags: ['cm'], summary: 'One published course with its teacher, counts and total length',
      querystring: CourseQuery,
      response: { 200: Envelope(CourseInfo) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => {
    const found = await findCourse(trx, req.query.id);
    if (!found) throw courseNotFound(req.query.id);
    return ok(found);
  }));

  r.get('/cm/api/course/phaseContent', {
    schema: {
      tags: ['cm'], summary: 'The chapters of a published course in order, each with its lessons in order',
      querystring: CourseQuery,
      response: { 200: Envelope(Type.Array(CoursePhase)) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, (trx) =>
    ofPublishedCourse(trx, req.query.id, async () => ok(await listCoursePhases(trx, req.query.id)))));

  r.get('/cm/api/course/phaseContentSum', {
    schema: {
      tags: ['cm'], summary: 'How many chapters and lessons a published course has, and their total length',
      querystring: CourseQuery,
      response: { 200: Envelope(CoursePhaseSum) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, (trx) =>
    ofPublishedCourse(trx, req.query.id, async () => ok(await sumCoursePhases(trx, req.query.id)))));
}
