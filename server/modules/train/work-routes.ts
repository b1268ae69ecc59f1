// The teachers' work center's train calls (issue 18 "Teachers"; spec learning §2 "Personal center"
// work: myToDoList, myCourse, myClasses; §6 "how access is decided is not shown": ours, the grants of
// server/lib/roles.ts). Every call needs a signed-in user of the call's tenant and checks the grant
// on the server: a learner gets 403, another tenant's rows are never visible (row-level security).
// Assessments, attendance settings and startLive are the existing class and room calls.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import {
  isInvigilator, isMarker, isTeacher, notifyUser, reasonText, requireTeacherScope, workCenterRefusal, workScopeOf,
} from '../../lib/work-scope';
import { requireClass, requireTeacher } from './classes-access';
import { enrolMember, leaveClass } from './classes-repository';
import { classState, MEMBER_CANCELLED, MEMBER_QUIT, seatsLeft } from './classes-rules';
import { listClassRooms, listTaughtClasses, listWorkMembers, workSchedule, workTodo } from './work-repository';
import {
  CreateRoomBody, EnrolByAccountBody, MemberChange, RemoveMemberBody, ScheduleQuery, ScheduleRoom, WorkClass, WorkClassQuery,
  WorkMember, WorkMemberQuery, WorkQuery, WorkSchedule, WorkTodo,
} from '../../../schemas/api/work';

/** The longest range one schedule call answers (a month view with its edges is 42 days). */
export const SCHEDULE_MAX_DAYS = 93;

const bad = (message: string, errorCode = 'VALIDATION') => new ApiError(message, { code: 400, errorCode });

function parseInstant(value: string, name: string): Date {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) throw bad(`${name} 不是有效的日期或时间：“${value}”；请使用 2026-05-01 或 ISO 8601 时间。`);
  return d;
}

