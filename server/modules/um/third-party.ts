import { createHash } from 'node:crypto';

// Third-party sign-in (spec shell §4 "Login identities": third-party login; §7 GET
// /um/api/user/thirdLogin, POST /um/api/user/thirdParty/login). A tenant lists its providers in the
// setting Security.thirdPartyProviders (public: the settings reach the browser, so no secrets there);
// each provider's client secret comes from the server's environment. docs/shell.md "Single sign-on
// and third-party login" tells operators how to configure one.

/** Who the provider says signed in. */
export interface ThirdPartyIdentity {
  /** The provider's stable id of the person (OIDC `sub`, WeChat openid or unionid). */
  externalId: string;
  displayName: string | null;
}

/** One configured provider of one tenant, ready to use. */
export interface ThirdPartyProvider {
  id: string;
  name: string;
  type: string;
  /** Where the browser goes to sign in at the provider; it comes back to redirectUri with code and state. */
  authorizeUrl(state: string, redirectUri: string): string;
  /** Trades the code for the identity over the back channel (the provider checks code + secret). */
  exchange(code: string, redirectUri: string): Promise<ThirdPartyIdentity>;
}

/** One entry of Security.thirdPartyProviders (paramValueType 2, a JSON array). Public fields only. */
export interface ProviderConfig {
  /** Unique per tenant; part of the account name, so never change it once people signed in. */
  id: string;
  /** A registered provider type: 'oidc' and 'wechat' are built in. */
  type: string;
  /** The button text. */
  name: string;
  clientId: string;
  authorizeUrl?: string;
  tokenUrl?: string;
  userInfoUrl?: string;
  scope?: string;
  /** The field of the user-info answer that names the person (oidc: 'sub'; wechat: 'openid' or 'unionid'). */
  idField?: string;
  /** The field holding the display name (oidc: 'name'; wechat: 'nickname'). */
  nameField?: string;
}

/** What a factory gets besides the public config. */
export interface ProviderEnv {
  /** From the environment (providerSecretEnvName); undefined when the operator has not set it. */
  clientSecret: string | undefined;
  fetch: typeof fetch;
}

/** Builds a provider from its config, or throws an Error naming what is missing. */
export type ProviderFactory = (config: ProviderConfig, env: ProviderEnv) => ThirdPartyProvider;

/** A provider's answer was not usable; the message is for the log, not for the user. */
export class ThirdPartyError extends Error {
  override readonly name = 'ThirdPartyError';
}

const PROVIDER_ID = /^[a-z0-9][a-z0-9_-]{0,31}$/;
const HTTP_TIMEOUT_MS = 10_000;

/** The environment variable holding a provider's client secret: THIRD_PARTY_SECRET_<tenantId>_<ID>. */
export function providerSecretEnvName(tenantId: number, providerId: string): string {
  return `THIRD_PARTY_SECRET_${tenantId}_${providerId.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

/**
 * The account a third-party identity signs in to: `tp:<provider>:<first 32 hex of sha256(externalId)>`.
 * No mapping table exists (no migration this round), so the rule is deterministic. The hash keeps
 * case-sensitive ids apart (accounts match case-insensitively) and the ':' keeps the name out of
 * reach of /um/api/user/register (letters, digits and _ @ . - only), so nobody can claim it first.
 */
export function thirdPartyAccount(providerId: string, externalId: string): string {
  return `tp:${providerId}:${createHash('sha256').update(externalId, 'utf8').digest('hex').slice(0, 32)}`;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/**
 * The valid entries of Security.thirdPartyProviders. A broken entry is skipped with a reason in
 * `problems` (logged by the caller), so one typo does not hide the tenant's other providers.
 */
export function parseProviderConfigs(raw: string | undefined): { configs: ProviderConfig[]; problems: string[] } {
  const problems: string[] = [];
  if (!raw?.trim()) return { configs: [], problems };
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    return { configs: [], problems: ['Security.thirdPartyProviders is not JSON.'] };
  }
  if (!Array.isArray(list)) return { configs: [], problems: ['Security.thirdPartyProviders must be a JSON array.'] };
  const configs: ProviderConfig[] = [];
  const seen = new Set<string>();
  list.forEach((item: unknown, index) => {
    const entry = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    const id = text(entry.id);
    const type = text(entry.type) ?? id;
    const clientId = text(entry.clientId);
    if (!id || !PROVIDER_ID.test(id)) return problems.push(`Entry ${index}: id must be 1-32 of a-z 0-9 _ - (got ${JSON.stringify(entry.id)}).`);
    if (seen.has(id)) return problems.push(`Entry ${index}: the id "${id}" is used twice.`);
    if (!type || !clientId) return problems.push(`Entry ${index} (${id}): type and clientId are required.`);
    seen.add(id);
    const config: ProviderConfig = { id, type, name: text(entry.name) ?? id, clientId };
    for (const key of ['authorizeUrl', 'tokenUrl', 'userInfoUrl', 'scope', 'idField', 'nameField'] as const) {
      const value = text(entry[key]);
      if (value) config[key] = value;
    }
    configs.push(config);
  });
  return { configs, problems };
}

function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

async function readJson(fetchFn: typeof fetch, url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const res = await fetchFn(url, { ...init, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok || typeof body !== 'object' || body === null) throw new ThirdPartyError(`${url.split('?')[0]} answered HTTP ${res.status} without a JSON object.`);
  return body as Record<string, unknown>;
}

const idText = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : typeof value === 'number' ? String(value) : undefined);

function requireParts(config: ProviderConfig, env: ProviderEnv, keys: readonly ('authorizeUrl' | 'tokenUrl' | 'userInfoUrl')[]): void {
  const missing = keys.filter((key) => !config[key]);
  if (missing.length) throw new Error(`Provider "${config.id}" (${config.type}) needs ${missing.join(', ')} in Security.thirdPartyProviders.`);
  if (!env.clientSecret) throw new Error(`Provider "${config.id}" has no client secret; set it in the server's environment.`);
}

