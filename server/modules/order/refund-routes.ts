// Refunds (issue 20 part R; the calls are ours under /order/api/refund/, docs/api.md "Reservations,
// contracts and refunds"). The learner's calls need the buyer signed in (another learner's or a
// missing order is 订单不存在, spec learning §8); the back office's are guarded by asBackOfficeAdmin.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { asBackOfficeAdmin } from '../../lib/back-office';
import { readTenant } from '../../lib/tenant-context';
import { expireOverdueOrders } from './order-repository';
import { adminRefunds, applyRefund, auditRefund, refundInfo } from './refund-repository';
import { AdminRefundQuery, AdminRefundRow, OrderIdQuery, RefundApplyBody, RefundAuditBody, RefundInfo, RefundView } from '../../../schemas/api/reservations';

const tags = ['order'];

/** The refund calls; registered from reservationRoutes. */
export async function refundRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/order/api/refund/info', {
    schema: { tags, summary: 'The latest refund request of one of the caller\'s orders and whether one may be asked now (ours)', querystring: OrderIdQuery, response: { 200: Envelope(RefundInfo) } },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return ok(await readTenant(app, user.tenantId, async (trx) => {
      await expireOverdueOrders(trx);
      return refundInfo(trx, user.userId, req.query.orderId);
    }));
  });

  r.post('/order/api/refund/apply', {
    schema: { tags, summary: 'Ask for a refund of one of the caller\'s paid orders with a reason (one open request at a time; ours)', body: RefundApplyBody, response: { 200: Envelope(RefundInfo) } },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => applyRefund(trx, user.userId, req.body)), '退款申请已提交，请等待商家处理');
  });

  r.get('/order/api/refund/adminList', {
    schema: { tags, summary: 'Back-office: a page of the tenant\'s refund requests, optionally of one state, newest first (ours)', querystring: AdminRefundQuery, response: { 200: Envelope(Paged(AdminRefundRow)) } },
  }, async (req) => {
    const { state, pageNo = 1, pageSize = 10 } = req.query;
    return ok(await asBackOfficeAdmin(app, req, req.query.tenantId, (trx) => adminRefunds(trx, { state, pageNo, pageSize })));
  });

  r.post('/order/api/refund/audit', {
    schema: { tags, summary: 'Back-office: approve a refund request (the order becomes refunded, stock is restored, a reservation\'s seat is freed) or reject it with a note (ours)', body: RefundAuditBody, response: { 200: Envelope(RefundView) } },
  }, async (req) => {
    const done = await asBackOfficeAdmin(app, req, req.body.tenantId, (trx, adminId) => auditRefund(trx, adminId, req.body));
    return ok(done, done.state === 'approved' ? '已同意退款' : '已驳回退款申请');
  });
}
