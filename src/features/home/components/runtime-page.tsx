// A runtime page (DESIGN "The runtime: settings to pixels" step 4): fetch the template
// (getPageV2), normalise it with the registry (v1 → v2, migrations, validation once), start every
// visible block's data together (prefetchPageData), and render it with <PageRenderer>. The page
// renders inside antd's ConfigProvider with the tenant's theme (<AntdTheme>), which loads with this
// chunk: the shell around it paints without antd.
import { lazy, Suspense, useMemo, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../api/client';
import { prefetchPageData } from '../../../runtime/data';
import { normalisePage, TemplateError, type NormalisedPage } from '../../../runtime/normalise';
import { loadWidgetComponents, PageRenderer, type BlockErrorReport } from '../../../runtime/renderer';
import type { Registry } from '../../../runtime/registry';
import type { RuntimeContext } from '../../../runtime/widget-definition';
import { pageTemplateQuery, type PageRef, type StoredPageTemplate } from '../api/page-template';
import { PageSkeleton } from './page-skeleton';
import type { PageStateProps } from './page-states';
import { useRegistry, useWidgetValidators } from '../../../runtime/registry-context';
import { templateBlockTypes } from '../../../../schemas/template-block-types';
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

// The page's states other than blocks (no template, failed, empty) render antd's Empty/Result, so
// they load on demand (issue 15 point 3): a home that paints blocks never fetches them. They come
// with antd's ConfigProvider (<AntdTheme>: the tenant's theme and antd's texts in the active language).
const LazyPageState = lazy(() =>
  Promise.all([import('./page-states'), import('../../../components/antd-theme')]).then(([states, antd]) => ({ default: antd.withAntdTheme(states.default) })),
);

function PageState(props: PageStateProps) {
  return (
    <Suspense fallback={<PageSkeleton label={runtimeText(props.locale, 'loading')} />}>
      <LazyPageState {...props} />
    </Suspense>
  );
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
  // Issue 15 point 2: the props validators of the template's widget types (and no others) load before it is normalised.
  const types = useMemo(() => (query.data ? templateBlockTypes(query.data.template) : []), [query.data]);
  // Their component chunks start now too, beside the validators (issue 15 point 3: in parallel, not
  // one round trip after normalising); the renderer then finds them loaded or on the way.
  useMemo(() => types.forEach((type) => void registry.get(type)?.load().catch(() => undefined)), [types, registry]);
  // A template the server checked against this build's contracts needs none of them (issue 15 point 2; src/runtime/normalise.ts).
  const checked = useMemo(() => (query.data ? registry.acceptsChecked((query.data.template as { checked?: unknown } | null)?.checked, types) : false), [query.data, registry, types]);
  const validatorsReady = useWidgetValidators(registry, checked ? null : types);
  // Normalised once per template (and registry): migrations and validation run here, not per render.
  const loaded = useMemo(() => (query.data && validatorsReady ? load(query.data, registry) : undefined), [query.data, registry, validatorsReady]);
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
      if (code === 'TEMPLATE_NOT_FOUND') return <PageState kind="no-template" locale={locale} />;
      if (code === 'PAGE_NOT_FOUND') return <PageState kind="not-found" locale={locale} />;
      return <PageState kind="error" locale={locale} message={error.message} onRetry={() => void query.refetch()} />;
    }
    if (!loaded) return <PageSkeleton label={runtimeText(locale, 'loading')} />;
    if (loaded.kind === 'unreadable') return <PageState kind="unreadable" locale={locale} />;
    if (loaded.page.nodes.length === 0) return <PageState kind="empty" locale={locale} />;
    return <PageRenderer page={loaded.page} registry={registry} mode="production" ctx={ctx} {...(onBlockError ? { onBlockError } : {})} />;
  }, [query.status, loaded, query.error, registry, ctx, locale, onBlockError]);

  const pageCode = loaded?.kind === 'page' ? loaded.page.page.pageCode : undefined;
  // Widgets paint with the theme's --portal-* variables, not antd's tokens (issue 15 point 3: antd's
  // theme code stays off the home); what renders an antd component wraps itself in <AntdTheme>.
  return <div className="runtime-page" data-testid="runtime-page" data-page-code={pageCode}>{content}</div>;
}

/**
 * Readies a stored template's page for a first commit that shows its blocks (src/app/warm-start.ts):
 * its widgets' component modules, and their props validators unless the server checked it.
 */
export async function warmPage(registry: Registry, stored: StoredPageTemplate): Promise<void> {
  const types = templateBlockTypes(stored.template);
  const checked = registry.acceptsChecked((stored.template as { checked?: unknown } | null)?.checked, types);
  await Promise.all([loadWidgetComponents(registry, types), checked ? undefined : registry.prepare(types)]);
}

export default RuntimePage;
