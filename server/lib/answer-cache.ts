// Answers that are the same for every visitor of a tenant (the start-up settings, published page
// templates), kept per API node as the serialised JSON they are sent as, with a strong ETag (issue 15
// point 5). The answer is built once per tenant and key, then sent as is: no query, no serialisation.
//
// Freshness: every write that changes these answers drops the tenant's entries on the node that
// wrote, and PostgreSQL NOTIFY (server/db/answer-listener.ts) drops them on every other node. An
// answer is cached only while this node listens: a node that cannot hear other nodes' writes
// would keep a stale answer for ever. A read that started before an invalidation is answered but
// not kept (the generation check), so a write can never be overwritten by an older read.
//
// Errors (unknown tenant, store or page) are never cached: their keys are whatever a caller types,
// so caching them would let anyone flush the good answers out of the bounded cache, and a miss
// costs one statement.

import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** A cached answer: the JSON body exactly as sent (as text and as the bytes written) and its strong ETag. */
export interface CachedAnswer {
  body: string;
  /** The body's UTF-8 bytes, encoded once: each send writes them without encoding the text again. */
  bytes: Buffer;
  etag: string;
}

export interface AnswerCacheOptions {
  /** Most answers kept (default 5,000). */
  maxEntries?: number;
  /** Most memory the answers take, counting each body twice (its text and its bytes; default 64 MB). */
  maxBytes?: number;
}

/** The strong ETag of a body: a quoted hash of its bytes, so equal bodies on every node agree. */
export function strongEtag(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** Whether an If-None-Match header names this ETag (a list, or `*`). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** A node's answer cache: bounded by entries and bytes, keyed by tenant id and the call's own key. */
export class AnswerCache {
  private readonly entries: LRUCache<string, CachedAnswer & { tenantId: number }>;
  /** The keys cached for each tenant, so a tenant's invalidation touches only its own entries. */
  private readonly keysOfTenant = new Map<number, Set<string>>();
  /** Bumped by each tenant invalidation; a build that saw another generation is not kept. */
  private readonly tenantGeneration = new Map<number, number>();
  /** Builds under way by key, with the generation they started in: concurrent misses share one. */
  private readonly inflight = new Map<string, { stamp: string; answer: Promise<CachedAnswer> }>();
  /** Bumped by clear(): a build that started before it is not kept either. */
  private generation = 0;
  private listening = false;
  /** Invalidations seen (this node's writes and other nodes' notifications): tests and metrics. */
  invalidations = 0;

  constructor(opts: AnswerCacheOptions = {}) {
    this.entries = new LRUCache({
      max: opts.maxEntries ?? 5_000,
      maxSize: opts.maxBytes ?? 64 * 1024 * 1024,
      sizeCalculation: (answer) => answer.bytes.length * 2 + 64,
      dispose: (answer, key) => {
        const keys = this.keysOfTenant.get(answer.tenantId);
        keys?.delete(key);
        if (keys?.size === 0) this.keysOfTenant.delete(answer.tenantId);
      },
    });
  }

  /** How many answers are kept now. */
  get size(): number {
    return this.entries.size;
  }

  /** Whether answers are kept: only while the node hears other nodes' writes. */
  get isCaching(): boolean {
    return this.listening;
  }

  /**
   * The tenant's answer for `key`: the cached one, or `build()`'s (kept when no invalidation came
   * in between and the node listens). A build that throws is not kept; the error goes to the caller.
   */
  async get(tenantId: number, key: string, build: () => Promise<string>): Promise<CachedAnswer> {
    const fullKey = `${tenantId}\u0000${key}`;
    const hit = this.entries.get(fullKey);
    if (hit) return hit;
    const seen = this.stamp(tenantId);
    // After a write, every visitor's call misses at once: they wait for one build instead of each
    // reading the database. A build from before an invalidation is not shared with later callers.
    const pending = this.inflight.get(fullKey);
    if (pending && pending.stamp === seen) return pending.answer;
    const answer = this.buildAndKeep(tenantId, fullKey, seen, build);
    const entry = { stamp: seen, answer };
    this.inflight.set(fullKey, entry);
    try {
      return await answer;
    } finally {
      if (this.inflight.get(fullKey) === entry) this.inflight.delete(fullKey);
    }
  }

  private async buildAndKeep(tenantId: number, fullKey: string, seen: string, build: () => Promise<string>): Promise<CachedAnswer> {
    const body = await build();
    const answer = { body, bytes: Buffer.from(body), etag: strongEtag(body), tenantId };
    if (this.listening && seen === this.stamp(tenantId)) {
      this.entries.set(fullKey, answer);
      // set() may refuse an answer larger than the whole cache: index only what was kept.
      if (this.entries.has(fullKey)) {
        let keys = this.keysOfTenant.get(tenantId);
        if (!keys) this.keysOfTenant.set(tenantId, (keys = new Set()));
        keys.add(fullKey);
      }
    }
    return { body: answer.body, bytes: answer.bytes, etag: answer.etag };
  }

  /** Drops every answer of one tenant on this node, and any build of them in flight. */
  invalidateTenant(tenantId: number): void {
    this.invalidations += 1;
    this.tenantGeneration.set(tenantId, (this.tenantGeneration.get(tenantId) ?? 0) + 1);
    for (const key of [...(this.keysOfTenant.get(tenantId) ?? [])]) this.entries.delete(key);
    this.keysOfTenant.delete(tenantId);
  }

  /** Drops everything (notifications may have been missed), and any build in flight. */
  clear(): void {
    this.generation += 1;
    this.tenantGeneration.clear();
    this.entries.clear();
    this.keysOfTenant.clear();
  }

  /** Starts or stops caching as the node's listener connects or loses its connection; both clear. */
  setListening(listening: boolean): void {
    this.clear();
    this.listening = listening;
  }

  private stamp(tenantId: number): string {
    return `${this.generation}:${this.tenantGeneration.get(tenantId) ?? 0}`;
  }
}
