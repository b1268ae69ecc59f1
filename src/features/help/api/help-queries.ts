// The help center's data (spec learning §9: help is content of purpose 99): the article list from
// GET /cm/api/content/search?purpose=99, one article from GET /cm/api/content/info, and its text.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchContents } from '../../../api/catalogue';
import { fetchContentText, getContentInfo, HELP_PURPOSE } from '../../../api/content';
import { useAppStore } from '../../../stores/app-store';

/** Help articles per page of the list. */
export const HELP_PAGE_SIZE = 10;

/** A page of help articles whose title contains the words (all when empty), newest first. */
export function useHelpList(words: string, pageNo: number) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({
    queryKey: ['help', tenantId, 'list', words, pageNo],
    queryFn: ({ signal }) => searchContents({ purpose: [HELP_PURPOSE], searchValue: words || undefined, pageNo, pageSize: HELP_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * One help article. Silent: a missing article is this page's own "not found" state, not the error
 * catalogue's alert (whose 'does not exist' wording would send the visitor back a page).
 */
export function useHelpArticle(id: number | null) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({
    queryKey: ['help', tenantId, 'article', id],
    queryFn: ({ signal }) => getContentInfo(id!, HELP_PURPOSE, { silent: true, signal }),
    enabled: id !== null,
    retry: false,
  });
}

/** The text (HTML) of an article, from its mediaUrl; off when the article has none. */
export function useHelpText(mediaUrl: string | null | undefined) {
  return useQuery({
    queryKey: ['help', 'text', mediaUrl],
    queryFn: ({ signal }) => fetchContentText(mediaUrl!, signal),
    enabled: Boolean(mediaUrl),
    staleTime: 10 * 60_000,
  });
}
