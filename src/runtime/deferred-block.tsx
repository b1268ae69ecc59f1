import {
  memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode, type Ref, type RefObject,
} from 'react';
import { BlockMounter, CHUNK, heightRules, type BlockNode } from './block-mounter';
import type { RenderNode } from './normalise';

/**
 * The React side of deferred rendering (docs/decisions.md "Deferred block rendering"): the hooks
 * that make and start a page's BlockMounter (./block-mounter.ts), and the chunks of top-level
 * blocks that show a placeholder until their block is mounted.
 */

export { BlockMounter } from './block-mounter';

/**
 * The page's placeholder heights (rendered once per deferred page; the mounter rewrites it as it
 * measures). Its ref also finds the page root for the top-up, whose own ref is not attached yet
 * when the blocks' layout effects run.
 */
export function PlaceholderHeights({ ref }: { ref: Ref<HTMLStyleElement> }) {
  return <style ref={ref} data-rt-heights="">{heightRules()}</style>;
}

/** How a page defers its blocks (PageRenderer's deferOffscreen). */
export interface DeferOptions {
  /** Mount the remaining blocks in short background slices after first paint (default true). */
  background?: boolean;
}

/** True where deferring can work: a browser with IntersectionObserver (not jsdom, not server rendering). */
export function canDefer(): boolean {
  return typeof window !== 'undefined' && typeof IntersectionObserver === 'function';
}

const viewportHeight = () => (typeof window !== 'undefined' && window.innerHeight > 0 ? window.innerHeight : 900);

/**
 * The mounter of a page's top-level blocks (null when not deferring). Made again only when the
 * page's nodes change, so a new viewer or context never unmounts what is already shown.
 */
export function useBlockMounter(
  nodes: readonly RenderNode[], options: DeferOptions | false, isVisible: (node: BlockNode) => boolean, gap: number, rootRef: RefObject<HTMLElement | null>,
): BlockMounter | null {
  const background = options ? options.background !== false : false;
  // isVisible is read once, when the mounter is made (see above), so it is not a dependency.
  const mounter = useMemo(() => (options
    ? new BlockMounter(nodes.filter((n): n is BlockNode => n.kind === 'block'), isVisible, gap, viewportHeight(), background)
    : null), [nodes, options !== false, background, gap]);
  useEffect(() => {
    mounter?.start(rootRef.current, viewportHeight());
    return () => mounter?.dispose();
  }, [mounter, rootRef]);
  return mounter;
}

/**
 * Fills the first viewport before paint when the estimates were too generous: re-renders the
 * list after mounting more (the chunks read the mounter on every render).
 */
export function useViewportTopUp(mounter: BlockMounter | null): RefObject<HTMLStyleElement | null> {
  const [, setRound] = useState(0);
  const sheet = useRef<HTMLStyleElement>(null);
  useLayoutEffect(() => {
    if (mounter?.topUp(sheet.current?.parentElement ?? null, viewportHeight())) setRound((r) => r + 1);
  });
  return sheet;
}

/** Splits the top-level nodes into chunks of CHUNK blocks (other nodes join the chunk they stand in). */
export function chunksOf(mounter: BlockMounter, nodes: readonly RenderNode[]): RenderNode[][] {
  const chunks: RenderNode[][] = [];
  let block = 0;
  for (const node of nodes) {
    const c = Math.floor(block / CHUNK);
    (chunks[c] ??= []).push(node);
    if (mounter.indexOf(node) >= 0) block += 1;
  }
  return chunks;
}

/**
 * One chunk of top-level nodes: mounted blocks through `render`, the others as placeholders (a
 * plain element each, no component, since a page may hold a thousand of them).
 */
export const DeferredChunk = memo(function DeferredChunk({ mounter, chunk, nodes, isVisible, render }: {
  mounter: BlockMounter;
  chunk: number;
  nodes: readonly RenderNode[];
  isVisible: (node: BlockNode) => boolean;
  render: (node: RenderNode, index: number) => ReactNode;
  /** The chunk's mount version when the page re-renders (a top-up): memo re-renders only changed chunks. */
  version: number;
}) {
  const subscribe = useCallback((listener: () => void) => mounter.subscribe(chunk, listener), [mounter, chunk]);
  useSyncExternalStore(subscribe, () => mounter.version(chunk), () => 0);
  return nodes.map((node) => {
    const i = mounter.indexOf(node);
    if (i < 0 || mounter.isMounted(i)) return render(node, i);
    if (!isVisible(node as BlockNode)) return null;
    const { block } = node as BlockNode;
    // As little as identifies the block (tests, anchors, the designer): each attribute costs a thousand times.
    return <div key={`b:${block.id}`} className="rt-block rt-block-deferred" data-block-id={block.id} data-block-type={block.type} style={mounter.placeholderStyle(i)} />;
  });
});
