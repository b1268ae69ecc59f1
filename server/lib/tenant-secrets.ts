// Tenant secrets, cached per node (DESIGN "The API server"). The secret signs and checks media
// links, upload links, study-log keys and SSO tickets; reading it took two queries (the tenant,
// then its secret) on every /media/ request (every Range request while seeking, every HLS
// segment) and every courseLog. A secret is kept SECRET_CACHE_MS after it was read.
//
// Rotation: a node may hold the old secret for up to SECRET_CACHE_MS after another node rotates it.
// Checks use `verify`, which on a mismatch reads the secret again once and retries, so a link or
// code signed with the new secret passes at once everywhere. A link signed with the old secret by
// a node that has not yet noticed keeps working on that node until its entry expires, and fails on
// nodes that already read the new one: rotation takes SECRET_CACHE_MS to settle.

import { LRUCache } from 'lru-cache';

/** How long a node keeps a tenant's secret. */
export const SECRET_CACHE_MS = 60_000;
const SECRET_CACHE_MAX = 10_000;

/** Reads a tenant's secret from the database; undefined for an unknown tenant (never cached). */
export type SecretLoader = (tenantId: number) => Promise<string | undefined>;

/** A bounded lru-cache of secrets by tenant id; the least recently used tenant is dropped first. */
export class TenantSecretCache {
  private readonly entries: LRUCache<number, { secret: string; until: number }>;

  constructor(private readonly load: SecretLoader, private readonly ttlMs = SECRET_CACHE_MS, private readonly now: () => number = Date.now) {
    // ttlResolution 0: staleness is judged by `now` at each read (tests move the clock by hand).
    this.entries = new LRUCache({ max: SECRET_CACHE_MAX, ttl: ttlMs, perf: { now }, ttlResolution: 0 });
  }

  /** The tenant's secret: cached while fresh, else read (and kept). */
  async get(tenantId: number): Promise<string | undefined> {
    const entry = this.entries.get(tenantId);
    if (entry && entry.until > this.now()) return entry.secret;
    return this.reload(tenantId);
  }

  /** Reads the secret from the database now, replacing what is cached. */
  async reload(tenantId: number): Promise<string | undefined> {
    const secret = await this.load(tenantId);
    this.entries.delete(tenantId);
    if (secret === undefined) return undefined;
    this.entries.set(tenantId, { secret, until: this.now() + this.ttlMs });
    return secret;
  }

  /**
   * Runs a signature check with the cached secret and, when it fails, once more with a freshly read
   * one (the secret may have been rotated on another node). False for an unknown tenant.
   */
  async verify(tenantId: number, check: (secret: string) => boolean): Promise<boolean> {
    const cached = await this.get(tenantId);
    if (cached === undefined) return false;
    if (check(cached)) return true;
    const fresh = await this.reload(tenantId);
    return fresh !== undefined && fresh !== cached && check(fresh);
  }

  /** Forgets a tenant's secret on this node (after rotating it here). */
  forget(tenantId: number): void {
    this.entries.delete(tenantId);
  }
}
