// One article (issue 7 item 3: /share/article/detail/{id} and details/{id}; spec learning §2 "Article
// goes to /share/article/detail/{id}"). The spec names the page but no call; docs/api.md "Articles"
// records this one. Opening an article counts a view.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Envelope } from '../../../schemas/common';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { cardOf } from '../../lib/list-sql';
import { ArticleDetail, ArticleDetailQuery } from '../../../schemas/api/cm/article';

/** cm: the article detail; registered from cmRoutes (server/modules/cm/routes.ts). */
export async function articleRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/cm/api/article/info', {
    schema: {
      tags: ['cm'], summary: 'One published article (shared article or news) by id; counts a view',
      querystring: ArticleDetailQuery,
      response: { 200: Envelope(ArticleDetail) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => {
    const { id } = req.query;
    // One statement reads the article and counts the view, so the count shown includes this one.
    const row = await trx.with('seen', (db) => db.updateTable('article').set({ view_count: sql`view_count + 1` })
      .where('id', '=', id).where('state', '=', 1).returningAll())
      .selectFrom('seen')
      .leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'seen.tenant_id').onRef('cat.id', '=', 'seen.category_id'))
      .select([
        'seen.id', 'seen.title', 'seen.cover', 'seen.summary', 'seen.category_id', 'cat.name as category_name', 'seen.publish_time',
        'seen.kind', 'seen.author', 'seen.view_count', 'seen.favour_count', 'seen.body_url', 'seen.body', 'seen.body_policy',
      ])
      .executeTakeFirst();
    if (!row) throw new ApiError(`No published article has the id ${id} in this tenant.`, { code: 404, errorCode: 'ARTICLE_NOT_FOUND' });
    return ok({ ...cardOf(row), kind: row.kind, author: row.author, viewCount: row.view_count, favourCount: row.favour_count, bodyUrl: row.body_url,
      body: row.body, bodyPolicy: row.body_policy });
  }));
}
