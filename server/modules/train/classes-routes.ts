// The class calls (spec learning §2 "Classes", /classes/detail/{id} and study/myClasses; §7
// "Training": classes detail, searchByUser, enroll, cancelEnroll; classesMember query and quit;
// classesContent/phase; docs/api.md "Classes"). All need a signed-in user of the call's tenant.
// The rules of enrol, cancel and quit are in classes-rules.ts (spec §4 leaves them "not shown").
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Transaction } from 'kysely';
import { Type } from 'typebox';
import { Envelope, Paged } from '../../../schemas/common';
import type { DB } from '../../db/types';
import { requireUser, type AuthUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import {
  enrolMember, findTeacher, findVisibleClass, leaveClass, listClassPhases, listMembers, membershipOf, searchMyClasses, type ClassRow,
} from './classes-repository';
import {
  cancelRefusal, classState, enrolRefusal, maskName, MEMBER_CANCELLED, MEMBER_QUIT, quitRefusal, seatsLeft,
} from './classes-rules';
import {
  ClassBody, ClassDetail, ClassMember, ClassPhase, ClassQuery, EnrolResult, MemberQuery, MyClass, MyClassesQuery,
} from '../../../schemas/api/train';

/** An unknown, unpublished, other tenant's or invitation-only class I am not in: all look alike. */
const notFound = (id: number) => new ApiError(`培训班不存在或已下线（编号 ${id}）。`, { code: 404, errorCode: 'CLASSES_NOT_FOUND' });

/** Runs `work` on the class (locked when asked) in the user's tenant, or answers CLASSES_NOT_FOUND. */
async function onClass<T>(app: FastifyInstance, user: AuthUser, id: number, lock: boolean, work: (row: ClassRow, trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return readTenant(app, user.tenantId, async (trx) => {
    const row = await findVisibleClass(trx, id, user.userId, lock);
    if (!row) throw notFound(id);
    return work(row, trx);
  });
}

/**
 * spec §7 makes quit a GET. A GET can be set off by a link or an image on another site, which
 * carries the pctoken cookie; so quit needs the token header the app sends, not just the cookie.
 */
function requireTokenHeader(req: FastifyRequest): void {
  const header = req.headers.token;
  if (!(Array.isArray(header) ? header[0] : header)?.trim()) {
    throw new ApiError('退出培训班需要在请求头 token 中携带登录凭证；仅凭 Cookie 的请求不会被执行。', { code: 403, errorCode: 'TOKEN_HEADER_REQUIRED' });
  }
}

/** The class calls; registered from trainRoutes (server/modules/train/routes.ts). */
export async function classesRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/train/api/classes/detail', {
    schema: {
      tags: ['train'], summary: 'One class: its info, teacher, seats left, schedule, my membership and which actions I may take now',
      querystring: ClassQuery, response: { 200: Envelope(ClassDetail) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return onClass(app, user, req.query.id, false, async (c, trx) => {
      const [teacher, phases] = await Promise.all([findTeacher(trx, c.teacherId), listClassPhases(trx, c.id)]);
      const refusal = enrolRefusal(c, c.member, c.now);
      return ok({
        id: c.id, title: c.title, cover: c.cover, summary: c.summary, categoryId: c.categoryId, categoryName: c.categoryName,
        publishTime: c.publishTime.toISOString(), teacher, startTime: c.startTime.toISOString(), endTime: c.endTime.toISOString(),
        enrolLimit: c.enrolLimit, enrolCount: c.enrolCount, seatsLeft: seatsLeft(c), state: classState(c, c.now), isPublic: c.isPublic,
        phases, member: membershipOf(c),
        canEnroll: refusal === null, canCancel: cancelRefusal(c, c.member, c.now) === null, canQuit: quitRefusal(c, c.member, c.now) === null,
        enrolBlocked: refusal && refusal.errorCode !== 'ALREADY_ENROLLED' ? refusal.message : null,
      });
    });
  });

  r.post('/train/api/classes/enroll', {
    schema: {
      tags: ['train'], summary: 'Enrol in a class: open until it finishes, within its seats (no overbooking), once',
      body: ClassBody, response: { 200: Envelope(EnrolResult) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return onClass(app, user, req.body.id, true, async (c, trx) => {
      const refusal = enrolRefusal(c, c.member, c.now);
      if (refusal) throw refusal;
      const done = await enrolMember(trx, c.id, user.userId);
      return ok({ ...done, seatsLeft: seatsLeft({ enrolLimit: c.enrolLimit, enrolCount: done.enrolCount }) }, '报名成功');
    });
  });

  r.post('/train/api/classes/cancelEnroll', {
    schema: {
      tags: ['train'], summary: 'Cancel my enrolment before the class starts; the seat is given back',
      body: ClassBody, response: { 200: Envelope(EnrolResult) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return onClass(app, user, req.body.id, true, async (c, trx) => {
      const refusal = cancelRefusal(c, c.member, c.now);
      if (refusal) throw refusal;
      const done = await leaveClass(trx, c.id, user.userId, MEMBER_CANCELLED);
      return ok({ ...done, seatsLeft: seatsLeft({ enrolLimit: c.enrolLimit, enrolCount: done.enrolCount }) }, '已取消报名');
    });
  });

  r.get('/train/api/classesMember/quit', {
    schema: {
      tags: ['train'],
      summary: 'Quit a class that has started and not finished; the seat is given back. A GET as spec §7 names it, so it needs the token header (a cookie alone is refused)',
      querystring: ClassQuery, response: { 200: Envelope(EnrolResult) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    requireTokenHeader(req);
    return onClass(app, user, req.query.id, true, async (c, trx) => {
      const refusal = quitRefusal(c, c.member, c.now);
      if (refusal) throw refusal;
      const done = await leaveClass(trx, c.id, user.userId, MEMBER_QUIT);
      return ok({ ...done, seatsLeft: seatsLeft({ enrolLimit: c.enrolLimit, enrolCount: done.enrolCount }) }, '已退出培训班');
    });
  });

  r.get('/train/api/classesMember/query', {
    schema: {
      tags: ['train'], summary: 'A page of a class\'s enrolled members, earliest first, names masked',
      querystring: MemberQuery, response: { 200: Envelope(Paged(ClassMember)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10 } = req.query;
    return onClass(app, user, req.query.id, false, async (c, trx) => ok(await listMembers(trx, c.id, user.userId, { pageNo, pageSize }, maskName)));
  });

  r.get('/train/api/classes/searchByUser', {
    schema: {
      tags: ['train'], summary: 'A page of the classes I am enrolled in, newest enrolment first, optionally in one class state',
      querystring: MyClassesQuery, response: { 200: Envelope(Paged(MyClass)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10, state } = req.query;
    return ok(await readTenant(app, user.tenantId, (trx) => searchMyClasses(trx, user.userId, { pageNo, pageSize, ...(state ? { state } : {}) })));
  });

  r.get('/train/api/classesContent/phase', {
    schema: {
      tags: ['train'], summary: 'A class\'s schedule: its phases in order, each with its courses and contents',
      querystring: ClassQuery, response: { 200: Envelope(Type.Array(ClassPhase)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return onClass(app, user, req.query.id, false, async (c, trx) => ok(await listClassPhases(trx, c.id)));
  });
}
