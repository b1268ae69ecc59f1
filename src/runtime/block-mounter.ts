import type { RenderNode } from './normalise';

/**
 * Deferred rendering of large pages, the scheduling half (docs/decisions.md "Deferred block
 * rendering", issue 15 revision; the React half is ./deferred-block.tsx). The top-level blocks
 * that fill about the first viewport mount in the first commit; every later block mounts in ONE
 * more commit right after first paint, rendered as a React transition (time-sliced, so no long
 * task while it renders) and shown with `content-visibility: auto`, so the browser skips style,
 * layout and paint of blocks off screen. Until then a single spacer of the rest's estimated height
 * (.rt-block-deferred) stands in for them: no per-block placeholders to swap out, which made the
 * whole mount slower than no deferral at all. Printing, Ctrl/Cmd+F and a #block-id hash mount the
 * rest at once. Nested blocks mount with their top-level block.
 */

/** A top-level block as the normaliser hands it over. */
export type BlockNode = RenderNode & { kind: 'block' };

/** Estimated height of a widget with no hint that has not been measured yet: about a list widget with a heading and two rows of cards. */
export const DEFAULT_BLOCK_HEIGHT = 400;
/** Blocks whose estimated top is above this many viewports mount in the first render. */
const EAGER_VIEWPORTS = 1.25;
/** The first render never mounts more than this many blocks, however small they turn out. */
const EAGER_LIMIT = 40;
/** Frames the rest waits at most for the first viewport's blocks to show their content. */
const MAX_WAIT_FRAMES = 60;
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
  private readonly byBlockId = new Map<string, number>();
  private eager = 0;
  private toppedUp = false;
  private rest = false;
  private mountRest: MountRest | undefined;
  private near: IntersectionObserver | undefined;
  private root: HTMLElement | null = null;
  private active = false;

  constructor(
    nodes: readonly BlockNode[], isVisible: (node: BlockNode) => boolean, private readonly gap: number, viewport: number,
    /** Mount the rest right after first paint; false leaves it until near, print, find or a hash. */
    private readonly background = true,
    /** The page's widget modules loading (undefined when all are in): the blocks render, and the rest mounts, once they are. */
    readonly modules?: Promise<unknown>,
  ) {
    this.blocks = nodes;
    const ids = (n: BlockNode): string[] => [n.block.id, ...Object.values(n.slots).flat().flatMap((c) => (c.kind === 'block' ? ids(c) : []))];
    this.heights = [];
    this.fixed = [];
    nodes.forEach((node, i) => {
      this.index.set(node, i);
      for (const id of ids(node)) this.byBlockId.set(id, i);
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
    if (this.eager === nodes.length) this.rest = true;
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
    this.root?.querySelectorAll<HTMLElement>(':scope > .rt-block').forEach((element) => {
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
   * Starts the print / find / hash listeners at once (an effect), and the rest's mounting (or, with
   * background mounting off, watching the spacer) after the first frame has painted and the
   * page's widget modules are in.
   */
  start(root: HTMLElement | null, viewport: number): void {
    this.root = root;
    if (this.rest) return;
    this.active = true;
    window.addEventListener('beforeprint', this.onPrint);
    window.addEventListener('keydown', this.onKey);
    window.addEventListener('hashchange', this.onHash);
    // In a task of its own: flushSync may not run inside React's effects.
    setTimeout(() => this.active && this.onHash(), 0);
    requestAnimationFrame(() => setTimeout(() => {
      if (!this.active) return;
      this.measure();
      if (this.background) {
        // Once the page's widget modules are in (else the rest would render fallbacks, and the
        // first viewport's blocks that still wait for theirs would retry only after the whole
        // transition), and a frame later, so those blocks render first.
        void Promise.resolve(this.modules).then(() => this.afterFirstViewport(0));
        return;
      }
      const spacer = root?.querySelector(':scope > .rt-block-deferred');
      if (!spacer) return;
      this.near = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) this.mountAll(false);
      }, { rootMargin: `${Math.round(NEAR_VIEWPORTS * viewport)}px 0px` });
      this.near.observe(spacer);
    }, 0));
  }

  /**
   * Mounts the rest once the first viewport's blocks show their content. React reveals a block
   * whose module arrived late in a retry, which ranks below a transition: started earlier, the
   * rest would hold the first viewport's fallbacks until all of it had rendered. Gives up waiting
   * after about a second (a module that never loads must not keep the rest away).
   */
  private afterFirstViewport(frames: number): void {
    requestAnimationFrame(() => setTimeout(() => {
      if (!this.active) return;
      const loading = frames < MAX_WAIT_FRAMES && this.root?.querySelector(':scope > .rt-block-deferred[aria-busy], :scope > .rt-block .rt-block-loading');
      if (loading) this.afterFirstViewport(frames + 1);
      else this.mountAll(false);
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
