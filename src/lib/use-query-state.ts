// List pages keep their tab, words and page in the address (so back and a shared link keep them).
// react-router's setSearchParams builds on the params of the render it was called in, so two edits
// before the next render (a tab click and a search in one event, a pager's page and size) would
// keep only the last one. These edits queue: each builds on the one before it.
import { useCallback, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** A change to the query: a value sets the key, undefined or '' removes it. */
export type QueryChange = Record<string, string | number | undefined>;

/** Applies a change to a copy of `params`; anything but a page change goes back to page 1. */
export function applyQueryChange(params: URLSearchParams, change: QueryChange): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(change)) {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  if (!('pageNo' in change)) next.delete('pageNo');
  return next;
}

export interface QueryState {
  /** The query of this render. */
  params: URLSearchParams;
  /** Edits the query in place: `edit(next)` changes a copy of the latest query, which becomes the address. */
  edit: (change: (next: URLSearchParams) => void) => void;
  /** Sets and removes keys (applyQueryChange): a filter change starts at page 1. */
  update: (change: QueryChange) => void;
}

/** The address's query with edits that build on each other, even within one render. */
export function useQueryState(): QueryState {
  const [params, setParams] = useSearchParams();
  // The latest query: the committed render's, or the one an edit since then has asked for. Taken
  // from a committed render only: a navigation renders as a transition, and a keystroke meanwhile
  // renders the old query urgently and discards that transition's render, so setting it during
  // render let the old query overwrite the edit (CI: a tab chosen, then a search, lost the tab).
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const edit = useCallback((change: (next: URLSearchParams) => void) => {
    const next = new URLSearchParams(latest.current);
    change(next);
    latest.current = next;
    setParams(next);
  }, [setParams]);
  const update = useCallback((change: QueryChange) => {
    const next = applyQueryChange(latest.current, change);
    latest.current = next;
    setParams(next);
  }, [setParams]);
  return { params, edit, update };
}
