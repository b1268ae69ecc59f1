// The widget test harness: render one block of a widget through the real runtime (registry,
// normaliser, PageRenderer with its data declarations), render a page of blocks, or render a widget
// component alone with a given data state; each inside a QueryClient, i18next and a memory router.
// <Where> shows the current location so link tests can check navigation.
import type { ComponentType, ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, MemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { i18n } from '../../src/i18n/i18n';
import { createRegistry } from '../../src/runtime/registry';
import { normalisePage } from '../../src/runtime/normalise';
import { PageRenderer, type BlockErrorReport } from '../../src/runtime/renderer';
import { RuntimeContextProvider } from '../../src/runtime/context';
import type { AnyWidgetDefinition, RenderMode, RuntimeContext, WidgetData, WidgetProps } from '../../src/runtime/widget-definition';

// Blocks load lazily; on a busy machine the first import of a widget can take over a second.
configure({ asyncUtilTimeout: 5000 });

export const testCtx: RuntimeContext = { tenantId: 1001, viewer: { audience: 'guest' }, locale: 'zh' };

/** Renders a page holding one block of `definition` with `props` (merged over the defaults by the runtime). */
export function renderWidgetBlock(definition: AnyWidgetDefinition, props: Record<string, unknown> = {}, ctx: RuntimeContext = testCtx) {
  const registry = createRegistry().register(definition);
  const template = {
    schemaVersion: 2, pageId: 1, pageCode: 'widget_test', title: 'Widget test', root: { props: {} },
    blocks: [{ id: 'block-1', type: definition.type, version: definition.version, props }],
  };
  const page = normalisePage(template, registry);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const errors: BlockErrorReport[] = [];
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <PageRenderer page={page} registry={registry} ctx={ctx} onBlockError={(r) => errors.push(r)} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, page, errors, queryClient };
}

/** Renders a widget component alone with the given props and data state. */
export function renderWidgetAlone<P, D>(Component: ComponentType<WidgetProps<P, D>>, props: P, data: WidgetData<D>, ctx: RuntimeContext = testCtx) {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <Component props={props} data={data} ctx={ctx} mode="production" block={{ id: 'block-1', type: 'test', path: 'blocks[0]' }} renderSlot={() => null} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

/** A page of rows as the list calls answer. */
export const paged = <T,>(list: T[]) => ({ list, total: list.length, pageNo: 1, pageSize: Math.max(list.length, 1) });

/** The fields every catalogue card has. */
export const card = (id: number, title: string) => ({
  id, title, cover: `/uploads/seed/covers/1001/${id}.svg`, summary: null, categoryId: 3, categoryName: '分类', publishTime: '2026-01-02T03:04:05.000Z',
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

/** Renders a node inside a memory router at /home, with <Where> after it. */
export function renderInRouter(node: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: <>{node}<Where /></> }], { initialEntries: ['/home'] });
  return render(<I18nextProvider i18n={i18n}><RouterProvider router={router} /></I18nextProvider>);
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
