import {
  Component, lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef,
  type ComponentType, type CSSProperties, type ErrorInfo, type LazyExoticComponent, type ReactNode,
} from 'react';
import { RICH_TEXT_POLICY_VERSION } from '../../schemas/rich-text-policy';
import { localeOf, useAppLanguage } from '../i18n/texts';
import { evaluateCondition } from './conditions';
import { BlockIdentityContext, RuntimeContextProvider } from './context';
import { declarationOf, useDeclaredData } from './data';
import './runtime.css';
import { canDefer, DeferredBlocks, useBlockMounter, type BlockMounter, type DeferOptions } from './deferred-block';
import { PageRouteLinks } from './link-view';
import { isNormalisedPage, normalisePage, TemplateError, type NormalisedPage, type RenderNode } from './normalise';
import type { Registry } from './registry';
import { SanitisedTemplateContext } from './rich-text-view';
import { DroppedBlock, HiddenSlots, Placeholder, RenderCtx, RepairNote, type BlockErrorReport, type RenderState } from './block-notes';
import type { AnyWidgetDefinition, BlockIdentity, RenderMode, RuntimeContext, WidgetData, WidgetProps } from './widget-definition';

/**
 * The page renderer (DESIGN "The runtime: settings to pixels"): walks a normalised page, loads each
 * widget lazily, gives every block its own error boundary, and never lets one block take the page
 * down. Preview mode shows a placeholder naming the block path and reason; production skips the
 * block and reports it once. In a browser, top-level blocks below the first viewport mount in one
 * more commit right after first paint (./deferred-block.tsx, docs/decisions.md "Deferred block
 * rendering"); blocks in slots a container does not render are reported (HiddenSlots). Markup and
 * looks come from CSS classes (./runtime.css), not style objects made per block.
 */

export type { DeferOptions } from './deferred-block';
export type { BlockErrorReport } from './block-notes';

export interface PageRendererProps {
  /** The result of normalisePage (validated once at load); a raw stored template is normalised here. */
  page: NormalisedPage | unknown;
  registry: Registry;
  /** production (default) skips broken blocks; preview shows placeholders. */
  mode?: RenderMode;
  ctx: RuntimeContext;
  /** Called once per broken block; without it the runtime logs a console warning. */
  onBlockError?: (report: BlockErrorReport) => void;
  className?: string;
  /**
   * Mount only the blocks near the viewport at first, the rest as sized placeholders that mount
   * when scrolled near or in background slices (docs/widgets.md "Deferred rendering"). Defaults
   * to true where IntersectionObserver exists, so jsdom and server rendering render every block.
   * `{ background: false }` leaves far blocks as placeholders until near, print, find or a hash.
   */
  deferOffscreen?: boolean | DeferOptions;
}

type AnyWidgetComponent = ComponentType<WidgetProps<any, any>>;
const lazyComponents = new WeakMap<AnyWidgetDefinition, LazyExoticComponent<AnyWidgetComponent>>();
const loadedComponents = new WeakMap<AnyWidgetDefinition, AnyWidgetComponent>();
/**
 * The widget's component: the loaded one once its module has arrived (no lazy wrapper to resolve
 * per block), a lazy one until then.
 */
function componentOf(definition: AnyWidgetDefinition): AnyWidgetComponent {
  const loaded = loadedComponents.get(definition);
  if (loaded) return loaded;
  let component = lazyComponents.get(definition);
  if (!component) {
    component = lazy(() => (definition.load as () => Promise<{ default: AnyWidgetComponent }>)().then((module) => {
      if (typeof module?.default === 'function' || typeof module?.default === 'object') loadedComponents.set(definition, module.default);
      return module;
    }));
    lazyComponents.set(definition, component);
  }
  return component;
}

/**
 * Loads the component modules of every widget on a page (undefined when all are in). A deferred
 * page renders its blocks once they are in: a block that suspends on its module is revealed by
 * React in a throttled retry (about 300 ms later), so waiting for the modules paints sooner. A
 * module that fails to load is left to the block's own boundary when it mounts.
 */
