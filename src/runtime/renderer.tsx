import {
  Component, createContext, lazy, Suspense, useContext, useEffect, useLayoutEffect, useMemo, useRef,
  type ComponentType, type CSSProperties, type ErrorInfo, type LazyExoticComponent, type ReactNode,
} from 'react';
import { evaluateCondition } from './conditions';
import { RuntimeContextProvider } from './context';
import { declarationOf, useDeclaredData } from './data';
import { isNormalisedPage, normalisePage, TemplateError, type NormalisedPage, type RenderNode } from './normalise';
import type { Registry } from './registry';
import type { DropReason } from './report';
import type { AnyWidgetDefinition, DataDeclaration, RenderMode, RuntimeContext, WidgetData, WidgetProps } from './widget-definition';

/**
 * The page renderer (DESIGN "The runtime: settings to pixels"): walks a normalised page, loads each
 * widget lazily, gives every block its own error boundary, and never lets one block take the page
 * down. Preview mode shows a placeholder naming the block path and reason; production skips the
 * block and reports it once.
 */

/** A block that could not be shown, as reported to onBlockError. */
export interface BlockErrorReport {
  /** Where the block sits, e.g. blocks[0].slots.left[1]; "page" when the template itself is unreadable. */
  path: string;
  blockId?: string;
  type?: string;
  /** A normaliser reason, or render-error when the component (or its loading) threw. */
  reason: DropReason | 'render-error' | 'data-error' | 'template-error';
  /** A sentence naming the block and the reason. */
  message: string;
  error?: Error;
}

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
}

interface RenderState {
  mode: RenderMode;
  ctx: RuntimeContext;
  report: (report: BlockErrorReport) => void;
}

const RenderCtx = createContext<RenderState | null>(null);
function useRenderState(): RenderState {
  const state = useContext(RenderCtx);
  if (!state) throw new Error('A runtime block rendered outside PageRenderer; render pages through <PageRenderer>.');
  return state;
}

type AnyWidgetComponent = ComponentType<WidgetProps<any, any>>;
const lazyComponents = new WeakMap<AnyWidgetDefinition, LazyExoticComponent<AnyWidgetComponent>>();
function lazyComponentOf(definition: AnyWidgetDefinition): LazyExoticComponent<AnyWidgetComponent> {
  let component = lazyComponents.get(definition);
  if (!component) {
    component = lazy(definition.load as () => Promise<{ default: AnyWidgetComponent }>);
    lazyComponents.set(definition, component);
  }
  return component;
}

/** The placeholder preview mode shows instead of a broken block. */
function Placeholder({ report }: { report: BlockErrorReport }) {
  return (
    <div
      data-testid="block-placeholder" role="note" className="rt-block-placeholder" data-block-path={report.path}
      data-block-id={report.blockId} data-block-type={report.type} data-reason={report.reason}
      style={{ border: '1px dashed #faad14', background: '#fffbe6', color: '#874d00', padding: 12, fontSize: 13 }}
    >
      {report.message}
    </div>
  );
}

/** Reports a dropped block once (after render, so StrictMode's double render does not matter). */
function DroppedBlock({ node }: { node: RenderNode & { kind: 'dropped' } }) {
  const { mode, report } = useRenderState();
  const { entry } = node;
  const errorReport: BlockErrorReport = { path: entry.path, reason: entry.reason, message: entry.message };
  if (entry.blockId !== undefined) errorReport.blockId = entry.blockId;
  if (entry.type !== undefined) errorReport.type = entry.type;
  // Keyed on the entry: it is stable for a loaded page, so this reports once.
  useEffect(() => report(errorReport), [entry]);
  return mode === 'preview' ? <Placeholder report={errorReport} /> : null;
}

interface BoundaryProps {
  node: RenderNode & { kind: 'block' };
  mode: RenderMode;
  report: (report: BlockErrorReport) => void;
  children: ReactNode;
}

