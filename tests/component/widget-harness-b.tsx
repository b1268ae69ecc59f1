// Test harness for the banner, community, shop, layout and audio widgets: render a widget component
// directly with fake data, or a page through the real PageRenderer with a registry, a QueryClient
// and a memory router. <Where> shows the current location so link tests can check navigation.
import type { ComponentType, ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { createRegistry } from '../../src/runtime/registry';
import { PageRenderer, type BlockErrorReport } from '../../src/runtime/renderer';
import { RuntimeContextProvider } from '../../src/runtime/context';
import type { AnyWidgetDefinition, RenderMode, RuntimeContext, WidgetData, WidgetProps } from '../../src/runtime/widget-definition';

// Blocks load lazily; on a busy machine the first import of a widget can take over a second.
configure({ asyncUtilTimeout: 5000 });

export const testCtx: RuntimeContext = { tenantId: 1001, viewer: { audience: 'guest' }, locale: 'zh' };

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

/** Renders a node inside a memory router at /home, with <Where> after it. */
export function renderInRouter(node: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: <>{node}<Where /></> }], { initialEntries: ['/home'] });
  return render(<RouterProvider router={router} />);
}

/** Fake widget data. */
export function fakeData<D>(status: WidgetData<D>['status'], data?: D, error?: Error): WidgetData<D> {
  return { status, data, error: error ?? null, refetch: vi.fn() };
}

/** Renders a widget component directly, as the runtime would call it. */
export function renderWidget<P, D>(
  Widget: ComponentType<WidgetProps<P, D>>,
  { props, data, ctx = testCtx, type = 'widget' }: { props: P; data?: WidgetData<D>; ctx?: RuntimeContext; type?: string },
) {
  const d = data ?? fakeData<D>('idle');
  const result = renderInRouter(
    <RuntimeContextProvider ctx={ctx}>
      <Widget props={props} data={d} ctx={ctx} mode="production" block={{ id: 'b1', type, path: 'blocks[0]' }} renderSlot={() => null} />
    </RuntimeContextProvider>,
  );
  return { ...result, data: d };
}

/** A page template of these blocks. */
export const pageOf = (blocks: unknown[]) => ({ schemaVersion: 2, pageId: 1, pageCode: 'test_home', title: 'Test', root: { props: {} }, blocks });

/** Renders blocks through the real PageRenderer with a registry of these definitions. */
export function renderPage(definitions: AnyWidgetDefinition[], blocks: unknown[], { ctx = testCtx, mode = 'production' }: { ctx?: RuntimeContext; mode?: RenderMode } = {}) {
  const registry = createRegistry();
  for (const definition of definitions) registry.register(definition);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onBlockError = vi.fn<(report: BlockErrorReport) => void>();
  const result = renderInRouter(
    <QueryClientProvider client={queryClient}>
      <PageRenderer page={pageOf(blocks)} registry={registry} ctx={ctx} mode={mode} onBlockError={onBlockError} />
    </QueryClientProvider>,
  );
  return { ...result, registry, queryClient, onBlockError };
}

/** A page of rows as list calls answer it. */
export const paged = <T,>(list: T[]) => ({ list, total: list.length, pageNo: 1, pageSize: 10 });
