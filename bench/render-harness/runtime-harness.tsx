// Our runtime as a learner's home renders it: the production RuntimePage
// (src/features/home/components/runtime-page.tsx) with the providers the portal gives it (i18next,
// TanStack Query, the widget registry of widgets/index.ts, a router; RuntimePage adds antd's
// ConfigProvider itself). The stored template is in the query cache under its real key before the
// render, as when the server puts it into the page's HTML (issue 15 point 3); everything else —
// normalising, validating, the widget chunks through the registry's load() — happens after t0,
// cold, as in production. A block that cannot be shown fails the measurement (onBlockError).
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import type { PageTemplateV2 } from '../../schemas/page-template';
import { i18n } from '../../src/i18n/i18n';
import { RegistryProvider } from '../../src/runtime/registry-context';
import type { BlockErrorReport } from '../../src/runtime/renderer';
import type { Registry } from '../../src/runtime/registry';
import type { RuntimeContext } from '../../src/runtime/widget-definition';
import { pageTemplateKey } from '../../src/features/home/api/page-template';
import { RuntimePage } from '../../src/features/home/components/runtime-page';
import { nextFrame } from './anchor-measure';

const ctx: RuntimeContext = { tenantId: 1001, viewer: { audience: 'guest' }, locale: 'zh' };
const PAGE_ID = 1;

/**
 * Renders `template` through RuntimePage into #root; `measure(el, t0)` starts just before
 * root.render(), in the same task. Rejects as soon as a block is dropped or fails to render.
 */
export async function renderRuntimePage<T>(template: PageTemplateV2, registry: Registry, measure: (el: HTMLElement, t0: number) => Promise<T>): Promise<T> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(pageTemplateKey(ctx.tenantId, { pageId: PAGE_ID }), { pageId: PAGE_ID, pageCode: template.pageCode, name: template.title, template });
  const el = document.getElementById('root')!;
  let failed: (error: Error) => void = () => undefined;
  const failure = new Promise<never>((_, reject) => {
    failed = reject;
  });
  const onBlockError = (r: BlockErrorReport) => failed(new Error(`Our runtime could not show a block, so the page cannot be measured: ${r.message}`));
  await nextFrame();
  const t0 = performance.now();
  const timing = measure(el, t0);
  createRoot(el).render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RegistryProvider registry={registry}>
          <MemoryRouter>
            <RuntimePage pageRef={{ pageId: PAGE_ID }} ctx={ctx} onBlockError={onBlockError} />
          </MemoryRouter>
        </RegistryProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return Promise.race([timing, failure]);
}