/** One boundary per block: a throw while loading or rendering stays inside the block. */
class BlockBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }
  override componentDidCatch(error: unknown, _info: ErrorInfo) {
    this.props.report(this.toReport(error instanceof Error ? error : new Error(String(error))));
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
  override render() {
    if (this.state.error) return this.props.mode === 'preview' ? <Placeholder report={this.toReport(this.state.error)} /> : null;
    return this.props.children;
  }
}

function BlockList({ nodes }: { nodes: readonly RenderNode[] }) {
  return nodes.map((node) => (node.kind === 'block'
    ? <BlockNode key={`b:${node.block.id}`} node={node} />
    : <DroppedBlock key={`d:${node.path}`} node={node} />));
}

function BlockNode({ node }: { node: RenderNode & { kind: 'block' } }) {
  const { mode, ctx, report } = useRenderState();
  if (!evaluateCondition(node.block.condition, ctx.viewer)) return null;
  return (
    <BlockBoundary node={node} mode={mode} report={report}>
      <div className="rt-block" data-block-id={node.block.id} data-block-type={node.block.type} data-block-path={node.path}>
        <Suspense fallback={<div className="rt-block-loading" aria-busy="true" />}>
          <BlockBody node={node} />
        </Suspense>
      </div>
    </BlockBoundary>
  );
}

const IDLE_DATA: WidgetData<never> = { status: 'idle', data: undefined, error: null, refetch: () => undefined };

function BlockBody({ node }: { node: RenderNode & { kind: 'block' } }) {
  const { mode, ctx } = useRenderState();
  const { block, definition, path } = node;
  const Widget = lazyComponentOf(definition);
  const identity = useMemo(() => ({ id: block.id, type: block.type, path }), [block.id, block.type, path]);
  const renderSlot = useMemo(() => (name: string) => <BlockList nodes={node.slots[name] ?? []} />, [node]);
  const declared = useMemo(() => declarationOf(definition, block.props, ctx), [definition, block.props, ctx]);
  if (declared.error) throw Object.assign(declared.error, { runtimeDataError: true });
  const common = { props: block.props, block: identity, ctx, mode, renderSlot };
  if (!definition.data) return <Widget {...common} data={IDLE_DATA} />;
  return <BlockWithData Widget={Widget} common={common} declaration={declared.declaration} tenantId={ctx.tenantId} />;
}

function BlockWithData({ Widget, common, declaration, tenantId }: {
  Widget: AnyWidgetComponent;
  common: Omit<WidgetProps, 'data'>;
  declaration: DataDeclaration | undefined;
  tenantId: number;
}) {
  const data = useDeclaredData(declaration, tenantId);
  return <Widget {...common} data={data} />;
}

function rootStyle(props: NormalisedPage['page']['root']['props']): CSSProperties {
  const style: CSSProperties = { display: 'flex', flexDirection: 'column' };
  if (props.background) style.background = props.background;
  if (props.maxWidth) Object.assign(style, { maxWidth: props.maxWidth, marginLeft: 'auto', marginRight: 'auto' });
  if (props.gap !== undefined) style.gap = props.gap;
  return style;
}

/** Renders a page's blocks; see the module comment for how broken blocks are treated. */
export function PageRenderer({ page, registry, mode = 'production', ctx, onBlockError, className }: PageRendererProps) {
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

  if ('error' in loaded) {
    return mode === 'preview'
      ? <Placeholder report={{ path: 'page', reason: 'template-error', message: loaded.error.message }} />
      : <div className={className} data-page-state="unreadable" />;
  }
  const { page: current, nodes } = loaded.page;
  return (
    <RuntimeContextProvider ctx={ctx}>
      <RenderCtx.Provider value={state}>
        <div className={['rt-page', className].filter(Boolean).join(' ')} data-page-code={current.pageCode} style={rootStyle(current.root.props)}>
          <BlockList nodes={nodes} />
        </div>
      </RenderCtx.Provider>
    </RuntimeContextProvider>
  );
}
