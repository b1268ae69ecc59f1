// Widget-test helpers: render one block of a widget through the real runtime (registry, normaliser,
// PageRenderer with its data declarations) inside a QueryClient, i18next and a memory router; or
// render a widget component alone with a given data state.
import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { i18n } from '../../src/i18n/i18n';
import { createRegistry } from '../../src/runtime/registry';
import { normalisePage } from '../../src/runtime/normalise';
import { PageRenderer, type BlockErrorReport } from '../../src/runtime/renderer';
import type { AnyWidgetDefinition, RuntimeContext, WidgetData, WidgetProps } from '../../src/runtime/widget-definition';

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
