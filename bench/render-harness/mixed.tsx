// The mixed-widget mode (the render bench's second line): a template of N top-level blocks cycling
// through every registered widget with its defaults (?types=a,b limits it), the widgets' data
// answered from the fixtures (tests/fixtures/widget-data.ts, in memory), rendered cold by the
// production runtime page (./runtime-harness.tsx): no widget chunk is loaded before t0. Only our
// runtime renders it, so its rule is the runtime's own markup: a top-level block shows its content
// when it is no deferred placeholder and nothing in it is loading.
//   (a) first viewport: the top-level blocks from the top down to the first one reaching the
//       bottom of the viewport show their content;
//   (b) fully mounted: every top-level block does.
import { largeTemplate } from '../../src/features/gallery/lib/gallery-template';
import { createRegistry, type Registry } from '../../src/runtime/registry';
import { installFixtureApi } from '../../tests/fixtures/widget-data';
import { createPortalRegistry } from '../../widgets';
import { nextFrame, report } from './anchor-measure';
import { renderRuntimePage } from './runtime-harness';

const LOADING = '.rt-block-loading, [aria-busy="true"]';
const TOP_LEVEL = '.rt-page [data-block-id]:not([data-block-id] *)';

function failUnknown(type: string): never {
  throw new Error(`No widget of type "${type}" is registered.`);
}

const isShown = (block: Element) => !block.classList.contains('rt-block-deferred') && !block.querySelector(LOADING);

function measureMixed(el: HTMLElement, count: number, t0: number, timeoutMs = 110_000) {
  return new Promise<{ firstViewportMs: number; fullyMountedMs: number; blocks: number; viewportBlocks: number; elementsPerBlock: number; startMs: number }>((resolve, reject) => {
    let viewport: { at: number; blocks: number } | undefined;
    const frame = (now: number) => {
      const blocks = el.querySelectorAll(TOP_LEVEL);
      if (!viewport && blocks.length === count) {
        let n = 0;
        for (const block of blocks) {
          if (!isShown(block)) break;
          n += 1;
          if (block.getBoundingClientRect().bottom >= window.innerHeight || n === count) {
            viewport = { at: now, blocks: n };
            break;
          }
        }
      }
      if (viewport && blocks.length === count && !el.querySelector(`.rt-block-deferred, ${LOADING}`)) {
        resolve({ firstViewportMs: viewport.at - t0, fullyMountedMs: now - t0, blocks: count, viewportBlocks: viewport.blocks, elementsPerBlock: el.getElementsByTagName('*').length / count, startMs: t0 });
        return;
      }
      if (now - t0 > timeoutMs) {
        reject(new Error(`The mixed page was not ${viewport ? 'fully mounted' : 'complete in the first viewport'} within ${timeoutMs} ms (${blocks.length} of ${count} blocks in the DOM).`));
        return;
      }
      void nextFrame().then(frame);
    };
    void nextFrame().then(frame);
  });
}

async function run() {
  const query = new URLSearchParams(location.search);
  const count = Number(query.get('n') ?? 1000);
  const only = query.get('types')?.split(',').filter(Boolean);
  installFixtureApi('data');
  const all = createPortalRegistry();
  const registry: Registry = only ? only.reduce((r, type) => r.register(all.get(type) ?? failUnknown(type)), createRegistry()) : all;
  const template = largeTemplate(registry, count);
  const timing = await renderRuntimePage(template, registry, (el, t0) => measureMixed(el, template.blocks.length, t0));
  return { contestant: 'mixed', widgets: registry.list().length, ...timing };
}

report(run());
