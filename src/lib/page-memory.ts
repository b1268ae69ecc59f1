// spec shell §3 App state pageRoute/pageTab: a list page remembers its page number and tab, so a
// learner who opens a detail and comes back lands on the same page and tab. Kept per route in
// sessionStorage (one tab runs one tenant, and the memory should not outlive the visit).
// spec shell §9: default pageNo 1, default pageTab 0; anything else stored falls back to them.
import { useCallback, useState } from 'react';

/** A list page's position. */
export interface PageMemory {
  pageNo: number;
  pageTab: number;
}

/** spec shell §9: default pageNo 1, default pageTab 0. */
export const DEFAULT_PAGE_MEMORY: Readonly<PageMemory> = Object.freeze({ pageNo: 1, pageTab: 0 });

const keyOf = (routeKey: string) => `portal.pageMemory.${routeKey}`;

const session = (): Storage | undefined => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);

const isPageNo = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 1;
const isPageTab = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

// Each value that is not a valid page number / tab index falls back to its own default.
function clean(value: Record<string, unknown>): PageMemory {
  return {
    pageNo: isPageNo(value.pageNo) ? value.pageNo : DEFAULT_PAGE_MEMORY.pageNo,
    pageTab: isPageTab(value.pageTab) ? value.pageTab : DEFAULT_PAGE_MEMORY.pageTab,
  };
}

/** The remembered position of a route; each value that is missing or invalid reads as its default. */
export function readPageMemory(routeKey: string): PageMemory {
  let stored: unknown = null;
  try {
    const raw = session()?.getItem(keyOf(routeKey));
    stored = raw == null ? null : (JSON.parse(raw) as unknown);
  } catch {
    // Blocked storage or corrupt JSON: nothing remembered.
  }
  return clean(stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {});
}

/** Remembers a route's position; the defaults are not stored, so the entry disappears at page 1 tab 0. */
export function writePageMemory(routeKey: string, memory: PageMemory): void {
  const value = clean({ ...memory });
  try {
    if (value.pageNo === DEFAULT_PAGE_MEMORY.pageNo && value.pageTab === DEFAULT_PAGE_MEMORY.pageTab) session()?.removeItem(keyOf(routeKey));
    else session()?.setItem(keyOf(routeKey), JSON.stringify(value));
  } catch (error) {
    console.warn(`Could not remember the page of "${routeKey}" in sessionStorage; coming back will show page 1.`, error);
  }
}

/** Forgets a route's position. */
export function clearPageMemory(routeKey: string): void {
  try {
    session()?.removeItem(keyOf(routeKey));
  } catch {
    // Nothing stored that could be read either.
  }
}

/** What usePageMemory gives a list page. */
export interface PageMemoryControls extends PageMemory {
  setPageNo(pageNo: number): void;
  /** Switches tab and goes back to page 1: the new tab's list is a different list. */
  setPageTab(pageTab: number): void;
  /** Back to page 1, tab 0, and forgotten. */
  reset(): void;
}

/**
 * A list page's pageNo and pageTab, restored from this session and remembered on change.
 * `routeKey` names the list, usually location.pathname.
 */
export function usePageMemory(routeKey: string): PageMemoryControls {
  const [state, setState] = useState(() => ({ routeKey, ...readPageMemory(routeKey) }));
  // Another route in the same component (a param change): show its own memory in this render.
  let current = state;
  if (state.routeKey !== routeKey) {
    current = { routeKey, ...readPageMemory(routeKey) };
    setState(current);
  }

  const update = useCallback(
    (patch: Partial<PageMemory>) => {
      setState((previous) => {
        const base = previous.routeKey === routeKey ? previous : { routeKey, ...readPageMemory(routeKey) };
        const next = clean({ ...base, ...patch });
        writePageMemory(routeKey, next);
        return { routeKey, ...next };
      });
    },
    [routeKey],
  );

  const setPageNo = useCallback((pageNo: number) => update({ pageNo }), [update]);
  const setPageTab = useCallback((pageTab: number) => update({ pageTab, pageNo: DEFAULT_PAGE_MEMORY.pageNo }), [update]);
  const reset = useCallback(() => {
    clearPageMemory(routeKey);
    setState({ routeKey, ...DEFAULT_PAGE_MEMORY });
  }, [routeKey]);

  return { pageNo: current.pageNo, pageTab: current.pageTab, setPageNo, setPageTab, reset };
}
