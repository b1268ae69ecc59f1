import { createContext, useContext, type ReactNode } from 'react';
import type { RuntimeContext } from './widget-definition';

const RuntimeCtx = createContext<RuntimeContext | undefined>(undefined);

/** Makes a runtime context available to RuntimeLink and widgets below (PageRenderer does this itself). */
export function RuntimeContextProvider({ ctx, children }: { ctx: RuntimeContext; children: ReactNode }) {
  return <RuntimeCtx.Provider value={ctx}>{children}</RuntimeCtx.Provider>;
}

/** The nearest runtime context, or undefined outside any PageRenderer or provider. */
export function useRuntimeContext(): RuntimeContext | undefined {
  return useContext(RuntimeCtx);
}
