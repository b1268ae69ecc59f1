// cm media: the decode call of the floating audio player (spec shell §4 "A source that is not yet
// decoded is decoded on first play", §7 "decoding an audio address (permissionFlag, baseUrl,
// optional region)"; its path is not shown, ours is docs/api.md "Media decode") and the signed
// /media/ links it hands out. Addresses and signatures: server/lib/media.ts.
import { mkdir, readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope } from '../../../schemas/common';
import {
  findMediaFile, LOCAL_REGION, MEDIA_PREFIX, mediaLinkSigned, parseMediaAddress, parseMediaLink, PLAYLIST_TYPE, signedMediaUrl, signPlaylist,
  type MediaLink,
} from '../../lib/media';
import { requireUser } from '../../plugins/auth';
import { ApiError, failure, ok } from '../../plugins/envelope';
import { tenantSecret } from '../../lib/tenant-context';
import { DecodedMedia, MediaDecodeQuery } from '../../../schemas/api/cm/media';

/** How long a decoded link plays: a long lesson with pauses, without a re-decode mid-listen. */
export const MEDIA_LINK_TTL_SECONDS = 6 * 60 * 60;

/**
 * Expiries are rounded up to this step, so decoding the same address twice within it gives the
 * same URL and the browser's cached copy is reused.
 */
export const MEDIA_LINK_STEP_SECONDS = 10 * 60;

/** The messages of the decode call and of refused links. */
export const MediaMessages = {
  notFound: '媒体文件不存在',
  unknownRegion: (region: string) => `Unknown storage region "${region}"; this server keeps media in the region "${LOCAL_REGION}" only, so leave region out or send "${LOCAL_REGION}".`,
  badLink: 'This media link is not valid; decode the address again to get a new link.',
  expired: 'This media link has expired; decode the address again to get a new link.',
};
const M = MediaMessages;

/** Options of the media routes: the folder holding every tenant's media (MEDIA_DIR). */
export interface MediaRouteOptions {
  mediaDir: string;
}

/** The decode call (`GET /cm/api/media/decode`) and the signed `/media/` links it gives out. */
export async function mediaRoutes(app: FastifyInstance, opts: MediaRouteOptions): Promise<void> {
  const mediaDir = resolve(opts.mediaDir);
  await mkdir(mediaDir, { recursive: true });

  app.withTypeProvider<TypeBoxTypeProvider>().get('/cm/api/media/decode', {
    schema: {
      tags: ['cm'],
      summary: 'Turns an audio or video base address into a playable link (6 h). permissionFlag 1 (default) needs a signed-in user; 0 allows guests.',
      querystring: MediaDecodeQuery,
      response: { 200: Envelope(DecodedMedia) },
    },
  }, async (req) => {
    const { tenantId, region } = req.query;
    const secret = await tenantSecret(app, tenantId);
    const wanted = region?.trim();
    if (wanted && wanted !== LOCAL_REGION) throw new ApiError(M.unknownRegion(wanted), { errorCode: 'UNKNOWN_REGION' });
    if (req.query.permissionFlag !== 0) requireUser(req, tenantId);
    const baseUrl = req.query.baseUrl.trim();
    if (/^https?:\/\//i.test(baseUrl)) return ok({ url: baseUrl, expiresAt: 0 });
    const media = parseMediaAddress(baseUrl);
    if (!media || !(await findMediaFile(mediaDir, tenantId, media))) {
      throw new ApiError(M.notFound, { code: 404, errorCode: 'MEDIA_NOT_FOUND' });
    }
    const step = MEDIA_LINK_STEP_SECONDS;
    const expiresAt = Math.ceil((Math.floor(Date.now() / 1000) + MEDIA_LINK_TTL_SECONDS) / step) * step;
    return ok({ url: signedMediaUrl(secret, tenantId, media.path, expiresAt), expiresAt });
  });

  // The folder is served only through signed links: the hook refuses anything else before
  // @fastify/static (which answers Range requests with 206, as Chromium needs to seek) looks at it.
  await app.register(async (scope) => {
    const links = new WeakMap<FastifyRequest, MediaLink>();
    const refuse = (message: string, errorCode: string) => failure(new ApiError(message, { code: 403, errorCode, httpStatus: 403 }));
    scope.addHook('onRequest', async (req, reply) => {
      const link = parseMediaLink(req.url);
      // The node's cached secret; a mismatch reads it again once (a rotated secret, server/lib/tenant-secrets.ts).
      if (!link || !(await app.tenantSecrets.verify(link.tenantId, (secret) => mediaLinkSigned(secret, link)))) {
        return reply.code(403).send(refuse(M.badLink, 'MEDIA_LINK_INVALID'));
      }
      if (link.expiresAt * 1000 < Date.now()) return reply.code(403).send(refuse(M.expired, 'MEDIA_LINK_EXPIRED'));
      links.set(req, link);
      // An HLS playlist is answered here, its URIs signed with the playlist's own expiry, so the
      // player (hls.js) can fetch the init and media segments: they are served only through signed
      // links like everything else in the folder.
      if (link.contentType === PLAYLIST_TYPE) {
        const file = await findMediaFile(mediaDir, link.tenantId, link);
        if (!file) return reply.code(404).send(failure(new ApiError(M.notFound, { code: 404, errorCode: 'MEDIA_NOT_FOUND', httpStatus: 404 })));
        const dir = link.path.slice(0, Math.max(0, link.path.lastIndexOf('/')));
        const secret = await tenantSecret(app, link.tenantId);
        const signed = signPlaylist(await readFile(file, 'utf8'), dir, (path) => signedMediaUrl(secret, link.tenantId, path, link.expiresAt));
        return reply.code(200).header('content-type', PLAYLIST_TYPE).header('cache-control', 'private, no-cache').send(signed);
      }
    });
    scope.addHook('onSend', async (req, reply, payload) => {
      const link = links.get(req);
      if (link && (reply.statusCode === 200 || reply.statusCode === 206)) {
        const maxAge = Math.max(0, link.expiresAt - Math.floor(Date.now() / 1000));
        void reply.header('content-type', link.contentType)
          .header('cache-control', `private, max-age=${maxAge}`)
          .header('x-content-type-options', 'nosniff');
      }
      return payload;
    });
    await scope.register(fastifyStatic, {
      root: mediaDir, prefix: MEDIA_PREFIX, decorateReply: false, index: false, dotfiles: 'deny', cacheControl: false,
    });
  });
}