function preloadComponents(nodes: readonly RenderNode[]): Promise<unknown> | undefined {
  const definitions = new Set<AnyWidgetDefinition>();
  const collect = (list: readonly RenderNode[]) => list.forEach((node) => {
    if (node.kind !== 'block') return;
    if (!loadedComponents.has(node.definition)) definitions.add(node.definition);
    Object.values(node.slots).forEach(collect);
  });
  collect(nodes);
  if (!definitions.size) return undefined;
  return Promise.all([...definitions].map((definition) => definition.load().then((module) => {
    if (module?.default) loadedComponents.set(definition, module.default as AnyWidgetComponent);
  }, () => undefined)));
}

/**
 * Loads the widget modules of a normalised page, so that it renders in one pass with no Suspense
 * fallback (a static render, a test's snapshot, a host that wants the page whole). The browser's
 * PageRenderer does this itself while it waits to mount the blocks.
 */
export async function loadPageWidgets(page: NormalisedPage): Promise<void> {
  await preloadComponents(page.nodes);
}

/**
 * Loads the component modules of these widget types, so that a page of them mounts its blocks in
 * its first commit (the home's start before the first render: src/app/warm-start.ts). Unknown types
 * and failed loads are left to the normaliser and the block's own boundary.
 */
export async function loadWidgetComponents(registry: Registry, types: readonly string[]): Promise<void> {
  await Promise.all(types.map((type) => {
    const definition = registry.get(type);
    if (!definition || loadedComponents.has(definition)) return undefined;
    return definition.load().then((module) => {
      if (module?.default) loadedComponents.set(definition, module.default as AnyWidgetComponent);
    }, () => undefined);
  }));
}

/** The widget component of a definition, and whether it may still suspend (its module not in yet). */
interface ChosenComponent {
  definition: AnyWidgetDefinition;
  Widget: AnyWidgetComponent;
  lazy: boolean;
}

/** What a block derives from its node, made again only when the node changes. */
interface BlockParts {
  node: RenderNode & { kind: 'block' };
  identity: BlockIdentity;
  /** The slots the component asked for; blocks in the others are reported (HiddenSlots). */
  shownSlots: Set<string>;
  renderSlot: (name: string) => ReactNode;
}

interface BlockProps {
  node: RenderNode & { kind: 'block' };
  /** A top-level block after the first viewport: the browser skips it while off screen (content-visibility). */
  offscreen?: boolean;
}

/**
 * One block, in as few fibers as React allows (issue 15 point 2: the runtime's cost per block
 * near plain React's). This one class is the block's memo (it re-renders only for a new node, a
 * new offscreen flag, its own error or a new render state), its error boundary (a throw while
 * loading or rendering the widget stays inside the block) and its wrapper element; below it come
 * only the widget (with its data hook and the block-identity context when it declares data) and,
 * while the widget's module is not in yet, a Suspense boundary. It was six components per block
 * (memo node, boundary, Suspense, body, identity provider, widget). A container's slots are plain
 * arrays of blocks (blockList), not a component each.
 */
