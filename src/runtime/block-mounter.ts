import type { CSSProperties } from 'react';
import { flushSync } from 'react-dom';
import type { RenderNode } from './normalise';

/**
 * Deferred rendering of large pages, the scheduling half (docs/decisions.md "Deferred block
 * rendering"; the React half is ./deferred-block.tsx). The top-level blocks that fill about the
 * first viewport mount at once; every later block starts as an empty, estimated-height placeholder
 * carrying data-block-id and data-block-type, and mounts when it comes near the viewport
 * (IntersectionObserver) or in background slices of a few milliseconds, so the whole page is
 * mounted soon after first paint without long tasks. Printing, Ctrl/Cmd+F and a #block-id hash
 * mount what they need at once. Nested blocks mount with their top-level block.
 */

/** A top-level block as the normaliser hands it over. */
export type BlockNode = RenderNode & { kind: 'block' };

/** Placeholder height of a widget with no hint that has not been measured yet: about a list widget with a heading and two rows of cards. */
export const DEFAULT_BLOCK_HEIGHT = 400;
/** Blocks whose estimated top is above this many viewports mount in the first render. */
const EAGER_VIEWPORTS = 1.25;
/** The first render never mounts more than this many blocks, however small they turn out. */
const EAGER_LIMIT = 40;
/** A placeholder this many viewports away from the viewport is mounted before the others. */
const NEAR_VIEWPORTS = 1.5;
/** Background mounting works at most this long per task, so input and frames are never held up. */
const SLICE_MS = 20;
/** Find-in-page is waiting: longer slices, for throughput. */
const HURRY_SLICE_MS = 30;
/** Top-level blocks per chunk: mounting one block re-renders only its chunk. */
export const CHUNK = 32;
/** How far a mounted block's painted overflow (shadows, focus rings) may reach past its box. */
const OVERFLOW_CLIP_MARGIN = '24px';

/** Measured heights per widget type, shared by every page of this document (SPA navigations reuse them). */
const measuredHeights = new Map<string, { total: number; count: number }>();

/** The estimated height of a block: its widget's hint, its children's (containers), a measurement, or the default. */
export function estimateHeight(node: BlockNode, gap = 16): { height: number; fixed: boolean } {
  const hint = node.definition.estimatedHeight;
  let hinted: unknown;
  try {
    hinted = typeof hint === 'function' ? hint(node.block.props) : hint;
  } catch {
    hinted = undefined; // a broken hint costs only accuracy
  }
  if (typeof hinted === 'number' && Number.isFinite(hinted) && hinted >= 0) return { height: hinted, fixed: true };
  // A container is as tall as its tallest slot (stacked children plus gaps).
  let tallest = -1;
  for (const name in node.slots) {
    let height = 0;
    let count = 0;
    for (const child of node.slots[name]!) {
      if (child.kind !== 'block') continue;
      height += estimateHeight(child, gap).height + (count ? gap : 0);
      count += 1;
    }
    if (count) tallest = Math.max(tallest, height);
  }
  if (tallest >= 0) return { height: tallest, fixed: true };
  const measured = measuredHeights.get(node.block.type);
  return { height: measured ? measured.total / measured.count : DEFAULT_BLOCK_HEIGHT, fixed: false };
}

/**
 * Placeholder heights by widget type, as one small style sheet: a placeholder then needs no inline
 * style, and a new measurement restyles only the placeholders of its type.
 */
export function heightRules(): string {
  let css = `.rt-block-deferred{height:${DEFAULT_BLOCK_HEIGHT}px}`;
  for (const [type, { total, count }] of measuredHeights) css += `.rt-block-deferred[data-block-type="${type}"]{height:${Math.round(total / count)}px}`;
  return css;
}

interface Item {
  node: BlockNode;
  height: number;
  fixed: boolean;
  /** Mounted before first paint: no content-visibility (its size must be real at once). */
  eager: boolean;
}

/** True when the browser says input is waiting (Chromium): a slice then yields at once. */
const inputPending = (): boolean => (globalThis.navigator as { scheduling?: { isInputPending?: () => boolean } } | undefined)?.scheduling?.isInputPending?.() ?? false;

/** Runs a task behind frames and input: postTask's background priority where there is one. */
function background(task: () => void): () => void {
  const scheduler = (globalThis as { scheduler?: { postTask?: (cb: () => void, o: { priority: string; signal: AbortSignal }) => Promise<unknown> } }).scheduler;
  if (scheduler?.postTask) {
    const controller = new AbortController();
    scheduler.postTask(task, { priority: 'background', signal: controller.signal }).catch(() => undefined);
    return () => controller.abort();
  }
  const timer = setTimeout(task, 0);
  return () => clearTimeout(timer);
}

