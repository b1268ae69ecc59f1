// What the page renderer shows and reports for blocks it cannot show as they are: the report
// given to onBlockError, preview mode's placeholders and repair notes, dropped blocks, and blocks in
// slots their container does not render. Split from renderer.tsx, which renders the blocks; both
// read the render state (mode, context, report) through RenderCtx.
import { createContext, useContext, useEffect, useState } from 'react';
import type { RenderNode } from './normalise';
import { slotErrorMessage, type DropReason, type RepairedEntry } from './report';
import type { RenderMode, RuntimeContext } from './widget-definition';

/** A block that could not be shown, as reported to onBlockError. */
export interface BlockErrorReport {
  /** Where the block sits, e.g. blocks[0].slots.left[1]; "page" when the template itself is unreadable. */
  path: string;
  blockId?: string;
  type?: string;
  /**
   * A normaliser reason; render-error when the component (or its loading) threw; hidden-slot when
   * its container does not show the slot it is in (e.g. col3 of a two-column row).
   */
  reason: DropReason | 'render-error' | 'data-error' | 'template-error' | 'hidden-slot';
  /** A sentence naming the block and the reason. */
  message: string;
  error?: Error;
}

/** What every block of one PageRenderer reads: the mode, the runtime context and the report. */
export interface RenderState {
  mode: RenderMode;
  ctx: RuntimeContext;
  report: (report: BlockErrorReport) => void;
}

export const RenderCtx = createContext<RenderState | null>(null);
export function useRenderState(): RenderState {
  const state = useContext(RenderCtx);
  if (!state) throw new Error('A runtime block rendered outside PageRenderer; render pages through <PageRenderer>.');
  return state;
}

/** The placeholder preview mode shows instead of a broken block. */
export function Placeholder({ report }: { report: BlockErrorReport }) {
  return (
    <div
      data-testid="block-placeholder" role="note" className="rt-block-placeholder" data-block-path={report.path}
      data-block-id={report.blockId} data-block-type={report.type} data-reason={report.reason}
    >
      {report.message}
    </div>
  );
}

/** Preview mode's note above a block shown with repaired fields (issue 14 point 14): which field, why. */
export function RepairNote({ entry }: { entry: RepairedEntry }) {
  return (
    <div
      data-testid="block-repair-note" role="note" className="rt-block-placeholder rt-block-repair-note" data-block-path={entry.path}
      data-block-id={entry.blockId} data-block-type={entry.type} data-fields={entry.fields.map((f) => f.field).join(' ')}
    >
      {entry.message}
    </div>
  );
}

/** Reports a dropped block once (after render, so StrictMode's double render does not matter). */
export function DroppedBlock({ node }: { node: RenderNode & { kind: 'dropped' } }) {
  const { mode, report } = useRenderState();
  const { entry } = node;
  const errorReport: BlockErrorReport = { path: entry.path, reason: entry.reason, message: entry.message };
  if (entry.blockId !== undefined) errorReport.blockId = entry.blockId;
  if (entry.type !== undefined) errorReport.type = entry.type;
  // Keyed on the entry: it is stable for a loaded page, so this reports once.
  useEffect(() => report(errorReport), [entry]);
  return mode === 'preview' ? <Placeholder report={errorReport} /> : null;
}

/**
 * Reports the child blocks of slots the component did not render (a slot the widget does not
 * have, or col3 of a two-column row), once it has rendered; preview shows their placeholders.
 * Runs after the component's own render (a later sibling), so every renderSlot call is counted.
 */
export function HiddenSlots({ node, shown }: { node: RenderNode & { kind: 'block' }; shown: ReadonlySet<string> }) {
  const { mode, report } = useRenderState();
  const [hidden, setHidden] = useState<BlockErrorReport[]>([]);
  useEffect(() => {
    const declared = node.definition.slots ?? [];
    const shownList = declared.filter((name) => shown.has(name)).concat([...shown].filter((name) => !declared.includes(name)));
    const found: BlockErrorReport[] = [];
    for (const [slot, children] of Object.entries(node.slots)) {
      if (shown.has(slot)) continue;
      for (const child of children) {
        const r: BlockErrorReport = child.kind === 'block'
          ? { path: child.path, blockId: child.block.id, type: child.block.type, reason: 'hidden-slot', message: '' }
          : { path: child.path, reason: child.entry.reason, message: child.entry.message };
        if (child.kind === 'dropped') {
          if (child.entry.blockId !== undefined) r.blockId = child.entry.blockId;
          if (child.entry.type !== undefined) r.type = child.entry.type;
        }
        // A block dropped for another reason keeps its own sentence; a misplaced one gets the fix.
        if (child.kind === 'block' || child.entry.reason === 'unknown-slot') {
          r.message = slotErrorMessage(r, slot, node.block, shownList, declared);
        }
        found.push(r);
      }
    }
    found.forEach(report);
    const key = (list: BlockErrorReport[]) => list.map((r) => r.path).join('\n');
    setHidden((before) => (key(before) === key(found) ? before : found));
  }, [node, shown, report]);
  return mode === 'preview' ? hidden.map((r) => <Placeholder key={r.path} report={r} />) : null;
}
