// The designer's canvas (issue 16): the draft rendered by the real runtime in an iframe
// (preview-page.tsx, at the pane's width or exactly 1280 px), with an overlay in this document drawn
// from the rectangles the iframe posts: drop zones before and after each block of the page and of
// every container slot, a drag handle for the selected and the hovered block (outside the block's
// top-left edge, over no content), and the selected block outlined. All drag and
// drop is @dnd-kit: a palette item dropped on a zone adds a block there, a block's handle dropped on
// a zone moves it (into or out of columns too). Keyboard users move blocks in the structure outline.
import {
  DndContext, DragOverlay, PointerSensor, useDraggable, useDroppable, useSensor, useSensors,
  type Announcements, type CollisionDetection, type DragEndEvent, type DragStartEvent,
} from '@dnd-kit/core';
import { HolderOutlined } from '@ant-design/icons';
import { message } from 'antd';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAppLanguage } from '../../../i18n/texts';
import { WIDGET_EDITOR_META } from '../../../../widgets/editor-meta';
import { DesignerError, useDesigner, type DropTarget } from './designer-store';
import { useDesignerTexts } from './designer-texts';
import { addWithMessage, type PaletteDragData } from './palette';
import { listen, postToPreview, PREVIEW_PATH, type BlockRect, type FromPreview, type Rect } from './preview-protocol';

/** What the iframe last laid out. */
export type CanvasLayout = Extract<FromPreview, { kind: 'layout' }>;

/** A place the canvas offers for a drop. */
export interface DropZone {
  id: string;
  target: DropTarget;
  rect: Rect;
}

interface BlockDragData {
  kind: 'block';
  id: string;
  type: string;
  label: string;
}

interface ZoneData {
  kind: 'zone';
  target: DropTarget;
}

const ZONE_HEIGHT = 16;
/** A block's drag handle: its size, and its distance from the block it moves. */
export const HANDLE_SIZE = 24;
const HANDLE_GAP = 4;
/** The room left of the frame (designer.css: .designer-canvas-scroll's left padding) where a handle may sit. */
export const CANVAS_GUTTER = HANDLE_SIZE + HANDLE_GAP;
/** How long a handle stays after the mouse left its block, so the mouse can reach it. */
export const HOVER_GRACE_MS = 700;
/**
 * How long the mouse must stay on another block before its handle replaces the hovered one: on its
 * way to a handle the mouse crosses other blocks (the first column's, for a block in the second),
 * which took the handle away from under it.
 */
export const HOVER_INTENT_MS = 250;
const EMPTY_PAGE_HEIGHT = 120;
const EMPTY_SLOT_HEIGHT = 48;

/** The label of a widget type in the current language. */
export function widgetLabel(type: string, locale: 'zh' | 'en'): string {
  return WIDGET_EDITOR_META[type]?.label[locale] ?? type;
}

const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * Where a block's drag handle sits, at the block's top: just left of it, unless another block is
 * there (a block in the second column has the first column at its left); then just right of it (the
 * last column); else in the gutter left of the frame. It covers no block: on the block's top-right
 * it covered links such as a title bar's "更多". Blocks that contain this one (its columns block) do
 * not count, their own content is their other blocks. The page may be as wide as the frame: a
 * gutter of CANVAS_GUTTER on each side of the frame takes the handles.
 */
export function handleSpot(block: BlockRect, layout: Pick<CanvasLayout, 'blocks' | 'page'>): { x: number; y: number } {
  const ancestors = new Set<string>();
  for (let parent = block.parentId; parent !== null;) {
    ancestors.add(parent);
    parent = layout.blocks.find((b) => b.id === parent)?.parentId ?? null;
  }
  const free = (spot: Rect) => layout.blocks.every((b) => b.id === block.id || ancestors.has(b.id) || !overlaps(spot, b));
  const left = { x: block.x - HANDLE_GAP - HANDLE_SIZE, y: block.y, width: HANDLE_SIZE, height: HANDLE_SIZE };
  if (left.x >= -CANVAS_GUTTER && free(left)) return { x: left.x, y: left.y };
  const right = { x: block.x + block.width + HANDLE_GAP, y: block.y, width: HANDLE_SIZE, height: HANDLE_SIZE };
  if (right.x + HANDLE_SIZE <= layout.page.x + layout.page.width + CANVAS_GUTTER && free(right)) return { x: right.x, y: right.y };
  return { x: -CANVAS_GUTTER, y: block.y };
}