/**
 * Which top-level blocks are mounted, outside React state: mounting a block re-renders only its
 * chunk of CHUNK blocks, never the whole page.
 */
export class BlockMounter {
  private readonly items: Item[];
  private readonly index = new Map<BlockNode, number>();
  private readonly byBlockId = new Map<string, number>();
  private readonly mounted: Uint8Array;
  private readonly versions: Uint32Array;
  private readonly listeners = new Map<number, () => void>();
  private readonly elements = new Map<Element, number>();
  private readonly byIndex = new Map<number, Element>();
  private readonly published = new Map<string, number>();
  private readonly styles = new Map<number, CSSProperties>();
  private left: number;
  private cursor = 0;
  private priority: number[] = [];
  private toppedUp = false;
  private msPerBlock = 2;
  private hurry = false;
  private cancel: (() => void) | undefined;
  private near: IntersectionObserver | undefined;
  private sizes: ResizeObserver | undefined;
  private root: HTMLElement | null = null;
  private active = false;

  constructor(
    nodes: readonly BlockNode[], isVisible: (node: BlockNode) => boolean, gap: number, viewport: number,
    /** Mount the rest in page order after first paint; false leaves them until near, print, find or a hash. */
    private readonly background = true,
  ) {
    const ids = (n: BlockNode): string[] => [n.block.id, ...Object.values(n.slots).flat().flatMap((c) => (c.kind === 'block' ? ids(c) : []))];
    this.items = nodes.map((node, i) => {
      this.index.set(node, i);
      for (const id of ids(node)) this.byBlockId.set(id, i);
      // A block its condition hides renders nothing: no height, nothing to defer.
      return isVisible(node) ? { node, ...estimateHeight(node, gap), eager: false } : { node, height: 0, fixed: true, eager: true };
    });
    this.mounted = new Uint8Array(this.items.length);
    this.versions = new Uint32Array(Math.ceil(this.items.length / CHUNK));
    this.left = this.items.length;
    let top = 0;
    let count = 0;
    this.items.forEach((item, i) => {
      if (item.height === 0 || (top < EAGER_VIEWPORTS * viewport && count < EAGER_LIMIT)) {
        this.mark(i);
        item.eager = true;
        if (item.height > 0) count += 1;
      }
      if (item.height > 0) top += item.height + gap;
    });
  }

  /** The index of a top-level block node (-1 for any other node). */
  indexOf(node: RenderNode): number {
    return node.kind === 'block' ? this.index.get(node) ?? -1 : -1;
  }

  isMounted(i: number): boolean {
    return this.mounted[i] === 1;
  }

  /** Changes whenever a block of chunk c mounts (the chunk's snapshot). */
  version(c: number): number {
    return this.versions[c] ?? 0;
  }

  subscribe(c: number, listener: () => void): () => void {
    this.listeners.set(c, listener);
    return () => {
      if (this.listeners.get(c) === listener) this.listeners.delete(c);
    };
  }

  private mark(i: number): boolean {
    if (this.mounted[i] === 1) return false;
    this.mounted[i] = 1;
    this.left -= 1;
    this.versions[Math.floor(i / CHUNK)]! += 1;
    return true;
  }

  /** Mounts these blocks: their chunks re-render with the real blocks. */
  mount(indices: Iterable<number>): void {
    const chunks = new Set<number>();
    for (const i of indices) {
      if (!this.mark(i)) continue;
      chunks.add(Math.floor(i / CHUNK));
      const element = this.byIndex.get(i);
      if (element) {
        this.near?.unobserve(element);
        this.elements.delete(element);
        this.byIndex.delete(i);
      }
    }
    for (const c of chunks) this.listeners.get(c)?.();
    if (this.left === 0) this.stop();
  }

  mountAll(): void {
    this.mount(this.items.keys());
  }

  /** The root style of a top-level block (see OVERFLOW_CLIP_MARGIN and docs/decisions.md). */
  blockStyle(i: number): CSSProperties | undefined {
    const item = this.items[i];
    if (!item || item.eager) return undefined;
    let style = this.styles.get(i);
    if (!style) {
      // content-visibility lets the browser skip style, layout and paint of blocks far off screen,
      // with the block's last size (or its estimate) standing in; that keeps every frame of a
      // 1,000-block page cheap. It also clips paint to the block, hence the clip margin.
      style = { contentVisibility: 'auto', containIntrinsicHeight: `auto ${Math.round(item.height) || DEFAULT_BLOCK_HEIGHT}px`, overflowClipMargin: OVERFLOW_CLIP_MARGIN };
      this.styles.set(i, style);
    }
    return style;
  }

