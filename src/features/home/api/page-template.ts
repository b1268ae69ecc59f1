// cfg page templates (docs/templates.md "The calls"): the runtime pages load their template with
// GET /cfg/template/getPageV2, by page id (home pages) or page code (tab pages). The template comes
// as stored; the runtime normalises it.
import type { PageWithTemplate } from '../../../../schemas/api/cfg';
import { apiGet } from '../../../api/client';
import { takeBootstrapTemplate } from '../../../lib/bootstrap';

/**
 * What getPageV2 answers: the page row and its template as stored (format 1 or 2), the response
 * schema PageWithTemplate of schemas/api/cfg.ts, derived.
 */
export type StoredPageTemplate = PageWithTemplate;

/** Which page to load: a home page by id, a tab page by code. */
export type PageRef = { pageId: number } | { pageCode: string };

/**
 * GET /cfg/template/getPageV2. Silent: a missing page or template is shown in the page itself
 * (a clear message), not as the error catalogue's modal.
 */
export function getPageV2(ref: PageRef, signal?: AbortSignal): Promise<StoredPageTemplate> {
  const params = 'pageId' in ref ? { pageId: ref.pageId } : { pageCode: ref.pageCode };
  return apiGet<StoredPageTemplate>('/cfg/template/getPageV2', params, { silent: true, ...(signal ? { signal } : {}) });
}

/** The tenant-scoped cache key of a page's template. */
export function pageTemplateKey(tenantId: number, ref: PageRef): readonly unknown[] {
  return ['tenant', tenantId, 'cfg', 'template/getPageV2', 'pageId' in ref ? { pageId: ref.pageId } : { pageCode: ref.pageCode }];
}

/**
 * The query of a page's template (raw, as stored): the route starts it at once, in parallel with
 * loading the runtime's chunk, and RuntimePage reads the same cache entry. The embedded template
 * (when the HTML carries this page's) is its initial data.
 */
export function pageTemplateQuery(tenantId: number, ref: PageRef) {
  return {
    queryKey: pageTemplateKey(tenantId, ref),
    queryFn: ({ signal }: { signal: AbortSignal }) => getPageV2(ref, signal),
    // Issue 15 point 3: the home's (or a tab page's) template may already be in the HTML
    // (src/lib/bootstrap.ts); the first query of that very page takes it instead of asking again.
    initialData: () => takeBootstrapTemplate(tenantId, ref),
    retry: false,
    staleTime: 60_000,
  } as const;
}
