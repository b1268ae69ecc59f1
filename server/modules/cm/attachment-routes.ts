// Attachments (spec learning §7 GET /cm/api/attachment/search; its parameters are not shown,
// docs/api.md "Attachments" records ours): the files a published course, subject or content comes
// with, in their order, for its detail page to offer for download.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../../schemas/common';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { AttachmentItem, AttachmentQuery } from '../../../schemas/api/cm/media';

const NOT_FOUND = { course: 'COURSE_NOT_FOUND', subject: 'SUBJECT_NOT_FOUND', content: 'CONTENT_NOT_FOUND' } as const;

/** cm: the attachment list; registered from cmRoutes (server/modules/cm/routes.ts). */
export async function attachmentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/cm/api/attachment/search', {
    schema: {
      tags: ['cm'], summary: 'The files a published course, subject or content comes with, in order',
      querystring: AttachmentQuery,
      response: { 200: Envelope(Type.Array(AttachmentItem)) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => {
    const { targetType, targetId } = req.query;
    const target = await trx.selectFrom(targetType).select('id').where('id', '=', targetId).where('state', '=', 1).executeTakeFirst();
    if (!target) throw new ApiError(`No published ${targetType} has the id ${targetId} in this tenant.`, { code: 404, errorCode: NOT_FOUND[targetType] });
    const rows = await trx.selectFrom('attachment').select(['id', 'name', 'url', 'size', 'mime'])
      .where('target_type', '=', targetType).where('target_id', '=', targetId).orderBy('sort').orderBy('id').execute();
    return ok(rows.map((a) => ({ id: a.id, name: a.name, url: a.url, size: a.size === null ? null : Number(a.size), mime: a.mime })));
  }));
}
