import type { RenderNode } from './normalise';

/**
 * Deferred rendering of large pages, the scheduling half (docs/decisions.md "Deferred block
 * rendering", revised twice in issue 15; the React half is ./deferred-block.tsx).
 *
 * By default every top-level block mounts in the first commit (once the page's widget modules are
 * in), and those after about the first viewport are shown with `content-visibility: auto`, so the
 * browser skips their style, layout and paint while they are off screen. Measured on the anchor
 * page (bench/render.ts), mounting the rest in a second, time-sliced commit after first paint made
 * the whole mount about 1.5× slower (two renders, a frame's wait, and a yield every 5 ms), and a page
 * holds at most MAX_PAGE_BLOCKS blocks, so the one commit is bounded.
 *
 * With `background: false` the blocks after the first viewport wait behind one spacer of their
 * estimated height (.rt-block-deferred) until it comes near, printing, Ctrl/Cmd+F or a #block-id
 * hash: for a host that wants the first paint as early as possible on a very long page.
 */

/** A top-level block as the normaliser hands it over. */
export type BlockNode = RenderNode & { kind: 'block' };

/** Estimated height of a widget with no hint that has not been measured yet: about a list widget with a heading and two rows of cards. */
export const DEFAULT_BLOCK_HEIGHT = 400;
/** Blocks whose estimated top is above this many viewports mount in the first render. */
const EAGER_VIEWPORTS = 1.25;
/** The first render never mounts more than this many blocks, however small they turn out. */
const EAGER_LIMIT = 40;
/** With background mounting off, the rest mounts when the spacer comes this many viewports near. */
const NEAR_VIEWPORTS = 1.5;

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
 * The size a block skipped off screen stands at (contain-intrinsic-size), by widget type, as one
 * small style sheet: no inline style per block. `auto` keeps a block's real size once it has been
 * laid out.
 */
export function heightRules(): string {
  let css = `.rt-block-cv{contain-intrinsic-size:auto ${DEFAULT_BLOCK_HEIGHT}px}`;
  for (const [type, { total, count }] of measuredHeights) {
    if (/^[a-z][a-z0-9-]*$/.test(type)) css += `.rt-block-cv[data-block-type="${type}"]{contain-intrinsic-size:auto ${Math.round(total / count)}px}`;
  }
  return css;
}

/** Mounts the rest: `urgent` (print, find, a hash) in a synchronous commit, else as a transition. */
export type MountRest = (urgent: boolean) => void;

let nextId = 0;

/** Which top-level blocks mount in the first commit, and when the rest follows. */
export class BlockMounter {
  /** Changes with every new mounter: the React side keys its state on it. */
  readonly id = ++nextId;
  private readonly blocks: readonly BlockNode[];
  private readonly heights: number[];
  private readonly fixed: boolean[];
  private readonly index = new Map<BlockNode, number>();
  private byBlockIdMap: Map<string, number> | undefined;
  private eager = 0;
  private toppedUp = false;
  private rest = false;
  private mountRest: MountRest | undefined;
  private near: IntersectionObserver | undefined;
  private root: HTMLElement | null = null;
  private active = false;

  constructor(
    nodes: readonly BlockNode[], isVisible: (node: BlockNode) => boolean, private readonly gap: number, viewport: number,
    /** Mount every block in the first commit (the rest with content-visibility); false leaves the rest until near, print, find or a hash. */
    private readonly background = true,
    /** The page's widget modules loading (undefined when all are in): the blocks render, and the rest mounts, once they are. */
    readonly modules?: Promise<unknown>,
  ) {
    this.blocks = nodes;
    this.heights = [];
    this.fixed = [];
    nodes.forEach((node, i) => {
      this.index.set(node, i);
      // A block its condition hides renders nothing: no height.
      const estimate = isVisible(node) ? estimateHeight(node, gap) : { height: 0, fixed: true };
      this.heights.push(estimate.height);
      this.fixed.push(estimate.fixed);
    });
    let top = 0;
    let count = 0;
    while (this.eager < nodes.length && (this.heights[this.eager] === 0 || (top < EAGER_VIEWPORTS * viewport && count < EAGER_LIMIT))) {
      const height = this.heights[this.eager]!;
      if (height > 0) {
        top += height + gap;
        count += 1;
      }
      this.eager += 1;
    }
    // Background mounting (the default) now means: everything in the first commit (see above).
    if (this.eager === nodes.length || this.background) this.rest = true;
  }

  /** The top-level index of every block id, slots included: made when first asked (a hash, a measurement), not per page. */
  private get byBlockId(): Map<string, number> {
    if (!this.byBlockIdMap) {
      const map = new Map<string, number>();
      const add = (node: BlockNode, i: number) => {
        map.set(node.block.id, i);
        for (const name in node.slots) for (const child of node.slots[name]!) if (child.kind === 'block') add(child, i);
      };
      this.blocks.forEach(add);
      this.byBlockIdMap = map;
    }
    return this.byBlockIdMap;
  }

  /** The index of a top-level block node (-1 for any other node). */
  indexOf(node: RenderNode): number {
    return node.kind === 'block' ? this.index.get(node) ?? -1 : -1;
  }

  /** How many top-level blocks (a prefix) the first commit mounts. */
  get eagerCount(): number {
    return this.eager;
  }

