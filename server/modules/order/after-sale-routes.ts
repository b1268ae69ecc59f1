// After-sale calls (issue 20 part Q; spec learning §7 "Orders": GET buy/query, delivery/detail,
// POST orderComment/submit; GET orderComment/orderInfo is ours). Each needs a signed-in user of the
// call's tenant and sees only that user's orders: another's or a missing order is 订单不存在 (§8).
// The back office's shipping calls are registered from here (after-sale-admin-routes.ts).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { afterSaleAdminRoutes } from './after-sale-admin-routes';
import { deliveryOf } from './after-sale-delivery';
import { buyState } from './after-sale-orders';
import { orderReviews, submitReviews } from './after-sale-reviews';
import {
  BuyQuery, BuyState, DeliveryQuery, DeliveryView, OrderReviews, OrderReviewsQuery, ReviewSubmitBody,
} from '../../../schemas/api/after-sale';

/** Issue 20 part Q: delivery tracking, reviews, buy/query (digital goods live in the order path). */
export async function afterSaleRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/order/api/buy/query', {
    schema: {
      tags: ['order'], summary: 'Whether the caller bought a product: their newest paid order holding it (product pages: 已购买, open instead of buy)',
      querystring: BuyQuery, response: { 200: Envelope(BuyState) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => buyState(trx, user.userId, req.query.prodId)));
  });

  r.get('/order/api/delivery/detail', {
    schema: {
      tags: ['order'], summary: 'The delivery of one of the caller\'s orders: carrier, tracking number, state and events (newest first); shipped false before shipping',
      querystring: DeliveryQuery, response: { 200: Envelope(DeliveryView) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => deliveryOf(trx, req.query.orderId, user.userId)));
  });

  r.get('/order/api/orderComment/orderInfo', {
    schema: {
      tags: ['order'], summary: 'Ours: the lines of one of the caller\'s orders with their reviews (the review page)',
      querystring: OrderReviewsQuery, response: { 200: Envelope(OrderReviews) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => orderReviews(trx, user.userId, req.query.orderId)));
  });

  r.post('/order/api/orderComment/submit', {
    schema: {
      tags: ['order'], summary: 'Review lines of a completed order of the caller: 1–5 stars, 1–500 characters, up to 6 photos; once per line; all or nothing',
      body: ReviewSubmitBody, response: { 200: Envelope(OrderReviews) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return ok(await readTenant(app, user.tenantId, async (trx) => {
      await submitReviews(trx, user.userId, user.tenantId, req.body.orderId, req.body.items);
      return orderReviews(trx, user.userId, req.body.orderId);
    }), '评价成功');
  });

  await app.register(afterSaleAdminRoutes);
}
