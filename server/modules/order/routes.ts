import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { ok, ApiError } from '../../plugins/envelope';
import { listOptions } from '../../lib/listing';
import { readTenant } from '../../lib/tenant-context';
import { cartRoutes } from './cart-routes';
import { expireOverdueOrders } from './order-repository';
import { shopOrderRoutes } from './order-routes';
import { readingRoutes } from './reading-routes';
import { checkPriceRange, providerRoutes } from './provider-routes';
import { findProduct, listProviders, searchProducts } from './repository';
import {
  ProductCommentPage, ProductCommentQuery, ProductDetail, ProductDetailQuery, ProductItem, ProductSearchQuery, ProviderItem, ProviderQuery,
} from '../../../schemas/api/order';
import { productCommentPage } from './comment-repository';

/** order: the shop's product list and provider list. The spec names no product list; see docs/api.md. */
export async function orderRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/order/api/product/search', {
    schema: {
      tags: ['order'], summary: 'Products on sale (sort popular: best sellers)',
      querystring: ProductSearchQuery,
      response: { 200: Envelope(Paged(ProductItem)) },
    },
  }, async (req) => {
    const { productType, providerId, minPrice, maxPrice, priceOrder } = req.query;
    checkPriceRange(minPrice, maxPrice);
    return readTenant(app, req.query.tenantId, async (trx) => ok(await searchProducts(trx, { ...listOptions(req.query), types: productType, providerId, minPrice, maxPrice, priceOrder })));
  });

  r.get('/order/api/product/detail', {
    schema: {
      tags: ['order'], summary: 'One product, on sale (state 1) or not, with its current stock and provider',
      querystring: ProductDetailQuery,
      response: { 200: Envelope(ProductDetail) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => {
    // Overdue unpaid orders give their stock back before the stock is read (decided when read).
    await expireOverdueOrders(trx);
    const product = await findProduct(trx, req.query.id);
    if (!product) throw new ApiError(`商品不存在（编号 ${req.query.id}）。`, { code: 404, errorCode: 'PRODUCT_NOT_FOUND' });
    return ok(product);
  }));

  // spec learning §7 "Orders": GET orderComment/prodCommentList, the product page's reviews.
  r.get('/order/api/orderComment/prodCommentList', {
    schema: {
      tags: ['order'], summary: 'A product\'s reviews, newest first, with the score summary (average, count, per score) of all of them',
      querystring: ProductCommentQuery,
      response: { 200: Envelope(ProductCommentPage) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => {
    const { prodId } = req.query;
    if (!(await findProduct(trx, prodId))) throw new ApiError(`商品不存在（编号 ${prodId}）。`, { code: 404, errorCode: 'PRODUCT_NOT_FOUND' });
    return ok(await productCommentPage(trx, prodId, { pageNo: req.query.pageNo ?? 1, pageSize: req.query.pageSize ?? 5 }));
  }));

  // The spec files the provider list under cfg (GET /cfg/api/page/provider); it reads the shop's
  // provider table, so it lives with the products.
  r.get('/cfg/api/page/provider', {
    schema: {
      tags: ['order'], summary: 'Providers (schools and merchants), off-shelf ones included with their state',
      querystring: ProviderQuery,
      response: { 200: Envelope(Paged(ProviderItem)) },
    },
  }, async (req) => {
    const { orgType } = req.query;
    return readTenant(app, req.query.tenantId, async (trx) => ok(await listProviders(trx, { ...listOptions(req.query), orgType })));
  });

  // The buying path: cart, orders and payment (its address book is um's: server/modules/um/index.ts).
  await cartRoutes(app);
  await shopOrderRoutes(app);
  // The reading area: chapters of reading products and the bookshelf.
  await readingRoutes(app);
  // Issue 20: the provider and school pages' header.
  await providerRoutes(app);
}
