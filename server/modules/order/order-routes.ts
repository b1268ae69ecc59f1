// The order calls (spec learning §7 "Orders": order/confirm, submit, query, detail, cancel,
// takeDelivery; payment/getType; pay/unifiedOrder; docs/api.md "Shop: orders"). Each needs a
// signed-in user of the call's tenant and sees only that user's orders. Every call first expires
// the tenant's overdue unpaid orders, so what it reads is current.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { previewSelection } from './order-lines';
import { signForDelivery } from './after-sale-delivery';
import { cancelOrder, expireOverdueOrders, orderDetail, payOrder, queryOrders, SIMULATED_PAY, submitOrder, takeDelivery } from './order-repository';
import {
  ConfirmBody, ConfirmView, OrderIdBody, OrderIdQuery, OrderQuery, OrderTenantQuery, OrderView, PayBody, PayType, SubmitBody, SubmitResult,
} from '../../../schemas/api/order';

/** The order and payment calls; registered from orderRoutes. */
export async function shopOrderRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.post('/order/api/order/confirm', {
    schema: {
      tags: ['order'], summary: 'Preview an order: the checked cart lines (or cartIds, or prodId + quantity to buy now), each checked, with totals',
      body: ConfirmBody, response: { 200: Envelope(ConfirmView) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => previewSelection(trx, user.userId, req.body)));
  });

  r.post('/order/api/order/submit', {
    schema: {
      tags: ['order'], summary: 'Place an order: takes the stock (refused when short), clears the bought cart lines; the same submitToken returns the same order',
      body: SubmitBody, response: { 200: Envelope(SubmitResult) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => submitOrder(trx, user.userId, req.body)), '订单已提交');
  });

  r.get('/order/api/order/query', {
    schema: {
      tags: ['order'], summary: 'A page of the caller\'s orders, newest first; state is the tab (none: all)',
      querystring: OrderQuery, response: { 200: Envelope(Paged(OrderView)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { state, searchValue, pageNo = 1, pageSize = 10 } = req.query;
    return ok(await readTenant(app, user.tenantId, async (trx) => {
      await expireOverdueOrders(trx);
      return queryOrders(trx, user.userId, { state, searchValue, pageNo, pageSize });
    }));
  });

  r.get('/order/api/order/detail', {
    schema: {
      tags: ['order'], summary: 'One of the caller\'s orders; any other id fails with 订单不存在 (spec learning §8)',
      querystring: OrderIdQuery, response: { 200: Envelope(OrderView) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return ok(await readTenant(app, user.tenantId, async (trx) => {
      await expireOverdueOrders(trx);
      return orderDetail(trx, user.userId, req.query.id);
    }));
  });

  r.post('/order/api/order/cancel', {
    schema: {
      tags: ['order'], summary: 'Cancel a pending order and give its stock back (only pending orders)',
      body: OrderIdBody, response: { 200: Envelope(OrderView) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return ok(await readTenant(app, user.tenantId, async (trx) => {
      await expireOverdueOrders(trx);
      await cancelOrder(trx, user.userId, req.body.id);
      return orderDetail(trx, user.userId, req.body.id);
    }), '订单已取消');
  });

  // The spec lists takeDelivery among the GET calls; it changes the order, so it is also a POST.
  const takeDeliverySchema = { tags: ['order'], summary: 'Confirm receipt of an order that is to be received (it becomes completed)', response: { 200: Envelope(OrderView) } };
  const take = async (tenantId: number, id: number, req: Parameters<typeof requireUser>[0]) => {
    const user = requireUser(req, tenantId);
    return ok(await readTenant(app, user.tenantId, async (trx) => {
      // issue 20 part Q: the receipt signs the delivery for (its last tracking event).
      if (await takeDelivery(trx, user.userId, id)) await signForDelivery(trx, id);
      return orderDetail(trx, user.userId, id);
    }), '已确认收货');
  };
  r.get('/order/api/order/takeDelivery', { schema: { ...takeDeliverySchema, querystring: OrderIdQuery } }, async (req) => take(req.query.tenantId, req.query.id, req));
  r.post('/order/api/order/takeDelivery', { schema: { ...takeDeliverySchema, body: OrderIdBody } }, async (req) => take(req.body.tenantId, req.body.id, req));

  r.get('/order/api/payment/getType', {
    schema: {
      tags: ['order'], summary: 'The payment channels: only 模拟支付 (simulated, no money moves; docs/decisions.md)',
      querystring: OrderTenantQuery, response: { 200: Envelope(Type.Array(PayType)) },
    },
  }, async (req) => {
    await readTenant(app, req.query.tenantId, async () => undefined);
    return ok([{ ...SIMULATED_PAY }]);
  });

  r.post('/order/api/pay/unifiedOrder', {
    schema: {
      tags: ['order'], summary: 'Pay a pending order by the simulated channel: one that ships something waits for the back office to ship it (待发货), one that ships nothing is completed',
      body: PayBody, response: { 200: Envelope(OrderView) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return ok(await readTenant(app, user.tenantId, async (trx) => {
      await expireOverdueOrders(trx);
      await payOrder(trx, user.userId, req.body.id, req.body.payType);
      return orderDetail(trx, user.userId, req.body.id);
    }), '支付成功');
  });
}
