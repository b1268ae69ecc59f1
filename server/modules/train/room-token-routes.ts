// Live tokens (spec learning §7 "Live tokens: GET /um/api/thirdPlt/token/argoLive and /argoRtm
// (param uid)"): argoLive for the live playlist (/train/api/live/{roomId}/index.m3u8?token=),
// argoRtm for the chat socket (/train/ws/chat?roomId=&token=). Signed with the tenant's secret,
// 10 minutes, for the signed-in user's own uid only (server/lib/live-tokens.ts). They sit with the
// rooms, whose only use they are, under the path the spec gives them.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope } from '../../../schemas/common';
import { requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { requireTenant } from '../../lib/tenant-context';
import { issueLiveToken, type LivePurpose } from '../../lib/live-tokens';
import { sessionOf } from './room-detail';
import { LiveToken, LiveTokenQuery } from '../../../schemas/api/train-rooms';

/** GET /um/api/thirdPlt/token/argoLive and /argoRtm. */
export async function roomTokenRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const routes: [string, LivePurpose, string][] = [
    ['argoLive', 'live', 'A token for the live playlist of the rooms I may watch (10 minutes)'],
    ['argoRtm', 'rtm', 'A token for the live chat socket (10 minutes)'],
  ];
  for (const [name, purpose, summary] of routes) {
    r.get(`/um/api/thirdPlt/token/${name}`, {
      schema: { tags: ['train'], summary: `${summary}; uid must be the signed-in user`, querystring: LiveTokenQuery, response: { 200: Envelope(LiveToken) } },
    }, async (req) => {
      const user = requireUser(req, req.query.tenantId);
      if (req.query.uid !== user.userId) {
        throw new ApiError('只能为当前登录的用户获取直播凭证（uid 与登录用户不一致）。', { code: 403, errorCode: 'UID_MISMATCH' });
      }
      await requireTenant(app.db.app, user.tenantId);
      return ok(await issueLiveToken(app, sessionOf(req, user), purpose));
    });
  }
}
