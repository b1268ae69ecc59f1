import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_KEY, chunkLoaded, decideLazyFailure } from '../../src/app/chunk-load';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, isChunkLoadError, withChunkTimeout } from '../../src/lib/chunk-timeout';

// spec shell §4 "Chunk-load failure", §8, §9 (timeout 120000 ms).
function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

afterEach(() => vi.useRealTimers());

describe('chunk-load failures', () => {
  it('recognises the errors browsers raise for a missing chunk', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /study/assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new ChunkLoadError('late'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('times out after 120 s with an error named ChunkLoadError', async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const pending = withChunkTimeout(() => new Promise<never>(() => undefined));
    const caught = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void caught.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await caught;
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('ChunkLoadError');
  });

  it('saves the target and loads it again once', () => {
    const storage = memoryStorage();
    const action = decideLazyFailure(new TypeError('Failed to fetch dynamically imported module'), '/search?searchValue=a', storage);
    expect(action).toEqual({ kind: 'reload', href: '/study/search?searchValue=a' });
    expect(storage.getItem(CHUNK_RELOAD_KEY)).toBe('/search?searchValue=a');
  });

  it('treats a second failure for the same target as a navigation failure', () => {
    const storage = memoryStorage();
    const error = new TypeError('Failed to fetch dynamically imported module');
    decideLazyFailure(error, '/search', storage);
    expect(decideLazyFailure(error, '/search', storage)).toEqual({ kind: 'navigation-failure' });
  });

  it('reloads again for another target, and after a successful load', () => {
    const storage = memoryStorage();
    const error = new TypeError('Failed to fetch dynamically imported module');
    decideLazyFailure(error, '/search', storage);
    expect(decideLazyFailure(error, '/helpCenter', storage).kind).toBe('reload');
    chunkLoaded(storage);
    expect(decideLazyFailure(error, '/helpCenter', storage).kind).toBe('reload');
  });

  it('treats any other loading error as a navigation failure at once', () => {
    expect(decideLazyFailure(new Error('boom'), '/search', memoryStorage())).toEqual({ kind: 'navigation-failure' });
  });
});