class Block extends Component<BlockProps, { error: Error | null }> {
  static override contextType = RenderCtx;
  declare context: RenderState | null;
  override state = { error: null as Error | null };
  private chosen: ChosenComponent | undefined;
  private parts: BlockParts | undefined;

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    this.context?.report(this.toReport(error instanceof Error ? error : new Error(String(error))));
  }

  override shouldComponentUpdate(next: BlockProps, nextState: { error: Error | null }) {
    // A new render state (mode, ctx, report) reaches this class through its contextType anyway.
    return next.node !== this.props.node || next.offscreen !== this.props.offscreen || nextState.error !== this.state.error;
  }

  toReport(error: Error): BlockErrorReport {
    const { path, block } = this.props.node;
    const isData = (error as { runtimeDataError?: boolean }).runtimeDataError === true;
    return {
      path, blockId: block.id, type: block.type, error,
      reason: isData ? 'data-error' : 'render-error',
      message: `Block ${path} (${block.type}) ${isData ? 'could not declare its data' : 'failed to render'}: ${error.message}`,
    };
  }

  /** The widget's component, fixed per definition, so a block never remounts when the lazy module resolves meanwhile. */
  private component(definition: AnyWidgetDefinition): ChosenComponent {
    if (this.chosen?.definition !== definition) {
      const loaded = loadedComponents.get(definition);
      this.chosen = loaded ? { definition, Widget: loaded, lazy: false } : { definition, Widget: componentOf(definition), lazy: true };
    }
    return this.chosen;
  }

  private partsOf(node: RenderNode & { kind: 'block' }): BlockParts {
    if (this.parts?.node !== node) {
      const shownSlots = new Set<string>();
      this.parts = {
        node, shownSlots,
        identity: { id: node.block.id, type: node.block.type, path: node.path },
        renderSlot: (name: string) => {
          shownSlots.add(name);
          return blockList(node.slots[name] ?? []);
        },
      };
    }
    return this.parts;
  }

  override render() {
    const state = this.context;
    if (!state) throw new Error('A runtime block rendered outside PageRenderer; render pages through <PageRenderer>.');
    const { node, offscreen = false } = this.props;
    const { mode, ctx } = state;
    if (this.state.error) return mode === 'preview' ? <Placeholder report={this.toReport(this.state.error)} /> : null;
    if (!evaluateCondition(node.block.condition, ctx.viewer)) return null;
    const { block, definition } = node;
    const { Widget, lazy: maySuspend } = this.component(definition);
    const { identity, shownSlots, renderSlot } = this.partsOf(node);
    const common = { props: block.props, block: identity, ctx, mode, renderSlot };
    const widget = definition.data
      ? <BlockWithData Widget={Widget} common={common} definition={definition} />
      : <Widget {...common} data={IDLE_DATA} />;
    const content = hasSlotChildren(node) ? <>{widget}<HiddenSlots node={node} shown={shownSlots} /></> : widget;
    const body = maySuspend ? <Suspense fallback={<div className="rt-block-loading" aria-busy="true" />}>{content}</Suspense> : content;
    return (
      <div className={offscreen ? 'rt-block rt-block-cv' : 'rt-block'} data-block-id={block.id} data-block-type={block.type} data-block-path={node.path}>
        {/* The note only when there is one: an extra (null) child would shift every useId below it. */}
        {mode === 'preview' && node.repaired ? <><RepairNote entry={node.repaired} />{body}</> : body}
      </div>
    );
  }
}

function blockList(nodes: readonly RenderNode[]): ReactNode[] {
  return nodes.map((node) => (node.kind === 'block'
    ? <Block key={`b:${node.block.id}`} node={node} />
    : <DroppedBlock key={`d:${node.path}`} node={node} />));
}

const renderDeferred = (node: RenderNode, offscreen: boolean) => (node.kind === 'block'
  ? <Block key={`b:${node.block.id}`} node={node} offscreen={offscreen} />
  : <DroppedBlock key={`d:${node.path}`} node={node} />);

/** The page's top-level blocks; with a mounter, those after the first viewport follow in one more commit. */
function TopLevelBlocks({ nodes, mounter }: { nodes: readonly RenderNode[]; mounter: BlockMounter | null }) {
  if (!mounter) return blockList(nodes);
  return <DeferredBlocks key={mounter.id} mounter={mounter} nodes={nodes} render={renderDeferred} />;
}

const IDLE_DATA: WidgetData<never> = { status: 'idle', data: undefined, error: null, refetch: () => undefined };

const hasSlotChildren = (node: RenderNode & { kind: 'block' }) => Object.values(node.slots).some((list) => list.length > 0);

/**
 * A widget that declares data: its declaration (a throw there is the block's data-error, caught by
 * the block's boundary above) and the query behind it.
 */
function BlockWithData({ Widget, common, definition }: {
  Widget: AnyWidgetComponent;
  common: Omit<WidgetProps, 'data'>;
  definition: AnyWidgetDefinition;
}) {
  const { props, ctx } = common;
  const declared = useMemo(() => declarationOf(definition, props, ctx), [definition, props, ctx]);
  if (declared.error) throw Object.assign(declared.error, { runtimeDataError: true });
  const data = useDeclaredData(declared.declaration, ctx.tenantId);
  // The block's identity for the shared list parts below (useBlockIdentity: WidgetSection names a
  // headless list after its type). Only widgets with data render those parts, so other blocks skip
  // this provider (issue 15 point 2: one fiber fewer per block).
  return <BlockIdentityContext value={common.block}><Widget {...common} data={data} /></BlockIdentityContext>;
}

const NO_NODES: readonly RenderNode[] = [];
const DEFER_DEFAULT: DeferOptions = {};

