// Content detail calls (spec learning §7: GET /cm/api/content/info; docs/api.md "Content info").
import { apiGet, type ApiOptions } from './client';
import type { ContentItem } from './catalogue';

/** Content purposes the portal treats specially (spec learning §9: 99 is the help center). */
export const HELP_PURPOSE = 99;

/**
 * One published content by id. With `purpose` the server answers CONTENT_NOT_FOUND unless the
 * content has that purpose, so /helpCenter?id= never shows a course lesson as help.
 */
export function getContentInfo(id: number, purpose?: number, opts: ApiOptions = {}): Promise<ContentItem> {
  const params: Record<string, unknown> = { id };
  if (purpose !== undefined) params.purpose = purpose;
  return apiGet<ContentItem>('/cm/api/content/info', params, opts);
}

/**
 * The text (HTML) of an article-kind content: the document at its mediaUrl in the object store.
 * Only site paths and http(s) addresses are fetched; the caller sanitises before showing it.
 */
export async function fetchContentText(mediaUrl: string, signal?: AbortSignal): Promise<string> {
  const url = mediaUrl.trim();
  if (!/^(\/(?!\/)|https?:\/\/)/i.test(url)) throw new Error(`The content's text address "${url}" is not a site path or an http(s) address.`);
  const response = await fetch(url, { credentials: 'same-origin', ...(signal ? { signal } : {}) });
  if (!response.ok) throw new Error(`The content's text could not be loaded (HTTP ${response.status}).`);
  return response.text();
}
