// The page designer's client state (issue 16, .tmp contract "The designer's client state"): the
// draft template being edited, its server revision, the selection, the save state and an undo
// history. Every edit produces a new immutable template with immer (structurally shared), so the
// history is a list of templates: one step per action, at most HISTORY_LIMIT steps back.
import { create, type StoreApi, type UseBoundStore } from 'zustand';
import { produce, type Draft } from 'immer';
import type { PageBlock, PageTemplateV2 } from '../../../../schemas/page-template';
import { MAX_SLOT_DEPTH } from '../../../../schemas/template-limits';
import type { Registry } from '../../../runtime/registry';
import type { AdminPageSummary, UpgradeEntry } from '../api/pages';
import { getPageDraft, isConflict, saveDraft } from '../api/pages';

/** How many undo steps the designer keeps. */
export const HISTORY_LIMIT = 100;

/** Where a block goes: top level (parentId null) or a container block's slot; index is an insertion point among the list's current items. */
export interface DropTarget {
  parentId: string | null;
  slot?: string;
  /** 0 = first; the list's length = last. Counted in the list as it is before the block moves. */
  index: number;
}

export type SaveState = 'saved' | 'unsaved' | 'saving' | 'conflict' | 'error';
export type PreviewAs = 'guest' | 'learner' | 'teacher';
export type FrameWidth = 'desktop' | 1280;

export interface DesignerState {
  page: AdminPageSummary | null;
  /** The draft being edited (format 2). */
  template: PageTemplateV2 | null;
  /** The server revision the draft is based on. */
  revision: number;
  /** A block id, 'root' for the page's own props, null for none. */
  selectedId: string | null;
  saveState: SaveState;
  saveError: string | null;
  /** History: the canvas shows this version read-only (edits are ignored meanwhile). */
  viewing: { version: number; template: PageTemplateV2 } | null;
  previewAs: PreviewAs;
  frameWidth: FrameWidth;
  canUndo: boolean;
  canRedo: boolean;
  /** The server's migration report of the last saved draft (blocks upgraded on save). */
  lastUpgraded: UpgradeEntry[];
  /** The widget registry (the tenant's view) new blocks take their version, defaults and slots from. */
  registry: Registry | null;
  load(pageId: number): Promise<void>;
  select(id: string | null): void;
  /** Replaces a block's props; one undo step per call. */
  updateProps(blockId: string, props: Record<string, unknown>): void;
  updateRootProps(props: Record<string, unknown>): void;
  /** Adds a block of this widget type with its default props; returns the new id (throws DesignerError where it may not stand). */
  addBlock(type: string, target: DropTarget): string;
  moveBlock(blockId: string, target: DropTarget): void;
  duplicateBlock(blockId: string): void;
  removeBlock(blockId: string): void;
  undo(): void;
  redo(): void;
  /** Saves the draft now (autosave calls it too); a save under way is awaited, then newer edits follow. */
  saveNow(): Promise<void>;
  /** After restore / reload: the server's draft at this revision, with an empty history. */
  replaceDraft(template: PageTemplateV2, revision: number): void;
  /** After a conflict, "keep mine": base the local draft on the server's newer revision and save it over. */
  rebase(revision: number): void;
  viewVersion(v: { version: number; template: PageTemplateV2 } | null): void;
  setPreviewAs(a: PreviewAs): void;
  setFrameWidth(w: FrameWidth): void;
  setRegistry(registry: Registry | null): void;
}

/** An edit the designer refuses (a sentence naming the block and the rule); the UI shows it. */
export class DesignerError extends Error {
  override readonly name = 'DesignerError';
}

/** Where a block sits in a template. */
export interface BlockLocation {
  block: PageBlock;
  parentId: string | null;
  slot: string | undefined;
  index: number;
  /** Slot nesting depth: 0 for a top-level block. */
  depth: number;
  /** e.g. blocks[0].slots.col1[1], as the runtime names it. */
  path: string;
}

