// The messages between the designer (parent document) and its canvas iframe
// (/study/sub_admin/designer/preview). Both documents are of the same origin; each side accepts a
// message only from that origin and from the window it talks to (the parent, or its own iframe),
// and only in the shapes below. Nothing in a message is ever evaluated: templates are data.
import type { PageTemplateV2 } from '../../../../schemas/page-template';

/** The path the canvas iframe loads. */
export const PREVIEW_PATH = '/study/sub_admin/designer/preview';

/** Marks our messages among whatever else a window receives (extensions, devtools). */
const CHANNEL = 'study-designer';

/** A rectangle in the iframe's document (CSS px, scroll offsets included). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A block as the preview laid it out. */
export interface BlockRect extends Rect {
  id: string;
  type: string;
  /** The container block it sits in (null on the page), and the slot. */
  parentId: string | null;
  slot: string | null;
}

/** A container's slot as the preview laid it out ([data-slot] inside the block), children or not. */
export interface SlotRect extends Rect {
  parentId: string;
  slot: string;
}

/** Parent → iframe. */
export type ToPreview =
  | { channel: typeof CHANNEL; kind: 'render'; template: PageTemplateV2; previewAs: 'guest' | 'learner' | 'teacher'; selectedId: string | null; locale: 'zh' | 'en' };

/** Iframe → parent. */
export type FromPreview =
  | { channel: typeof CHANNEL; kind: 'ready' }
  | { channel: typeof CHANNEL; kind: 'layout'; blocks: BlockRect[]; slots: SlotRect[]; page: Rect; height: number; scroll: { x: number; y: number } }
  | { channel: typeof CHANNEL; kind: 'select'; id: string }
  /** The innermost block under the mouse, or null when the mouse left the blocks. */
  | { channel: typeof CHANNEL; kind: 'hover'; id: string | null }
  | { channel: typeof CHANNEL; kind: 'block-errors'; errors: Array<{ path: string; blockId?: string; message: string }> };

type Body<T> = T extends unknown ? Omit<T, 'channel'> : never;

/** Posts a message to the iframe (same origin only). */
export function postToPreview(frame: Window | null | undefined, message: Body<ToPreview>): void {
  frame?.postMessage({ channel: CHANNEL, ...message }, window.location.origin);
}

/** Posts a message to the designer (same origin only). */
export function postToDesigner(message: Body<FromPreview>): void {
  if (window.parent === window) return;
  window.parent.postMessage({ channel: CHANNEL, ...message }, window.location.origin);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Listens for messages of our channel from `from()` (the window expected to send them) on this
 * origin; returns the unsubscribe function. Any other message is ignored.
 */
export function listen<T extends ToPreview | FromPreview>(from: () => Window | null | undefined, handle: (message: T) => void): () => void {
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== window.location.origin) return;
    const expected = from();
    if (!expected || event.source !== expected) return;
    if (!isObject(event.data) || event.data.channel !== CHANNEL || typeof event.data.kind !== 'string') return;
    handle(event.data as T);
  };
  window.addEventListener('message', onMessage);
  return () => window.removeEventListener('message', onMessage);
}

/** The block elements the designer can select: rendered blocks and the placeholders of invalid ones. */
export const BLOCK_SELECTOR = '.rt-block[data-block-id], [data-testid="block-placeholder"][data-block-id]';

/**
 * Measures every block (BLOCK_SELECTOR) under `root` and every container slot ([data-slot] whose nearest
 * block is the container), in document coordinates of the window they render in.
 */
export function measureLayout(root: HTMLElement, win: Window = window): { blocks: BlockRect[]; slots: SlotRect[]; page: Rect } {
  const toRect = (el: Element): Rect => {
    const r = el.getBoundingClientRect();
    return { x: r.left + win.scrollX, y: r.top + win.scrollY, width: r.width, height: r.height };
  };
  const blocks: BlockRect[] = [];
  const slots: SlotRect[] = [];
  for (const el of root.querySelectorAll<HTMLElement>(BLOCK_SELECTOR)) {
    const parentBlock = el.parentElement?.closest<HTMLElement>('.rt-block[data-block-id]') ?? null;
    const slotEl = el.parentElement?.closest<HTMLElement>('[data-slot]') ?? null;
    const slotInParent = slotEl && parentBlock && parentBlock.contains(slotEl) ? slotEl.dataset.slot ?? null : null;
    blocks.push({ id: el.dataset.blockId!, type: el.dataset.blockType ?? '', parentId: parentBlock?.dataset.blockId ?? null, slot: slotInParent, ...toRect(el) });
    for (const slot of el.querySelectorAll<HTMLElement>('[data-slot]')) {
      if (slot.closest('.rt-block[data-block-id]') !== el || !slot.dataset.slot) continue;
      slots.push({ parentId: el.dataset.blockId!, slot: slot.dataset.slot, ...toRect(slot) });
    }
  }
  return { blocks, slots, page: toRect(root) };
}
