// Issue 20 part P: the product category tree (spec learning §7 GET /pm/pmCategory/list2), a
// product's content page, what a learner bought, and the product center (ours: the spec names no
// call for them; docs/api.md "Shop: categories, product content, bought").
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../../schemas/common';
import {
  BoughtPage, BoughtQuery, ProductCategoryNode, ProductCategoryQuery, ProductCenter, ProductCenterQuery, ProductContent, ProductContentQuery,
} from '../../../schemas/api/shop-catalogue';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { findProduct } from './repository';
import { boughtAt, productGrants } from './catalogue-grants';
import { boughtPage, productCategoryTree, productCenter } from './catalogue-repository';

/** The signed-in user of this call's tenant, or null (a guest, or a token of another tenant). */
const callerOf = (req: FastifyRequest, tenantId: number) => (req.user && req.user.tenantId === tenantId ? req.user : null);

/** Issue 20 part P: product lists by category, product content, bought, the product center. */
export async function catalogueRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  // spec learning §7 "Content and learning": GET /pm/pmCategory/list2, the product category tree.
  r.get('/pm/pmCategory/list2', {
    schema: {
      tags: ['order'], summary: 'The tenant\'s product categories (purpose 4) as a tree in menu order, each with its products on sale (its subtree\'s included)',
      querystring: ProductCategoryQuery, response: { 200: Envelope(Type.Array(ProductCategoryNode)) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => ok(await productCategoryTree(trx, req.query.parentId))));

  r.get('/order/api/product/content', {
    schema: {
      tags: ['order'], summary: 'A product\'s content page: what buying it grants (courses, subjects, contents, the book) with outlines and links, and whether the caller owns it',
      querystring: ProductContentQuery, response: { 200: Envelope(ProductContent) },
    },
  }, async (req) => {
    const { tenantId, id } = req.query;
    const user = callerOf(req, tenantId);
    return readTenant(app, tenantId, async (trx) => {
      const detail = await findProduct(trx, id);
      // Another tenant's product is not found either: row-level security hides its row.
      if (!detail) throw new ApiError(`商品不存在（编号 ${id}）。`, { code: 404, errorCode: 'PRODUCT_NOT_FOUND' });
      const { description: _d, images: _i, specs: _s, ...product } = detail;
      const grants = await productGrants(trx, { id, type: detail.productType });
      const at = user ? await boughtAt(trx, user.userId, id) : null;
      return ok({ product, grants, owned: at !== null, boughtAt: at ? at.toISOString() : null });
    });
  });

  r.get('/order/api/product/bought', {
    schema: {
      tags: ['order'], summary: 'A page of what the signed-in learner paid for, the latest first, by kind (course, book, content, goods), each with what it opens',
      querystring: BoughtQuery, response: { 200: Envelope(BoughtPage) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { kind, pageNo = 1, pageSize = 10 } = req.query;
    return ok(await readTenant(app, user.tenantId, (trx) => boughtPage(trx, user.userId, { ...(kind ? { kind } : {}), pageNo, pageSize })));
  });

  r.get('/order/api/product/center', {
    schema: {
      tags: ['order'], summary: 'The product center: featured product categories with their best sellers, and the newest products',
      querystring: ProductCenterQuery, response: { 200: Envelope(ProductCenter) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => ok(await productCenter(trx, req.query.top ?? 5))));
}
