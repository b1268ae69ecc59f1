// A runtime page (DESIGN "The runtime: settings to pixels" step 4): fetch the template
// (getPageV2), normalise it with the registry (v1 → v2, migrations, validation once), start every
// visible block's data together (prefetchPageData), and render it with <PageRenderer>. The page
// renders inside antd's ConfigProvider with the tenant's theme (<AntdTheme>), which loads with this
// chunk: the shell around it paints without antd.
import { useMemo, useRef } from 'react';
import { Button, Empty, Result } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../api/client';
import { prefetchPageData } from '../../../runtime/data';
import { normalisePage, TemplateError, type NormalisedPage } from '../../../runtime/normalise';
import { PageRenderer, type BlockErrorReport } from '../../../runtime/renderer';
import type { Registry } from '../../../runtime/registry';
import type { RuntimeContext } from '../../../runtime/widget-definition';
import { AntdTheme } from '../../../components/antd-theme';
import { pageTemplateQuery, type PageRef, type StoredPageTemplate } from '../api/page-template';
import { PageSkeleton } from './page-skeleton';
import { useRegistry } from '../../../runtime/registry-context';
import { runtimeText } from './texts';

export interface RuntimePageProps {
  /** The page to load: a home page by id, a tab page by code. */
  pageRef: PageRef;
  ctx: RuntimeContext;
  /** Widget types the tenant may use; undefined allows every registered widget. */
  allow?: readonly string[];
  /** Called once per block that could not be shown (defaults to a console warning). */
  onBlockError?: (report: BlockErrorReport) => void;
}

type Loaded = { kind: 'page'; page: NormalisedPage } | { kind: 'unreadable'; message: string };

/** Normalises a stored template; an unreadable one becomes a message instead of a throw. */
function load(stored: StoredPageTemplate, registry: Registry): Loaded {
  try {
    return { kind: 'page', page: normalisePage(stored.template, registry, { pageId: stored.pageId, pageCode: stored.pageCode, title: stored.name }) };
  } catch (error) {
    if (error instanceof TemplateError) return { kind: 'unreadable', message: error.message };
    throw error;
  }
}

/** Loads and renders one runtime page. */
export function RuntimePage({ pageRef, ctx, allow, onBlockError }: RuntimePageProps) {
  const registry = useRegistry(allow);
  const queryClient = useQueryClient();
  const query = useQuery(pageTemplateQuery(ctx.tenantId, pageRef));
  // Normalised once per template (and registry): migrations and validation run here, not per render.
  const loaded = useMemo(() => (query.data ? load(query.data, registry) : undefined), [query.data, registry]);
  // One round trip for the page's data: every visible block's request starts together, as soon as
  // the template is known (blocks then find their answers in the cache, under tenant-scoped keys).
  const prefetched = useRef<NormalisedPage | null>(null);
  if (loaded?.kind === 'page' && prefetched.current !== loaded.page) {
    prefetched.current = loaded.page;
    void prefetchPageData(queryClient, loaded.page, registry, ctx);
  }
  const locale = ctx.locale;

  const content = useMemo(() => {
    if (query.status === 'pending') return <PageSkeleton label={runtimeText(locale, 'loading')} />;
    if (query.status === 'error') {
      const error = query.error;
      const code = error instanceof ApiError ? error.errorCode : undefined;
      if (code === 'TEMPLATE_NOT_FOUND') {
        return (
          <div data-testid="runtime-page-no-template">
            <Empty description={<><div>{runtimeText(locale, 'noTemplate')}</div><div style={{ color: 'var(--portal-text-secondary, rgba(0,0,0,0.6))' }}>{runtimeText(locale, 'noTemplateHint')}</div></>} />
          </div>
        );
      }
      if (code === 'PAGE_NOT_FOUND') return <div data-testid="runtime-page-not-found"><Empty description={runtimeText(locale, 'notFound')} /></div>;
      return (
        <div data-testid="runtime-page-error">
          <Result
            status="warning" title={runtimeText(locale, 'failed')} subTitle={error.message}
            extra={<Button type="primary" onClick={() => void query.refetch()}>{runtimeText(locale, 'retry')}</Button>}
          />
        </div>
      );
    }
    if (!loaded) return <PageSkeleton label={runtimeText(locale, 'loading')} />;
    if (loaded.kind === 'unreadable') return <div data-testid="runtime-page-unreadable"><Empty description={runtimeText(locale, 'unreadable')} /></div>;
    if (loaded.page.nodes.length === 0) return <div data-testid="runtime-page-empty"><Empty description={runtimeText(locale, 'empty')} /></div>;
    return <PageRenderer page={loaded.page} registry={registry} mode="production" ctx={ctx} {...(onBlockError ? { onBlockError } : {})} />;
  }, [query.status, loaded, query.error, registry, ctx, locale, onBlockError]);

  const pageCode = loaded?.kind === 'page' ? loaded.page.page.pageCode : undefined;
  return (
    <AntdTheme>
      <div className="runtime-page" data-testid="runtime-page" data-page-code={pageCode}>{content}</div>
    </AntdTheme>
  );
}

export default RuntimePage;
