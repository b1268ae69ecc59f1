import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Envelope } from '../../../schemas/common';
import { presentedToken } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import {
  DbOneTimeStore, SSO_NONCE_TTL_MS, TOKENID_TTL_MS, authInfoOfToken, exchangeTokenId, issueTokenId, loginBySignature,
  loginByThirdParty, tenantProviders, type OneTimeStore, type SsoContext,
} from './sso';
import { LoginResult } from '../../../schemas/api/um';
import {
  AuthInfo, AuthInfoQuery, ExchangeTokenBody, IssueTokenIdBody, IssueTokenIdResult, SsoLoginBody, ThirdLoginQuery,
  ThirdPartyLoginBody, ThirdProviderEntry,
} from '../../../schemas/api/um-sso';
import { defaultThirdPartyRegistry, type ThirdPartyRegistry } from './third-party';

/** Options for tests and deployments: the provider registry, the one-time stores, the clock. */
export interface SsoRoutesOptions {
  registry?: ThirdPartyRegistry;
  nonces?: OneTimeStore;
  tokenIds?: OneTimeStore;
  now?: () => number;
}

/**
 * Options used where app.register(umSsoRoutes) passes none (server/app.ts). Tests set them before
 * building the app, so the same registration serves both.
 */
export const ssoDefaults: SsoRoutesOptions = {};

/**
 * um: single sign-on for integrators and third-party login (spec shell §4 "Login identities",
 * §7; docs/shell.md "Single sign-on and third-party login"). Register: app.register(umSsoRoutes).
 */
export async function umSsoRoutes(app: FastifyInstance, given: SsoRoutesOptions = {}): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const opts = { ...ssoDefaults, ...given };
  const now = opts.now ?? (() => Date.now());
  const ctx: SsoContext = {
    app,
    now,
    registry: opts.registry ?? defaultThirdPartyRegistry(),
    // In the database, shared by every API node: a uuid used on one is refused on all.
    nonces: opts.nonces ?? new DbOneTimeStore(app.db.app, { kind: 'sso-nonce', ttlMs: SSO_NONCE_TTL_MS, now }),
    tokenIds: opts.tokenIds ?? new DbOneTimeStore(app.db.app, { kind: 'sso-tokenid', ttlMs: TOKENID_TTL_MS, now }),
  };

  r.post('/um/api/user/ssoLogin', {
    schema: {
      tags: ['um'], summary: 'Signed SSO (query oid, UUID, uname, appId, ts, sg): sg = hex HMAC-SHA256(appSecret, appId|oid|uuid|uname|ts); ts ±5 min; each uuid once.',
      body: SsoLoginBody,
      response: { 200: Envelope(LoginResult) },
    },
  }, async (req) => ok(await loginBySignature(ctx, req.body)));

  r.post('/um/api/user/issueTokenId', {
    schema: {
      tags: ['um'], summary: 'Server to server: a signed request (as ssoLogin) gives a one-time tokenid valid 2 minutes.',
      body: IssueTokenIdBody,
      response: { 200: Envelope(IssueTokenIdResult) },
    },
  }, async (req) => ok(await issueTokenId(ctx, req.body)));

  r.post('/um/api/user/exchangeToken', {
    schema: {
      tags: ['um'], summary: 'The tokenid exchange (spec shell §7: tenantId, tokenid): a tokenid works once, in its own tenant.',
      body: ExchangeTokenBody,
      response: { 200: Envelope(LoginResult) },
    },
  }, async (req) => ok(await exchangeTokenId(ctx, req.body.tenantId, req.body.tokenid)));

  r.get('/um/api/tenant/user/auth/info', {
    schema: {
      tags: ['um'], summary: 'Login info of an sso_token (one of this tenant\'s session tokens), from the token query or header; another tenant\'s token is refused.',
      querystring: AuthInfoQuery,
      response: { 200: Envelope(AuthInfo) },
    },
  }, async (req) => ok(await authInfoOfToken(app, req.query.tenantId, req.query.token ?? presentedToken(req) ?? '')));

  r.get('/um/api/user/thirdLogin', {
    schema: {
      tags: ['um'], summary: 'The tenant\'s third-party providers (Security.thirdPartyProviders); [] when none is configured.',
      querystring: ThirdLoginQuery,
      response: { 200: Envelope(Type.Array(ThirdProviderEntry)) },
    },
  }, async (req) => {
    const { tenantId, state, redirectUri } = req.query;
    const providers = await tenantProviders(ctx, tenantId);
    return ok(providers.map((p) => ({
      id: p.id, name: p.name, type: p.type,
      ...(state && redirectUri ? { authorizeUrl: p.authorizeUrl(state, redirectUri) } : {}),
    })));
  });

  r.post('/um/api/user/thirdParty/login', {
    schema: {
      tags: ['um'], summary: 'Third-party sign-in with the provider\'s code; the first sign-in creates the account when registration is open.',
      body: ThirdPartyLoginBody,
      response: { 200: Envelope(LoginResult) },
    },
  }, async (req) => ok(await loginByThirdParty(ctx, req.body)));
}
