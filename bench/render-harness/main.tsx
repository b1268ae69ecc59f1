// Render-bench harness (bench/render.ts builds it with Vite and loads it in Chromium). It builds a
// large template from the registered widgets, resolves its data from the fixtures, warms every
// widget's lazy component once, then times one render of the page from root.render() to two frames:
// (a) first paint of the viewport: every block that intersects the viewport shows its content and
//     every other block is in the DOM, as content or as its placeholder;
// (b) fully mounted: every block shows its content (background mounting done; nothing scrolled).
// ?defer=0 renders without deferral (every block at once), for comparison. The result goes to
// window.__renderBench.
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
    __renderBench?: BenchResult | { error: string };
  }
}

/** One measured render. */
export interface BenchResult {
  /** root.render() to the frame where the viewport is complete (figure (a), compared with the target). */
  firstPaintMs: number;
  /** root.render() to the frame where every block shows its content (figure (b)). */
  fullyMountedMs: number;
  blocks: number;
  widgets: number;
  /** Top-level blocks that intersected the viewport at (a). */
  viewportBlocks: number;
  /** Top-level blocks mounted (not placeholders) at (a). */
  mountedAtFirstPaint: number;
}

const ctx: RuntimeContext = { tenantId: 1001, viewer: { audience: 'guest' }, locale: 'zh' };
/** Resolves at the next animation frame with the time the callback ran (not the frame's start stamp). */
const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now())));

function page(el: HTMLElement, normalised: NormalisedPage, registry: Registry, client: QueryClient, defer: boolean) {
  const root = createRoot(el);
  root.render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <PageRenderer page={normalised} registry={registry} ctx={ctx} onBlockError={() => undefined} deferOffscreen={defer} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return root;
}

const LOADING = '.rt-block-loading, [aria-busy="true"]';
const topLevel = (el: HTMLElement) => el.querySelectorAll<HTMLElement>(':scope > .rt-page > [data-block-id]');

/**
 * (a) The viewport is complete: all `count` top-level blocks are in the DOM, and each one that
 * intersects the viewport is mounted (not a placeholder) with nothing inside still loading.
 */
function viewportComplete(el: HTMLElement, count: number): { viewportBlocks: number; mounted: number } | undefined {
  const blocks = topLevel(el);
  if (blocks.length !== count) return undefined;
  let viewportBlocks = 0;
  for (const block of blocks) {
    const rect = block.getBoundingClientRect();
    if (rect.top >= window.innerHeight) break; // blocks stack downwards: the rest are below the fold
    if (rect.bottom <= 0) continue;
    if (block.classList.contains('rt-block-deferred') || block.querySelector(LOADING)) return undefined;
    viewportBlocks += 1;
  }
  let mounted = 0;
  for (const block of blocks) if (!block.classList.contains('rt-block-deferred')) mounted += 1;
  return { viewportBlocks, mounted };
}

/** (b) Every block shows its content: no placeholder left, nothing loading (cheapest test first: it runs every frame). */
function fullyMounted(el: HTMLElement, placeholders: HTMLCollection, count: number): boolean {
  return placeholders.length === 0 && topLevel(el).length === count && !el.querySelector(LOADING);
}

/** Polls every frame from t0 until (a), then until (b); throws when (b) takes longer than timeoutMs. */
async function measure(el: HTMLElement, count: number, timeoutMs = 60_000): Promise<Pick<BenchResult, 'firstPaintMs' | 'fullyMountedMs' | 'viewportBlocks' | 'mountedAtFirstPaint'>> {
  const t0 = performance.now();
  const placeholders = el.getElementsByClassName('rt-block-deferred'); // live: no query per frame
  let first: { at: number; viewportBlocks: number; mounted: number } | undefined;
  for (;;) {
    const now = await nextFrame();
    if (!first) {
      const complete = viewportComplete(el, count);
      if (complete) first = { at: now, ...complete };
    }
    if (first && fullyMounted(el, placeholders, count)) {
      return { firstPaintMs: first.at - t0, fullyMountedMs: now - t0, viewportBlocks: first.viewportBlocks, mountedAtFirstPaint: first.mounted };
    }
    if (now - t0 > timeoutMs) {
      throw new Error(`The page was not ${first ? 'fully mounted' : 'complete in the viewport'} within ${timeoutMs} ms (${topLevel(el).length} of ${count} blocks in the DOM, ${el.querySelectorAll('.rt-block-deferred').length} placeholders).`);
    }
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
  const defer = query.get('defer') !== '0';
  installFixtureApi('data');
  const all = createPortalRegistry();
  const registry = only ? only.reduce((r, type) => r.register(all.get(type) ?? failUnknown(type)), createRegistry()) : all;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });

  // Warm-up: one block of every widget, so lazy components and their chunks are loaded (all at
  // once, off screen: deferral would only slow the warm-up down).
  const warmPage = normalisePage(largeTemplate(registry, registry.list().length), registry);
  await prefetchPageData(client, warmPage, registry, ctx);
  const warmEl = document.getElementById('warm')!;
  const warmRoot = page(warmEl, warmPage, registry, client, false);
  await measure(warmEl, warmPage.page.blocks.length);
  warmRoot.unmount();

  // The measured page: its data is in the cache already (the bench times rendering, not fetching).
  const normalised = normalisePage(largeTemplate(registry, count), registry);
  await prefetchPageData(client, normalised, registry, ctx);
  const el = document.getElementById('root')!;
  await nextFrame();
  // measure() takes t0 first, then root.render() runs in the same task.
  const timing = measure(el, normalised.page.blocks.length);
  page(el, normalised, registry, client, defer);
  window.__renderBench = { ...(await timing), blocks: normalised.page.blocks.length, widgets: registry.list().length };
}

run().catch((error: unknown) => {
  window.__renderBench = { error: error instanceof Error ? error.message : String(error) };
});
