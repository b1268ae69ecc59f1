// The cart calls (spec learning §7 "Orders": cart/listWithProvider, addCart, mulModify, mulDelete;
// docs/api.md "Shop: cart"). Each needs a signed-in user of the call's tenant and touches only that
// user's cart. Writes answer with the new cart (or count), so the page never computes a total.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { addToCart, cartCount, cartView, deleteCartLines, modifyCartLines } from './cart-repository';
import { AddCartBody, CartCount, CartView, MulDeleteBody, MulModifyBody, OrderTenantQuery as TenantQuery } from '../../../schemas/api/order';

/** The cart calls; registered from orderRoutes. */
export async function cartRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/order/api/cart/listWithProvider', {
    schema: {
      tags: ['order'], summary: 'The caller\'s cart grouped by provider, with totals of the checked lines that can be bought',
      querystring: TenantQuery, response: { 200: Envelope(CartView) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => cartView(trx, user.userId)));
  });

  r.get('/order/api/cart/count', {
    schema: {
      tags: ['order'], summary: 'Lines and pieces in the caller\'s cart (the navbar badge shows the pieces)',
      querystring: TenantQuery, response: { 200: Envelope(CartCount) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => cartCount(trx, user.userId)));
  });

  r.post('/order/api/cart/addCart', {
    schema: {
      tags: ['order'], summary: 'Add a product (quantity 1 by default) to the cart: on sale, provider on shelf, within stock and 99 a line',
      body: AddCartBody, response: { 200: Envelope(CartCount) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => addToCart(trx, user.userId, req.body.prodId, req.body.quantity ?? 1)), '已加入购物车');
  });

  r.post('/order/api/cart/mulModify', {
    schema: {
      tags: ['order'], summary: 'Change quantities and checked flags of cart lines (all or nothing); answers with the new cart',
      body: MulModifyBody, response: { 200: Envelope(CartView) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return ok(await readTenant(app, user.tenantId, async (trx) => {
      await modifyCartLines(trx, user.userId, req.body.list);
      return cartView(trx, user.userId);
    }));
  });

  r.post('/order/api/cart/mulDelete', {
    schema: {
      tags: ['order'], summary: 'Remove cart lines; answers with the new cart',
      body: MulDeleteBody, response: { 200: Envelope(CartView) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return ok(await readTenant(app, user.tenantId, async (trx) => {
      await deleteCartLines(trx, user.userId, req.body.ids);
      return cartView(trx, user.userId);
    }), '已删除');
  });
}
