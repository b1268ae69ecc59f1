// What the search page searches (spec shell §2 "/search"): one entry per result kind, with the list
// call it reads and where its cards lead. Every list call already takes searchValue, a
// case-insensitive part of the title (docs/api.md "Catalogue lists").
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { searchContents, searchCourses, searchSubjects, type ContentItem, type CourseItem, type SubjectItem } from '../../../api/catalogue';
import { apiGet, type Paged } from '../../../api/client';
import { searchProducts, type ProductItem } from '../../../api/shop';
import { useAppStore } from '../../../stores/app-store';

/** A result kind, one tab each; `total` shows a few of each. */
export type SearchKind = 'course' | 'subject' | 'knowledge' | 'content' | 'product';
export type SearchTab = 'total' | SearchKind;

/** Every kind, in tab order. */
export const SEARCH_KINDS: readonly SearchKind[] = ['course', 'subject', 'knowledge', 'content', 'product'];

/** spec learning §2: knowledge detail takes purposes 1 (micro-course) and 2 (knowledge). */
export const KNOWLEDGE_PURPOSES = [1, 2] as const;
/** The other listed contents: content 3, work 4 and reading 5/6/7 (help, 99, has its own center). */
export const CONTENT_PURPOSES = [3, 4, 5, 6, 7] as const;

/** A row of any kind. */
export type SearchRow = CourseItem | SubjectItem | ContentItem | ProductItem;

export interface SearchPage {
  words: string;
  pageNo: number;
  pageSize: number;
}

/** The list call of a kind, with the search words. */
export function fetchKind(kind: SearchKind, page: SearchPage, signal?: AbortSignal): Promise<Paged<SearchRow>> {
  const query = { searchValue: page.words, pageNo: page.pageNo, pageSize: page.pageSize };
  switch (kind) {
    case 'course': return searchCourses(query, signal);
    case 'subject': return searchSubjects(query, signal);
    case 'knowledge': return searchContents({ ...query, purpose: KNOWLEDGE_PURPOSES }, signal);
    case 'content': return searchContents({ ...query, purpose: CONTENT_PURPOSES }, signal);
    case 'product': return searchProducts(query, signal);
  }
}

/** The query of one page of one kind's results; off while there are no words. Tenant-scoped key. */
export function searchQuery(tenantId: number | null, kind: SearchKind, page: SearchPage, enabled = true) {
  return {
    queryKey: ['search', tenantId, kind, page.words, page.pageNo, page.pageSize] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchKind(kind, page, signal),
    enabled: enabled && page.words !== '',
    placeholderData: keepPreviousData,
  };
}

/** One page of one kind's results. */
export function useSearchResults(kind: SearchKind, page: SearchPage, enabled = true) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery(searchQuery(tenantId, kind, page, enabled));
}

/** The first page of several kinds at once (the 综合 tab's empty check reads the sections' cache). */
export function useFirstPages(kinds: readonly SearchKind[], words: string, pageSize: number) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQueries({ queries: kinds.map((kind) => searchQuery(tenantId, kind, { words, pageNo: 1, pageSize })) });
}

/**
 * Whether the product tab shows: a shop tenant always, any other tenant when it has products at
 * all (one silent probe, so a study tenant without a shop never sees an empty product tab).
 * `pending` while the probe has not answered.
 */
export function useShowsProducts(): { shows: boolean; pending: boolean } {
  const tenantId = useAppStore((s) => s.tenantId);
  const isShop = useAppStore((s) => s.options.function === 'shop');
  const probe = useQuery({
    queryKey: ['search', tenantId, 'product-probe'],
    queryFn: ({ signal }) => apiGet<Paged<ProductItem>>('/order/api/product/search', { pageNo: 1, pageSize: 1 }, { silent: true, signal }),
    enabled: !isShop,
    staleTime: 10 * 60_000,
    retry: false,
  });
  return { shows: isShop || (probe.data?.total ?? 0) > 0, pending: !isShop && probe.isPending };
}
