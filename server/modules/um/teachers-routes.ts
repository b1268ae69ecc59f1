// Teachers' pages (issue 19 part G; spec learning §2 "Teachers": /teacherList,
// /teacherList/teacherDetail, /teacherList/teacherContribution). The spec names only GET
// /um/api/teacher/rank (rank-routes.ts, unchanged); these calls are ours under the same prefix
// (docs/api.md "Teachers and the requirements hall"). Reading is public, as the pages are; rating
// needs a signed-in user of the tenant. The requirements hall's calls register from here too.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import {
  TeacherContribution, TeacherDetail, TeacherIdQuery, TeacherRateBody, TeacherRateResult, TeacherRatingsQuery, TeacherReview,
  TeacherSearchQuery, TeacherCard,
} from '../../../schemas/api/teachers';
import {
  contributionMonths, findMyRating, findTeacher, listRatings, ratingDistribution, searchTeachers, taughtLearners, teacherClasses,
  teacherContents, teacherCourses, upsertRating,
} from './teachers-repository';
import { requirementRoutes, viewerOf } from './teachers-requirement-routes';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';

type Trx = Transaction<DB>;

async function requireTeacher(trx: Trx, id: number) {
  const teacher = await findTeacher(trx, id);
  if (!teacher) throw new ApiError(`老师不存在或已停用（编号 ${id}）。`, { code: 404, errorCode: 'TEACHER_NOT_FOUND' });
  return teacher;
}

/** Issue 19 part G: teachers' pages and the requirements hall. */
export async function teachersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/um/api/teacher/search', {
    schema: {
      tags: ['um'], summary: 'Every active teacher (名师风采): card, courses and classes counts, rating; words in the name; by score, rating or name',
      querystring: TeacherSearchQuery, response: { 200: Envelope(Paged(TeacherCard)) },
    },
  }, async (req) => {
    const { pageNo = 1, pageSize = 10, searchValue, sort = 'score' } = req.query;
    return readTenant(app, req.query.tenantId, async (trx) => ok(await searchTeachers(trx, { pageNo, pageSize, searchValue, sort })));
  });

  r.get('/um/api/teacher/detail', {
    schema: {
      tags: ['um'], summary: 'A teacher\'s profile, the courses and classes they teach, the rating (average, count, stars) and mine',
      querystring: TeacherIdQuery, response: { 200: Envelope(TeacherDetail) },
    },
  }, async (req) => {
    const viewer = viewerOf(req, req.query.tenantId);
    return readTenant(app, req.query.tenantId, async (trx) => {
      const teacher = await requireTeacher(trx, req.query.id);
      const { userId, ...card } = teacher;
      return ok({
        ...card,
        courses: await teacherCourses(trx, teacher.id),
        classes: await teacherClasses(trx, teacher.id),
        distribution: await ratingDistribution(trx, teacher.id),
        myRating: viewer === null ? null : await findMyRating(trx, teacher.id, viewer),
        canRate: viewer !== null && viewer !== userId,
      });
    });
  });

  r.get('/um/api/teacher/ratings', {
    schema: {
      tags: ['um'], summary: 'Learners\' reviews of a teacher (stars and comment), newest edit first',
      querystring: TeacherRatingsQuery, response: { 200: Envelope(Paged(TeacherReview)) },
    },
  }, async (req) => {
    const viewer = viewerOf(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10 } = req.query;
    return readTenant(app, req.query.tenantId, async (trx) => {
      await requireTeacher(trx, req.query.id);
      return ok(await listRatings(trx, req.query.id, viewer, { pageNo, pageSize }));
    });
  });

  r.post('/um/api/teacher/rate', {
    schema: {
      tags: ['um'], summary: 'Rates a teacher 1–5 with an optional comment (≤ 500); once per learner and teacher, a second call edits it',
      body: TeacherRateBody, response: { 200: Envelope(TeacherRateResult) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const comment = req.body.comment?.trim() || null;
    return readTenant(app, user.tenantId, async (trx) => {
      const teacher = await requireTeacher(trx, req.body.teacherId);
      // Ours (docs/growth.md): a teacher's own account does not rate itself.
      if (teacher.userId === user.userId) throw new ApiError('不能给自己评分。', { code: 403, errorCode: 'TEACHER_SELF_RATING' });
      const before = await findMyRating(trx, teacher.id, user.userId);
      await upsertRating(trx, user.tenantId, teacher.id, user.userId, req.body.score, comment);
      const after = (await findTeacher(trx, teacher.id))!;
      return ok({
        ratingAvg: after.ratingAvg, ratingCount: after.ratingCount, distribution: await ratingDistribution(trx, teacher.id),
        myRating: (await findMyRating(trx, teacher.id, user.userId))!,
      }, before ? '评分已修改' : '评分成功');
    });
  });

  r.get('/um/api/teacher/contribution', {
    schema: {
      tags: ['um'], summary: 'What a teacher made (courses, contents, classes) and the learners they taught: totals, the last 12 months and the lists',
      querystring: TeacherIdQuery, response: { 200: Envelope(TeacherContribution) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => {
    const { userId, ...teacher } = await requireTeacher(trx, req.query.id);
    const courses = await teacherCourses(trx, teacher.id, 500);
    const classes = await teacherClasses(trx, teacher.id, 500);
    const contents = await teacherContents(trx, teacher.name, userId);
    const learners = await taughtLearners(trx, teacher.id);
    const now = (await trx.selectNoFrom((eb) => eb.fn<Date>('now', []).as('now')).executeTakeFirstOrThrow()).now;
    return ok({
      teacher,
      totals: { courses: courses.length, contents: contents.length, classes: classes.length, learners: learners.length },
      months: contributionMonths(now, {
        courses: courses.map((c) => c.publishTime), contents: contents.map((c) => c.publishTime),
        classes: classes.map((c) => c.startTime), learners: learners.map((l) => l.firstAt),
      }),
      courses, contents, classes, learners: learners.slice(0, 100),
    });
  }));

  await requirementRoutes(app);
}
