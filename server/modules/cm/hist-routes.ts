// cm study history (spec learning §3 "Study record", "Progress response"; §4 "finished never
// reverts"; §7 "Study history"; docs/api.md "Study history"): the player's progress saves and the
// reads the course pages and the player resume from. Every call needs a signed-in user of the
// call's tenant.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { withTenant } from '../../db/database';
import { Envelope } from '../../../schemas/common';
import { studyLogKey, verifyStudyLogCode, type StudyLogFields, type StudyLogScope } from '../../lib/study-log-code';
import { requireUser, type AuthUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { tenantSecret } from '../../lib/tenant-context';
import { issueCredentialsFor } from '../../lib/credentials';
import { awardPoints, awardStudyTimePoints, contentTitle, courseTitle } from '../../lib/points';
import {
  contentExists, contentInScope, countFinishedLessons, emptyProgress, findStudyRecord, isContentFinished, lessonScopeExists,
  listScopeRecords, upsertStudyRecord, type LessonScope, type StudyLogWrite,
} from './hist-repository';
import { progressWriters, StudyWriteBatcher } from './hist-batcher';
import { StudyPointsQueue } from './study-points';
import { ContentQuery, CourseRecord, CourseRecordQuery, FinishFlag, FinishFlagQuery, ProgressResponse, StudyLogBody } from '../../../schemas/api/cm/hist';

/** Tolerance for a position reported a little past the end (the player's clock and the media's length differ). */
const PROGRESS_SLACK_SECONDS = 5;

const contentNotFound = () => new ApiError('内容不存在', { code: 404, errorCode: 'CONTENT_NOT_FOUND' });

/** A course or subject id as sent: 0 and null both mean none. */
const scopeIdOf = (id: number | null | undefined): number | null => (id ? id : null);

/**
 * The write a body asks for, after the checks every write route shares. spec learning §3 "Study
 * record" lists the fields a record may carry; only contentId is required, the rest is derived
 * here: seconds are whole (a fraction is rounded down), no duration is an unknown one (0), no
 * position is the percentage's share of the duration, no state is finished exactly when the end
 * is reached, no listened time is the position reached, no savedAt is the server's clock.
 */
function studyLogWrite(user: AuthUser, body: StudyLogBody, now = Date.now()): StudyLogWrite {
  const duration = Math.floor(body.duration ?? 0);
  const percentage = body.percentage ?? 0;
  const progress = body.progress !== undefined ? Math.floor(body.progress) : duration > 0 ? Math.floor((Math.min(100, percentage) * duration) / 100) : 0;
  if (duration > 0 && progress > duration + PROGRESS_SLACK_SECONDS) {
    throw new ApiError(`progress (${progress} s) is past the end of the content (duration ${duration} s); send a position within the duration.`, { code: 400, errorCode: 'VALIDATION' });
  }
  const reachedEnd = duration > 0 ? progress >= duration : percentage >= 100;
  return {
    userId: user.userId, contentId: body.contentId, partId: body.partId ?? 0, progress, duration,
    playTime: body.playTime !== undefined ? Math.floor(body.playTime) : progress,
    state: body.state ?? (reachedEnd ? 2 : 1),
    savedAt: body.savedAt ?? now, percentage,
    courseId: scopeIdOf(body.courseId), subjectId: scopeIdOf(body.subjectId), logType: body.logType ?? null, userTaskId: scopeIdOf(body.userTaskId),
    contentType: body.contentType?.trim() || null, terminal: body.terminal?.trim() || 'PC',
  };
}

/** The fields a courseLog's validCode covers, as the body sent them (absent ones as 0): the client cannot sign what the server derives. */
function signedFields(body: StudyLogBody): StudyLogFields {
  return {
    contentId: body.contentId, partId: body.partId ?? 0, courseId: scopeIdOf(body.courseId), subjectId: scopeIdOf(body.subjectId),
    progress: body.progress ?? 0, duration: body.duration ?? 0, playTime: body.playTime ?? 0, state: body.state ?? 0, savedAt: body.savedAt ?? 0,
  };
}

/** The course or subject a query or body names: exactly one of the two (0 or null: none). */
function lessonScope(q: { courseId?: number | null | undefined; subjectId?: number | null | undefined }): LessonScope {
  const courseId = scopeIdOf(q.courseId);
  const subjectId = scopeIdOf(q.subjectId);
  if ((courseId === null) === (subjectId === null)) throw new ApiError('Send exactly one of courseId and subjectId.', { code: 400, errorCode: 'VALIDATION' });
  return courseId !== null ? { courseId } : { subjectId: subjectId! };
}

const scopeOf = (scope: LessonScope): [StudyLogScope, number] => ('courseId' in scope ? ['course', scope.courseId] : ['subject', scope.subjectId]);

/** The study-history calls; registered from cmRoutes (server/modules/cm/routes.ts). */
export async function histRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  // Saves go over the batcher's own writer connections (issue 15 point 6: one round trip per batch).
  // PROGRESS_WRITERS=0 writes each batch in a transaction on the pool instead (docs/operations.md).
  const writers = progressWriters(process.env.PROGRESS_WRITERS);
  const batcher = new StudyWriteBatcher(app.db.app, undefined, app.metrics?.progressBatches, writers > 0 ? { connect: () => app.db.newAppClient(), writers } : {});
  app.addHook('onClose', async () => batcher.close());

  /** Writes a record that belongs to no course or subject (save and contentLog). */
  async function saveStandalone(user: AuthUser, body: StudyLogBody) {
    const write = studyLogWrite(user, body);
    if (write.courseId !== null || write.subjectId !== null) {
      throw new ApiError('A study log of a course or subject lesson goes to POST /cm/api/hist/courseLog with its validCode.', { code: 400, errorCode: 'USE_COURSE_LOG' });
    }
    const record = await batcher.write(user.tenantId, write);
    if (!record) throw contentNotFound();
    await studyPoints.after(user.tenantId, user.userId, write.contentId, write.partId, record.state === 2);
    return ok(record);
  }

  // Issue 19 part C (docs/growth.md "Points"): study time's points for the day so far and a
  // part's first finish, looked at after the save by one run per learner at a time (issue 15
  // point 6: the save path stays one batched write; server/modules/cm/study-points.ts).
  const studyPoints = new StudyPointsQueue(
    (tenantId, userId, finished) => withTenant(app.db.app, tenantId, async (t) => {
      await awardStudyTimePoints(t, userId);
      for (const { contentId, partId } of finished) {
        await awardPoints(t, { userId, kind: 'content_finish', ref: `content:${contentId}:${partId}`, note: await contentTitle(t, contentId) });
      }
    }),
    (err) => app.log.warn({ err }, 'Study points were not awarded; the save stands.'),
  );
  app.addHook('onClose', async () => studyPoints.settle());

  r.post('/cm/api/hist/save', {
    schema: {
      tags: ['cm'], summary: 'Save the floating player\'s progress on a content part outside any course or subject; idempotent, maxima only rise',
      body: StudyLogBody,
      response: { 200: Envelope(ProgressResponse) },
    },
  }, async (req) => saveStandalone(requireUser(req, req.body.tenantId), req.body));

  r.post('/cm/api/hist/contentLog', {
    schema: {
      tags: ['cm'], summary: 'Log study of a standalone content (same write as save)',
      body: StudyLogBody,
      response: { 200: Envelope(ProgressResponse) },
    },
  }, async (req) => saveStandalone(requireUser(req, req.body.tenantId), req.body));

  r.post('/cm/api/hist/courseLog', {
    schema: {
      tags: ['cm'], summary: 'Log study of a course or subject lesson, signed with the validCode of the logKey from getCourseRecord',
      body: StudyLogBody,
      response: { 200: Envelope(ProgressResponse) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const scope = lessonScope(req.body);
    const write = studyLogWrite(user, req.body);
    const [kind, id] = scopeOf(scope);
    const signed = await app.tenantSecrets.verify(user.tenantId, (secret) => verifyStudyLogCode(studyLogKey(secret, user.userId, kind, id), signedFields(req.body), req.body.validCode));
    if (!signed) {
      throw new ApiError('学习记录校验失败', { code: 403, errorCode: 'STUDY_LOG_FORGED' });
    }
    const record = await withTenant(app.db.app, user.tenantId, async (trx) => {
      if (!(await contentInScope(trx, scope, write.contentId))) {
        if (!(await contentExists(trx, write.contentId))) throw contentNotFound();
        throw new ApiError('内容不在该课程中', { code: 400, errorCode: 'CONTENT_NOT_IN_COURSE' });
      }
      const saved = await upsertStudyRecord(trx, write);
      // Issue 19 part E (docs/growth.md "Credentials"): the write that finishes a course's last
      // lesson finishes the course (the one finish rule), which issues the tenant's credentials for it.
      if (saved && write.state === 2 && 'courseId' in scope) {
        const { lessonCount, finishedCount } = await countFinishedLessons(trx, user.userId, scope);
        if (lessonCount > 0 && finishedCount === lessonCount) {
          await issueCredentialsFor(trx, user.userId, { kind: 'course', id: scope.courseId });
          // Issue 19 part C (docs/growth.md "Points"): finishing a course earns course_finish once.
          await awardPoints(trx, { userId: user.userId, kind: 'course_finish', ref: `course:${scope.courseId}`, note: await courseTitle(trx, scope.courseId) });
        }
      }
      return saved;
    });
    if (!record) throw contentNotFound();
    await studyPoints.after(user.tenantId, user.userId, write.contentId, write.partId, record.state === 2);
    return ok(record);
  });

  r.get('/cm/api/hist/getProgress', {
    schema: {
      tags: ['cm'], summary: 'The user\'s progress on a content part (zeros and state 0 when none)',
      querystring: ContentQuery,
      response: { 200: Envelope(ProgressResponse) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { contentId, partId = 0 } = req.query;
    const record = await withTenant(app.db.app, user.tenantId, (trx) => findStudyRecord(trx, user.userId, contentId, partId));
    return ok(record ?? emptyProgress(contentId, partId));
  });

  r.get('/cm/api/hist/getCourseRecord', {
    schema: {
      tags: ['cm'], summary: 'The user\'s records of a course\'s or subject\'s contents, and the logKey to sign its study logs with',
      querystring: CourseRecordQuery,
      response: { 200: Envelope(CourseRecord) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const scope = lessonScope(req.query);
    const [kind, id] = scopeOf(scope);
    const secret = await tenantSecret(app, user.tenantId);
    const answer = await withTenant(app.db.app, user.tenantId, async (trx) => {
      if (!(await lessonScopeExists(trx, scope))) {
        throw kind === 'course'
          ? new ApiError('课程不存在', { code: 404, errorCode: 'COURSE_NOT_FOUND' })
          : new ApiError('专题不存在', { code: 404, errorCode: 'SUBJECT_NOT_FOUND' });
      }
      const counts = await countFinishedLessons(trx, user.userId, scope);
      const records = await listScopeRecords(trx, user.userId, scope);
      return { ...counts, records };
    });
    return ok({
      courseId: kind === 'course' ? id : null, subjectId: kind === 'subject' ? id : null,
      logKey: studyLogKey(secret, user.userId, kind, id), ...answer,
    });
  });

  r.get('/cm/api/hist/getFinishFlag', {
    schema: {
      tags: ['cm'], summary: 'Whether the user finished a content part, or every lesson of a course (finishFlag 1)',
      querystring: FinishFlagQuery,
      response: { 200: Envelope(FinishFlag) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { contentId, partId = 0, courseId } = req.query;
    if ((contentId === undefined) === (courseId === undefined)) {
      throw new ApiError('Send exactly one of contentId and courseId.', { code: 400, errorCode: 'VALIDATION' });
    }
    const finished = await withTenant(app.db.app, user.tenantId, async (trx) => {
      if (contentId !== undefined) return isContentFinished(trx, user.userId, contentId, partId);
      const { lessonCount, finishedCount } = await countFinishedLessons(trx, user.userId, { courseId: courseId! });
      // A course without lessons has nothing to finish.
      return lessonCount > 0 && finishedCount === lessonCount;
    });
    return ok({ finishFlag: finished ? 1 as const : 0 as const });
  });
}
