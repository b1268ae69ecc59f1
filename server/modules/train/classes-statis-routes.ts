// A class's statistics, member assessment and rank (spec learning §2 /classes/statis and
// /classes/statisList; §7 classesMember queryMemberAssess, saveMemberAssess; /um/api/rank/
// classesUserRank). The overview is for anyone taking part in the class; other members' own
// figures and assessments are the class teacher's; a learner sees their own.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { maskName } from './classes-rules';
import { requireClass, requireParticipant, requireTeacher, userText } from './classes-access';
import { listScheduleItems } from './classes-progress-repository';
import { classOverview, listEnrolled, memberAssessRows, memberFigures, saveAssess } from './classes-statis';
import {
  ClassesPageQuery, ClassRank, ClassStatis, MemberAssess, MemberAssessQuery, MemberStatis, SaveMemberAssessBody, StatisListQuery, StatisQuery,
} from '../../../schemas/api/train-classes-more';

const memberNotFound = (userId: number) => new ApiError(`该培训班没有编号为 ${userId} 的在读学员。`, { code: 404, errorCode: 'MEMBER_NOT_FOUND' });

/** The statistics, assessment and rank calls; registered from trainRoutes. */
export async function classesStatisRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/train/api/classes/statis', {
    schema: {
      tags: ['train'], summary: 'Class statistics: members, completion per item and phase, attendance, time studied, comments; and one member\'s figures (mine, or another\'s for a teacher)',
      querystring: StatisQuery, response: { 200: Envelope(ClassStatis) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const a = await requireClass(trx, req.query.id, user.userId);
      requireParticipant(a);
      const whose = req.query.userId ?? user.userId;
      if (whose !== user.userId) requireTeacher(a, '查看其他学员的学习统计');
      const items = await listScheduleItems(trx, a.id);
      const all = await memberFigures(trx, a.id, items, await listEnrolled(trx, a.id));
      const member = all.find((m) => m.figures.userId === whose)?.figures ?? null;
      if (req.query.userId !== undefined && member === null) throw memberNotFound(whose);
      return ok({ ...(await classOverview(trx, a, items, all)), member });
    });
  });

  r.get('/train/api/classes/statisList', {
    schema: {
      tags: ['train'], summary: 'Per-member statistics, earliest enrolment first: every member for a teacher, my own row for a learner',
      querystring: StatisListQuery, response: { 200: Envelope(Paged(MemberStatis)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10 } = req.query;
    return readTenant(app, user.tenantId, async (trx) => {
      const a = await requireClass(trx, req.query.id, user.userId);
      requireParticipant(a);
      const members = await listEnrolled(trx, a.id, a.isTeacher ? undefined : user.userId);
      const page = members.slice((pageNo - 1) * pageSize, pageNo * pageSize);
      const rows = await memberFigures(trx, a.id, await listScheduleItems(trx, a.id), page);
      return ok({ list: rows.map((m) => m.figures), total: members.length, pageNo, pageSize });
    });
  });

  r.get('/train/api/classesMember/queryMemberAssess', {
    schema: {
      tags: ['train'], summary: 'Members\' assessments: every member for a teacher of the class, my own for a learner',
      querystring: MemberAssessQuery, response: { 200: Envelope(Paged(MemberAssess)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10 } = req.query;
    return readTenant(app, user.tenantId, async (trx) => {
      const a = await requireClass(trx, req.query.classesId, user.userId);
      requireParticipant(a);
      const members = await listEnrolled(trx, a.id, a.isTeacher ? undefined : user.userId);
      const page = members.slice((pageNo - 1) * pageSize, pageNo * pageSize);
      return ok({ list: await memberAssessRows(trx, a.id, await listScheduleItems(trx, a.id), page), total: members.length, pageNo, pageSize });
    });
  });

  r.post('/train/api/classesMember/saveMemberAssess', {
    schema: {
      tags: ['train'], summary: 'Assesses an enrolled member: score 0–100, passed, comment (teacher of the class only; saving again rewrites it)',
      body: SaveMemberAssessBody, response: { 200: Envelope(MemberAssess) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const b = req.body;
    const comment = b.comment !== undefined && b.comment.trim() !== '' ? userText(b.comment, '评语') : null;
    return readTenant(app, user.tenantId, async (trx) => {
      const a = await requireClass(trx, b.classesId, user.userId);
      requireTeacher(a, '评价学员');
      const [member] = await listEnrolled(trx, a.id, b.userId);
      if (!member) throw memberNotFound(b.userId);
      await saveAssess(trx, user.tenantId, a.id, b.userId, user.userId, { score: b.score, passed: b.passed, comment });
      const [row] = await memberAssessRows(trx, a.id, await listScheduleItems(trx, a.id), [member]);
      return ok(row!);
    });
  });

  r.get('/um/api/rank/classesUserRank', {
    schema: {
      tags: ['um'], summary: 'The class board: members by completion, then time studied; names masked except mine; my own row',
      querystring: ClassesPageQuery, response: { 200: Envelope(ClassRank) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageSize = 10 } = req.query;
    return readTenant(app, user.tenantId, async (trx) => {
      const a = await requireClass(trx, req.query.classesId, user.userId);
      requireParticipant(a);
      const members = await listEnrolled(trx, a.id);
      const all = await memberFigures(trx, a.id, await listScheduleItems(trx, a.id), members);
      const avatar = new Map(members.map((m) => [m.userId, m.avatar]));
      const ranked = all.map((m) => m.figures)
        .sort((x, y) => y.percentage - x.percentage || y.studySeconds - x.studySeconds || x.userId - y.userId)
        .map((f, i) => {
          const isMe = f.userId === user.userId;
          return {
            rank: i + 1, userId: f.userId, name: isMe ? f.name : maskName(f.name), avatar: isMe ? avatar.get(f.userId) ?? null : null,
            percentage: f.percentage, finishedCount: f.finishedCount, studySeconds: f.studySeconds, isMe,
          };
        });
      return ok({ list: ranked.slice(0, pageSize), me: ranked.find((x) => x.isMe) ?? null, total: ranked.length });
    });
  });
}