/** Finds a block by id anywhere in the page. */
export function findBlock(template: PageTemplateV2, id: string): BlockLocation | undefined {
  let found: BlockLocation | undefined;
  const visit = (list: readonly PageBlock[], parentId: string | null, slot: string | undefined, depth: number, prefix: string): boolean =>
    list.some((block, index) => {
      const path = `${prefix}[${index}]`;
      if (block.id === id) {
        found = { block, parentId, slot, index, depth, path };
        return true;
      }
      return Object.entries(block.slots ?? {}).some(([name, children]) => visit(children, block.id, name, depth + 1, `${path}.slots.${name}`));
    });
  visit(template.blocks, null, undefined, 0, 'blocks');
  return found;
}

/** Every block id in the page. */
export function blockIds(template: PageTemplateV2): Set<string> {
  const ids = new Set<string>();
  const visit = (list: readonly PageBlock[]) => list.forEach((block) => {
    ids.add(block.id);
    Object.values(block.slots ?? {}).forEach(visit);
  });
  visit(template.blocks);
  return ids;
}

/** How many levels of slots a block's subtree holds (0 for a block without children). */
function subtreeDepth(block: PageBlock): number {
  return Object.values(block.slots ?? {}).reduce((deepest, list) => Math.max(deepest, ...list.map((child) => 1 + subtreeDepth(child))), 0);
}

