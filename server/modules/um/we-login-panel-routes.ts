// GET /dataapi/study/weLoginPanelParameter (spec shell §7 "User and sign-in"; its answer is ours,
// docs/api.md "Issue 21: tokens, sign-in panels, config and the app package"): the parameters of
// a WeChat-style QR login panel embedded in the login page (wxLogin.js's WxLogin: appid, scope,
// redirect_uri, state, style). They come from the tenant's wechat entry of
// Security.thirdPartyProviders, the same entry POST /um/api/user/thirdParty/login trades the
// panel's code with, so a panel is offered only when that sign-in can complete (the client
// secret is set on the server). The state is signed with the tenant secret and lives 10 minutes.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope } from '../../../schemas/common';
import { WeLoginPanel, WeLoginPanelQuery } from '../../../schemas/api/sessions';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant, tenantSecret } from '../../lib/tenant-context';
import { findTenantSetting } from './profile-repository';
import { ssoDefaults } from './sso-routes';
import { defaultThirdPartyRegistry, parseProviderConfigs, type ThirdPartyProvider, type ThirdPartyRegistry } from './third-party';

/** How long a panel's state is accepted. */
export const WE_LOGIN_STATE_TTL_SECONDS = 10 * 60;

/** The provider type whose entries can drive the panel. */
const PANEL_TYPE = 'wechat';

export const WeLoginPanelMessages = {
  notConfigured: 'This tenant has no WeChat login configured: add an entry of type "wechat" to its setting Security.thirdPartyProviders and set the entry\'s client secret on the server.',
  unknownProvider: (id: string) => `This tenant has no usable WeChat login "${id}"; leave provider out for the first one.`,
};
const M = WeLoginPanelMessages;

function stateSignature(secret: string, tenantId: number, provider: string, expiresAt: number, nonce: string): string {
  // The label keeps this HMAC apart from the tenant secret's others (media links, SMS codes).
  return createHmac('sha256', secret).update(`we-login-state\n${tenantId}\n${provider}\n${expiresAt}\n${nonce}`).digest('base64url');
}

/** A panel state: `<expiresAt>.<nonce>.<signature>` (about 70 characters; WeChat allows 128). */
export function signWeLoginState(secret: string, tenantId: number, provider: string, expiresAt: number): string {
  const nonce = randomBytes(12).toString('base64url');
  return `${expiresAt}.${nonce}.${stateSignature(secret, tenantId, provider, expiresAt, nonce)}`;
}

/** Whether a state came back unexpired and was signed for this tenant and provider. */
export function weLoginStateValid(secret: string, tenantId: number, provider: string, state: string, nowMs = Date.now()): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/.exec(state);
  if (!match) return false;
  const expiresAt = Number(match[1]);
  if (expiresAt * 1000 <= nowMs) return false;
  const expected = Buffer.from(stateSignature(secret, tenantId, provider, expiresAt, match[2]!));
  return timingSafeEqual(expected, Buffer.from(match[3]!));
}

/** The panel's extras of an entry that parseProviderConfigs does not keep: redirectUri and style. */
function panelExtras(raw: string | undefined, id: string): { redirectUri?: string; style?: string } {
  try {
    const list: unknown = JSON.parse(raw ?? '[]');
    const entry = Array.isArray(list) ? list.find((item: unknown) => (item as { id?: unknown } | null)?.id === id) as Record<string, unknown> | undefined : undefined;
    const redirectUri = typeof entry?.redirectUri === 'string' && /^https?:\/\/[^\s]+$/i.test(entry.redirectUri) ? entry.redirectUri : undefined;
    const style = entry?.style === 'black' || entry?.style === 'white' ? entry.style : undefined;
    return { ...(redirectUri ? { redirectUri } : {}), ...(style ? { style } : {}) };
  } catch {
    return {};
  }
}

/** Options for tests: the provider registry (default: the one the SSO routes use) and the clock. */
export interface WeLoginPanelOptions {
  registry?: ThirdPartyRegistry;
  now?: () => number;
}

/** um: the QR panel's parameters. Register: app.register(weLoginPanelRoutes). */
export async function weLoginPanelRoutes(app: FastifyInstance, opts: WeLoginPanelOptions = {}): Promise<void> {
  const now = opts.now ?? (() => Date.now());
  app.withTypeProvider<TypeBoxTypeProvider>().get('/dataapi/study/weLoginPanelParameter', {
    schema: {
      tags: ['dataapi'],
      summary: 'A WeChat QR login panel\'s appid, scope, redirect_uri and a signed 10-minute state, from the tenant\'s wechat provider; THIRD_PARTY_NOT_CONFIGURED when it has none.',
      querystring: WeLoginPanelQuery,
      response: { 200: Envelope(WeLoginPanel) },
    },
  }, async (req) => {
    const { tenantId } = req.query;
    const registry = opts.registry ?? ssoDefaults.registry ?? defaultThirdPartyRegistry();
    const raw = (await readTenant(app, tenantId, (trx) => findTenantSetting(trx, 'Security', 'thirdPartyProviders')))?.paramValue;
    const wanted = req.query.provider?.trim();
    const candidates = parseProviderConfigs(raw).configs.filter((c) => c.type === PANEL_TYPE && (!wanted || c.id === wanted));
    // The first entry whose provider builds (its secret is set): a panel whose code cannot be traded is no use.
    let chosen: { config: (typeof candidates)[number]; provider: ThirdPartyProvider } | undefined;
    for (const config of candidates) {
      const built = registry.build(tenantId, config);
      if (!(built instanceof Error)) {
        chosen = { config, provider: built };
        break;
      }
    }
    if (!chosen) throw new ApiError(wanted ? M.unknownProvider(wanted) : M.notConfigured, { code: 404, errorCode: 'THIRD_PARTY_NOT_CONFIGURED' });
    const { config, provider } = chosen;
    const extras = panelExtras(raw, config.id);
    // spec shell §2: /wx_login is the portal's WeChat login route; the panel returns there by default.
    const redirectUri = extras.redirectUri ?? `${req.protocol}://${req.host}/study/wx_login`;
    const expiresAt = Math.floor(now() / 1000) + WE_LOGIN_STATE_TTL_SECONDS;
    const state = signWeLoginState(await tenantSecret(app, tenantId), tenantId, config.id, expiresAt);
    return ok({
      provider: config.id, appid: config.clientId, scope: config.scope ?? 'snsapi_login', redirectUri, state, expiresAt,
      qrUrl: provider.authorizeUrl(state, redirectUri), style: extras.style ?? null,
    });
  });
}
