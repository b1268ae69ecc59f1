// What the routes render: the runtime (registry, widgets, normaliser, renderer) loads as its own
// chunk, so the shell paints without it; meanwhile the template request is already on its way.
//
// The chunk and the widget library are awaited in state, not through React.lazy and <Suspense>:
// React holds back content that resolves after a Suspense fallback has shown until 300 ms after
// that fallback appeared, so on a cold home the blocks waited ~300 ms with everything they needed
// in hand (issue 15, bench home). A state update shows them at the next commit.
import { Suspense, useEffect, useState } from 'react';
import { withChunkTimeout } from '../../../lib/chunk-timeout';
import { useQueryClient } from '@tanstack/react-query';
import { pageTemplateQuery } from '../api/page-template';
import { PageSkeleton } from './page-skeleton';
import type { RuntimePageProps } from './runtime-page';
import { usePreloadWidgets, useRegistryLoaded } from '../../../runtime/registry-context';
import { runtimeText } from './texts';

type RuntimePageModule = typeof import('./runtime-page');
let runtimePageModule: RuntimePageModule | undefined;
let runtimePageLoading: Promise<RuntimePageModule> | undefined;

/** Loads the runtime chunk once (again after a failure); later pages render it in their first commit. */
export function loadRuntimePage(): Promise<RuntimePageModule> {
  runtimePageLoading ??= withChunkTimeout(() => import('./runtime-page')).then(
    (module) => (runtimePageModule = module),
    (error: unknown) => {
      runtimePageLoading = undefined;
      throw error;
    },
  );
  return runtimePageLoading;
}

/** Starts the template request, then renders RuntimePage once its chunk has loaded. */
export function LazyRuntimePage(props: RuntimePageProps) {
  const queryClient = useQueryClient();
  const preloadWidgets = usePreloadWidgets();
  const { tenantId } = props.ctx;
  const refKey = 'pageId' in props.pageRef ? `id:${props.pageRef.pageId}` : `code:${props.pageRef.pageCode}`;
  const [runtime, setRuntime] = useState(runtimePageModule);
  const [failure, setFailure] = useState<unknown>(undefined);
  // The widget library too, for the same reason (RuntimePage would suspend for it): this starts its
  // load at the first render, alongside the runtime chunk's.
  const registryLoaded = useRegistryLoaded();
  useEffect(() => {
    if (runtime) return undefined;
    let live = true;
    loadRuntimePage().then((loaded) => live && setRuntime(loaded), (error: unknown) => live && setFailure(error));
    return () => {
      live = false;
    };
  }, [runtime]);
  useEffect(() => {
    // Once the template is known (at once when the HTML carried it), the chunks of its widgets load
    // in parallel with the runtime's.
    queryClient.fetchQuery(pageTemplateQuery(tenantId, props.pageRef)).then((stored) => preloadWidgets(stored.template), () => undefined);
  }, [queryClient, tenantId, refKey]);
  // A chunk that failed or timed out goes to the route's error boundary, as a lazy route's does.
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
  const skeleton = <PageSkeleton label={runtimeText(props.ctx.locale, 'loading')} />;
  if (!runtime || !registryLoaded) return skeleton;
  // Whatever suspends inside the page (a namespace of texts, a widget chunk) waits here, not in the shell.
  return <Suspense fallback={skeleton}><runtime.default {...props} /></Suspense>;
}
