// The work review (issue 18 "Teachers": spec learning §2 "Personal center" work/myContent, §6
// "how access is decided is not shown": ours). A teacher of the class a work was submitted in (or a
// tenant-wide teacher) lists the pending works, approves one (published) or rejects it with a
// reason (1–500 characters, required); the uploader is told in the message center either way.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { notifyUser, reasonText, requireTeacherScope, workScopeOf, type WorkScope } from '../../lib/work-scope';
import { approveWork, findReviewableWork, listPendingWorks, rejectWork } from './audit-repository';
import { ApproveWorkBody, AuditResult, PendingWork, PendingWorkQuery, RejectWorkBody } from '../../../schemas/api/work';

/** The pending work I may review, or a refusal: unknown and other classes' works look alike (404); a decided one 409. */
async function pendingWork(trx: Transaction<DB>, scope: WorkScope, id: number) {
  const work = await findReviewableWork(trx, scope, id);
  if (!work) throw new ApiError(`作品不存在，或不在你任教的班级中（编号 ${id}）。`, { code: 404, errorCode: 'WORK_NOT_FOUND' });
  if (work.auditState !== 'pending') {
    const state = work.auditState === 'approved' ? '已通过' : work.auditState === 'rejected' ? '已驳回' : '尚未提交';
    throw new ApiError(`作品《${work.title}》${state}，不在待审核状态。`, { code: 409, errorCode: 'WORK_NOT_PENDING' });
  }
  return work;
}

/** The work review calls; registered from cmRoutes. */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/cm/api/work/audit/pending', {
    schema: {
      tags: ['cm'], summary: 'Work review: a page of the learners\' works awaiting my review (works submitted in classes I teach; all for a tenant-wide teacher), oldest first',
      querystring: PendingWorkQuery, response: { 200: Envelope(Paged(PendingWork)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10 } = req.query;
    return readTenant(app, user.tenantId, async (trx) => {
      const scope = await workScopeOf(trx, user.userId);
      requireTeacherScope(scope, '审核作品');
      return ok(await listPendingWorks(trx, scope, { pageNo, pageSize }));
    });
  });

  r.post('/cm/api/work/audit/approve', {
    schema: {
      tags: ['cm'], summary: 'Work review: approves a pending work, which is published now; the uploader is told',
      body: ApproveWorkBody, response: { 200: Envelope(AuditResult) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const scope = await workScopeOf(trx, user.userId);
      requireTeacherScope(scope, '审核作品');
      const work = await pendingWork(trx, scope, req.body.id);
      await approveWork(trx, work.id, user.userId);
      if (work.uploaderId !== null) {
        await notifyUser(trx, user.tenantId, work.uploaderId, {
          zh: { title: `你的作品《${work.title}》已通过审核`, content: `你提交的作品《${work.title}》已通过老师审核并发布。` },
          en: { title: `Your work "${work.title}" was approved`, content: `Your teacher approved your work "${work.title}"; it is published now.` },
        });
      }
      return ok({ id: work.id, auditState: 'approved' as const, reason: null }, '已通过');
    });
  });

  r.post('/cm/api/work/audit/reject', {
    schema: {
      tags: ['cm'], summary: 'Work review: rejects a pending work with a reason (1–500 characters, required) the uploader is told; it stays unpublished',
      body: RejectWorkBody, response: { 200: Envelope(AuditResult) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const reason = reasonText(req.body.reason, '驳回原因');
    return readTenant(app, user.tenantId, async (trx) => {
      const scope = await workScopeOf(trx, user.userId);
      requireTeacherScope(scope, '审核作品');
      const work = await pendingWork(trx, scope, req.body.id);
      await rejectWork(trx, work.id, user.userId, reason);
      if (work.uploaderId !== null) {
        await notifyUser(trx, user.tenantId, work.uploaderId, {
          zh: { title: `你的作品《${work.title}》未通过审核`, content: `你提交的作品《${work.title}》未通过老师审核。原因：${reason}` },
          en: { title: `Your work "${work.title}" was not approved`, content: `Your teacher did not approve your work "${work.title}". Reason: ${reason}` },
        });
      }
      return ok({ id: work.id, auditState: 'rejected' as const, reason }, '已驳回');
    });
  });
}
