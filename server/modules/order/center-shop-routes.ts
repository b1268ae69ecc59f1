// The personal center's shop calls (issue 20 part T; spec learning §2 "Personal center" shop; docs/api.md
// "Personal center: shop"). The spec names none of them: ours, under the order service's prefix.
// Each needs a signed-in user of the call's tenant and touches only that user's rows.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { expireOverdueOrders } from './order-repository';
import { centerShopSummary, favoriteState, listFavorites, listShelf, removeFromShelf, saveFavorite, saveProgress } from './center-shop-repository';
import {
  CenterShopQuery, CenterShopSummary, FavoriteItem, FavoriteListQuery, FavoriteSaveBody, FavoriteState, FavoriteStateQuery, ProgressBody, ShelfBook,
  ShelfDone, ShelfQuery, ShelfRemoveBody,
} from '../../../schemas/api/center-shop';

/** Issue 20 part T: the personal center's shop section. */
export async function centerShopRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/order/api/centerShop/summary', {
    schema: {
      tags: ['order'], summary: 'My shop overview: my orders counted by state, the latest 3, and my favourites, bookshelf and addresses counted',
      querystring: CenterShopQuery, response: { 200: Envelope(CenterShopSummary) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return ok(await readTenant(app, user.tenantId, async (trx) => {
      // As every order call: overdue unpaid orders expire first, so the counts are current.
      await expireOverdueOrders(trx);
      return centerShopSummary(trx, user.userId);
    }));
  });

  r.post('/order/api/productFavorite/save', {
    schema: {
      tags: ['order'], summary: 'Save (favorite true) or unsave a product in 商品收藏; both idempotent; at most 200 saved',
      body: FavoriteSaveBody, response: { 200: Envelope(FavoriteState) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const { prodId, favorite } = req.body;
    return ok(await readTenant(app, user.tenantId, (trx) => saveFavorite(trx, user.userId, prodId, favorite)), favorite ? '已收藏' : '已取消收藏');
  });

  r.get('/order/api/productFavorite/get', {
    schema: {
      tags: ['order'], summary: 'Whether I saved this product (the product page\'s 收藏 toggle)',
      querystring: FavoriteStateQuery, response: { 200: Envelope(FavoriteState) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => favoriteState(trx, user.userId, req.query.prodId)));
  });

  r.get('/order/api/productFavorite/list', {
    schema: {
      tags: ['order'], summary: 'A page of my saved products, the latest saved first, each with its price, stock and availability now',
      querystring: FavoriteListQuery, response: { 200: Envelope(Paged(FavoriteItem)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10 } = req.query;
    return ok(await readTenant(app, user.tenantId, (trx) => listFavorites(trx, user.userId, { pageNo, pageSize })));
  });

  r.get('/order/api/reading/shelf', {
    schema: {
      tags: ['order'], summary: 'A page of my bookshelf: bought books not taken off it, the latest read first, with the chapter read last and the progress',
      querystring: ShelfQuery, response: { 200: Envelope(Paged(ShelfBook)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10 } = req.query;
    return ok(await readTenant(app, user.tenantId, (trx) => listShelf(trx, user.userId, { pageNo, pageSize })));
  });

  r.post('/order/api/reading/progress', {
    schema: {
      tags: ['order'], summary: 'The reader opened a chapter: it becomes the book\'s progress, and the book is back on the shelf if it was taken off',
      body: ProgressBody, response: { 200: Envelope(ShelfDone) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => saveProgress(trx, user.userId, req.body.productId, req.body.chapterId)));
  });

  r.post('/order/api/reading/shelfRemove', {
    schema: {
      tags: ['order'], summary: 'Take a bought book off my shelf (it stays bought; opening or buying it again puts it back)',
      body: ShelfRemoveBody, response: { 200: Envelope(ShelfDone) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return ok(await readTenant(app, user.tenantId, (trx) => removeFromShelf(trx, user.userId, req.body.productId)), '已移出书架');
  });
}
