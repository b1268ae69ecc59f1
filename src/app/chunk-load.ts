// Page-chunk loading and its failures (spec shell §4 "Chunk-load failure", "Navigation failure";
// §8; §9 chunk load timeout 120000 ms). A page chunk that fails to load (a new deployment replaced
// it, or the network dropped) saves the target path and loads it again with a full page load, once;
// a second failure for the same target, or any other failure while navigating, is a navigation
// failure: alert 跳转异常，请重新登录, clear the stored init data, log out and go to /login.
import { isChunkLoadError } from '../lib/chunk-timeout';
import { BASE_PATH } from '../lib/constants';

/** sessionStorage key of the target whose chunk failed and was reloaded for. */
export const CHUNK_RELOAD_KEY = 'portal.chunkReloadedFor';

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
