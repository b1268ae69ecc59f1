// The back office's shipping calls (issue 20 part Q, ours; docs/api.md "Shop: after-sale"): the
// tenant's orders by stage, one order's delivery, ship with carrier and tracking number, add a
// tracking event. Guarded as every back-office call (asBackOfficeAdmin: tenant type 1, adminAuth).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope } from '../../../schemas/common';
import { ok } from '../../plugins/envelope';
import { asBackOfficeAdmin } from '../../lib/back-office';
import { addDeliveryEvent, deliveryOf, shipOrder } from './after-sale-delivery';
import { adminOrders } from './after-sale-orders';
import { expireOverdueOrders } from './order-repository';
import {
  AdminOrderPage, AdminOrderQuery, DeliveryEventBody, DeliveryQuery, DeliveryView, ShipBody,
} from '../../../schemas/api/after-sale';

/** The /sub_admin/shopOrders calls. */
export async function afterSaleAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/order/api/delivery/adminOrders', {
    schema: {
      tags: ['order'], summary: 'Back office (ours): the tenant\'s orders by stage (pending, toShip, shipped, completed, cancelled) with counts per stage',
      querystring: AdminOrderQuery, response: { 200: Envelope(AdminOrderPage) },
    },
  }, async (req) => {
    const { stage, keyword, pageNo = 1, pageSize = 10 } = req.query;
    return ok(await asBackOfficeAdmin(app, req, req.query.tenantId, async (trx) => {
      await expireOverdueOrders(trx);
      return adminOrders(trx, { stage, keyword, pageNo, pageSize });
    }));
  });

  r.get('/order/api/delivery/adminDetail', {
    schema: {
      tags: ['order'], summary: 'Back office (ours): any order\'s delivery with its events',
      querystring: DeliveryQuery, response: { 200: Envelope(DeliveryView) },
    },
  }, async (req) => ok(await asBackOfficeAdmin(app, req, req.query.tenantId, (trx) => deliveryOf(trx, req.query.orderId, null))));

  r.post('/order/api/delivery/ship', {
    schema: {
      tags: ['order'], summary: 'Back office (ours): ship a paid physical order with carrier and tracking number; the buyer sees it 待收货',
      body: ShipBody, response: { 200: Envelope(DeliveryView) },
    },
  }, async (req) => ok(await asBackOfficeAdmin(app, req, req.body.tenantId, async (trx, adminId) => {
    await shipOrder(trx, adminId, req.body);
    return deliveryOf(trx, req.body.orderId, null);
  }), '已发货'));

  r.post('/order/api/delivery/addEvent', {
    schema: {
      tags: ['order'], summary: 'Back office (ours): add a tracking event (time, place, text, optional new state) to a shipped delivery',
      body: DeliveryEventBody, response: { 200: Envelope(DeliveryView) },
    },
  }, async (req) => ok(await asBackOfficeAdmin(app, req, req.body.tenantId, async (trx) => {
    await addDeliveryEvent(trx, req.body);
    return deliveryOf(trx, req.body.orderId, null);
  }), '物流信息已添加'));
}
