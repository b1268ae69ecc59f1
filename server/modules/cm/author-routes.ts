// The reading platform's cm calls (issue 20 part U; spec learning §2 "Reading content": the book
// page /content/noval/detail/{id}, the author page /content/author/{id}; docs/api.md "Reading
// platform"). The spec names no calls for these pages: these are ours, under /cm/api/. The text
// platform, the shelf and my book comments are in platform-routes.ts, registered from here.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope, Paged } from '../../../schemas/common';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { AuthorDetail, AuthorWorksQuery, BookCard, BookDetail, IdQuery } from '../../../schemas/api/reading-platform';
import { authorWorks, findAuthor } from './author-repository';
import { findBook } from './platform-repository';
import { platformRoutes } from './platform-routes';

/** The signed-in user's id when signed in to this tenant; null for a guest. */
export const viewerId = (req: FastifyRequest, tenantId: number) => (req.user && req.user.tenantId === tenantId ? req.user.userId : null);

export const authorNotFound = (id: number) => new ApiError(`作者不存在（编号 ${id}），可能已被删除；请从作品页重新进入。`, { code: 404, errorCode: 'AUTHOR_NOT_FOUND' });

/** The book and author calls; registered from cmModule (server/modules/cm/index.ts). */
export async function authorRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/cm/api/book/info', {
    schema: {
      tags: ['cm'], summary: 'A reading work\'s page (content of purpose 5, 6 or 7): card, author, chapters, and whether the caller has it on the shelf',
      querystring: IdQuery, response: { 200: Envelope(BookDetail) },
    },
  }, async (req) => {
    const { tenantId, id } = req.query;
    return readTenant(app, tenantId, async (trx) => {
      const book = await findBook(trx, id, viewerId(req, tenantId));
      if (!book) throw new ApiError(`作品不存在（编号 ${id}），它可能已下架或不是电子书、有声书或连载。`, { code: 404, errorCode: 'BOOK_NOT_FOUND' });
      return ok(book);
    });
  });

  r.get('/cm/api/author/info', {
    schema: {
      tags: ['cm'], summary: 'An author\'s page head: pen name, avatar, intro, works, words and followers counted, and the caller\'s follow state',
      querystring: IdQuery, response: { 200: Envelope(AuthorDetail) },
    },
  }, async (req) => {
    const { tenantId, id } = req.query;
    return readTenant(app, tenantId, async (trx) => {
      const author = await findAuthor(trx, id, viewerId(req, tenantId));
      if (!author) throw authorNotFound(id);
      return ok(author);
    });
  });

  r.get('/cm/api/author/works', {
    schema: {
      tags: ['cm'], summary: 'A page of an author\'s published reading works, the latest updated first',
      querystring: AuthorWorksQuery, response: { 200: Envelope(Paged(BookCard)) },
    },
  }, async (req) => {
    const { tenantId, authorId, pageNo = 1, pageSize = 10 } = req.query;
    return readTenant(app, tenantId, async (trx) => {
      if (!(await findAuthor(trx, authorId, null))) throw authorNotFound(authorId);
      return ok(await authorWorks(trx, authorId, { pageNo, pageSize }));
    });
  });

  await platformRoutes(app);
}
