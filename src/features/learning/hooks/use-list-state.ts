// The state of a learning list page lives in the query (categoryId, categoryName, categoryPath,
// purpose or kind, searchValue, label, sort, pageNo, pageSize), so the home page's category jumps
// (spec shell §2: categoryId, categoryName, categoryPath, and purpose for /knowledge and /content)
// open the list pre-filtered, and back and forward walk through filters and pages.
// spec shell §3 pageRoute/pageTab, §9 defaults pageNo 1 and pageTab 0: the tab is remembered per
// route and the page per route and filters (a category jump never lands on another filter's page
// 3); an address without pageNo (the menu, a jump) gets the remembered ones back.
import { useCallback, useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { clearPageMemory, usePageMemory } from '../../../lib/page-memory';
import { PAGE_SIZE_OPTIONS } from '../../../lib/constants';
import type { ListConfig, ListSort, ListTab } from '../api/list-kinds';

/** 10 (of spec §9's page sizes) fills two rows of five. */
export const DEFAULT_PAGE_SIZE = 10;
/** The longest search text the list calls take. */
export const MAX_WORDS = 100;
/** The longest label the list calls take. */
export const MAX_LABEL = 50;

/** A list page's state, read from its query (and the remembered tab and page). */
export interface ListState {
  tabIndex: number;
  tab: ListTab;
  /** The tab param values in force: the tab's, or the part of them the address named (purpose=5 on the reading tab). */
  values: readonly string[];
  categoryId?: number;
  categoryName?: string;
  categoryPath?: string;
  /** '' when not searching. */
  searchValue: string;
  /** A label the items must carry (course, subject and content lists); '' for any. */
  label: string;
  sort: ListSort;
  pageNo: number;
  pageSize: number;
}

/** A category as the tree hands it over. */
export interface ChosenCategory {
  id: number;
  name: string;
  path: string;
}

/** What a list page can change. */
export interface ListStateControls {
  state: ListState;
  setCategory(category: ChosenCategory | null): void;
  setSearch(words: string): void;
  setLabel(label: string): void;
  setSort(sort: ListSort): void;
  setTab(index: number): void;
  setPage(pageNo: number, pageSize: number): void;
  clearFilters(): void;
}

const positiveInt = (value: string | null): number | undefined => {
  const n = Number(value);
  return value !== null && value.trim() !== '' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/** The tab the address names: the tab holding exactly those values, else the first holding all of them. */
export function tabOfValues(tabs: readonly ListTab[], requested: readonly string[]): { index: number; values: readonly string[] } | null {
  if (requested.length === 0) return null;
  const wanted = [...new Set(requested)];
  const exact = tabs.findIndex((t) => t.values.length === wanted.length && wanted.every((v) => t.values.includes(v)));
  if (exact >= 0) return { index: exact, values: tabs[exact]!.values };
  const holding = tabs.findIndex((t) => wanted.every((v) => t.values.includes(v)));
  return holding >= 0 ? { index: holding, values: tabs[holding]!.values.filter((v) => wanted.includes(v)) } : null;
}

/** The values of the tab param in the query; purpose repeats (purpose=5&purpose=6) or is comma separated. */
function requestedValues(config: ListConfig, params: URLSearchParams): string[] {
  if (!config.tabParam) return [];
  return params.getAll(config.tabParam).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
}

/** Reads a list state from a query; `rememberedTab` stands in when the query names no tab. */
export function readListState(config: ListConfig, params: URLSearchParams, rememberedTab: number, rememberedPage: number): ListState & { fromUrl: boolean; urlPageNo?: number } {
  const named = tabOfValues(config.tabs, requestedValues(config, params));
  const tabIndex = named?.index ?? (rememberedTab < config.tabs.length ? rememberedTab : 0);
  const tab = config.tabs[tabIndex]!;
  const sizeParam = positiveInt(params.get('pageSize'));
  const urlPageNo = positiveInt(params.get('pageNo'));
  const categoryId = positiveInt(params.get('categoryId'));
  const text = (key: string) => params.get(key)?.trim() || undefined;
  return {
    tabIndex, tab, values: named?.values ?? tab.values, fromUrl: named !== null,
    ...(categoryId === undefined ? {} : { categoryId, categoryName: text('categoryName'), categoryPath: text('categoryPath') }),
    searchValue: (params.get('searchValue') ?? '').trim().slice(0, MAX_WORDS),
    label: (params.get('label') ?? '').trim().slice(0, MAX_LABEL),
    sort: params.get('sort') === 'popular' ? 'popular' : 'newest',
    pageSize: sizeParam !== undefined && (PAGE_SIZE_OPTIONS as readonly number[]).includes(sizeParam) ? sizeParam : DEFAULT_PAGE_SIZE,
    pageNo: urlPageNo ?? rememberedPage,
    ...(urlPageNo === undefined ? {} : { urlPageNo }),
  };
}

/** The page memory key of a list: its route plus every filter, so each filtered list keeps its own page. */
export function pageMemoryKey(pathname: string, s: Pick<ListState, 'tabIndex' | 'values' | 'categoryId' | 'searchValue' | 'sort' | 'pageSize'> & { label?: string }): string {
  const key = new URLSearchParams({ tab: String(s.tabIndex), values: [...s.values].sort().join(','), sort: s.sort, pageSize: String(s.pageSize) });
  if (s.categoryId !== undefined) key.set('categoryId', String(s.categoryId));
  if (s.searchValue) key.set('searchValue', s.searchValue);
  if (s.label) key.set('label', s.label);
  return `${pathname}?${key.toString()}`;
}

/** A list page's state and its setters; see the module comment. */
export function useListState(config: ListConfig): ListStateControls {
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const tabMemory = usePageMemory(pathname);
  // The tab decides the memory key of the page, so read the state once without the page memory.
  const draft = readListState(config, params, tabMemory.pageTab, 1);
  const pageMemory = usePageMemory(pageMemoryKey(pathname, draft));
  const { fromUrl, urlPageNo, ...state } = readListState(config, params, tabMemory.pageTab, pageMemory.pageNo);

  // Remember what the address says: the tab it names and the page it shows.
  const { pageTab, setPageTab } = tabMemory;
  useEffect(() => {
    if (fromUrl && state.tabIndex !== pageTab) setPageTab(state.tabIndex);
  }, [fromUrl, state.tabIndex, pageTab, setPageTab]);
  const { pageNo: rememberedPage, setPageNo } = pageMemory;
  useEffect(() => {
    if (urlPageNo !== undefined && urlPageNo !== rememberedPage) setPageNo(urlPageNo);
  }, [urlPageNo, rememberedPage, setPageNo]);

  // Coming back without pageNo (or tab) in the address: write the remembered ones into it, in place,
  // so back and forward return to what was shown.
  const restoreTab = !fromUrl && state.tabIndex !== 0 && config.tabParam !== undefined;
  const restorePage = urlPageNo === undefined && state.pageNo > 1;
  useEffect(() => {
    if (!restoreTab && !restorePage) return;
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (restoreTab && config.tabParam) {
        next.delete(config.tabParam);
        for (const v of state.tab.values) next.append(config.tabParam, v);
      }
      if (restorePage) next.set('pageNo', String(state.pageNo));
      return next;
    }, { replace: true });
  }, [restoreTab, restorePage, config.tabParam, state.tab, state.pageNo, setParams]);

  /** Goes to a new filter: page 1 of it, forgetting any page remembered for it. */
  const goFiltered = useCallback((edit: (next: URLSearchParams) => void, tabIndex = state.tabIndex) => {
    const next = new URLSearchParams(params);
    edit(next);
    next.delete('pageNo');
    clearPageMemory(pageMemoryKey(pathname, readListState(config, next, tabIndex, 1)));
    setParams(next);
  }, [params, pathname, config, state.tabIndex, setParams]);

  const setCategory = useCallback((category: ChosenCategory | null) => goFiltered((next) => {
    next.delete('categoryId'); next.delete('categoryName'); next.delete('categoryPath');
    if (!category) return;
    next.set('categoryId', String(category.id));
    next.set('categoryName', category.name);
    if (category.path) next.set('categoryPath', category.path);
  }), [goFiltered]);

  const setSearch = useCallback((words: string) => goFiltered((next) => {
    const text = words.trim().slice(0, MAX_WORDS);
    if (text) next.set('searchValue', text);
    else next.delete('searchValue');
  }), [goFiltered]);

  const setLabel = useCallback((label: string) => goFiltered((next) => {
    const text = label.trim().slice(0, MAX_LABEL);
    if (text) next.set('label', text);
    else next.delete('label');
  }), [goFiltered]);

  const setSort = useCallback((sort: ListSort) => goFiltered((next) => {
    if (sort === 'newest') next.delete('sort');
    else next.set('sort', sort);
  }), [goFiltered]);

  const setTab = useCallback((index: number) => {
    const tab = config.tabs[index];
    if (!tab || !config.tabParam) return;
    const param = config.tabParam;
    setPageTab(index);
    goFiltered((next) => {
      next.delete(param);
      for (const v of tab.values) next.append(param, v);
      // Another category tree: the chosen category belongs to the old one.
      if (tab.categoryPurpose !== state.tab.categoryPurpose) {
        next.delete('categoryId'); next.delete('categoryName'); next.delete('categoryPath');
      }
    }, index);
  }, [config, setPageTab, goFiltered, state.tab.categoryPurpose]);

  const setPage = useCallback((pageNo: number, pageSize: number) => {
    const next = new URLSearchParams(params);
    // A new page size starts again at page 1; the page is written even when 1, so the address says it.
    next.set('pageNo', String(pageSize === state.pageSize ? pageNo : 1));
    if (pageSize === DEFAULT_PAGE_SIZE) next.delete('pageSize');
    else next.set('pageSize', String(pageSize));
    setParams(next);
  }, [params, state.pageSize, setParams]);

  const clearFilters = useCallback(() => goFiltered((next) => {
    for (const key of ['categoryId', 'categoryName', 'categoryPath', 'searchValue', 'label', 'sort']) next.delete(key);
  }), [goFiltered]);

  return { state, setCategory, setSearch, setLabel, setSort, setTab, setPage, clearFilters };
}