/** The next free id for a widget type: course-list-1, course-list-2, … */
export function freshId(type: string, taken: Set<string>): string {
  for (let n = 1; ; n += 1) {
    const id = `${type}-${n}`;
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}

/** The list a target names, in an immer draft (a declared slot that is absent is created). */
function targetList(draft: Draft<PageTemplateV2>, target: DropTarget, registry: Registry | null): Draft<PageBlock>[] {
  if (target.parentId === null) return draft.blocks;
  const parent = findBlock(draft as PageTemplateV2, target.parentId)?.block as Draft<PageBlock> | undefined;
  if (!parent) throw new DesignerError(`Block "${target.parentId}" is not on the page; choose another place.`);
  const slot = target.slot;
  const declared = registry?.get(parent.type)?.slots;
  if (!slot || (declared ? !declared.includes(slot) : !parent.slots?.[slot])) {
    throw new DesignerError(`Block "${parent.id}" (${parent.type}) has no slot "${slot ?? ''}"; drop the block into one of its columns or on the page.`);
  }
  parent.slots ??= {};
  return (parent.slots[slot] ??= []);
}

/** Refuses a place a widget may not stand (placement.topLevelOnly, slot depth). */
function checkPlace(template: PageTemplateV2, block: PageBlock, target: DropTarget, registry: Registry | null) {
  if (target.parentId === null) return;
  if (registry?.get(block.type)?.placement?.topLevelOnly) {
    throw new DesignerError(`A ${block.type} block stands only on the page itself, not inside another block; drop it between top-level blocks.`);
  }
  const parent = findBlock(template, target.parentId);
  if (!parent) return;
  if (parent.depth + 1 + subtreeDepth(block) > MAX_SLOT_DEPTH) {
    throw new DesignerError(`Blocks nest at most ${MAX_SLOT_DEPTH} slots deep; drop "${block.id}" higher up.`);
  }
}

/** A deep copy of a block with fresh ids for it and every child. */
function copyWithFreshIds(block: PageBlock, taken: Set<string>): PageBlock {
  const copy: PageBlock = { ...structuredClone(block), id: freshId(block.type, taken) };
  if (block.slots) copy.slots = Object.fromEntries(Object.entries(block.slots).map(([name, list]) => [name, list.map((child) => copyWithFreshIds(child, taken))]));
  return copy;
}

const clamp = (index: number, length: number) => Math.max(0, Math.min(length, Math.floor(index)));

/** Creates a designer store (the app uses the one below; tests may make their own). */
export function createDesignerStore(): UseBoundStore<StoreApi<DesignerState>> {
  // The history and the last saved template live beside the state: nothing renders them directly.
  let past: PageTemplateV2[] = [];
  let future: PageTemplateV2[] = [];
  let savedTemplate: PageTemplateV2 | null = null;
  let saving: Promise<void> | null = null;

  return create<DesignerState>()((set, get) => {
    const stateAfterChange = (template: PageTemplateV2): Pick<DesignerState, 'saveState' | 'canUndo' | 'canRedo'> => {
      const { saveState } = get();
      // A conflict stays until the admin chooses; a save under way finishes, then sees the change.
      const next = saveState === 'conflict' || saveState === 'saving' ? saveState : template === savedTemplate ? 'saved' : 'unsaved';
      return { saveState: next, canUndo: past.length > 0, canRedo: future.length > 0 };
    };

    /** Applies one edit as one undo step; returns false when nothing changed. */
    const commit = (recipe: (draft: Draft<PageTemplateV2>) => void): boolean => {
      const { template, viewing } = get();
      if (!template || viewing) return false;
      const next = produce(template, recipe);
      if (next === template) return false;
      past = [...past, template].slice(-HISTORY_LIMIT);
      future = [];
      set({ template: next, ...stateAfterChange(next) });
      return true;
    };

    const resetHistory = (template: PageTemplateV2 | null) => {
      past = [];
      future = [];
      savedTemplate = template;
    };

    return {
      page: null,
      template: null,
      revision: 0,
      selectedId: null,
      saveState: 'saved',
      saveError: null,
      viewing: null,
      previewAs: 'learner',
      frameWidth: 'desktop',
      canUndo: false,
      canRedo: false,
      lastUpgraded: [],
      registry: null,

      async load(pageId) {
        const answer = await getPageDraft(pageId);
        resetHistory(answer.template);
        set({
          page: answer.page, template: answer.template, revision: answer.revision, selectedId: null,
          saveState: 'saved', saveError: null, viewing: null, canUndo: false, canRedo: false, lastUpgraded: [],
        });
      },

      select: (id) => set({ selectedId: id }),

      updateProps(blockId, props) {
        commit((draft) => {
          const found = findBlock(draft as PageTemplateV2, blockId);
          if (found) (found.block as Draft<PageBlock>).props = props;
        });
      },

      updateRootProps(props) {
        commit((draft) => {
          draft.root.props = props;
        });
      },

      addBlock(type, target) {
        const { template, registry } = get();
        if (!template) throw new DesignerError('No page is open; open a page before adding blocks.');
        const definition = registry?.get(type);
        if (registry && (!definition || !registry.allows(type))) {
          throw new DesignerError(`Widget "${type}" is not allowed for this site; choose one from the palette.`);
        }
        const max = definition?.placement?.maxPerPage;
        if (max !== undefined) {
          let count = 0;
          const visit = (list: readonly PageBlock[]) => list.forEach((b) => {
            if (b.type === type) count += 1;
            Object.values(b.slots ?? {}).forEach(visit);
          });
          visit(template.blocks);
          if (count >= max) throw new DesignerError(`A page holds at most ${max} ${type} block${max === 1 ? '' : 's'}; remove one before adding another.`);
        }
        const id = freshId(type, blockIds(template));
        const block: PageBlock = { id, type, version: definition?.version ?? 1, props: structuredClone((definition?.defaultProps ?? {}) as Record<string, unknown>) };
        if (definition?.slots?.length) block.slots = Object.fromEntries(definition.slots.map((name) => [name, []]));
        checkPlace(template, block, target, registry);
        commit((draft) => {
          const list = targetList(draft, target, registry);
          list.splice(clamp(target.index, list.length), 0, block as Draft<PageBlock>);
        });
        set({ selectedId: id });
        return id;
      },

      moveBlock(blockId, target) {
        const { template, registry } = get();
        if (!template) return;
        const from = findBlock(template, blockId);
        if (!from) throw new DesignerError(`Block "${blockId}" is not on the page.`);
        if (target.parentId !== null && (target.parentId === blockId || (findBlock({ ...template, blocks: [from.block] }, target.parentId)))) {
          throw new DesignerError(`Block "${blockId}" cannot go inside itself; drop it elsewhere.`);
        }
        checkPlace(template, from.block, target, registry);
        const sameList = from.parentId === target.parentId && (target.parentId === null || from.slot === target.slot);
        // The index counts the list before the move: taking the block out first shifts later places by one.
        const index = sameList && target.index > from.index ? target.index - 1 : target.index;
        const siblings = from.parentId === null ? template.blocks : findBlock(template, from.parentId)?.block.slots?.[from.slot ?? ''] ?? [];
        if (sameList && clamp(index, siblings.length - 1) === from.index) return;
        commit((draft) => {
          const source = from.parentId === null ? draft.blocks : (findBlock(draft as PageTemplateV2, from.parentId)!.block as Draft<PageBlock>).slots![from.slot!]!;
          const [moved] = source.splice(from.index, 1);
          const list = targetList(draft, target, registry);
          list.splice(clamp(index, list.length), 0, moved!);
        });
      },

      duplicateBlock(blockId) {
        const { template } = get();
        if (!template) return;
        const from = findBlock(template, blockId);
        if (!from) return;
        const copy = copyWithFreshIds(from.block, blockIds(template));
        const changed = commit((draft) => {
          const list = from.parentId === null ? draft.blocks : (findBlock(draft as PageTemplateV2, from.parentId)!.block as Draft<PageBlock>).slots![from.slot!]!;
          list.splice(from.index + 1, 0, copy as Draft<PageBlock>);
        });
        if (changed) set({ selectedId: copy.id });
      },

      removeBlock(blockId) {
        const { template, selectedId } = get();
        if (!template) return;
        const from = findBlock(template, blockId);
        if (!from) return;
        const selectedInside = selectedId !== null && selectedId !== 'root' && findBlock({ ...template, blocks: [from.block] }, selectedId) !== undefined;
        const changed = commit((draft) => {
          const list = from.parentId === null ? draft.blocks : (findBlock(draft as PageTemplateV2, from.parentId)!.block as Draft<PageBlock>).slots![from.slot!]!;
          list.splice(from.index, 1);
        });
        if (changed && selectedInside) set({ selectedId: null });
      },

      undo() {
        const { template, viewing } = get();
        const previous = past.at(-1);
        if (!template || !previous || viewing) return;
        past = past.slice(0, -1);
        future = [...future, template];
        set({ template: previous, ...stateAfterChange(previous) });
        const { selectedId } = get();
        if (selectedId && selectedId !== 'root' && !findBlock(previous, selectedId)) set({ selectedId: null });
      },

      redo() {
        const { template, viewing } = get();
        const next = future.at(-1);
        if (!template || !next || viewing) return;
        future = future.slice(0, -1);
        past = [...past, template].slice(-HISTORY_LIMIT);
        set({ template: next, ...stateAfterChange(next) });
        const { selectedId } = get();
        if (selectedId && selectedId !== 'root' && !findBlock(next, selectedId)) set({ selectedId: null });
      },

      async saveNow() {
        while (saving) await saving.catch(() => undefined);
        const { page, template, revision, saveState } = get();
        if (!page || !template || saveState === 'conflict') return;
        if (template === savedTemplate && saveState !== 'error') {
          set({ saveState: 'saved' });
          return;
        }
        set({ saveState: 'saving', saveError: null });
        const run = (async () => {
          try {
            const answer = await saveDraft({ pageId: page.pageId, template, revision });
            savedTemplate = template;
            set({ revision: answer.revision, lastUpgraded: answer.upgraded, saveState: get().template === template ? 'saved' : 'unsaved' });
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            set({ saveState: isConflict(error) ? 'conflict' : 'error', saveError: message });
          }
        })();
        saving = run;
        try {
          await run;
        } finally {
          saving = null;
        }
      },

      replaceDraft(template, revision) {
        resetHistory(template);
        const { selectedId } = get();
        set({
          template, revision, viewing: null, saveState: 'saved', saveError: null, canUndo: false, canRedo: false,
          selectedId: selectedId && selectedId !== 'root' && !findBlock(template, selectedId) ? null : selectedId,
        });
      },

      rebase(revision) {
        savedTemplate = null;
        set({ revision, saveState: 'unsaved', saveError: null });
      },

      viewVersion: (v) => set({ viewing: v }),
      setPreviewAs: (a) => set({ previewAs: a }),
      setFrameWidth: (w) => set({ frameWidth: w }),
      setRegistry: (registry) => set({ registry }),
    };
  });
}

/** The designer's store. */
export const useDesigner: UseBoundStore<StoreApi<DesignerState>> = createDesignerStore();