/** The work center's train calls; registered from trainRoutes. */
export async function workRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/train/api/work/todo', {
    schema: {
      tags: ['train'], summary: 'Work center: what waits for me, one group per kind my grants serve (homework to mark, exam answers to mark, running exams I invigilate, my rooms within 24 h, works to review); learners 403',
      querystring: WorkQuery, response: { 200: Envelope(WorkTodo) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const scope = await workScopeOf(trx, user.userId);
      // spec learning §6 (ours): the work center is for teachers, markers and invigilators.
      if (!isTeacher(scope) && !isMarker(scope) && !isInvigilator(scope)) throw workCenterRefusal();
      return ok(await workTodo(trx, scope, user.userId));
    });
  });

  r.get('/train/api/work/schedule', {
    schema: {
      tags: ['train'], summary: 'Work center: my teaching in [from, to) (at most 93 days): my classes, their phases and the live rooms I teach',
      querystring: ScheduleQuery, response: { 200: Envelope(WorkSchedule) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const from = parseInstant(req.query.from, 'from');
    const to = parseInstant(req.query.to, 'to');
    if (to <= from) throw bad('to 必须晚于 from。');
    if (to.getTime() - from.getTime() > SCHEDULE_MAX_DAYS * 86_400_000) throw bad(`一次最多查询 ${SCHEDULE_MAX_DAYS} 天的授课安排；请缩小 from 到 to 的范围。`);
    return readTenant(app, user.tenantId, async (trx) => {
      const scope = await workScopeOf(trx, user.userId);
      requireTeacherScope(scope, '查看授课安排');
      return ok(await workSchedule(trx, scope, user.userId, from, to));
    });
  });

  r.get('/train/api/work/classes', {
    schema: {
      tags: ['train'], summary: 'Work center: the classes I teach (running and upcoming first)',
      querystring: WorkQuery, response: { 200: Envelope(Type.Array(WorkClass)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const scope = await workScopeOf(trx, user.userId);
      requireTeacherScope(scope, '管理班级');
      return ok(await listTaughtClasses(trx, scope));
    });
  });

  r.get('/train/api/work/classes/members', {
    schema: {
      tags: ['train'], summary: 'Work center: a page of a class\'s enrolled members with names, accounts and assessment (teacher of the class only)',
      querystring: WorkMemberQuery, response: { 200: Envelope(Paged(WorkMember)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { classesId, pageNo = 1, pageSize = 10, keyword } = req.query;
    return readTenant(app, user.tenantId, async (trx) => {
      const access = await requireClass(trx, classesId, user.userId);
      requireTeacher(access, '查看学员名单');
      return ok(await listWorkMembers(trx, access.id, { pageNo, pageSize, keyword }));
    });
  });

  r.post('/train/api/work/classes/enrol', {
    schema: {
      tags: ['train'], summary: 'Work center: enrols a user of the tenant by account (teacher of the class; not after it finished, within its seats); the learner is told',
      body: EnrolByAccountBody, response: { 200: Envelope(MemberChange) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const { classesId } = req.body;
    const account = req.body.account.trim();
    return readTenant(app, user.tenantId, async (trx) => {
      const access = await requireClass(trx, classesId, user.userId);
      requireTeacher(access, '添加学员');
      // One member change of a class at a time: the seat check and the count never race (as enroll).
      const c = (await sql<{ enrol_limit: number | null; enrol_count: number; start_time: Date; end_time: Date; is_public: boolean; now: Date }>`
        select enrol_limit, enrol_count, start_time, end_time, is_public, now() as now from training_class where id = ${classesId}::bigint for update`.execute(trx)).rows[0]!;
      const learner = await trx.selectFrom('user_account').select(['id']).where('account', '=', account).executeTakeFirst();
      if (!learner) throw new ApiError(`本机构没有账号为“${account}”的用户；请核对账号后再添加。`, { code: 404, errorCode: 'USER_NOT_FOUND' });
      const userId = Number(learner.id);
      const member = await trx.selectFrom('classes_member').select('state').where('classes_id', '=', classesId).where('user_id', '=', userId).executeTakeFirst();
      if (member && Number(member.state) === 1) throw new ApiError(`“${account}”已经是该培训班的学员。`, { code: 409, errorCode: 'ALREADY_ENROLLED' });
      const facts = { startTime: c.start_time, endTime: c.end_time, enrolLimit: c.enrol_limit, enrolCount: c.enrol_count, isPublic: c.is_public };
      if (classState(facts, c.now) === 3) throw new ApiError('该培训班已结束，不能再添加学员。', { code: 400, errorCode: 'CLASSES_FINISHED' });
      if (seatsLeft(facts) === 0) throw new ApiError(`该培训班名额已满（${c.enrol_limit} 人）；请先在管理后台调整名额。`, { code: 409, errorCode: 'CLASSES_FULL' });
      const done = await enrolMember(trx, classesId, userId);
      await notifyUser(trx, user.tenantId, userId, {
        zh: { title: `你已加入培训班《${access.title}》`, content: `老师已将你加入培训班《${access.title}》，现在可以开始学习。` },
        en: { title: `You have joined the class "${access.title}"`, content: `Your teacher added you to the class "${access.title}". You can start studying now.` },
      });
      return ok({ classesId, userId, enrolCount: done.enrolCount }, '已添加学员');
    });
  });

  r.post('/train/api/work/classes/remove', {
    schema: {
      tags: ['train'], summary: 'Work center: removes an enrolled member with a reason (1–500 characters) the learner is told (teacher of the class only); the seat is given back',
      body: RemoveMemberBody, response: { 200: Envelope(MemberChange) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const { classesId, userId } = req.body;
    const reason = reasonText(req.body.reason, '移出原因');
    return readTenant(app, user.tenantId, async (trx) => {
      const access = await requireClass(trx, classesId, user.userId);
      requireTeacher(access, '移出学员');
      await sql`select 1 from training_class where id = ${classesId}::bigint for update`.execute(trx);
      const member = await trx.selectFrom('classes_member').select('state').where('classes_id', '=', classesId).where('user_id', '=', userId).executeTakeFirst();
      if (!member || Number(member.state) !== 1) throw new ApiError('该用户不是本班在读学员，无需移出。', { code: 404, errorCode: 'MEMBER_NOT_FOUND' });
      // Before the start it counts as cancelled, after it as quit (classes-rules.ts member states).
      const state = access.now < access.startTime ? MEMBER_CANCELLED : MEMBER_QUIT;
      const done = await leaveClass(trx, classesId, userId, state);
      await notifyUser(trx, user.tenantId, userId, {
        zh: { title: `你已被移出培训班《${access.title}》`, content: `老师将你移出了培训班《${access.title}》。原因：${reason}` },
        en: { title: `You were removed from the class "${access.title}"`, content: `Your teacher removed you from the class "${access.title}". Reason: ${reason}` },
      });
      return ok({ classesId, userId, enrolCount: done.enrolCount }, '已移出学员');
    });
  });

  r.get('/train/api/work/classes/rooms', {
    schema: {
      tags: ['train'], summary: 'Work center: the live rooms of a class I teach (live and upcoming first); start one with /train/api/room/startLive',
      querystring: WorkClassQuery, response: { 200: Envelope(Type.Array(ScheduleRoom)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const access = await requireClass(trx, req.query.classesId, user.userId);
      requireTeacher(access, '管理直播');
      return ok(await listClassRooms(trx, access.id));
    });
  });

  r.post('/train/api/work/classes/createRoom', {
    schema: {
      tags: ['train'], summary: 'Work center: creates an upcoming live room of a class I teach (its teachers teach it); enrolment not required',
      body: CreateRoomBody, response: { 200: Envelope(ScheduleRoom) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const { classesId, minutes = 90 } = req.body;
    const title = req.body.title.trim();
    if (!title) throw bad('请填写直播标题。');
    const start = parseInstant(req.body.startTime, 'startTime');
    return readTenant(app, user.tenantId, async (trx) => {
      const access = await requireClass(trx, classesId, user.userId);
      requireTeacher(access, '创建直播');
      if (start <= access.now) throw new ApiError('直播开始时间必须晚于现在。', { code: 400, errorCode: 'VALIDATION' });
      const c = await trx.selectFrom('training_class').select(['cover', 'summary', 'category_id', 'teacher_id']).where('id', '=', classesId).executeTakeFirstOrThrow();
      const row = await trx.insertInto('live_room').values({
        tenant_id: user.tenantId, title, cover: c.cover, summary: c.summary, category_id: c.category_id, teacher_id: c.teacher_id,
        start_time: start, end_time: new Date(start.getTime() + minutes * 60_000), publish_time: sql<Date>`now()`, classes_id: classesId,
        notice: null, stream_url: null, replay_url: null, live_started_at: null, live_ended_at: null,
      }).returning('id').executeTakeFirstOrThrow();
      const rooms = await listClassRooms(trx, classesId);
      return ok(rooms.find((x) => x.id === Number(row.id))!, '直播已创建');
    });
  });
}
