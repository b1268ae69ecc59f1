// keepAlive pages (spec shell §2 "Access": route meta keepAlive, keepKey). A page whose route has
// keepAlive stays mounted, hidden, when the learner navigates away, so its state (the tab, the page
// of results, loaded data) and its scroll position are there when they come back. A hidden page
// keeps seeing the location it was last shown at, so it does not react to other pages' URLs.
import { useEffect, useRef, type ReactElement } from 'react';
import { UNSAFE_LocationContext, useLocation, useMatches, useNavigationType, useOutlet, type Location } from 'react-router';
import { isRouteHandle } from '../../lib/route-meta';

/** How many kept pages stay mounted; the least recently shown is dropped first. */
export const KEEP_ALIVE_LIMIT = 5;

interface Kept {
  element: ReactElement | null;
  location: Location;
  scrollY: number;
}

/** The key a keepAlive route is cached under: its keepKey, else its path (home/1 ≠ home/2). */
export function keepAliveKey(meta: { keepAlive?: boolean; keepKey?: string } | undefined, pathname: string): string | null {
  if (!meta?.keepAlive) return null;
  return meta.keepKey ?? pathname;
}

/**
 * At most `max` kept pages in the order they were last shown, least recent first: a Map keeps its
 * insertion order, so showing a page again moves it to the end and the first one is dropped. (It
 * was lru-cache's LRUCache, ~6 KB gzip of the entry every route loads, issue 15 point 3.)
 */
export class KeptPages<V> {
  private readonly entries = new Map<string, V>();
  constructor(private readonly max: number) {}
  /** The entry without making it more recent. */
  peek(key: string): V | undefined {
    return this.entries.get(key);
  }
  /** Stores the entry as the most recently shown, dropping the least recent beyond the limit. */
  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }
  /** Keys, least recently shown first. */
  rkeys(): IterableIterator<string> {
    return this.entries.keys();
  }
}

/** Scroll positions to restore on the next render, set when a kept page is shown again. */
const pendingRestore = { key: null as string | null, y: 0 };

/** True when the navigation just shown returns to a kept page with a scroll position to restore. */
export function isRestoringScroll(): boolean {
  return pendingRestore.key !== null;
}

/** The layout's outlet: ordinary pages render as usual; keepAlive pages are kept mounted. */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const handle = useMatches().map((m) => m.handle).filter(isRouteHandle).at(-1);
  const activeKey = keepAliveKey(handle?.meta, location.pathname);
  // At most KEEP_ALIVE_LIMIT pages: showing a page makes it the most recent, and the
  // least recently shown one is dropped when a new page is kept.
  const kept = useRef<KeptPages<Kept> | null>(null);
  kept.current ??= new KeptPages<Kept>(KEEP_ALIVE_LIMIT);
  const previousKey = useRef<string | null>(null);

  const cache = kept.current;
  if (previousKey.current !== activeKey) {
    // Leaving a kept page: remember where it was scrolled to.
    const left = previousKey.current ? cache.peek(previousKey.current) : undefined;
    if (left) left.scrollY = window.scrollY;
    const back = activeKey ? cache.peek(activeKey) : undefined;
    if (back && activeKey) {
      pendingRestore.key = activeKey;
      pendingRestore.y = back.scrollY;
    }
    previousKey.current = activeKey;
  }
  if (activeKey) {
    const scrollY = cache.peek(activeKey)?.scrollY ?? 0;
    cache.set(activeKey, { element: outlet, location, scrollY }); // now the most recently shown
  }

  useEffect(() => {
    // Runs after the root's scroll-to-top (a layout effect), so the kept page's position wins.
    if (pendingRestore.key !== null && pendingRestore.key === activeKey) {
      window.scrollTo(0, pendingRestore.y);
    }
    pendingRestore.key = null;
  }, [activeKey, location.key]);

  return (
    <>
      {/* rkeys: least recently shown first, so a page's place in the DOM moves only when it is shown. */}
      {[...cache.rkeys()].map((key) => [key, cache.peek(key)!] as const).map(([key, entry]) => (
        <div key={key} data-keep-alive={key} hidden={key !== activeKey} style={{ display: key === activeKey ? 'contents' : 'none' }}>
          <UNSAFE_LocationContext.Provider value={{ location: key === activeKey ? location : entry.location, navigationType }}>{entry.element}</UNSAFE_LocationContext.Provider>
        </div>
      ))}
      {activeKey ? null : outlet}
    </>
  );
}