  /** True once the rest is asked for (or there is none). */
  get restWanted(): boolean {
    return this.rest;
  }

  /** Estimated height of the blocks from `from` on (by default those after the first commit's): the spacer's height. */
  restHeight(from = this.eager): number {
    let height = 0;
    for (let i = from; i < this.heights.length; i++) if (this.heights[i]! > 0) height += this.heights[i]! + (height ? this.gap : 0);
    return Math.round(height);
  }

  /** The React side's way to mount the rest (set in a layout effect, before start). */
  connect(mountRest: MountRest | undefined): void {
    this.mountRest = mountRest;
  }

  private mountAll(urgent: boolean): void {
    if (this.rest && !urgent) return;
    this.rest = true;
    this.stopListening();
    this.mountRest?.(urgent);
  }

  /**
   * After the first commit (layout effect, before paint): when the estimates were too generous
   * and the spacer still starts inside the first viewports, mount enough blocks to fill them.
   * Returns true when it mounted more (the caller re-renders the list).
   */
  topUp(root: HTMLElement | null, viewport: number): boolean {
    if (this.toppedUp || this.rest) return false;
    const spacer = root?.querySelector(':scope > .rt-block-deferred');
    const eagerShown = this.heights.slice(0, this.eager).filter((h) => h > 0).length;
    const top = spacer ? spacer.getBoundingClientRect().top : Infinity;
    const room = EAGER_VIEWPORTS * viewport - top;
    if (!root || room <= 0 || eagerShown >= EAGER_LIMIT) {
      this.toppedUp = true;
      return false;
    }
    // Size the next ones like the blocks just laid out, so one or two rounds fill the viewport.
    const average = Math.max(16, (top - root.getBoundingClientRect().top) / Math.max(1, eagerShown));
    let wanted = Math.min(EAGER_LIMIT - eagerShown, Math.ceil(room / average));
    while (wanted > 0 && this.eager < this.blocks.length) {
      if (this.heights[this.eager]! > 0) wanted -= 1;
      this.eager += 1;
    }
    if (this.eager === this.blocks.length) this.rest = true;
    return true;
  }

  /** Records the heights of the blocks of the first commit by type: better estimates next time. */
  private measure(): void {
    this.root?.querySelectorAll<HTMLElement>(':scope > .rt-block:not(.rt-block-cv)').forEach((element) => {
      const i = this.byBlockId.get(element.dataset.blockId ?? '');
      if (i === undefined || this.fixed[i] || element.querySelector('.rt-block-loading, [aria-busy="true"]')) return;
      const type = this.blocks[i]!.block.type;
      const seen = measuredHeights.get(type) ?? { total: 0, count: 0 };
      measuredHeights.set(type, { total: seen.total + element.getBoundingClientRect().height, count: seen.count + 1 });
    });
  }

  private onPrint = () => this.mountAll(true);

  private onKey = (event: KeyboardEvent) => {
    // Find-in-page searches mounted blocks only: mount the rest now.
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f') this.mountAll(true);
  };

  /** Mounts the rest when a #hash names a block in it, then scrolls to that block. */
  private onHash = () => {
    let id = '';
    try {
      id = decodeURIComponent(window.location.hash.slice(1));
    } catch {
      return; // a malformed hash names no block
    }
    if (!id || document.getElementById(id)) return; // an element with that id: the browser scrolls to it
    const i = this.byBlockId.get(id);
    if (i === undefined || i < this.eager) return;
    this.mountAll(true);
    requestAnimationFrame(() => {
      this.root?.querySelector(`[data-block-id="${CSS.escape(id)}"]`)?.scrollIntoView?.();
    });
  };

  /**
   * With background mounting off: starts the print / find / hash listeners at once (an effect),
   * and watching the spacer after the first frame has painted (measuring the first blocks' heights
   * then, for better estimates next time).
   */
  start(root: HTMLElement | null, viewport: number): void {
    this.root = root;
    if (this.rest) {
      // Everything mounted at once: still learn the first viewport's heights (off-screen blocks stand at estimates).
      if (this.background) requestAnimationFrame(() => setTimeout(() => this.measure(), 0));
      return;
    }
    this.active = true;
    window.addEventListener('beforeprint', this.onPrint);
    window.addEventListener('keydown', this.onKey);
    window.addEventListener('hashchange', this.onHash);
    // In a task of its own: flushSync may not run inside React's effects.
    setTimeout(() => this.active && this.onHash(), 0);
    requestAnimationFrame(() => setTimeout(() => {
      if (!this.active) return;
      this.measure();
      const spacer = root?.querySelector(':scope > .rt-block-deferred');
      if (!spacer) return;
      this.near = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) this.mountAll(false);
      }, { rootMargin: `${Math.round(NEAR_VIEWPORTS * viewport)}px 0px` });
      this.near.observe(spacer);
    }, 0));
  }

  private stopListening(): void {
    this.active = false;
    this.near?.disconnect();
    this.near = undefined;
    if (typeof window !== 'undefined') {
      window.removeEventListener('beforeprint', this.onPrint);
      window.removeEventListener('keydown', this.onKey);
      window.removeEventListener('hashchange', this.onHash);
    }
  }

  /** Stops everything (unmount). */
  dispose(): void {
    this.stopListening();
    this.mountRest = undefined;
  }
}