/** Zones of one list (the page, or a slot): one before each item and one after the last. */
function listZones(items: BlockRect[], box: Rect, target: Omit<DropTarget, 'index'>, key: string, emptyHeight: number): DropZone[] {
  const sorted = [...items].sort((a, b) => a.y - b.y || a.x - b.x);
  if (!sorted.length) {
    return [{ id: `${key}:0`, target: { ...target, index: 0 }, rect: { x: box.x, y: box.y, width: box.width, height: Math.max(box.height, emptyHeight) } }];
  }
  const zones: DropZone[] = [];
  for (let i = 0; i <= sorted.length; i += 1) {
    const before = sorted[i - 1];
    const after = sorted[i];
    const edge = !before ? after!.y : !after ? before.y + before.height : (before.y + before.height + after.y) / 2;
    zones.push({ id: `${key}:${i}`, target: { ...target, index: i }, rect: { x: box.x, y: edge - ZONE_HEIGHT / 2, width: box.width, height: ZONE_HEIGHT } });
  }
  return zones;
}

/**
 * The drop zones of a layout: the page's top-level list and every container slot. Zones inside
 * the dragged block itself are left out (a block never goes into itself).
 */
export function dropZones(layout: CanvasLayout, draggedId: string | null = null): DropZone[] {
  const inside = new Set<string>();
  if (draggedId) {
    inside.add(draggedId);
    let grew = true;
    while (grew) {
      grew = false;
      for (const b of layout.blocks) if (b.parentId && inside.has(b.parentId) && !inside.has(b.id)) inside.add(b.id), (grew = true);
    }
  }
  const zones = listZones(layout.blocks.filter((b) => b.parentId === null), layout.page, { parentId: null }, 'zone:page', EMPTY_PAGE_HEIGHT);
  for (const slot of layout.slots) {
    if (inside.has(slot.parentId)) continue;
    const children = layout.blocks.filter((b) => b.parentId === slot.parentId && b.slot === slot.slot);
    zones.push(...listZones(children, slot, { parentId: slot.parentId, slot: slot.slot }, `zone:${slot.parentId}:${slot.slot}`, EMPTY_SLOT_HEIGHT));
  }
  return zones;
}

/**
 * The zone nearest the pointer (distance 0 inside a zone; the smaller zone wins among those the
 * pointer is in, so a column's zone beats the page's around it); without a pointer, nearest centre.
 */
export const nearestZone: CollisionDetection = ({ droppableContainers, droppableRects, pointerCoordinates, collisionRect }) => {
  const point = pointerCoordinates ?? { x: collisionRect.left + collisionRect.width / 2, y: collisionRect.top + collisionRect.height / 2 };
  let best: { id: string | number; distance: number; area: number; container: (typeof droppableContainers)[number] } | null = null;
  for (const container of droppableContainers) {
    const rect = droppableRects.get(container.id);
    if (!rect) continue;
    const dx = Math.max(rect.left - point.x, 0, point.x - rect.right);
    const dy = Math.max(rect.top - point.y, 0, point.y - rect.bottom);
    const distance = Math.hypot(dx, dy);
    const area = rect.width * rect.height;
    if (!best || distance < best.distance || (distance === best.distance && area < best.area)) best = { id: container.id, distance, area, container };
  }
  return best && best.distance < 240 ? [{ id: best.id, data: { droppableContainer: best.container, value: best.distance } }] : [];
};

/** Words for a place, for announcements and zone labels. */
export function usePlaceText() {
  const t = useDesignerTexts();
  const locale = useAppLanguage() === 'en' ? 'en' : 'zh';
  return (target: DropTarget) => {
    if (target.parentId === null) return t('placeTop', { n: target.index + 1 });
    const { template } = useDesigner.getState();
    const parent = template ? findType(template.blocks, target.parentId) : undefined;
    return t('placeSlot', { parent: parent ? widgetLabel(parent, locale) : target.parentId, slot: target.slot ?? '', n: target.index + 1 });
  };
}

function findType(list: ReadonlyArray<{ id: string; type: string; slots?: Record<string, ReadonlyArray<{ id: string; type: string; slots?: unknown }>> }>, id: string): string | undefined {
  for (const block of list) {
    if (block.id === id) return block.type;
    for (const children of Object.values(block.slots ?? {})) {
      const found = findType(children as typeof list, id);
      if (found) return found;
    }
  }
  return undefined;
}

/** Moves a block, reporting a refusal as a message. */
function moveWithMessage(id: string, target: DropTarget) {
  try {
    useDesigner.getState().moveBlock(id, target);
  } catch (error) {
    if (error instanceof DesignerError) void message.warning(error.message);
    else throw error;
  }
}

/** The palette item or block being dragged, for the overlay's zones and shield. */
const DraggingContext = createContext<PaletteDragData | BlockDragData | null>(null);

