import {
  startTransition, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type RefObject,
} from 'react';
import { flushSync } from 'react-dom';
import { BlockMounter, heightRules, type BlockNode } from './block-mounter';
import type { RenderNode } from './normalise';

/**
 * The React side of deferred rendering (docs/decisions.md "Deferred block rendering"): the hooks
 * that make and start a page's BlockMounter (./block-mounter.ts), and the list of top-level blocks:
 * the first viewport's, then a spacer until the rest mounts in one transition.
 */

export { BlockMounter } from './block-mounter';

/** How a page defers its blocks (PageRenderer's deferOffscreen). */
export interface DeferOptions {
  /** Mount the remaining blocks right after first paint (default true); false waits until the spacer is near, print, find or a hash. */
  background?: boolean;
}

/** True where deferring can work: a browser with IntersectionObserver (not jsdom, not server rendering). */
export function canDefer(): boolean {
  return typeof window !== 'undefined' && typeof IntersectionObserver === 'function';
}

/** How long a deferred page waits for its widget modules before it renders its blocks anyway (each then waits in its own fallback). */
const MODULE_WAIT_MS = 3000;

const viewportHeight = () => (typeof window !== 'undefined' && window.innerHeight > 0 ? window.innerHeight : 900);

/**
 * The mounter of a page's top-level blocks (null when not deferring). Made again only when the
 * page's nodes change, so a new viewer or context never unmounts what is already shown.
 */
export function useBlockMounter(
  nodes: readonly RenderNode[], options: DeferOptions | false, isVisible: (node: BlockNode) => boolean, gap: number, rootRef: RefObject<HTMLElement | null>,
  /** Loads the widget modules of the page (undefined when all are in); the blocks render once they are. */
  preload: (nodes: readonly RenderNode[]) => Promise<unknown> | undefined,
): BlockMounter | null {
  const background = options ? options.background !== false : false;
  // isVisible and preload are read once, when the mounter is made (see above), so they are not dependencies.
  const mounter = useMemo(() => (options
    ? new BlockMounter(nodes.filter((n): n is BlockNode => n.kind === 'block'), isVisible, gap, viewportHeight(), background, preload(nodes))
    : null), [nodes, options !== false, background, gap]);
  useEffect(() => {
    mounter?.start(rootRef.current, viewportHeight());
    return () => mounter?.dispose();
  }, [mounter, rootRef]);
  return mounter;
}

/**
 * The top-level nodes of a deferred page: those of the first viewport, then (until the rest is
 * mounted) one spacer of the rest's estimated height; `render` gets each node and whether it is
 * one of the rest (shown with content-visibility: auto). Key it on mounter.id.
 */
export function DeferredBlocks({ mounter, nodes, render }: {
  mounter: BlockMounter;
  nodes: readonly RenderNode[];
  render: (node: RenderNode, offscreen: boolean) => ReactNode;
}) {
  const [rest, setRest] = useState(mounter.restWanted);
  const [, setRound] = useState(0);
  // The blocks wait for their widget modules (at most MODULE_WAIT_MS): see preloadComponents in ./renderer.tsx.
  const [modulesIn, setModulesIn] = useState(!mounter.modules);
  useEffect(() => {
    if (modulesIn || !mounter.modules) return undefined;
    let live = true;
    const arrived = () => live && setModulesIn(true);
    const timer = setTimeout(arrived, MODULE_WAIT_MS);
    void mounter.modules.then(arrived);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [mounter, modulesIn]);
  const sheet = useRef<HTMLStyleElement>(null);
  useLayoutEffect(() => {
    mounter.connect((urgent) => (urgent ? flushSync(() => setRest(true)) : startTransition(() => setRest(true))));
    return () => mounter.connect(undefined);
  }, [mounter]);
  // Fills the first viewport before paint when the estimates were too generous.
  useLayoutEffect(() => {
    if (modulesIn && mounter.topUp(sheet.current?.parentElement ?? null, viewportHeight())) setRound((r) => r + 1);
  });
  if (!modulesIn) {
    return <div className="rt-block-deferred" aria-busy="true" style={{ height: mounter.restHeight(0) }} />;
  }
  const eager = mounter.eagerCount;
  const shown: ReactNode[] = [];
  let spacer = false;
  for (const node of nodes) {
    const i = mounter.indexOf(node);
    if (i >= eager && !rest) {
      spacer = true;
      break;
    }
    shown.push(render(node, i >= eager));
  }
  return (
    <>
      {/* Its ref also finds the page root for the top-up, whose own ref is not attached yet then. */}
      <style ref={sheet} data-rt-heights="">{heightRules()}</style>
      {shown}
      {spacer && <div className="rt-block-deferred" aria-hidden="true" style={{ height: mounter.restHeight() }} />}
    </>
  );
}
