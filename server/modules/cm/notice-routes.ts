// One notice (spec learning §7 "Notices: GET /cm/api/notice/detail"; the notice list widget opens
// /user/center/study/noticeDetail?id=). A public notice is for everyone; a notice that is not public
// is for the tenant's signed-in users (the demo has no audience lists). Opening one counts a view.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { Envelope } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { iso } from '../../lib/list-sql';
import { NoticeDetail, NoticeDetailQuery } from '../../../schemas/api/cm/article';

const notFound = (id: number) => new ApiError(`No published notice has the id ${id} in this tenant.`, { code: 404, errorCode: 'NOTICE_NOT_FOUND' });

/** cm: the notice detail; registered from cmRoutes (server/modules/cm/routes.ts). */
export async function noticeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/cm/api/notice/detail', {
    schema: {
      tags: ['cm'], summary: 'One published notice by id, with its text; a notice that is not public needs a signed-in user. Counts a view',
      querystring: NoticeDetailQuery,
      response: { 200: Envelope(NoticeDetail) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => {
    const { id, tenantId } = req.query;
    const found = await trx.selectFrom('notice').select('is_public').where('id', '=', id).where('state', '=', 1).executeTakeFirst();
    if (!found) throw notFound(id);
    if (!found.is_public) requireUser(req, tenantId);
    const row = await trx.with('seen', (db) => db.updateTable('notice').set({ view_count: sql`view_count + 1` })
      .where('id', '=', id).where('state', '=', 1).returningAll())
      .selectFrom('seen')
      .leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'seen.tenant_id').onRef('cat.id', '=', 'seen.category_id'))
      .select(['seen.id', 'seen.title', 'seen.summary', 'seen.category_id', 'cat.name as category_name', 'seen.top', 'seen.view_count', 'seen.publish_time', 'seen.body', 'seen.is_public'])
      .executeTakeFirst();
    if (!row) throw notFound(id);
    // Issue 19 part H: opening a notice signed in marks it read for myNotice (notice_read).
    if (req.user && req.user.tenantId === tenantId) {
      await trx.insertInto('notice_read').values({ tenant_id: tenantId, user_id: req.user.userId, notice_id: id })
        .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'notice_id']).where('notice_id', 'is not', null).doNothing()).execute();
    }
    return ok({
      id: row.id, title: row.title, summary: row.summary, categoryId: row.category_id, categoryName: row.category_name, top: row.top,
      viewCount: row.view_count, publishTime: iso(row.publish_time), body: row.body, isPublic: row.is_public,
    });
  }));
}