/** The drag and drop context of the palette and the canvas (mouse and touch: keyboard moves are the outline's). */
export function DesignerDnd({ children }: { children: ReactNode }) {
  const t = useDesignerTexts();
  const place = usePlaceText();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const [active, setActive] = useState<PaletteDragData | BlockDragData | null>(null);
  const labelOf = (data: unknown) => (data as { label?: string } | undefined)?.label ?? '';
  const zoneOf = (data: unknown) => (data as ZoneData | undefined)?.kind === 'zone' ? (data as ZoneData).target : undefined;
  const announcements: Announcements = {
    onDragStart: ({ active: a }) => t('aPicked', { label: labelOf(a.data.current) }),
    onDragOver: ({ active: a, over }) => {
      const target = zoneOf(over?.data.current);
      return target ? t('aOver', { label: labelOf(a.data.current), place: place(target) }) : t('aNoTarget', { label: labelOf(a.data.current) });
    },
    onDragEnd: ({ active: a, over }) => {
      const target = zoneOf(over?.data.current);
      return target ? t('aDropped', { label: labelOf(a.data.current), place: place(target) }) : t('aCancelled', { label: labelOf(a.data.current) });
    },
    onDragCancel: ({ active: a }) => t('aCancelled', { label: labelOf(a.data.current) }),
  };

  const onDragStart = (event: DragStartEvent) => setActive((event.active.data.current as PaletteDragData | BlockDragData | undefined) ?? null);
  const onDragEnd = (event: DragEndEvent) => {
    setActive(null);
    const data = event.active.data.current as PaletteDragData | BlockDragData | undefined;
    const target = zoneOf(event.over?.data.current);
    if (!data || !target) return;
    if (data.kind === 'palette') addWithMessage(data.type, target);
    else moveWithMessage(data.id, target);
  };

  return (
    <DndContext
      sensors={sensors} collisionDetection={nearestZone} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={() => setActive(null)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('srInstructions') } }}
    >
      <DraggingContext.Provider value={active}>{children}</DraggingContext.Provider>
      <DragOverlay dropAnimation={null}>
        {active ? <div className="designer-drag-chip" data-testid="designer-drag-chip">{active.label}</div> : null}
      </DragOverlay>
    </DndContext>
  );
}

function Zone({ zone, dragging }: { zone: DropZone; dragging: boolean }) {
  const t = useDesignerTexts();
  const data: ZoneData = { kind: 'zone', target: zone.target };
  const { setNodeRef, isOver } = useDroppable({ id: zone.id, data });
  const { rect } = zone;
  return (
    <div
      ref={setNodeRef} className={`designer-zone${dragging ? ' is-visible' : ''}${isOver ? ' is-over' : ''}`} data-testid="designer-zone"
      data-zone={zone.id} style={{ left: rect.x, top: rect.y, width: rect.width, height: rect.height }}
    >
      {isOver ? <span>{t('dropHere')}</span> : null}
    </div>
  );
}

interface HandleProps {
  block: BlockRect;
  spot: { x: number; y: number };
  locale: 'zh' | 'en';
  /** The mouse entered (true) or left (false) the handle: it stays while the mouse is on it. */
  onPointerOver: (over: boolean) => void;
}

function BlockHandle({ block, spot, locale, onPointerOver }: HandleProps) {
  const t = useDesignerTexts();
  const label = widgetLabel(block.type, locale);
  const data: BlockDragData = { kind: 'block', id: block.id, type: block.type, label };
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: `block:${block.id}`, data });
  return (
    <button
      ref={setNodeRef} type="button" tabIndex={-1} className={`designer-block-handle${isDragging ? ' is-dragging' : ''}`}
      data-testid={`block-handle-${block.id}`} aria-label={t('dragBlock', { label })} title={t('dragBlock', { label })}
      style={{ left: spot.x, top: spot.y }} data-block-id={block.id}
      onPointerEnter={() => onPointerOver(true)} onPointerLeave={() => onPointerOver(false)}
      onPointerDown={listeners?.onPointerDown as React.PointerEventHandler<HTMLButtonElement> | undefined} onClick={() => useDesigner.getState().select(block.id)}
    >
      <HolderOutlined />
    </button>
  );
}

