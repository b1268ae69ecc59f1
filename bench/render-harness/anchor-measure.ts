// The one rule the render bench applies to every contestant (ours, plain React, Puck): a block of
// the anchor page "shows its content" when the element carrying its data-block-id holds what the
// block says, checked from the DOM at each animation frame after a mutation:
//   title      its text;                      paragraph  its text;
//   image      an <img> with its src and alt; card       its title, the 4 item texts and 4 <a href>;
//   columns    the column title and the paragraph text.
// Images count when the <img> is in the DOM with its address (a widget may load pictures lazily;
// decoding is not part of rendering). Two figures, from t0 (taken just before root.render()):
//   (a) first viewport: every top-level block from the top down to the first one reaching the
//       bottom of the 1440×900 viewport shows its content;
//   (b) fully mounted: every top-level block shows its content.
import type { AnchorBlock } from './anchor-convert';

/** What one load reports to bench/render.ts (window.__renderBench). */
export interface AnchorTiming {
  /** t0 → the frame where the first viewport shows its blocks' content (a). */
  firstViewportMs: number;
  /** t0 → the frame where every block shows its content (b). */
  fullyMountedMs: number;
  /** Top-level blocks of the page. */
  blocks: number;
  /** Top-level blocks in the first viewport at (a). */
  viewportBlocks: number;
  /** Elements under the container at (b), per top-level block. */
  elementsPerBlock: number;
  /** t0 since navigation start (loading and parsing the contestant's JS). */
  startMs: number;
}

declare global {
  interface Window {
    __renderBench?: unknown;
  }
}

/** Resolves at the next animation frame with the time its callback ran. */
export const nextFrame = () => new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now())));

/** True when `el` shows the content of `block` (see the module comment). */
export function showsContent(el: Element, block: AnchorBlock): boolean {
  const text = el.textContent ?? '';
  switch (block.type) {
    case 'title':
    case 'paragraph':
      return text.includes(block.text);
    case 'image': {
      const img = el.tagName === 'IMG' ? el : el.querySelector('img');
      return !!img && img.getAttribute('src') === block.src && img.getAttribute('alt') === block.alt;
    }
    case 'card':
      return text.includes(block.title) && block.items.every((item) => text.includes(item.text)) && el.querySelectorAll('a[href]').length >= block.items.length;
    case 'columns':
      return block.children.every((child) => !('text' in child) || text.includes(child.text));
  }
}

/**
 * Polls every animation frame from t0 (after a DOM mutation, or while (a) is pending) until (a)
 * and (b); rejects when (b) takes longer than timeoutMs. Call it just before root.render().
 */
export function measureAnchor(container: HTMLElement, blocks: readonly AnchorBlock[], t0: number, timeoutMs = 60_000): Promise<AnchorTiming> {
  const shown = new Array<boolean>(blocks.length).fill(false);
  let pending = blocks.length;
  let dirty = true;
  const observer = new MutationObserver(() => {
    dirty = true;
  });
  observer.observe(container, { childList: true, subtree: true, characterData: true, attributes: true });
  let viewport: { at: number; blocks: number } | undefined;
  let scanned = 0; // blocks from the top known to show their content
  const check = () => {
    const byId = new Map<string, Element>();
    for (const el of container.querySelectorAll('[data-block-id]')) {
      const id = el.getAttribute('data-block-id');
      if (id && !byId.has(id)) byId.set(id, el);
    }
    blocks.forEach((block, i) => {
      if (shown[i]) return;
      const el = byId.get(block.id);
      if (el && showsContent(el, block)) {
        shown[i] = true;
        pending -= 1;
      }
    });
  };
  /** (a): the shown blocks from the top reach the bottom of the viewport (or are all of them). */
  const viewportDone = (): number | undefined => {
    while (scanned < blocks.length && shown[scanned]) {
      const el = container.querySelector(`[data-block-id="${blocks[scanned]!.id}"]`);
      scanned += 1;
      if (el && el.getBoundingClientRect().bottom >= window.innerHeight) return scanned;
    }
    return scanned === blocks.length ? scanned : undefined;
  };
  return new Promise((resolve, reject) => {
    const frame = (now: number) => {
      try {
        if (dirty) {
          dirty = false;
          check();
        }
        if (!viewport) {
          const count = viewportDone();
          if (count !== undefined) viewport = { at: now, blocks: count };
        }
        if (viewport && pending === 0) {
          observer.disconnect();
          resolve({
            firstViewportMs: viewport.at - t0, fullyMountedMs: now - t0, blocks: blocks.length, viewportBlocks: viewport.blocks,
            elementsPerBlock: container.getElementsByTagName('*').length / blocks.length, startMs: t0,
          });
          return;
        }
        if (now - t0 > timeoutMs) {
          observer.disconnect();
          reject(new Error(`The page was not ${viewport ? 'fully mounted' : 'complete in the first viewport'} within ${timeoutMs} ms: ${blocks.length - pending} of ${blocks.length} blocks show their content.`));
          return;
        }
        void nextFrame().then(frame);
      } catch (error) {
        observer.disconnect();
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    void nextFrame().then(frame);
  });
}

/** Hands a result (or the reason there is none) to bench/render.ts. */
export function report(result: Promise<unknown>): void {
  result.then(
    (value) => {
      window.__renderBench = value;
    },
    (error: unknown) => {
      window.__renderBench = { error: error instanceof Error ? error.message : String(error) };
    },
  );
}
