import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope } from '../../../schemas/common';
import { ApiError, ok } from '../../plugins/envelope';
import { requireUser } from '../../plugins/auth';
import { readTenant, findTenantSecret } from '../../lib/tenant-context';
import { findAccountName } from './repository';
import { ExternalLinkQuery, ResolvedExternalLink } from '../../../schemas/api/cfg';

// spec shell §2 "Link behaviour": a menu link containing curly-brace placeholders is first resolved
// by a call. Supported: {tenantId}, {userId}, {account}, {timestamp} (epoch ms) and {sign}, the
// outbound SSO signature HMAC-SHA256(tenant secret, `${tenantId}:${userId}:${timestamp}`) in hex.
// The session token is never a placeholder: it must not leave for another site.

const PLACEHOLDERS = ['tenantId', 'userId', 'account', 'timestamp', 'sign'] as const;
type Placeholder = (typeof PLACEHOLDERS)[number];
/** Placeholders that name the user, so the call needs a signed-in token. */
const USER_PLACEHOLDERS = new Set<string>(['userId', 'account', 'sign']);
const PATTERN = /\{([^{}]*)\}/g;

/** The placeholder names in a link, in order of appearance. */
export function placeholdersOf(linkUrl: string): string[] {
  return [...linkUrl.matchAll(PATTERN)].map((m) => m[1] ?? '');
}

/** The outbound signature a partner site checks: hex HMAC-SHA256 over `${tenantId}:${userId}:${timestamp}`. */
export function signLink(secret: string, tenantId: number, userId: number, timestamp: string): string {
  return createHmac('sha256', secret).update(`${tenantId}:${userId}:${timestamp}`).digest('hex');
}

/** Replaces each placeholder with its URL-encoded value. */
export function fillPlaceholders(linkUrl: string, values: Partial<Record<Placeholder, string>>): string {
  return linkUrl.replace(PATTERN, (whole, name: string) => {
    const value = values[name as Placeholder];
    return value === undefined ? whole : encodeURIComponent(value);
  });
}

/** cfg: the placeholder-resolving call for external menu links. */
export async function externalLinkRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/cfg/api/externalLink/query', {
    schema: {
      tags: ['cfg'],
      summary: 'Resolve {tenantId} {userId} {account} {timestamp} {sign} in an external link; user placeholders need sign-in',
      querystring: ExternalLinkQuery,
      response: { 200: Envelope(ResolvedExternalLink) },
    },
  }, async (req) => {
    const { tenantId, linkUrl } = req.query;
    const names = placeholdersOf(linkUrl);
    const unknown = names.find((name) => !(PLACEHOLDERS as readonly string[]).includes(name));
    if (unknown !== undefined) {
      throw new ApiError(`链接中的占位符 {${unknown}} 不受支持，可用的占位符：${PLACEHOLDERS.map((p) => `{${p}}`).join('、')}`, { errorCode: 'UNKNOWN_PLACEHOLDER' });
    }
    const user = names.some((name) => USER_PLACEHOLDERS.has(name)) ? requireUser(req, tenantId) : undefined;
    const timestamp = String(Date.now());
    const values = await readTenant(app, tenantId, async (trx) => {
      const filled: Partial<Record<Placeholder, string>> = { tenantId: String(tenantId), timestamp };
      if (!user) return filled;
      const account = await findAccountName(trx, user.userId);
      if (account === undefined) throw new ApiError('请先登录', { code: 401, errorCode: 'NOT_SIGNED_IN' });
      filled.userId = String(user.userId);
      filled.account = account;
      if (names.includes('sign')) {
        const secret = await findTenantSecret(trx, tenantId);
        if (!secret) throw new Error(`Tenant ${tenantId} has no secret.`);
        filled.sign = signLink(secret, tenantId, user.userId, timestamp);
      }
      return filled;
    });
    return ok({ linkUrl: fillPlaceholders(linkUrl, values) });
  });
}
