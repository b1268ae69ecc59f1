import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { withTenant } from '../db/database';
import { TenantSecretCache } from '../lib/tenant-secrets';
import { findActiveTokenUser } from '../lib/tokens';
import { findTenantSecret } from '../lib/tenant-context';
import { ApiError } from './envelope';

/** The signed-in user a valid token names. */
export interface AuthUser {
  userId: number;
  tenantId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The user of the presented token, or null (no token, unknown, expired or revoked). */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** This node's short memory of looked-up tokens (see TokenCache). */
    tokenCache: TokenCache;
    /** This node's cache of tenant secrets (server/lib/tenant-secrets.ts). */
    tenantSecrets: TenantSecretCache;
  }
}

/**
 * How long a node trusts a token it has looked up without asking the database again. Every API
 * call carries a token, and the lookup was half of the database work of a progress save
 * (bench/progress). The price: a token revoked through another API node keeps working on this one
 * for at most this long. Revocations through this node (logout, password change) take effect at
 * once. docs/decisions.md "Token lookups are cached for 5 seconds".
 */
export const TOKEN_CACHE_MS = 5_000;
const TOKEN_CACHE_MAX = 50_000;

/**
 * Valid tokens this node looked up recently, by hash (an lru-cache: bounded, least recently used
 * dropped first). Unknown and revoked tokens are never kept.
 */
export class TokenCache {
  private readonly entries: LRUCache<string, { user: AuthUser; until: number }>;

  constructor(private readonly ttlMs = TOKEN_CACHE_MS, private readonly now: () => number = Date.now) {
    // ttlResolution 0: staleness is judged by `now` at each read (tests move the clock by hand).
    this.entries = new LRUCache({ max: TOKEN_CACHE_MAX, perf: { now }, ttlResolution: 0 });
  }

  get(hash: string): AuthUser | undefined {
    const entry = this.entries.get(hash);
    // An entry is gone at `until` exactly (the database's own test is expires_at > now()).
    if (!entry || entry.until <= this.now()) {
      if (entry) this.entries.delete(hash);
      return undefined;
    }
    return entry.user;
  }

  /** Remembers a valid token until the cache time or its own expiry, whichever comes first. */
  set(hash: string, user: AuthUser, expiresAt: number): void {
    const now = this.now();
    const until = Math.min(now + this.ttlMs, expiresAt);
    if (until <= now) return;
    this.entries.set(hash, { user, until }, { ttl: until - now });
  }

  forget(hash: string): void {
    this.entries.delete(hash);
  }

  /** Forgets every token of a user but `keepHash` (a password change signs out other devices). */
  forgetUser(tenantId: number, userId: number, keepHash: string | null = null): void {
    const gone: string[] = [];
    for (const [hash, entry] of this.entries.entries()) {
      if (hash !== keepHash && entry.user.tenantId === tenantId && entry.user.userId === userId) gone.push(hash);
    }
    for (const hash of gone) this.entries.delete(hash);
  }
}

/** DESIGN "The API server": tokens live 15 days (the client's pctoken cookie lives as long, spec shell §9). */
export const TOKEN_LIFETIME_MS = 15 * 24 * 60 * 60 * 1000;

/** The cookie the client keeps the token in (spec shell §7 "Response handling"). */
const TOKEN_COOKIE = 'pctoken';

/**
 * A new token: `<tenantId>.<43 random base64url characters>`. The tenant prefix lets a lookup
 * scope row-level security before the user is known; the 256 random bits are the secret.
 */
export function newToken(tenantId: number): string {
  return `${tenantId}.${randomBytes(32).toString('base64url')}`;
}

/** sha256 hex of a token: the only form stored (never the token itself). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The tenant id a token was issued for, or undefined for text that is not a token. */
export function tenantIdOfToken(token: string): number | undefined {
  const match = /^([1-9]\d{0,14})\.[A-Za-z0-9_-]{43}$/.exec(token);
  return match ? Number(match[1]) : undefined;
}

/** The value of one cookie from a Cookie header, or undefined. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** The token the call presents: the `token` header (spec shell §7), else the pctoken cookie. */
export function presentedToken(req: FastifyRequest): string | undefined {
  const header = req.headers.token;
  const fromHeader = (Array.isArray(header) ? header[0] : header)?.trim();
  if (fromHeader) return fromHeader;
  return cookieValue(req.headers.cookie, TOKEN_COOKIE)?.trim() || undefined;
}

/** The user of a token, or null when it is malformed, unknown, expired or revoked. */
export async function userOfToken(app: FastifyInstance, token: string | undefined): Promise<AuthUser | null> {
  if (!token) return null;
  const tenantId = tenantIdOfToken(token);
  if (tenantId === undefined) return null;
  const hash = hashToken(token);
  const cached = app.tokenCache.get(hash);
  if (cached) return cached;
  const found = await withTenant(app.db.app, tenantId, (trx) => findActiveTokenUser(trx, hash));
  if (!found) return null;
  const user = { userId: found.userId, tenantId };
  app.tokenCache.set(hash, user, found.expiresAt);
  return user;
}

/**
 * The signed-in user of this call, or a flag-401 failure (the client logs out and goes to /login,
 * spec shell §8). DESIGN "The API server": a token used with another tenantId is refused.
 */
export function requireUser(req: FastifyRequest, tenantId: number): AuthUser {
  const user = req.user;
  if (!user || user.tenantId !== tenantId) throw new ApiError('请先登录', { code: 401, errorCode: 'NOT_SIGNED_IN' });
  return user;
}

export interface AuthPluginOptions {
  /** Path prefixes of API calls (app.ts API_PREFIXES); other paths (SPA, uploads) skip the lookup. */
  apiPrefixes: readonly string[];
}

/** Reads the presented token on every API call and sets `request.user`. */
const auth: FastifyPluginAsync<AuthPluginOptions> = async (app, opts) => {
  app.decorateRequest('user', null);
  app.decorate('tokenCache', new TokenCache());
  app.decorate('tenantSecrets', new TenantSecretCache((tenantId) => findTenantSecret(app.db.app, tenantId)));
  app.addHook('onRequest', async (req) => {
    req.user = null;
    // The pctoken cookie rides along with every asset and image too; only API calls pay for a lookup.
    if (!opts.apiPrefixes.some((prefix) => req.url.startsWith(prefix))) return;
    const token = presentedToken(req);
    if (token) req.user = await userOfToken(app, token);
  });
};
// Like fastify-plugin: the hook and decorator apply to the whole app, not just this plugin's scope.
(auth as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

/** The auth plugin: register before the route modules. */
export const authPlugin = auth;
