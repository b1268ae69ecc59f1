import { useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { evaluateCondition } from './conditions';
import { isNormalisedPage, normalisePage, type NormalisedPage, type RenderNode } from './normalise';
import type { Registry } from './registry';
import type { AnyWidgetDefinition, DataDeclaration, RuntimeContext, WidgetData } from './widget-definition';

/**
 * Widget data (DESIGN "A widget declares its data"): each block's declaration is resolved through
 * TanStack Query under a tenant-scoped key, so equal requests from several blocks are made once
 * and one tenant's cache can never answer another's.
 */

/** Results stay fresh this long unless a declaration says otherwise, so prefetch and render share one request. */
export const DEFAULT_STALE_TIME = 60_000;

/** The cache key of a declaration: ['tenant', tenantId, ...key]. */
export function tenantQueryKey(tenantId: number, key: readonly unknown[]): QueryKey {
  return ['tenant', tenantId, ...key];
}

/** The TanStack Query options for a declaration, scoped to the tenant. */
export function declarationQueryOptions<T>(declaration: DataDeclaration<T>, tenantId: number) {
  return {
    queryKey: tenantQueryKey(tenantId, declaration.key),
    queryFn: ({ signal }: { signal: AbortSignal }) => declaration.fetch(signal),
    staleTime: declaration.staleTime ?? DEFAULT_STALE_TIME,
    ...(declaration.initial ? { initialData: () => declaration.initial?.()?.data } : {}),
  };
}

/** Calls a widget's data() and treats a throw as "no declaration" plus a reason. */
export function declarationOf(definition: AnyWidgetDefinition, props: unknown, ctx: RuntimeContext): { declaration?: DataDeclaration; error?: Error } {
  if (!definition.data) return {};
  try {
    const declaration = definition.data(props, ctx) as DataDeclaration | undefined;
    return declaration ? { declaration } : {};
  } catch (error) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }
}

const IDLE: WidgetData<never> = { status: 'idle', data: undefined, error: null, refetch: () => undefined };

/**
 * Resolves one declaration for a component (a block with no declaration gets status idle). Needs
 * a QueryClientProvider above it.
 */
export function useDeclaredData<T>(declaration: DataDeclaration<T> | undefined, tenantId: number): WidgetData<T> {
  const query = useQuery({
    ...(declaration
      ? declarationQueryOptions(declaration, tenantId)
      : { queryKey: ['tenant', tenantId, '__runtime-idle__'], queryFn: () => Promise.resolve(null as T) }),
    enabled: declaration !== undefined,
  });
  if (!declaration) return IDLE;
  return {
    status: query.status,
    data: query.data as T | undefined,
    error: query.error,
    refetch: () => void query.refetch(),
  };
}

/** Every declaration of the blocks a viewer will see, one per distinct key. */
export function collectDeclarations(nodes: readonly RenderNode[], ctx: RuntimeContext): DataDeclaration[] {
  const found = new Map<string, DataDeclaration>();
  const visit = (list: readonly RenderNode[]) => {
    for (const node of list) {
      if (node.kind !== 'block' || !evaluateCondition(node.block.condition, ctx.viewer)) continue;
      const { declaration } = declarationOf(node.definition, node.block.props, ctx);
      if (declaration) {
        const hash = JSON.stringify(tenantQueryKey(ctx.tenantId, declaration.key));
        if (!found.has(hash)) found.set(hash, declaration);
      }
      for (const children of Object.values(node.slots)) visit(children);
    }
  };
  visit(nodes);
  return [...found.values()];
}

/**
 * Starts every visible block's query together, before render (DESIGN: one round trip for a
 * page's data). Pass the result of normalisePage (a raw template is normalised here). Resolves
 * when all have settled; failures stay in the cache for the blocks to show.
 */
export async function prefetchPageData(queryClient: QueryClient, page: NormalisedPage | unknown, registry: Registry, ctx: RuntimeContext): Promise<void> {
  const normalised = isNormalisedPage(page) ? page : normalisePage(page, registry);
  const declarations = collectDeclarations(normalised.nodes, ctx);
  await Promise.all(declarations.map((d) => queryClient.prefetchQuery(declarationQueryOptions(d, ctx.tenantId))));
}
