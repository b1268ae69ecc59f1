// Archives: the learner's learning file (issue 19 part D; spec learning §2 "Archives", §7
// /um/api/userStatistics/get, /um/api/userStudy/search, /dataapi/study/LearningProcess,
// /cm/api/contentRecord/searchUser; schemas/api/archives.ts). Self-directed study
// (/um/api/autonomyStudy/search, save, delete) and study time by period
// (/um/api/userStatistics/studyTime) are ours: the spec names no call for them. Every call is the
// signed-in learner's own file, read inside the tenant's transaction (row-level security).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { awardPoints } from '../../lib/points';
import { countCredentials } from '../../lib/credentials';
import { tenantToday } from './study-time-repository';
import { countEntries, findEntry, pointsAndLevel, searchContentRecords, searchEntries } from './archives-repository';
import { processSteps } from './archives-process';
import {
  dayMinutes, deleteAutonomy, findAutonomy, insertAutonomy, lockLearner, searchAutonomy, studyTimeBuckets, studyTotals, updateAutonomy,
} from './archives-autonomy';
import {
  ArchiveEntry, AUTONOMY_MINUTES_MAX, AUTONOMY_TITLE_MAX, AUTONOMY_TITLE_MIN, AutonomyDeleteBody, AutonomyDeleted, AutonomyPage,
  AutonomySaveBody, AutonomySaved, AutonomySearchQuery, ContentRecordItem, ContentRecordQuery, LearningProcess, LearningProcessQuery,
  STUDY_TIME_MAX_PERIODS, StudyTimeDetail, StudyTimeQuery, TenantOnlyQuery, UserStatistics, UserStudyQuery, type AutonomyAttachment,
} from '../../../schemas/api/archives';

const fail = (message: string, errorCode: string, code = 400) => new ApiError(message, { code, errorCode });

const KIND_NAMES = { course: '课程', content: '内容', exam: '考试', classes: '培训班', task: '任务', autonomy: '自主学习记录' } as const;

/** A real calendar day 'YYYY-MM-DD' (2026-02-30 is not). */
const realDay = (day: string) => {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day;
};

/** Checks a period filter: real days, in order. */
function checkPeriod(startDate: string | undefined, endDate: string | undefined): void {
  for (const d of [startDate, endDate]) if (d !== undefined && !realDay(d)) throw fail(`日期“${d}”不是有效的日期，请按 年-月-日 填写。`, 'VALIDATION');
  if (startDate && endDate && startDate > endDate) throw fail(`开始日期（${startDate}）晚于结束日期（${endDate}），请调整时间段。`, 'VALIDATION');
}

const UPLOAD_PATH = (tenantId: number) => new RegExp(`^(/uploads/|https?://[^\\s]+/)u/${tenantId}/\\d{4}-\\d{2}/[0-9a-f-]{36}\\.[a-z0-9]{1,5}$`);

/** The attachment must come from this tenant's upload flow (spec shell §7 "Upload"): no outside links, no other tenant's files. */
function checkAttachment(tenantId: number, a: AutonomyAttachment | null | undefined): AutonomyAttachment | null {
  if (!a) return null;
  if (!UPLOAD_PATH(tenantId).test(a.url)) throw fail(`附件“${a.name}”不是通过本站上传的文件，请重新上传。`, 'FILE_NOT_UPLOADED');
  return { name: a.name.trim() || 'file', url: a.url, size: a.size, contentType: a.contentType };
}

