// The registry runtime pages render with. The registry is an instance (DESIGN: never a module global
// inside the runtime): src/app assembles the portal's registry from widgets/ and supplies it through
// <RegistryProvider> — as a loader, so the widget library loads as its own chunk, started alongside
// the runtime page's chunk (useRegistryLoaded) rather than after it. Tests and the designer's
// preview supply a registry of their own.
import { createContext, use, useContext, useEffect, useMemo, useReducer, useState, type ReactNode } from 'react';
import type { Registry } from './registry';

/** A registry, or a function that loads it (called once per provider). */
export type RegistrySource = Registry | (() => Promise<Registry>);

interface RegistryHandle {
  get(): Registry | Promise<Registry>;
}

const RegistryCtx = createContext<RegistryHandle | undefined>(undefined);

/** Supplies the registry the runtime pages below render with. */
export function RegistryProvider({ registry, children }: { registry: RegistrySource; children: ReactNode }) {
  const handle = useMemo<RegistryHandle>(() => {
    if (typeof registry !== 'function') return { get: () => registry };
    let loaded: Registry | undefined;
    let loading: Promise<Registry> | undefined;
    return {
      // Once loaded, the registry itself: a page rendered after that does not suspend for it. A
      // failed load stays failed, so the page's error boundary gets it (src/app/chunk-load.ts then
      // loads the page again); starting another load on each render retried without end.
      get: () => loaded ?? (loading ??= registry().then((got) => (loaded = got))),
    };
  }, [registry]);
  return <RegistryCtx.Provider value={handle}>{children}</RegistryCtx.Provider>;
}

function useHandle(): RegistryHandle {
  const handle = useContext(RegistryCtx);
  if (!handle) throw new Error('No widget registry: render runtime pages inside <RegistryProvider> (src/app/providers.tsx supplies the portal registry).');
  return handle;
}

/**
 * Returns a function that starts, in parallel, the component chunk of every widget a stored
 * template uses (issue 15 point 3): as soon as the template is known, before the page renders, so
 * no block waits for its chunk after the runtime has mounted. Unknown types are left to the
 * normaliser's report; a failed load is retried by the renderer.
 */
export function usePreloadWidgets(): (template: unknown) => void {
  const handle = useHandle();
  return (template) => {
    void Promise.all([handle.get(), import('../../schemas/template-block-types')])
      .then(([registry, { templateBlockTypes }]) => {
        const types = templateBlockTypes(template);
        for (const type of types) registry.get(type)?.load().catch(() => undefined);
        // Their props validators too (issue 15 point 2), so RuntimePage finds them loaded or on the
        // way; none for a template the server checked against this build's contracts.
        const stamp = typeof template === 'object' && template !== null ? (template as { checked?: unknown }).checked : undefined;
        if (!registry.acceptsChecked(stamp, types)) registry.prepare(types)?.catch(() => undefined);
      })
      .catch(() => undefined);
  };
}

/**
 * Whether the registry has loaded (starting it if not), re-rendering once it has; it does not
 * suspend (see useWidgetValidators for why). Also true once a load failed, so that the page that
 * needs it renders and useRegistry throws the failure to the nearest error boundary.
 */
export function useRegistryLoaded(): boolean {
  const got = useHandle().get();
  const [failed, setFailed] = useState(false);
  const [, settled] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!(got instanceof Promise)) return undefined;
    let live = true;
    got.then(() => live && settled(), () => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [got]);
  return !(got instanceof Promise) || failed;
}

/** The registry for runtime pages, limited to the tenant's allow-list when one is given; suspends while it loads. */
export function useRegistry(allow?: readonly string[]): Registry {
  const got = useHandle().get();
  const base = got instanceof Promise ? use(got) : got;
  const key = allow ? allow.join(',') : '';
  return useMemo(() => (allow ? base.withAllowList(allow) : base), [base, key]);
}

/**
 * Whether the registry holds the props validators of these widget types (issue 15 point 2): each
 * is a small chunk compiled at build time, and a page loads only those of the types it uses. Call
 * it with a page's types and normalise the page once it returns true. It does not suspend: React
 * reveals a suspended tree in a throttled retry (up to 300 ms after the chunks arrive), which was
 * most of a cold page's wait (issue 15 point 2, the anchor bench). A failed load is thrown to the
 * nearest error boundary, as before. Pass null for a page that needs none (a template the server
 * checked): then not even the page-shape validators load.
 */
export function useWidgetValidators(registry: Registry, types: readonly string[] | null): boolean {
  const [, settled] = useReducer((n: number) => n + 1, 0);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  // Before prepare(): a failed load is not started again by the render that reports it.
  if (failure) throw failure.error;
  // null: the page needs no validator at all (a template the server checked).
  const pending = types === null ? undefined : registry.prepare(types);
  useEffect(() => {
    if (!pending) return undefined;
    let live = true;
    pending.then(() => live && settled(), (error: unknown) => live && setFailure({ error }));
    return () => {
      live = false;
    };
  }, [pending]);
  return pending === undefined;
}
