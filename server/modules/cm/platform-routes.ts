// The text platform, the shelf of reading works and my comments on books (issue 20 part U; spec
// learning §2 /content/textPlatform/{id}, /content/bookshelf, "Personal center" content myComment;
// §7 GET /cmu/api/articleComment/searchByUser, POST /cmu/api/articleComment/delComment). The
// text platform and shelf calls are ours (docs/api.md "Reading platform"). Registered from
// author-routes.ts.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import {
  BookCard, BookComment, DelBookCommentBody, MyPagedQuery, PlatformHome, PlatformHomeQuery, PlatformListQuery, ShelfBody, ShelfItem, ShelfState,
} from '../../../schemas/api/reading-platform';
import { platformCategories, platformPage, setShelf, shelfPage } from './platform-repository';
import { deleteBookComment, listBookComments } from './platform-comments';

/** How many works each list of the text platform's front shows. */
export const PLATFORM_LIST_SIZE = 8;

const categoryMissing = (id: number) => new ApiError(`阅读分类不存在（编号 ${id}），请从文学平台首页重新选择。`, { code: 404, errorCode: 'CATEGORY_NOT_FOUND' });

/** The platform, shelf and book comment calls. */
export async function platformRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/cm/api/textPlatform/home', {
    schema: {
      tags: ['cm'], summary: 'The text platform\'s front: reading categories with works, and the recently updated, new, finished and most read works (8 each)',
      querystring: PlatformHomeQuery, response: { 200: Envelope(PlatformHome) },
    },
  }, async (req) => {
    const { tenantId, categoryId } = req.query;
    return readTenant(app, tenantId, async (trx) => {
      const category = categoryId === undefined ? null : (await platformCategories(trx, categoryId))[0] ?? null;
      if (categoryId !== undefined && !category) throw categoryMissing(categoryId);
      const page = (list: 'recent' | 'new' | 'finished' | 'popular') => platformPage(trx, { categoryId, list, pageNo: 1, pageSize: PLATFORM_LIST_SIZE }).then((p) => p.list);
      // One after another: a transaction runs one query at a time.
      const categories = await platformCategories(trx);
      const recent = await page('recent');
      const fresh = await page('new');
      const finished = await page('finished');
      const popular = await page('popular');
      return ok({ category, categories, recent, new: fresh, finished, popular });
    });
  });

  r.get('/cm/api/textPlatform/list', {
    schema: {
      tags: ['cm'], summary: 'A page of the text platform\'s works: one list (recent by default), in a reading category when asked',
      querystring: PlatformListQuery, response: { 200: Envelope(Paged(BookCard)) },
    },
  }, async (req) => {
    const { tenantId, categoryId, list = 'recent', pageNo = 1, pageSize = 10 } = req.query;
    return readTenant(app, tenantId, async (trx) => {
      if (categoryId !== undefined && (await platformCategories(trx, categoryId)).length === 0) throw categoryMissing(categoryId);
      return ok(await platformPage(trx, { categoryId, list, pageNo, pageSize }));
    });
  });

  r.post('/cm/api/book/shelf', {
    schema: {
      tags: ['cm'], summary: 'Put a reading work on the caller\'s bookshelf (onShelf true) or take it off (false); either twice is harmless',
      body: ShelfBody, response: { 200: Envelope(ShelfState) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const { contentId, onShelf } = req.body;
    const done = await readTenant(app, user.tenantId, (trx) => setShelf(trx, user.userId, contentId, onShelf));
    if (!done) throw new ApiError(`作品不存在（编号 ${contentId}），它可能已下架，无法加入书架。`, { code: 404, errorCode: 'BOOK_NOT_FOUND' });
    return ok({ contentId, onShelf }, onShelf ? '已加入书架' : '已移出书架');
  });

  r.get('/cm/api/book/shelfList', {
    schema: {
      tags: ['cm'], summary: 'A page of the reading works on the caller\'s bookshelf that are still published, the latest shelved first',
      querystring: MyPagedQuery, response: { 200: Envelope(Paged(ShelfItem)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10 } = req.query;
    return ok(await readTenant(app, user.tenantId, (trx) => shelfPage(trx, user.userId, { pageNo, pageSize })));
  });

  r.get('/cmu/api/articleComment/searchByUser', {
    schema: {
      tags: ['cm'], summary: 'A page of the caller\'s comments on books and works (contents of purpose 5, 6, 7), newest first',
      querystring: MyPagedQuery, response: { 200: Envelope(Paged(BookComment)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10 } = req.query;
    return ok(await readTenant(app, user.tenantId, (trx) => listBookComments(trx, user.userId, { pageNo, pageSize })));
  });

  r.post('/cmu/api/articleComment/delComment', {
    schema: {
      tags: ['cm'], summary: 'Delete one of the caller\'s comments on a book or work; another learner\'s answers as a missing one',
      body: DelBookCommentBody, response: { 200: Envelope(Type.Boolean()) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    const { id } = req.body;
    const done = await readTenant(app, user.tenantId, (trx) => deleteBookComment(trx, user.userId, id));
    // Like spec §8's 'order does not exist': another learner's comment is answered as a missing one.
    if (!done) throw new ApiError(`书评不存在（编号 ${id}），它可能已被删除。`, { code: 404, errorCode: 'COMMENT_NOT_FOUND' });
    return ok(true, '删除成功');
  });
}
