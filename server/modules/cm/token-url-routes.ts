// GET /dataapi/content/getTokenUrl (spec learning §7 "Content and learning"; its inputs and answer
// are ours, docs/api.md "Issue 21: tokens, sign-in panels, config and the app package"): the
// address a signed-in learner opens a content's media or document with. Media (`media:` base
// addresses) get the same signed /media/ link the decode call gives (server/lib/media.ts, same
// lifetime), so one signing scheme guards the folder; documents already live at public /uploads/
// or http(s) addresses and come back unchanged. Who may open a content: any signed-in learner of
// its tenant while it is published (state 1), the rule of its detail page.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope } from '../../../schemas/common';
import { TokenUrl, TokenUrlQuery } from '../../../schemas/api/cm/token-url';
import { parseMediaAddress, signedMediaUrl } from '../../lib/media';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant, tenantSecret } from '../../lib/tenant-context';
import { MEDIA_LINK_STEP_SECONDS, MEDIA_LINK_TTL_SECONDS, MediaMessages } from './media-routes';

export const TokenUrlMessages = {
  contentNotFound: (id: number) => `No published content has the id ${id} in this tenant.`,
  partNotFound: (partId: number, contentId: number) => `The content ${contentId} has no part with the id ${partId}.`,
  noMedia: 'This content has no media or document to open; its text is on its detail page.',
};
const M = TokenUrlMessages;

/** cm: signed addresses of a content's media. Register: app.register(tokenUrlRoutes). */
export async function tokenUrlRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get('/dataapi/content/getTokenUrl', {
    schema: {
      tags: ['dataapi'],
      summary: 'Signed in: a signed 6-hour /media/ link to a published content\'s (or its part\'s) media, or its document\'s address.',
      querystring: TokenUrlQuery,
      response: { 200: Envelope(TokenUrl) },
    },
  }, async (req) => {
    const { tenantId, contentId, partId } = req.query;
    requireUser(req, tenantId);
    const item = await readTenant(app, tenantId, async (trx) => {
      const content = await trx.selectFrom('content').select(['kind', 'media_url'])
        .where('id', '=', contentId).where('state', '=', 1).executeTakeFirst();
      if (!content) throw new ApiError(M.contentNotFound(contentId), { code: 404, errorCode: 'CONTENT_NOT_FOUND' });
      if (partId === undefined) return content;
      const part = await trx.selectFrom('content_part').select(['kind', 'media_url'])
        .where('id', '=', partId).where('content_id', '=', contentId).executeTakeFirst();
      if (!part) throw new ApiError(M.partNotFound(partId, contentId), { code: 404, errorCode: 'PART_NOT_FOUND' });
      return part;
    });
    const address = item.media_url?.trim();
    if (!address) throw new ApiError(M.noMedia, { code: 404, errorCode: 'CONTENT_NO_MEDIA' });
    if (/^https?:\/\//i.test(address) || address.startsWith('/uploads/')) return ok({ url: address, signed: false, expiresAt: 0, kind: item.kind });
    const media = parseMediaAddress(address);
    if (!media) throw new ApiError(MediaMessages.notFound, { code: 404, errorCode: 'MEDIA_NOT_FOUND' });
    // As the decode call: rounded up to the step, so asking twice within it gives the same (cached) URL.
    const step = MEDIA_LINK_STEP_SECONDS;
    const expiresAt = Math.ceil((Math.floor(Date.now() / 1000) + MEDIA_LINK_TTL_SECONDS) / step) * step;
    return ok({ url: signedMediaUrl(await tenantSecret(app, tenantId), tenantId, media.path, expiresAt), signed: true, expiresAt, kind: item.kind });
  });
}
