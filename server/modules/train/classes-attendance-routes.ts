// The attendance calls (spec learning §7 "Attendance: POST /train/api/attendance/saveLog; GET
// queryLog, settingInfo") and the teacher's saveSetting; the rule is in classes-attendance.ts.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { iso } from '../../lib/list-sql';
import { requireClass, requireMember, requireTeacher } from './classes-access';
import { insertSession, insertSignIn, listSessions, listSignIns, sessionsWithMine, signInCheck } from './classes-attendance';
import {
  AttendanceBody, AttendanceLog, AttendanceLogQuery, AttendanceSession, AttendanceSetting, AttendanceSettingBody, ClassesIdQuery,
} from '../../../schemas/api/train-classes-more';

/** The attendance calls; registered from trainRoutes. */
export async function classesAttendanceRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/train/api/attendance/settingInfo', {
    schema: {
      tags: ['train'], summary: 'The class\'s sign-in sessions with their windows, place and radius, my sign-in on each, and the server clock',
      querystring: ClassesIdQuery, response: { 200: Envelope(AttendanceSetting) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const access = await requireClass(trx, req.query.classesId, user.userId);
      const sessions = await sessionsWithMine(trx, access.id, user.userId, access.now);
      return ok({
        classesId: access.id, classesTitle: access.title, now: iso(access.now), sessions,
        current: sessions.find((s) => s.open)?.id ?? null,
      });
    });
  });

  r.post('/train/api/attendance/saveLog', {
    schema: {
      tags: ['train'], summary: 'Signs me in to a session: enrolled members, once, inside its window, within its radius when it has one',
      body: AttendanceBody, response: { 200: Envelope(AttendanceSession) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const { classesId, sessionId, latitude, longitude } = req.body;
    return readTenant(app, user.tenantId, async (trx) => {
      const access = await requireClass(trx, classesId, user.userId);
      requireMember(access);
      const session = (await listSessions(trx, access.id)).find((s) => s.id === sessionId);
      if (!session) throw new ApiError(`该培训班没有编号为 ${sessionId} 的签到。`, { code: 404, errorCode: 'ATTENDANCE_SESSION_NOT_FOUND' });
      const position = { ...(latitude !== undefined ? { latitude } : {}), ...(longitude !== undefined ? { longitude } : {}) };
      const { distance } = signInCheck(session, access.now, position);
      if (!(await insertSignIn(trx, user.tenantId, access.id, session.id, user.userId, position, distance))) {
        throw new ApiError(`你已签到过“${session.title}”，无需重复签到。`, { code: 409, errorCode: 'ALREADY_SIGNED_IN' });
      }
      const sessions = await sessionsWithMine(trx, access.id, user.userId, access.now);
      return ok(sessions.find((s) => s.id === session.id)!);
    });
  });

  r.get('/train/api/attendance/queryLog', {
    schema: {
      tags: ['train'], summary: 'Sign-ins of the class, newest first: mine; a teacher may ask one member\'s (userId) or everyone\'s (all=true)',
      querystring: AttendanceLogQuery, response: { 200: Envelope(Paged(AttendanceLog)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { classesId, userId, all, pageNo = 1, pageSize = 10 } = req.query;
    return readTenant(app, user.tenantId, async (trx) => {
      const access = await requireClass(trx, classesId, user.userId);
      const whose = all ? null : (userId ?? user.userId);
      if (whose !== user.userId) requireTeacher(access, '查看其他学员的签到记录');
      const page = await listSignIns(trx, access.id, whose, { pageNo, pageSize });
      return ok({ ...page, pageNo, pageSize });
    });
  });

  r.post('/train/api/attendance/saveSetting', {
    schema: {
      tags: ['train'], summary: 'Adds a sign-in session to the class (teacher of the class only)',
      body: AttendanceSettingBody, response: { 200: Envelope(AttendanceSession) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const b = req.body;
    if (b.radius !== undefined && (b.latitude === undefined || b.longitude === undefined)) {
      throw new ApiError('设置签到范围时需要同时给出签到地点的经纬度（latitude、longitude）。', { code: 400, errorCode: 'VALIDATION' });
    }
    return readTenant(app, user.tenantId, async (trx) => {
      const access = await requireClass(trx, b.classesId, user.userId);
      requireTeacher(access, '设置签到');
      const id = await insertSession(trx, user.tenantId, user.userId, b);
      const sessions = await sessionsWithMine(trx, access.id, user.userId, access.now);
      return ok(sessions.find((s) => s.id === id)!);
    });
  });
}