/**
 * A generic OAuth 2.0 / OpenID Connect authorization-code provider: the code goes to tokenUrl with
 * the client secret (back channel), the access token to userInfoUrl. The identity comes from the
 * user-info answer over TLS, so the id_token signature need not be checked here.
 */
export const oidcProvider: ProviderFactory = (config, env) => {
  requireParts(config, env, ['authorizeUrl', 'tokenUrl', 'userInfoUrl']);
  return {
    id: config.id, name: config.name, type: config.type,
    authorizeUrl: (state, redirectUri) => withQuery(config.authorizeUrl!, {
      response_type: 'code', client_id: config.clientId, redirect_uri: redirectUri, scope: config.scope ?? 'openid profile', state,
    }),
    exchange: async (code, redirectUri) => {
      const token = await readJson(env.fetch, config.tokenUrl!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: config.clientId, client_secret: env.clientSecret! }).toString(),
      });
      const accessToken = text(token.access_token);
      if (!accessToken) throw new ThirdPartyError(`The token endpoint of "${config.id}" gave no access_token (${text(token.error) ?? 'no error given'}).`);
      const info = await readJson(env.fetch, config.userInfoUrl!, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } });
      const externalId = idText(info[config.idField ?? 'sub']);
      if (!externalId) throw new ThirdPartyError(`The user info of "${config.id}" has no ${config.idField ?? 'sub'}.`);
      return { externalId, displayName: text(info[config.nameField ?? 'name']) ?? text(info.nickname) ?? text(info.preferred_username) ?? null };
    },
  };
};

/** WeChat website login (open.weixin.qq.com): QR-code authorize, sns/oauth2/access_token, sns/userinfo. */
export const wechatProvider: ProviderFactory = (config, env) => {
  requireParts(config, env, []);
  const idField = config.idField === 'unionid' ? 'unionid' : 'openid';
  return {
    id: config.id, name: config.name, type: config.type,
    // WeChat wants its parameters in this order and the #wechat_redirect fragment.
    authorizeUrl: (state, redirectUri) => `${withQuery(config.authorizeUrl ?? 'https://open.weixin.qq.com/connect/qrconnect', {
      appid: config.clientId, redirect_uri: redirectUri, response_type: 'code', scope: config.scope ?? 'snsapi_login', state,
    })}#wechat_redirect`,
    exchange: async (code) => {
      const token = await readJson(env.fetch, withQuery(config.tokenUrl ?? 'https://api.weixin.qq.com/sns/oauth2/access_token', {
        appid: config.clientId, secret: env.clientSecret!, code, grant_type: 'authorization_code',
      }));
      const externalId = idText(token[idField]);
      const accessToken = text(token.access_token);
      if (!externalId || !accessToken) throw new ThirdPartyError(`WeChat refused the code for "${config.id}": ${String(token.errcode ?? '')} ${String(token.errmsg ?? `no ${idField}`)}.`);
      let displayName: string | null = null;
      try {
        const info = await readJson(env.fetch, withQuery(config.userInfoUrl ?? 'https://api.weixin.qq.com/sns/userinfo', { access_token: accessToken, openid: String(token.openid ?? '') }));
        displayName = text(info[config.nameField ?? 'nickname']) ?? null;
      } catch {
        // The nickname is a nicety: sign-in goes on without it.
      }
      return { externalId, displayName };
    },
  };
};

/**
 * Provider types by name. The routes take a registry as an option, so tests register a fake type
 * (no network here) and a deployment may add its own (a corporate IdP with another protocol).
 */
export class ThirdPartyRegistry {
  private readonly factories = new Map<string, ProviderFactory>();
  private readonly fetchFn: typeof fetch;
  private readonly secretOf: (tenantId: number, providerId: string) => string | undefined;

  constructor(options: { fetch?: typeof fetch; secretOf?: (tenantId: number, providerId: string) => string | undefined } = {}) {
    this.fetchFn = options.fetch ?? ((...args) => fetch(...args));
    this.secretOf = options.secretOf ?? ((tenantId, providerId) => process.env[providerSecretEnvName(tenantId, providerId)] || undefined);
  }

  register(type: string, factory: ProviderFactory): this {
    this.factories.set(type, factory);
    return this;
  }

  /** The usable provider of a config, or an Error saying why it is not usable (unknown type, missing secret or URL). */
  build(tenantId: number, config: ProviderConfig): ThirdPartyProvider | Error {
    const factory = this.factories.get(config.type);
    if (!factory) return new Error(`Provider "${config.id}" has the unknown type "${config.type}" (known: ${[...this.factories.keys()].join(', ') || 'none'}).`);
    try {
      return factory(config, { clientSecret: this.secretOf(tenantId, config.id), fetch: this.fetchFn });
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
  }
}

/** The registry with the built-in types (oidc, wechat), secrets from the environment. */
export function defaultThirdPartyRegistry(options: ConstructorParameters<typeof ThirdPartyRegistry>[0] = {}): ThirdPartyRegistry {
  return new ThirdPartyRegistry(options).register('oidc', oidcProvider).register('wechat', wechatProvider);
}
