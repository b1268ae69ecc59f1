// cm content parts (spec learning §7: GET /cm/api/content/partList): the episodes or chapters of
// one content, which the content detail page lists and hands to the floating audio player.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../../schemas/common';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { listContentParts } from './part-repository';
import { ContentPartItem, ContentPartQuery } from '../../../schemas/api/cm/part';

/** The content part calls; registered from cmRoutes (server/modules/cm/routes.ts). */
export async function contentPartRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/cm/api/content/partList', {
    schema: {
      tags: ['cm'], summary: 'The parts (episodes, chapters) of one published content, in play order; empty when it is one piece',
      querystring: ContentPartQuery,
      response: { 200: Envelope(Type.Array(ContentPartItem)) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => {
    const { contentId } = req.query;
    const parts = await listContentParts(trx, contentId);
    // The same answer as content/info: an unpublished content is as unknown as a missing one.
    if (!parts) throw new ApiError(`No published content has the id ${contentId} in this tenant.`, { code: 404, errorCode: 'CONTENT_NOT_FOUND' });
    return ok(parts);
  }));
}
