// The keepAlive outlet's page cache (src/app/layout/keep-alive-outlet.tsx KeptPages), which replaced
// lru-cache: least recently shown first, showing a page again makes it the most recent, the least
// recent is dropped beyond the limit, and peeking changes nothing.
import { describe, expect, it } from 'vitest';
import { KeptPages } from '../../src/app/layout/keep-alive-outlet';

describe('KeptPages', () => {
  it('keeps the most recently shown pages up to its limit, least recent first', () => {
    const kept = new KeptPages<number>(3);
    kept.set('a', 1);
    kept.set('b', 2);
    kept.set('c', 3);
    expect([...kept.rkeys()]).toEqual(['a', 'b', 'c']);
    kept.set('a', 10); // shown again: now the most recent, with its new value
    expect([...kept.rkeys()]).toEqual(['b', 'c', 'a']);
    expect(kept.peek('a')).toBe(10);
    kept.set('d', 4); // over the limit: the least recently shown (b) goes
    expect([...kept.rkeys()]).toEqual(['c', 'a', 'd']);
    expect(kept.peek('b')).toBeUndefined();
  });

  it('peek does not make a page more recent', () => {
    const kept = new KeptPages<number>(2);
    kept.set('a', 1);
    kept.set('b', 2);
    expect(kept.peek('a')).toBe(1);
    kept.set('c', 3);
    expect([...kept.rkeys()]).toEqual(['b', 'c']);
  });
});
