// What the routes render: the runtime (registry, widgets, normaliser, renderer) loads as its own
// chunk, so the shell paints without it; meanwhile the template request is already on its way.
import { lazy, Suspense, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { pageTemplateQuery } from '../api/page-template';
import { PageSkeleton } from './page-skeleton';
import type { RuntimePageProps } from './runtime-page';
import { usePreloadRegistry, usePreloadWidgets } from '../../../runtime/registry-context';
import { runtimeText } from './texts';

const RuntimePage = lazy(() => import('./runtime-page'));

/** Starts the template request, then renders RuntimePage once its chunk has loaded. */
export function LazyRuntimePage(props: RuntimePageProps) {
  const queryClient = useQueryClient();
  const preloadRegistry = usePreloadRegistry();
  const preloadWidgets = usePreloadWidgets();
  const { tenantId } = props.ctx;
  const refKey = 'pageId' in props.pageRef ? `id:${props.pageRef.pageId}` : `code:${props.pageRef.pageCode}`;
  useEffect(() => {
    // The widget library loads alongside the runtime chunk, not after it; and once the template is
    // known (at once when the HTML carried it), the chunks of its widgets load in parallel too.
    preloadRegistry();
    queryClient.fetchQuery(pageTemplateQuery(tenantId, props.pageRef)).then((stored) => preloadWidgets(stored.template), () => undefined);
  }, [queryClient, tenantId, refKey]);
  return (
    <Suspense fallback={<PageSkeleton label={runtimeText(props.ctx.locale, 'loading')} />}>
      <RuntimePage {...props} />
    </Suspense>
  );
}
