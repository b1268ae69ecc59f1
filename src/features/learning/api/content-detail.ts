// The content detail page's data (spec learning §7: GET /cm/api/content/info and partList): the
// content's card and its parts (episodes, chapters) in play order. Both calls are silent: a missing
// content is the page's own "not found" state, not the error catalogue's alert.
import type { ContentPartItem } from '../../../../schemas/api/cm';
import { apiGet, type ApiOptions } from '../../../api/client';
import { useDetailQuery } from './detail-query';
import { getContentInfo } from '../../../api/content';

/**
 * One part of a content, as GET /cm/api/content/partList answers (docs/api.md "Content parts"): the
 * server's response schema (schemas/api/cm/part.ts ContentPartItem), derived (issue 14 point 4).
 */
export type ContentPart = ContentPartItem;

/** The parts of a published content in play order; [] when it is one piece. CONTENT_NOT_FOUND otherwise. */
export function getContentParts(contentId: number, opts: ApiOptions = {}): Promise<ContentPart[]> {
  return apiGet<ContentPart[]>('/cm/api/content/partList', { contentId }, opts);
}

/** One published content by id (any purpose: the query purpose only names the page). */
export function useContentDetail(id: number | null) {
  return useDetailQuery('content', 'info', id, (contentId, opts) => getContentInfo(contentId, undefined, opts));
}

/** The parts of the content, fetched beside its card. */
export function useContentParts(id: number | null) {
  return useDetailQuery('content', 'parts', id, getContentParts);
}
