// Render-bench harness (bench/render.ts builds it with Vite and loads it in Chromium). It builds a
// large template from the registered widgets, resolves its data from the fixtures, warms every
// widget's lazy component once, then times one render of the whole page: from root.render() to
// the frame where every block shows its content. The result goes to window.__renderBench.
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../../src/i18n/i18n';
import { prefetchPageData } from '../../src/runtime/data';
import { normalisePage, type NormalisedPage } from '../../src/runtime/normalise';
import { PageRenderer } from '../../src/runtime/renderer';
import { createRegistry, type Registry } from '../../src/runtime/registry';
import type { RuntimeContext } from '../../src/runtime/widget-definition';
import { largeTemplate } from '../../src/features/gallery/lib/gallery-template';
import { installFixtureApi } from '../../tests/fixtures/widget-data';
import { createPortalRegistry } from '../../widgets';

declare global {
  interface Window {
    __renderBench?: { ms: number; blocks: number; widgets: number } | { error: string };
  }
}

const ctx: RuntimeContext = { tenantId: 1001, viewer: { audience: 'guest' }, locale: 'zh' };
/** Resolves at the next animation frame with the time the callback ran (not the frame's start stamp). */
const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now())));

function page(el: HTMLElement, normalised: NormalisedPage, registry: Registry, client: QueryClient) {
  const root = createRoot(el);
  root.render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <PageRenderer page={normalised} registry={registry} ctx={ctx} onBlockError={() => undefined} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return root;
}

/** Resolves on the first frame where the container shows `count` blocks, none still loading. */
async function settled(el: HTMLElement, count: number, timeoutMs = 60_000): Promise<number> {
  const start = performance.now();
  for (;;) {
    const now = await nextFrame();
    const blocks = el.querySelectorAll('[data-block-id]').length;
    if (blocks === count && !el.querySelector('.rt-block-loading, [aria-busy="true"]')) return now;
    if (performance.now() - start > timeoutMs) throw new Error(`Only ${blocks} of ${count} blocks settled within ${timeoutMs} ms.`);
  }
}

function failUnknown(type: string): never {
  throw new Error(`No widget of type "${type}" is registered.`);
}

async function run(): Promise<void> {
  const query = new URLSearchParams(location.search);
  const count = Number(query.get('blocks') ?? 1000);
  // ?types=spacer,title-bar limits the page to those widgets (to tell runtime cost from widget cost).
  const only = query.get('types')?.split(',').filter(Boolean);
  installFixtureApi('data');
  const all = createPortalRegistry();
  const registry = only ? only.reduce((r, type) => r.register(all.get(type) ?? failUnknown(type)), createRegistry()) : all;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });

  // Warm-up: one block of every widget, so lazy components and their chunks are loaded.
  const warmPage = normalisePage(largeTemplate(registry, registry.list().length), registry);
  await prefetchPageData(client, warmPage, registry, ctx);
  const warmEl = document.getElementById('warm')!;
  const warmRoot = page(warmEl, warmPage, registry, client);
  await settled(warmEl, warmPage.page.blocks.length);
  warmRoot.unmount();

  // The measured page: its data is in the cache already (the bench times rendering, not fetching).
  const normalised = normalisePage(largeTemplate(registry, count), registry);
  await prefetchPageData(client, normalised, registry, ctx);
  const el = document.getElementById('root')!;
  await nextFrame();
  const t0 = performance.now();
  page(el, normalised, registry, client);
  const t1 = await settled(el, normalised.page.blocks.length);
  window.__renderBench = { ms: Math.max(0, t1 - t0), blocks: normalised.page.blocks.length, widgets: registry.list().length };
}

run().catch((error: unknown) => {
  window.__renderBench = { error: error instanceof Error ? error.message : String(error) };
});
