// GET /dataapi/study/verifyToken (spec shell §7 "User and sign-in"; its inputs and answer are ours,
// docs/api.md "Issue 21: tokens, sign-in panels, config and the app package"): a partner system
// that was handed a learner's token asks whether it is a live session of this tenant and whose.
// It answers the least a partner needs (id, account, name, expiry), never the profile: the full
// login info stays with /um/api/tenant/user/auth/info, which the portal itself uses.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope } from '../../../schemas/common';
import { VerifiedToken, VerifyTokenQuery } from '../../../schemas/api/sessions';
import { hashToken, presentedToken, tenantIdOfToken } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { findActiveTokenUser } from '../../lib/tokens';

/** The one refusal for a token that is missing, malformed, of another tenant, expired or revoked. */
export const TOKEN_INVALID_MESSAGE = 'This token is not a live session of this tenant: it is unknown, expired, revoked or of another tenant. Ask the learner to sign in again.';

/** um: the partner's token check. Register: app.register(verifyTokenRoutes). */
export async function verifyTokenRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().get('/dataapi/study/verifyToken', {
    schema: {
      tags: ['dataapi'],
      summary: 'Whether a token (query token, else the token header) is a live session of this tenant, and its user\'s id, account and name.',
      querystring: VerifyTokenQuery,
      response: { 200: Envelope(VerifiedToken) },
    },
  }, async (req) => {
    const { tenantId } = req.query;
    const token = (req.query.token ?? presentedToken(req) ?? '').trim();
    // code 400, not 401: the caller is a partner system, not a browser to send to /login.
    const invalid = () => new ApiError(TOKEN_INVALID_MESSAGE, { errorCode: 'TOKEN_INVALID' });
    // A token names its tenant; one of another tenant is refused before any lookup (DESIGN "The API server").
    const owner = tenantIdOfToken(token);
    const found = await readTenant(app, tenantId, async (trx) => {
      if (owner !== tenantId) return undefined;
      const session = await findActiveTokenUser(trx, hashToken(token));
      if (!session) return undefined;
      const user = await trx.selectFrom('user_account').select(['account', 'real_name', 'nick_name'])
        .where('id', '=', session.userId).executeTakeFirst();
      return user && { session, user };
    });
    if (!found) throw invalid();
    const { session, user } = found;
    return ok({
      tenantId, userId: session.userId, account: user.account,
      name: user.real_name?.trim() || user.nick_name?.trim() || user.account,
      expireTime: new Date(session.expiresAt).toISOString(),
    });
  });
}
