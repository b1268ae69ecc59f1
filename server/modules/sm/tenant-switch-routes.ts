// POST /sm/sys/userTenantLogin (spec shell §7 "User and sign-in"; its inputs and rules are ours,
// docs/api.md "Issue 21: tokens, sign-in panels, config and the app package"): the signed-in
// account gets a session of another tenant where the same person has an account.
//
// Which account is "the same person" in another tenant is issue 21 W's rule (server/lib/linked-accounts.ts):
// the account with the same mobile, the mobile being proof of one phone; the account name is not a
// link. GET /um/api/tenant/queryAuth lists exactly the tenants this call can switch into.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope } from '../../../schemas/common';
import { UserTenantLoginBody, UserTenantLoginResult } from '../../../schemas/api/sessions';
import { withTenant } from '../../db/database';
import { TOKEN_LIFETIME_MS, hashToken, newToken, requireUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { findLinkedAccountIn } from '../../lib/linked-accounts';
import { requireTenant } from '../../lib/tenant-context';
import { deleteStaleTokens, insertToken } from '../../lib/tokens';

/** The refusals of the switch. */
export const TenantSwitchMessages = {
  sameTenant: 'You are already signed in to this tenant; send the id of another tenant as targetTenantId.',
  noAccount: (target: string) => `You have no account with your mobile in ${target}; bind the same mobile in both tenants (account security), or ask its administrator to create one.`,
};
const M = TenantSwitchMessages;

/** sm: the tenant switch. Register: app.register(tenantSwitchRoutes). */
export async function tenantSwitchRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<TypeBoxTypeProvider>().post('/sm/sys/userTenantLogin', {
    schema: {
      tags: ['sm'],
      summary: 'Signed in: a session of another tenant for the account there with the same mobile (the tenants /um/api/tenant/queryAuth lists).',
      body: UserTenantLoginBody,
      response: { 200: Envelope(UserTenantLoginResult) },
    },
  }, async (req) => {
    const { tenantId, targetTenantId } = req.body;
    // DESIGN "The API server": a token used with another tenantId is refused (flag 401).
    const user = requireUser(req, tenantId);
    if (targetTenantId === tenantId) throw new ApiError(M.sameTenant, { errorCode: 'VALIDATION' });
    const target = await requireTenant(app.db.app, targetTenantId);
    const linked = await findLinkedAccountIn(app.db.app, tenantId, user.userId, targetTenantId);
    if (!linked) throw new ApiError(M.noAccount(`the tenant "${target.name}"`), { code: 404, errorCode: 'USER_NOT_FOUND' });
    const token = newToken(targetTenantId);
    const expiresAt = new Date(Date.now() + TOKEN_LIFETIME_MS);
    await withTenant(app.db.app, targetTenantId, async (trx) => {
      await insertToken(trx, { tenantId: targetTenantId, tokenHash: hashToken(token), userId: linked.userId, expiresAt });
      await deleteStaleTokens(trx, linked.userId);
    });
    const session = { id: linked.userId, account: linked.account, token, expireTime: expiresAt.toISOString() };
    return ok({ tenantId: target.id, tenantCode: target.code, tenantName: target.name, ...session });
  });
}
