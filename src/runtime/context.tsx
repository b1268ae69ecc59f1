import { createContext, useContext, type ReactNode } from 'react';
import type { BlockIdentity, RuntimeContext } from './widget-definition';

const RuntimeCtx = createContext<RuntimeContext | undefined>(undefined);

/** Makes a runtime context available to RuntimeLink and widgets below (PageRenderer does this itself). */
export function RuntimeContextProvider({ ctx, children }: { ctx: RuntimeContext; children: ReactNode }) {
  return <RuntimeCtx.Provider value={ctx}>{children}</RuntimeCtx.Provider>;
}

/** The nearest runtime context, or undefined outside any PageRenderer or provider. */
export function useRuntimeContext(): RuntimeContext | undefined {
  return useContext(RuntimeCtx);
}

/** The block being rendered; the renderer provides it directly (one fiber per block, no wrapper component). */
export const BlockIdentityContext = createContext<BlockIdentity | undefined>(undefined);
const BlockCtx = BlockIdentityContext;

/** Makes the block being rendered known to shared parts below it (the renderer does this for blocks whose widget declares data). */
export function BlockIdentityProvider({ block, children }: { block: BlockIdentity; children: ReactNode }) {
  return <BlockCtx.Provider value={block}>{children}</BlockCtx.Provider>;
}

/**
 * The block whose component is rendering, or undefined outside a block. Shared parts (a list's
 * section) name their landmark after the widget type with it when the block shows no heading
 * (docs/widgets.md "Accessibility"). The renderer provides it to widgets that declare data (the ones
 * that render those parts); a widget without data has its own `block` prop.
 */
export function useBlockIdentity(): BlockIdentity | undefined {
  return useContext(BlockCtx);
}