/** The page's own props (the column layout itself is .rt-page in ./runtime.css). */
function rootStyle(props: NormalisedPage['page']['root']['props']): CSSProperties | undefined {
  if (props.background === undefined && props.maxWidth === undefined && props.gap === undefined) return undefined;
  const style: CSSProperties = {};
  if (props.background) style.background = props.background;
  if (props.maxWidth) Object.assign(style, { maxWidth: props.maxWidth, marginLeft: 'auto', marginRight: 'auto' });
  if (props.gap !== undefined) style.gap = props.gap;
  return style;
}

/** Renders a page's blocks; see the module comment for how broken blocks are treated. */
export function PageRenderer({ page, registry, mode = 'production', ctx: given, onBlockError, className, deferOffscreen }: PageRendererProps) {
  // Every block gets ctx.locale, so widgets read their texts without a language subscription each
  // (widgetTexts): one subscription per page when the host set no locale.
  const appLanguage = useAppLanguage();
  const ctx = useMemo((): RuntimeContext => (given.locale ? given : { ...given, locale: localeOf(appLanguage) }), [given, appLanguage]);
  const loaded = useMemo((): { page: NormalisedPage } | { error: Error } => {
    if (isNormalisedPage(page)) return { page };
    try {
      return { page: normalisePage(page, registry) };
    } catch (error) {
      if (error instanceof TemplateError) return { error };
      throw error;
    }
  }, [page, registry]);

  // Report each broken block once per loaded page, whatever callback identity the parent passes.
  const onBlockErrorRef = useRef(onBlockError);
  useLayoutEffect(() => {
    onBlockErrorRef.current = onBlockError;
  });
  const report = useMemo(() => {
    const seen = new Set<string>();
    return (r: BlockErrorReport) => {
      const key = `${r.path}\u0000${r.reason}`;
      if (seen.has(key)) return;
      seen.add(key);
      if (onBlockErrorRef.current) onBlockErrorRef.current(r);
      else console.warn(r.message.endsWith('.') ? r.message : `${r.message}.`);
    };
  }, [loaded]);
  const state = useMemo((): RenderState => ({ mode, ctx, report }), [mode, ctx, report]);

  const templateError = 'error' in loaded ? loaded.error : undefined;
  useEffect(() => {
    if (templateError) report({ path: 'page', reason: 'template-error', message: templateError.message, error: templateError });
  }, [templateError, report]);

  const rootRef = useRef<HTMLDivElement>(null);
  const defer = deferOffscreen === false || !canDefer() ? false : typeof deferOffscreen === 'object' ? deferOffscreen : DEFER_DEFAULT;
  const nodes = 'error' in loaded ? NO_NODES : loaded.page.nodes;
  const gap = 'error' in loaded ? 0 : loaded.page.page.root.props.gap ?? 0;
  const isVisible = (node: RenderNode & { kind: 'block' }) => evaluateCondition(node.block.condition, ctx.viewer);
  const mounter = useBlockMounter(nodes, defer, isVisible, gap, rootRef, preloadComponents);

  if ('error' in loaded) {
    return mode === 'preview'
      ? <Placeholder report={{ path: 'page', reason: 'template-error', message: loaded.error.message }} />
      : <div className={className} data-page-state="unreadable" />;
  }
  const current = loaded.page.page;
  // The server sanitised this template's rich text under the current policy (server/lib/rich-text.ts):
  // the rich-text widget shows it without DOMPurify. Preview (the designer) always sanitises: its
  // template may hold edits no server has seen.
  const sanitised = mode === 'production' && current.richTextPolicy === RICH_TEXT_POLICY_VERSION;
  return (
    <RuntimeContextProvider ctx={ctx}>
      <RenderCtx.Provider value={state}>
        <SanitisedTemplateContext.Provider value={sanitised}>
          <div ref={rootRef} className={['rt-page', className].filter(Boolean).join(' ')} data-page-code={current.pageCode} style={rootStyle(current.root.props)}>
            <PageRouteLinks><TopLevelBlocks nodes={nodes} mounter={mounter} /></PageRouteLinks>
          </div>
        </SanitisedTemplateContext.Provider>
      </RenderCtx.Provider>
    </RuntimeContextProvider>
  );
}
