// The per-node cache of tenant secrets (server/lib/tenant-secrets.ts): one read per tenant while
// fresh, read again after the cache time, unknown tenants never kept, and a failed check retried
// once with a freshly read secret so a rotation on another node is picked up at once.
import { describe, expect, it } from 'vitest';
import { TenantSecretCache } from '../../server/lib/tenant-secrets';

function setup(ttl = 1000) {
  const db = new Map<number, string>([[1, 'old']]);
  let reads = 0;
  let now = 0;
  const cache = new TenantSecretCache(async (id) => { reads += 1; return db.get(id); }, ttl, () => now);
  return { db, cache, reads: () => reads, advance: (ms: number) => { now += ms; } };
}

describe('tenant secret cache', () => {
  it('reads a tenant once while fresh, and again after the cache time', async () => {
    const t = setup();
    expect(await t.cache.get(1)).toBe('old');
    expect(await t.cache.get(1)).toBe('old');
    expect(t.reads()).toBe(1);
    t.db.set(1, 'new');
    t.advance(999);
    expect(await t.cache.get(1)).toBe('old');
    t.advance(1);
    expect(await t.cache.get(1)).toBe('new');
    expect(t.reads()).toBe(2);
  });

  it('never keeps an unknown tenant, so one created later is found', async () => {
    const t = setup();
    expect(await t.cache.get(2)).toBeUndefined();
    t.db.set(2, 'two');
    expect(await t.cache.get(2)).toBe('two');
    expect(await t.cache.verify(3, () => true)).toBe(false);
  });

  it('passes a check signed with a secret rotated elsewhere, reading it again only on a mismatch', async () => {
    const t = setup();
    await t.cache.get(1);
    t.db.set(1, 'new');
    expect(await t.cache.verify(1, (s) => s === 'old')).toBe(true);
    expect(t.reads()).toBe(1);
    expect(await t.cache.verify(1, (s) => s === 'new')).toBe(true);
    expect(t.reads()).toBe(2);
    // Now the node holds the new secret: the old one fails, after one more read that finds nothing newer.
    expect(await t.cache.verify(1, (s) => s === 'old')).toBe(false);
    expect(t.reads()).toBe(3);
    expect(await t.cache.verify(1, (s) => s === 'forged')).toBe(false);
  });

  it('forgets a tenant on request', async () => {
    const t = setup();
    await t.cache.get(1);
    t.db.set(1, 'new');
    t.cache.forget(1);
    expect(await t.cache.get(1)).toBe('new');
  });
});
