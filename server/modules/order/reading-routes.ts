// The reading calls of the shop (spec learning §2 "Sub-home, shop and content": /sub_shop/noval/{id}
// for products of type 8, 9 and 10, and /content/bookshelf; docs/api.md "Shop: reading"). The spec
// names no calls for them. Chapters and the chapter list are open to guests (free chapters are the
// sample); a paid chapter needs a signed-in user with a paid order (state 2 or 3) with the book.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Transaction } from 'kysely';
import { Envelope, Paged } from '../../../schemas/common';
import type { DB } from '../../db/types';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { bookshelf, findChapter, hasPaidOrder, listChapters, readingProductType } from './reading-repository';
import { BookshelfItem, BookshelfQuery, ChapterList, ChapterListQuery, ChapterQuery, ChapterView } from '../../../schemas/api/order';

/** The refusal of a locked chapter (the task's wording, shown as is by the page). */
export const CHAPTER_LOCKED_MESSAGE = '购买后即可阅读全部章节';

/** The signed-in user of this call's tenant, or null (a guest, or a token of another tenant). */
const callerOf = (req: FastifyRequest, tenantId: number) => (req.user && req.user.tenantId === tenantId ? req.user : null);

/** The product's type, and whether the caller owns it; READING_NOT_FOUND when it is no reading product. */
async function bookOf(trx: Transaction<DB>, productId: number, userId: number | null): Promise<{ type: number; owned: boolean }> {
  const type = await readingProductType(trx, productId);
  if (type === null) throw new ApiError(`读物不存在（编号 ${productId}），它可能已被删除或不是电子书、有声书或连载。`, { code: 404, errorCode: 'READING_NOT_FOUND' });
  return { type, owned: userId !== null && await hasPaidOrder(trx, userId, productId) };
}

/** The reading calls; registered from orderRoutes. */
export async function readingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/order/api/reading/chapters', {
    schema: {
      tags: ['order'], summary: 'The chapters of a reading product (type 8, 9, 10), each with its lock state for the caller (guests: only free chapters open)',
      querystring: ChapterListQuery, response: { 200: Envelope(ChapterList) },
    },
  }, async (req) => {
    const { tenantId, productId } = req.query;
    const user = callerOf(req, tenantId);
    return readTenant(app, tenantId, async (trx) => {
      const book = await bookOf(trx, productId, user?.userId ?? null);
      const chapters = await listChapters(trx, productId, book.owned);
      return ok({ productId, productType: book.type, owned: book.owned, freeCount: chapters.filter((c) => c.free).length, chapters });
    });
  });

  r.get('/order/api/reading/chapter', {
    schema: {
      tags: ['order'], summary: 'One chapter with its text (HTML) and audio address; a paid chapter needs a signed-in buyer (CHAPTER_LOCKED otherwise)',
      querystring: ChapterQuery, response: { 200: Envelope(ChapterView) },
    },
  }, async (req) => {
    const { tenantId, productId, id } = req.query;
    const user = callerOf(req, tenantId);
    return readTenant(app, tenantId, async (trx) => {
      const book = await bookOf(trx, productId, user?.userId ?? null);
      const chapter = await findChapter(trx, productId, id, book.owned);
      if (!chapter) throw new ApiError(`这本书没有编号 ${id} 的章节，请从目录重新打开。`, { code: 404, errorCode: 'CHAPTER_NOT_FOUND' });
      // Task rule: a paid chapter needs a signed-in user with a paid order (state 2 or 3) with the product.
      if (chapter.locked) throw new ApiError(CHAPTER_LOCKED_MESSAGE, { code: 403, errorCode: 'CHAPTER_LOCKED' });
      return ok(chapter);
    });
  });

  r.get('/order/api/reading/bookshelf', {
    schema: {
      tags: ['order'], summary: 'A page of the reading products the caller has bought (paid orders), the latest bought first',
      querystring: BookshelfQuery, response: { 200: Envelope(Paged(BookshelfItem)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10 } = req.query;
    return ok(await readTenant(app, user.tenantId, (trx) => bookshelf(trx, user.userId, { pageNo, pageSize })));
  });
}
