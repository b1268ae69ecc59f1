// The per-node answer cache (server/lib/answer-cache.ts, issue 15 point 5) on its own: what it
// keeps, for whom, and what an invalidation does to a build already under way.
import { describe, expect, it } from 'vitest';
import { AnswerCache, etagMatches, strongEtag } from '../../server/lib/answer-cache';

const listening = (opts: ConstructorParameters<typeof AnswerCache>[0] = {}) => {
  const cache = new AnswerCache(opts);
  cache.setListening(true);
  return cache;
};

describe('AnswerCache', () => {
  it('builds once per tenant and key, and gives the same body, bytes and ETag after', async () => {
    const cache = listening();
    let builds = 0;
    const build = async () => `{"n":${++builds}}`;
    const first = await cache.get(1, 'settings', build);
    const second = await cache.get(1, 'settings', build);
    expect(builds).toBe(1);
    expect([second.body, second.etag]).toEqual([first.body, first.etag]);
    expect(first.bytes.toString()).toBe(first.body);
    expect(first.etag).toBe(strongEtag('{"n":1}'));
  });

  it('never answers one tenant with another tenant\'s answer for the same key', async () => {
    const cache = listening();
    await cache.get(1, 'settings', async () => '{"tenant":1}');
    expect((await cache.get(2, 'settings', async () => '{"tenant":2}')).body).toBe('{"tenant":2}');
    expect((await cache.get(1, 'settings', async () => 'rebuilt')).body).toBe('{"tenant":1}');
  });

  it('invalidating a tenant drops only its answers', async () => {
    const cache = listening();
    await cache.get(1, 'a', async () => 'one-a');
    await cache.get(1, 'b', async () => 'one-b');
    await cache.get(2, 'a', async () => 'two-a');
    cache.invalidateTenant(1);
    expect(cache.size).toBe(1);
    expect((await cache.get(1, 'a', async () => 'one-a2')).body).toBe('one-a2');
    expect((await cache.get(2, 'a', async () => 'two-a2')).body).toBe('two-a');
  });

  it('does not keep a build that an invalidation overtook: the write it raced is not hidden', async () => {
    const cache = listening();
    let release!: () => void;
    const slow = cache.get(1, 'settings', () => new Promise<string>((r) => { release = () => r('{"old":true}'); }));
    await Promise.resolve();
    cache.invalidateTenant(1); // the write commits while the old answer is still being read
    release();
    expect((await slow).body).toBe('{"old":true}'); // the caller that asked first gets what it read
    expect((await cache.get(1, 'settings', async () => '{"new":true}')).body).toBe('{"new":true}');
  });

  it('answers concurrent misses with one build: a write does not send every visitor to the database', async () => {
    const cache = listening();
    let builds = 0;
    const releases: Array<() => void> = [];
    const build = () => { builds += 1; return new Promise<string>((r) => { releases.push(() => r('{"b":1}')); }); };
    const calls = Array.from({ length: 20 }, () => cache.get(1, 'settings', build));
    releases.forEach((release) => release());
    const answers = await Promise.all(calls);
    expect(builds).toBe(1);
    expect(new Set(answers.map((a) => a.body))).toEqual(new Set(['{"b":1}']));
  });

  it('does not hand a build from before an invalidation to a caller who came after it', async () => {
    const cache = listening();
    const releases: Array<() => void> = [];
    let builds = 0;
    const build = () => { const n = ++builds; return new Promise<string>((r) => { releases.push(() => r(`v${n}`)); }); };
    const before = cache.get(1, 'k', build);
    cache.invalidateTenant(1);
    const after = cache.get(1, 'k', build);
    releases.forEach((release) => release());
    expect([(await before).body, (await after).body]).toEqual(['v1', 'v2']);
    expect((await cache.get(1, 'k', build)).body).toBe('v2');
  });

  it('gives every waiter the error of a shared build that fails, and keeps nothing', async () => {
    const cache = listening();
    let builds = 0;
    const fails: Array<() => void> = [];
    const build = () => { builds += 1; return new Promise<string>((_, reject) => { fails.push(() => reject(new Error('database down'))); }); };
    const calls = [cache.get(1, 'k', build), cache.get(1, 'k', build)];
    fails.forEach((fail) => fail());
    for (const call of calls) await expect(call).rejects.toThrow('database down');
    expect(builds).toBe(1);
    expect(cache.size).toBe(0);
  });

  it('does not keep a build that a clear() overtook either', async () => {
    const cache = listening();
    let release!: () => void;
    const slow = cache.get(1, 'k', () => new Promise<string>((r) => { release = () => r('old'); }));
    await Promise.resolve();
    cache.clear();
    release();
    await slow;
    expect(cache.size).toBe(0);
  });

  it('keeps nothing while not listening, and starts empty when listening again', async () => {
    const cache = new AnswerCache();
    let builds = 0;
    await cache.get(1, 'k', async () => `b${++builds}`);
    await cache.get(1, 'k', async () => `b${++builds}`);
    expect(builds).toBe(2);
    cache.setListening(true);
    await cache.get(1, 'k', async () => `b${++builds}`);
    cache.setListening(false);
    expect(cache.size).toBe(0);
  });

  it('does not keep a failed build', async () => {
    const cache = listening();
    await expect(cache.get(1, 'k', async () => { throw new Error('No page'); })).rejects.toThrow('No page');
    expect(cache.size).toBe(0);
  });

  it('is bounded by entries and by bytes, dropping the least recently used', async () => {
    const byCount = listening({ maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await byCount.get(1, key, async () => key);
    expect(byCount.size).toBe(2);
    const bySize = listening({ maxBytes: 3 * (2 * 1000 + 64) });
    for (const key of ['a', 'b', 'c', 'd']) await bySize.get(1, key, async () => 'x'.repeat(1000));
    expect(bySize.size).toBe(3);
    // An answer larger than the whole cache is answered, not kept, and leaves no trace to invalidate.
    const tiny = listening({ maxBytes: 100 });
    expect((await tiny.get(1, 'big', async () => 'y'.repeat(1000))).body).toHaveLength(1000);
    expect(tiny.size).toBe(0);
    tiny.invalidateTenant(1);
  });
});

describe('etagMatches', () => {
  it('reads a list, a weak form of the same tag and *', () => {
    const etag = strongEtag('{}');
    expect(etagMatches(etag, etag)).toBe(true);
    expect(etagMatches(`"x", W/${etag}`, etag)).toBe(true);
    expect(etagMatches('*', etag)).toBe(true);
    expect(etagMatches('"x"', etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
  });
});