/** The archive calls; registered from umService. */
export async function archivesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/um/api/userStatistics/get', {
    schema: {
      tags: ['um'], summary: 'My learning file\'s summary: study time (all, this month, online, self-directed), courses, contents, exams, classes, tasks, points, level and credentials',
      querystring: TenantOnlyQuery, response: { 200: Envelope(UserStatistics) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const { timeZone, today } = await tenantToday(trx, user.tenantId);
      const totals = await studyTotals(trx, user.userId, today);
      const counts = await countEntries(trx, user.userId, timeZone);
      const { points, level } = await pointsAndLevel(trx, user.userId);
      const credentials = await countCredentials(trx, user.userId);
      return ok({
        today, timeZone, totalSeconds: totals.onlineSeconds + totals.autonomySeconds, monthSeconds: totals.monthSeconds,
        onlineSeconds: totals.onlineSeconds, autonomySeconds: totals.autonomySeconds, studyDays: totals.studyDays,
        ...counts, points, level, credentials,
      });
    });
  });

  r.get('/um/api/userStudy/search', {
    schema: {
      tags: ['um'], summary: 'My learning entries (courses, contents, exams, classes, tasks, self-directed study), newest study first, by kind, state and period',
      querystring: UserStudyQuery, response: { 200: Envelope(Paged(ArchiveEntry)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    checkPeriod(req.query.startDate, req.query.endDate);
    const { pageNo = 1, pageSize = 10 } = req.query;
    return readTenant(app, user.tenantId, async (trx) => {
      const { timeZone } = await tenantToday(trx, user.tenantId);
      return ok(await searchEntries(trx, user.userId, timeZone, { ...req.query, pageNo, pageSize }));
    });
  });

  r.get('/dataapi/study/LearningProcess', {
    schema: {
      tags: ['dataapi'], summary: 'One entry of my learning file and its process: the lessons, parts, attempts or items with state, time, progress and score',
      querystring: LearningProcessQuery, response: { 200: Envelope(LearningProcess) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { type, id } = req.query;
    return readTenant(app, user.tenantId, async (trx) => {
      const { timeZone } = await tenantToday(trx, user.tenantId);
      const entry = await findEntry(trx, user.userId, timeZone, type, id);
      if (!entry) throw fail(`你的学习档案里没有这条${KIND_NAMES[type]}记录（编号 ${id}）：可能还没有开始学习，或记录已删除。`, 'ARCHIVE_ENTRY_NOT_FOUND', 404);
      return ok({ entry, steps: await processSteps(trx, user.userId, entry) });
    });
  });

  r.get('/cm/api/contentRecord/searchUser', {
    schema: {
      tags: ['cm'], summary: 'My content records: every content I studied with its progress, state and time studied, newest study first',
      querystring: ContentRecordQuery, response: { 200: Envelope(Paged(ContentRecordItem)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10 } = req.query;
    return readTenant(app, user.tenantId, async (trx) => ok(await searchContentRecords(trx, user.userId, pageNo, pageSize)));
  });

  r.get('/um/api/userStatistics/studyTime', {
    schema: {
      tags: ['um'], summary: 'My study time by day, week (from Monday) or month, online and self-directed, the last `count` periods ending with the current one (ours)',
      querystring: StudyTimeQuery, response: { 200: Envelope(StudyTimeDetail) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { unit } = req.query;
    const count = req.query.count ?? { day: 7, week: 8, month: 6 }[unit];
    const max = STUDY_TIME_MAX_PERIODS[unit];
    if (count > max) throw fail(`按${{ day: '天', week: '周', month: '月' }[unit]}统计最多查看 ${max} 个时间段，当前请求 ${count} 个。`, 'VALIDATION');
    return readTenant(app, user.tenantId, async (trx) => {
      const { timeZone, today } = await tenantToday(trx, user.tenantId);
      const buckets = await studyTimeBuckets(trx, user.userId, today, unit, count);
      return ok({
        unit, today, timeZone, buckets,
        onlineSeconds: buckets.reduce((s, b) => s + b.onlineSeconds, 0), autonomySeconds: buckets.reduce((s, b) => s + b.autonomySeconds, 0),
      });
    });
  });

  // --- Self-directed study (ours) ----------------------------------------------------------------

  r.get('/um/api/autonomyStudy/search', {
    schema: {
      tags: ['um'], summary: 'My self-directed study entries, newest day first, by kind and period, with the minutes of all that match (ours)',
      querystring: AutonomySearchQuery, response: { 200: Envelope(AutonomyPage) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    checkPeriod(req.query.startDate, req.query.endDate);
    const { pageNo = 1, pageSize = 10 } = req.query;
    return readTenant(app, user.tenantId, async (trx) => ok(await searchAutonomy(trx, user.userId, req.query, pageNo, pageSize)));
  });

  r.post('/um/api/autonomyStudy/save', {
    schema: {
      tags: ['um'], summary: 'Logs (no id) or edits one of my self-directed study entries; awards the autonomy_study points once per entry (ours)',
      body: AutonomySaveBody, response: { 200: Envelope(AutonomySaved) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const b = req.body;
    const title = b.title.trim();
    // Our rules (docs/growth.md "Archives"): title 2–60 after trimming, minutes 1–720 per entry and per day, no future date.
    if (title.length < AUTONOMY_TITLE_MIN || title.length > AUTONOMY_TITLE_MAX) {
      throw fail(`标题需为 ${AUTONOMY_TITLE_MIN}–${AUTONOMY_TITLE_MAX} 个字，当前 ${title.length} 个字。`, 'VALIDATION');
    }
    if (!realDay(b.studyDate)) throw fail(`学习日期“${b.studyDate}”不是有效的日期。`, 'VALIDATION');
    const attachment = checkAttachment(user.tenantId, b.attachment);
    const write = { title, kind: b.kind, studyDate: b.studyDate, minutes: b.minutes, note: (b.note ?? '').trim(), attachment };
    return readTenant(app, user.tenantId, async (trx) => {
      const { today } = await tenantToday(trx, user.tenantId);
      if (b.studyDate > today) throw fail(`学习日期不能晚于今天（${today}）：自主学习只能记录已经完成的学习。`, 'AUTONOMY_FUTURE_DATE');
      await lockLearner(trx, user.tenantId, user.userId);
      if (b.id !== undefined && !(await findAutonomy(trx, user.userId, b.id))) {
        throw fail(`没有找到这条自主学习记录（编号 ${b.id}），可能已被删除。`, 'AUTONOMY_NOT_FOUND', 404);
      }
      const others = await dayMinutes(trx, user.userId, b.studyDate, b.id);
      if (others + b.minutes > AUTONOMY_MINUTES_MAX) {
        throw fail(`${b.studyDate} 已记录自主学习 ${others} 分钟，每天合计最多 ${AUTONOMY_MINUTES_MAX} 分钟，这条最多还能填 ${Math.max(0, AUTONOMY_MINUTES_MAX - others)} 分钟。`, 'AUTONOMY_DAY_LIMIT');
      }
      const id = b.id ?? await insertAutonomy(trx, user.tenantId, user.userId, write);
      if (b.id !== undefined) await updateAutonomy(trx, user.userId, id, write);
      // spec learning §9 "points ... not shown": part C's rule for autonomy_study; once per entry (ref), units = minutes.
      // docs/growth.md "Archives": only the first save awards; "editing the minutes later ... changes no points".
      const points = b.id === undefined
        ? await awardPoints(trx, { userId: user.userId, kind: 'autonomy_study', ref: `autonomy:${id}`, units: b.minutes, note: title })
        : 0;
      const entry = (await findAutonomy(trx, user.userId, id))!;
      return ok({ entry, points, dayMinutes: others + b.minutes }, b.id === undefined ? '已记录' : '已保存');
    });
  });

  r.post('/um/api/autonomyStudy/delete', {
    schema: {
      tags: ['um'], summary: 'Deletes one of my self-directed study entries (ours)',
      body: AutonomyDeleteBody, response: { 200: Envelope(AutonomyDeleted) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      if (!(await deleteAutonomy(trx, user.userId, req.body.id))) {
        throw fail(`没有找到这条自主学习记录（编号 ${req.body.id}），可能已被删除。`, 'AUTONOMY_NOT_FOUND', 404);
      }
      return ok({ id: req.body.id }, '已删除');
    });
  });
}