/** The iframe with its overlay. */
export function CanvasFrame({ onLayout }: { onLayout?: (layout: CanvasLayout | null) => void }) {
  const t = useDesignerTexts();
  const language = useAppLanguage();
  const locale = language === 'en' ? 'en' : 'zh';
  const frame = useRef<HTMLIFrameElement>(null);
  const template = useDesigner((s) => s.template);
  const viewing = useDesigner((s) => s.viewing);
  const previewAs = useDesigner((s) => s.previewAs);
  const selectedId = useDesigner((s) => s.selectedId);
  const frameWidth = useDesigner((s) => s.frameWidth);
  const [ready, setReady] = useState(false);
  const [layout, setLayout] = useState<CanvasLayout | null>(null);
  const [errors, setErrors] = useState(0);
  const [hoveredId, setHoveredId] = useState<string | null>(null);
  const dragging = useContext(DraggingContext);
  // The hovered block's handle outlives the hover by HOVER_GRACE_MS (the mouse leaves the frame to
  // reach it), stays while the mouse is on the handle itself, and gives way to another block's only
  // when the mouse rests there HOVER_INTENT_MS (not when it crosses that block on its way).
  const hoverTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onHandle = useRef(false);
  const shownHover = useRef<string | null>(null);
  const hover = useMemo(() => (id: string | null) => {
    clearTimeout(hoverTimer.current);
    if (onHandle.current || id === shownHover.current) return;
    const show = () => {
      shownHover.current = id;
      setHoveredId(id);
    };
    if (id !== null && shownHover.current === null) show();
    else hoverTimer.current = setTimeout(show, id === null ? HOVER_GRACE_MS : HOVER_INTENT_MS);
  }, []);
  const onHandlePointer = (over: boolean) => {
    onHandle.current = over;
    if (over) clearTimeout(hoverTimer.current);
    else hover(null);
  };
  useEffect(() => () => clearTimeout(hoverTimer.current), []);
  const shown = viewing?.template ?? template;
  const readOnly = viewing !== null;

  useEffect(() => listen<FromPreview>(() => frame.current?.contentWindow, (m) => {
    if (m.kind === 'ready') setReady(true);
    else if (m.kind === 'layout') setLayout(m);
    else if (m.kind === 'select') useDesigner.getState().select(m.id);
    else if (m.kind === 'hover') hover(m.id);
    else if (m.kind === 'block-errors') setErrors(m.errors.length);
  }), [hover]);
  useEffect(() => onLayout?.(layout), [layout, onLayout]);
  useEffect(() => {
    if (ready && shown) postToPreview(frame.current?.contentWindow, { kind: 'render', template: shown, previewAs, selectedId, locale });
  }, [ready, shown, previewAs, selectedId, locale]);

  const draggedId = dragging?.kind === 'block' ? dragging.id : null;
  const zones = useMemo(() => (layout && !readOnly ? dropZones(layout, draggedId) : []), [layout, readOnly, draggedId]);
  const selected = layout?.blocks.find((b) => b.id === selectedId);
  // Handles: the selected block's, the hovered one's, and the one being dragged (dnd-kit needs its node).
  const handleIds = new Set([selectedId, hoveredId, draggedId].filter((id): id is string => id !== null));
  const handles = readOnly || !layout ? [] : layout.blocks.filter((b) => handleIds.has(b.id)).map((block) => ({ block, spot: handleSpot(block, layout) }));
  // Two handles at one spot (two columns' blocks in the gutter): the second goes below the first.
  handles.forEach((h, i) => {
    if (handles.slice(0, i).some((o) => o.spot.x === h.spot.x && Math.abs(o.spot.y - h.spot.y) < HANDLE_SIZE)) h.spot = { x: h.spot.x, y: h.spot.y + HANDLE_SIZE + HANDLE_GAP };
  });
  const height = Math.max(400, layout?.height ?? 0);

  return (
    <section className="designer-canvas" aria-label={t('canvas')} data-testid="designer-canvas" data-frame-width={frameWidth}>
      {errors > 0 && <div className="designer-canvas-note" role="status">{t('blockErrors', { n: errors })}</div>}
      {/* Focusable, so keyboard users can scroll a canvas wider or taller than its pane (axe scrollable-region-focusable). */}
      <div className="designer-canvas-scroll" tabIndex={0}>
        <div className="designer-canvas-stage" style={{ width: frameWidth === 1280 ? 1280 : '100%', height }}>
          <iframe ref={frame} title={t('frameTitle')} src={PREVIEW_PATH} className="designer-frame" data-testid="designer-frame" style={{ height }} />
          <div className="designer-overlay" data-testid="designer-overlay" style={layout ? { transform: `translate(${-layout.scroll.x}px, ${-layout.scroll.y}px)` } : undefined}>
            {dragging && <div className="designer-shield" />}
            {zones.map((zone) => <Zone key={zone.id} zone={zone} dragging={dragging !== null} />)}
            {selected && (
              <div className="designer-selected" data-testid="designer-selected" data-block-id={selected.id}
                style={{ left: selected.x, top: selected.y, width: selected.width, height: selected.height }} />
            )}
            {handles.map(({ block, spot }) => <BlockHandle key={block.id} block={block} spot={spot} locale={locale} onPointerOver={onHandlePointer} />)}
          </div>
        </div>
      </div>
    </section>
  );
}
