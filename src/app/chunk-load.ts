// Page-chunk loading and its failures (spec shell §4 "Chunk-load failure", "Navigation failure";
// §8; §9 chunk load timeout 120000 ms). A page chunk that fails to load (a new deployment replaced
// it, or the network dropped) saves the target path and loads it again with a full page load, once;
// a second failure for the same target, or any other failure while navigating, is a navigation
// failure: alert 跳转异常，请重新登录, clear the stored init data, log out and go to /login.
import { BASE_PATH } from '../lib/constants';

/** spec shell §9: chunk load timeout. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** sessionStorage key of the target whose chunk failed and was reloaded for. */
export const CHUNK_RELOAD_KEY = 'portal.chunkReloadedFor';

/** spec shell §8: a chunk failure is an error named ChunkLoadError. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

const CHUNK_MESSAGES = [/dynamically imported module/i, /importing a module script failed/i, /loading (css )?chunk/i, /failed to fetch/i, /unable to preload css/i];

/** True for the errors browsers and Vite raise when a page chunk cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** Rejects with a ChunkLoadError when `load` takes longer than the timeout. */
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Loading the page took longer than ${timeoutMs / 1000} s.`)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** What the app does about a failed page load. */
export type LazyFailureAction = { kind: 'reload'; href: string } | { kind: 'navigation-failure' };

/** Decides between the one reload and a navigation failure; `target` is the in-app path being opened. */
export function decideLazyFailure(error: unknown, target: string, storage: Pick<Storage, 'getItem' | 'setItem'>): LazyFailureAction {
  if (isChunkLoadError(error) && storage.getItem(CHUNK_RELOAD_KEY) !== target) {
    storage.setItem(CHUNK_RELOAD_KEY, target);
    // A full load of the target: the browser fetches the new index.html and its chunks, and the
    // learner lands where they were going (the target is "restored").
    return { kind: 'reload', href: `${BASE_PATH}${target === '/' ? '' : target}` };
  }
  return { kind: 'navigation-failure' };
}

/** Forgets the reload marker once a page chunk loaded, so a later deployment can reload again. */
export function chunkLoaded(storage: Pick<Storage, 'removeItem'>): void {
  storage.removeItem(CHUNK_RELOAD_KEY);
}