  /** The inline style of block i's placeholder: only a fixed (hinted) height; the others come from PlaceholderHeights. */
  placeholderStyle(i: number): CSSProperties | undefined {
    const { height, fixed } = this.items[i]!;
    if (!fixed) return undefined;
    let style = this.styles.get(-1 - i);
    if (!style) this.styles.set(-1 - i, (style = { height }));
    return style;
  }

  /** The next blocks to mount: near the viewport first, then in page order. */
  private next(count: number): number[] {
    const out: number[] = [];
    while (out.length < count && this.priority.length) {
      const i = this.priority.shift()!;
      if (!this.isMounted(i)) out.push(i);
    }
    while (out.length < count && (this.background || this.hurry) && this.cursor < this.items.length) {
      if (!this.isMounted(this.cursor)) out.push(this.cursor);
      this.cursor += 1;
    }
    return out;
  }

  /**
   * After a commit of the first render (layout effect, before paint): when the estimates were too
   * generous and a placeholder still starts inside the first viewports, mount enough blocks to
   * fill them. Returns true when it mounted more (the caller re-renders the list).
   */
  topUp(root: HTMLElement | null, viewport: number): boolean {
    if (this.toppedUp || this.left === 0) return false;
    const element = root?.querySelector(':scope > .rt-block-deferred');
    const eager = this.items.filter((item) => item.eager && item.height > 0).length;
    const top = element ? element.getBoundingClientRect().top : Infinity;
    const room = EAGER_VIEWPORTS * viewport - top;
    if (!root || room <= 0 || eager >= EAGER_LIMIT) {
      this.toppedUp = true;
      return false;
    }
    // Size the next ones like the blocks just laid out, so one or two rounds fill the viewport.
    const average = Math.max(16, (top - root.getBoundingClientRect().top) / Math.max(1, eager));
    let wanted = Math.min(EAGER_LIMIT - eager, Math.ceil(room / average));
    for (let i = 0; i < this.items.length && wanted > 0; i++) {
      if (this.isMounted(i)) continue;
      this.mark(i);
      this.items[i]!.eager = true;
      wanted -= 1;
    }
    return true;
  }

  /**
   * Observes the placeholders in the DOM. Done once, after paint, rather than through a ref on
   * each (a page may hold a thousand); a placeholder is unobserved when its block mounts.
   */
  private observePlaceholders(): void {
    this.elements.clear();
    this.byIndex.clear();
    this.root?.querySelectorAll(':scope > .rt-block-deferred').forEach((element) => {
      const i = this.byBlockId.get(element.getAttribute('data-block-id') ?? '');
      if (i === undefined || this.isMounted(i)) return;
      this.elements.set(element, i);
      this.byIndex.set(i, element);
      this.near?.observe(element);
    });
  }

  /** Ref callback of a mounted top-level block: measures it once it has settled. */
  measure = (element: HTMLElement | null): void => {
    if (element && this.sizes) this.sizes.observe(element);
  };

  private onSizes = (entries: ResizeObserverEntry[]) => {
    const changed = new Set<string>();
    for (const entry of entries) {
      const element = entry.target as HTMLElement;
      const i = this.byBlockId.get(element.dataset.blockId ?? '');
      // Still loading, or skipped off screen (its size is the estimate): wait for the next report.
      const item = i === undefined ? undefined : this.items[i];
      if (!item || element.querySelector('.rt-block-loading, [aria-busy="true"]')) continue;
      // Skipped off screen, its size is its estimate (contain-intrinsic-size): measure it once shown.
      if (!item.eager && Math.round(entry.contentRect.height) === (Math.round(item.height) || DEFAULT_BLOCK_HEIGHT)) continue;
      this.sizes?.unobserve(element);
      if (item.fixed) continue;
      const type = item.node.block.type;
      const seen = measuredHeights.get(type) ?? { total: 0, count: 0 };
      measuredHeights.set(type, { total: seen.total + entry.contentRect.height, count: seen.count + 1 });
      changed.add(type);
    }
    // Rewrite the sheet only when an average moved noticeably: each rewrite restyles the placeholders.
    let moved = false;
    for (const type of changed) {
      const { total, count } = measuredHeights.get(type)!;
      const height = Math.round(total / count);
      const shown = this.published.get(type);
      if (shown !== undefined && Math.abs(shown - height) < shown * 0.15) continue;
      this.published.set(type, height);
      moved = true;
    }
    const sheet = moved && this.left > 0 ? this.root?.querySelector(':scope > style[data-rt-heights]') : null;
    if (sheet) sheet.textContent = heightRules();
  };

