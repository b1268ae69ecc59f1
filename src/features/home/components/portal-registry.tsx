// The registry the learner portal renders runtime pages with. One instance per app (DESIGN: the
// registry is an instance, never a module global inside the runtime); tests and the designer pass
// their own through <PortalRegistryProvider>.
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Registry } from '../../../runtime/registry';
import { createPortalRegistry } from '../../../../widgets';

let appRegistry: Registry | undefined;

/** The app's registry with every widget of the library, created on first use. */
export function defaultPortalRegistry(): Registry {
  appRegistry ??= createPortalRegistry();
  return appRegistry;
}

const RegistryCtx = createContext<Registry | undefined>(undefined);

/** Supplies the registry runtime pages below use (tests, the designer's preview). */
export function PortalRegistryProvider({ registry, children }: { registry: Registry; children: ReactNode }) {
  return <RegistryCtx.Provider value={registry}>{children}</RegistryCtx.Provider>;
}

/** The registry for runtime pages, limited to the tenant's allow-list when one is given. */
export function usePortalRegistry(allow?: readonly string[]): Registry {
  const provided = useContext(RegistryCtx);
  const base = provided ?? defaultPortalRegistry();
  const key = allow ? allow.join(',') : '';
  return useMemo(() => (allow ? base.withAllowList(allow) : base), [base, key]);
}