  private onNear = (entries: IntersectionObserverEntry[]) => {
    const now: number[] = [];
    for (const entry of entries) {
      const i = this.elements.get(entry.target);
      if (!entry.isIntersecting || i === undefined || this.isMounted(i)) continue;
      const { top, bottom } = entry.boundingClientRect;
      // In view: mount now. Near: first in line for the next slice.
      if (top < window.innerHeight && bottom > 0) now.push(i);
      else this.priority.push(i);
    }
    if (now.length) this.mount(now);
    this.schedule();
  };

  /** One background slice: small batches until the slice's budget is spent. */
  private slice = () => {
    this.cancel = undefined;
    if (this.left === 0 || !this.near) return;
    const started = performance.now();
    const budget = this.hurry ? HURRY_SLICE_MS : SLICE_MS;
    do {
      const room = budget - (performance.now() - started);
      const batch = this.next(Math.max(1, Math.min(32, Math.floor(room / this.msPerBlock))));
      if (!batch.length) break;
      const t0 = performance.now();
      flushSync(() => this.mount(batch));
      // Learn the cost per block, so the next batch fits the budget.
      this.msPerBlock = Math.max(0.05, 0.7 * this.msPerBlock + 0.3 * ((performance.now() - t0) / batch.length));
    } while (this.left > 0 && budget - (performance.now() - started) > this.msPerBlock && !inputPending());
    this.schedule();
  };

  private schedule(): void {
    if (this.cancel || this.left === 0 || !this.near) return;
    if (!this.background && !this.hurry && !this.priority.some((i) => !this.isMounted(i))) return;
    this.cancel = background(this.slice);
  }

  private onPrint = () => flushSync(() => this.mountAll());

  private onKey = (event: KeyboardEvent) => {
    // Find-in-page searches mounted blocks only: finish mounting quickly.
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f' && !this.hurry) {
      this.hurry = true;
      this.schedule();
    }
  };

  /** Mounts the block a #hash names (and every block before it, so it lands where it stays), then scrolls to it. */
  private onHash = () => {
    let id = '';
    try {
      id = decodeURIComponent(window.location.hash.slice(1));
    } catch {
      return; // a malformed hash names no block
    }
    if (!id || document.getElementById(id)) return; // an element with that id: the browser scrolls to it
    const i = this.byBlockId.get(id);
    if (i === undefined) return;
    flushSync(() => this.mount(Array.from({ length: i + 1 }, (_, k) => k)));
    requestAnimationFrame(() => {
      this.root?.querySelector(`[data-block-id="${CSS.escape(id)}"]:not(.rt-block-deferred)`)?.scrollIntoView?.();
    });
  };

  /**
   * Starts the print / find / hash listeners at once (an effect), and observing and background
   * mounting after the first frame has painted, so none of it delays that frame.
   */
  start(root: HTMLElement | null, viewport: number): void {
    this.root = root;
    this.active = true;
    if (this.left === 0) return;
    window.addEventListener('beforeprint', this.onPrint);
    window.addEventListener('keydown', this.onKey);
    window.addEventListener('hashchange', this.onHash);
    // In a task of its own: flushSync may not run inside React's effects.
    setTimeout(this.onHash, 0);
    requestAnimationFrame(() => setTimeout(() => {
      if (!this.active) return;
      if (typeof ResizeObserver === 'function' && !this.sizes) {
        this.sizes = new ResizeObserver(this.onSizes);
        root?.querySelectorAll<HTMLElement>(':scope > .rt-block:not(.rt-block-deferred)').forEach((element) => this.sizes!.observe(element));
      }
      if (this.left === 0 || this.near) return;
      this.near = new IntersectionObserver(this.onNear, { rootMargin: `${Math.round(NEAR_VIEWPORTS * viewport)}px 0px` });
      this.observePlaceholders();
      this.schedule();
    }, 0));
  }

  /** Stops what start() began except measuring (every block mounted, or unmount). */
  stop(): void {
    this.active = false;
    this.near?.disconnect();
    this.near = undefined;
    this.cancel?.();
    this.cancel = undefined;
    if (typeof window !== 'undefined') {
      window.removeEventListener('beforeprint', this.onPrint);
      window.removeEventListener('keydown', this.onKey);
      window.removeEventListener('hashchange', this.onHash);
    }
  }

  /** Stops everything (unmount). */
  dispose(): void {
    this.stop();
    this.sizes?.disconnect();
    this.sizes = undefined;
  }
}
