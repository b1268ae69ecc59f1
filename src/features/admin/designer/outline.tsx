// The structure outline beside the canvas (issue 16): the page's block tree as one @dnd-kit sortable
// list, so every move also works by keyboard (Space lifts a row, the arrows move it, Space drops it,
// Escape cancels; announcements in zh and en) and screen readers can follow it. Container slots
// (the columns a block renders) are header rows and each container ends with an end row: where a
// dropped row lands is read from the row after it. Duplicate and delete act on the selected block.
import {
  closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors,
  type Announcements, type CollisionDetection, type DragEndEvent, type DragStartEvent, type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CopyOutlined, DeleteOutlined, HolderOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, message, Space, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import type { PageBlock, PageTemplateV2 } from '../../../../schemas/page-template';
import { useAppLanguage } from '../../../i18n/texts';
import type { Registry } from '../../../runtime/registry';
import { usePlaceText, widgetLabel } from './canvas';
import { DesignerError, findBlock, useDesigner, type DropTarget } from './designer-store';
import { useDesignerTexts } from './designer-texts';

/** One row of the outline. */
export type OutlineRow =
  | { kind: 'block'; key: string; id: string; type: string; depth: number; parentId: string | null; slot: string | null; title: string | null }
  | { kind: 'slot'; key: string; parentId: string; slot: string; depth: number; first: boolean }
  | { kind: 'end'; key: string; parentId: string; depth: number; lastSlot: string };

/** The slots the outline shows for a container: those the preview rendered, else the declared ones, else those it holds. */
export type SlotsOf = (block: PageBlock) => readonly string[];

/** Flattens the block tree into rows; `collapse` leaves out the rows inside that block (the one being dragged). */
export function outlineRows(template: PageTemplateV2, slotsOf: SlotsOf, collapse: string | null = null): OutlineRow[] {
  const rows: OutlineRow[] = [];
  const visit = (list: readonly PageBlock[], parentId: string | null, slot: string | null, depth: number) => {
    for (const block of list) {
      const title = typeof block.props.title === 'string' && block.props.title.trim() ? block.props.title.trim() : null;
      rows.push({ kind: 'block', key: `outline:${block.id}`, id: block.id, type: block.type, depth, parentId, slot, title });
      const slots = slotsOf(block);
      if (!slots.length || block.id === collapse) continue;
      slots.forEach((name, i) => {
        rows.push({ kind: 'slot', key: `slot:${block.id}:${name}`, parentId: block.id, slot: name, depth: depth + 1, first: i === 0 });
        visit(block.slots?.[name] ?? [], block.id, name, depth + 2);
      });
      rows.push({ kind: 'end', key: `end:${block.id}`, parentId: block.id, depth: depth + 1, lastSlot: slots[slots.length - 1]! });
    }
  };
  visit(template.blocks, null, null, 0);
  return rows;
}

/**
 * Where the row at `index` of a reordered list lands, read from the row after it: before a block;
 * at the end of the slot a header or end row closes; right after a container when it sits between
 * the container and its first slot; at the end of the page when it is last. The index counts the
 * target list as it is before the move (the store's DropTarget).
 */
export function targetFromRows(rows: readonly OutlineRow[], index: number, template: PageTemplateV2): DropTarget {
  const next = rows[index + 1];
  const slotLength = (parentId: string, slot: string) => findBlock(template, parentId)?.block.slots?.[slot]?.length ?? 0;
  if (!next) return { parentId: null, index: template.blocks.length };
  if (next.kind === 'block') {
    const at = findBlock(template, next.id)!;
    return { parentId: at.parentId, ...(at.slot ? { slot: at.slot } : {}), index: at.index };
  }
  if (next.kind === 'end') return { parentId: next.parentId, slot: next.lastSlot, index: slotLength(next.parentId, next.lastSlot) };
  if (next.first) {
    const container = findBlock(template, next.parentId)!;
    return { parentId: container.parentId, ...(container.slot ? { slot: container.slot } : {}), index: container.index + 1 };
  }
  // A later slot's header closes the slot before it.
  const headers = rows.filter((r): r is OutlineRow & { kind: 'slot' } => r.kind === 'slot' && r.parentId === next.parentId);
  const previous = headers[headers.findIndex((r) => r.slot === next.slot) - 1]!;
  return { parentId: next.parentId, slot: previous.slot, index: slotLength(next.parentId, previous.slot) };
}

function Row({ row, label, selected }: { row: OutlineRow; label: string; selected: boolean }) {
  const movable = row.kind === 'block';
  const { setNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({
    id: row.key, data: { row }, disabled: movable ? false : { draggable: true, droppable: false },
  });
  const style = {
    transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
  };
  const indent = { paddingLeft: 8 + row.depth * 14 };
  if (!movable) {
    return <li ref={setNodeRef} style={{ ...style, ...indent }} className={`designer-outline-${row.kind}`} data-testid={`outline-${row.key}`}>{label}</li>;
  }
  const select = () => useDesigner.getState().select(row.id);
  // The sortable's button (role, tabindex, keys) is inside the <li>: on the <li> itself the list had
  // items that were not list items (axe "list", WCAG 1.3.1).
  return (
    <li ref={setNodeRef} style={style} className="designer-outline-item">
      <div
        {...attributes} {...listeners} style={indent}
        className={`designer-outline-row${selected ? ' is-selected' : ''}${isDragging ? ' is-dragging' : ''}`}
        data-testid={`outline-row-${row.id}`} aria-current={selected ? 'true' : undefined} aria-label={label}
        onClick={select} onFocus={select}
      >
        <HolderOutlined aria-hidden="true" /> <span>{label}</span>
      </div>
    </li>
  );
}

/** The outline pane: the sortable tree and the actions on the selected block. */
export function Outline({ registry, renderedSlots, readOnly = false }: { registry: Registry | null; renderedSlots: ReadonlyMap<string, readonly string[]>; readOnly?: boolean }) {
  const t = useDesignerTexts();
  const locale = useAppLanguage() === 'en' ? 'en' : 'zh';
  const place = usePlaceText();
  const template = useDesigner((s) => s.viewing?.template ?? s.template);
  const selectedId = useDesigner((s) => s.selectedId);
  const [dragging, setDragging] = useState<string | null>(null);
  const keyboard = useRef<{ index: number } | null>(null);

  const slotsOf: SlotsOf = (block) => renderedSlots.get(block.id) ?? registry?.get(block.type)?.slots ?? Object.keys(block.slots ?? {});
  const rows = useMemo(() => (template ? outlineRows(template, slotsOf, dragging) : []), [template, renderedSlots, registry, dragging]);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;

  const labelOf = (row: OutlineRow | undefined): string => {
    if (!row) return '';
    if (row.kind === 'block') return row.title ? `${widgetLabel(row.type, locale)} · ${row.title}` : widgetLabel(row.type, locale);
    if (row.kind === 'slot') return t('slotRow', { slot: row.slot });
    const container = template ? findBlock(template, row.parentId) : undefined;
    return t('slotEnd', { label: container ? widgetLabel(container.block.type, locale) : row.parentId });
  };

  // Keyboard moves step through the rows in order (not by geometry), one row per arrow press.
  const coordinateGetter: KeyboardCoordinateGetter = (event, { context }) => {
    if (event.code !== 'ArrowDown' && event.code !== 'ArrowUp') return undefined;
    event.preventDefault();
    const state = keyboard.current;
    const list = rowsRef.current;
    if (!state || !list.length) return undefined;
    state.index = Math.max(0, Math.min(list.length - 1, state.index + (event.code === 'ArrowDown' ? 1 : -1)));
    const rect = context.droppableRects.get(list[state.index]!.key);
    // The index keeps the point distinct even where rows have no size (jsdom).
    return { x: rect?.left ?? 0, y: (rect?.top ?? 0) + state.index / 1000 };
  };
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter, keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] } }),
  );
  const collision: CollisionDetection = (args) => {
    const state = keyboard.current;
    if (!state) return closestCenter(args);
    const key = rowsRef.current[state.index]?.key;
    const container = args.droppableContainers.find((c) => c.id === key);
    return container ? [{ id: container.id, data: { droppableContainer: container, value: 0 } }] : [];
  };

  const planned = (activeKey: string, overKey: string | undefined): DropTarget | null => {
    if (!template || !overKey) return null;
    const list = rowsRef.current;
    const from = list.findIndex((r) => r.key === activeKey);
    const to = list.findIndex((r) => r.key === overKey);
    if (from < 0 || to < 0 || from === to) return null;
    return targetFromRows(arrayMove([...list], from, to), to, template);
  };
  const rowOf = (key: string | number) => rowsRef.current.find((r) => r.key === key);
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('aPicked', { label: labelOf(rowOf(active.id)) }),
    onDragOver: ({ active, over }) => {
      const target = planned(String(active.id), over ? String(over.id) : undefined);
      return target ? t('aOver', { label: labelOf(rowOf(active.id)), place: place(target) }) : t('aNoTarget', { label: labelOf(rowOf(active.id)) });
    },
    onDragEnd: ({ active, over }) => {
      const target = planned(String(active.id), over ? String(over.id) : undefined);
      return target ? t('aDropped', { label: labelOf(rowOf(active.id)), place: place(target) }) : t('aCancelled', { label: labelOf(rowOf(active.id)) });
    },
    onDragCancel: ({ active }) => t('aCancelled', { label: labelOf(rowOf(active.id)) }),
  };

  const onDragStart = (event: DragStartEvent) => {
    const row = rowOf(event.active.id);
    if (row?.kind !== 'block') return;
    setDragging(row.id);
    // The rows without the dragged block's children, as they will render.
    const collapsed = template ? outlineRows(template, slotsOf, row.id) : [];
    rowsRef.current = collapsed;
    keyboard.current = event.activatorEvent instanceof KeyboardEvent ? { index: collapsed.findIndex((r) => r.key === event.active.id) } : null;
  };
  const onDragEnd = (event: DragEndEvent) => {
    const row = rowOf(event.active.id);
    const target = planned(String(event.active.id), event.over ? String(event.over.id) : undefined);
    keyboard.current = null;
    setDragging(null);
    if (row?.kind !== 'block' || !target) return;
    try {
      useDesigner.getState().moveBlock(row.id, target);
    } catch (error) {
      if (error instanceof DesignerError) void message.warning(error.message);
      else throw error;
    }
  };
  const onDragCancel = () => {
    keyboard.current = null;
    setDragging(null);
  };

  const selectedBlock = template && selectedId && selectedId !== 'root' ? findBlock(template, selectedId) : undefined;
  const store = useDesigner.getState;
  return (
    <section className="designer-outline" aria-labelledby="designer-outline-title" data-testid="designer-outline">
      <Typography.Title level={5} id="designer-outline-title" style={{ margin: '0 0 4px' }}>{t('outline')}</Typography.Title>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }} id="designer-outline-help">{t('outlineHelp')}</Typography.Paragraph>
      <Space size={4} wrap style={{ marginBottom: 8 }}>
        <Button size="small" icon={<SettingOutlined />} onClick={() => store().select('root')} aria-pressed={selectedId === 'root'}>{t('pageRoot')}</Button>
        <Button size="small" icon={<CopyOutlined />} disabled={!selectedBlock || readOnly} onClick={() => selectedBlock && store().duplicateBlock(selectedBlock.block.id)} data-testid="outline-duplicate">{t('duplicate')}</Button>
        <Button size="small" danger icon={<DeleteOutlined />} disabled={!selectedBlock || readOnly} onClick={() => selectedBlock && store().removeBlock(selectedBlock.block.id)} data-testid="outline-remove">{t('remove')}</Button>
      </Space>
      {rows.length === 0 ? <Typography.Paragraph type="secondary">{t('outlineEmpty')}</Typography.Paragraph> : (
        <DndContext
          sensors={sensors} collisionDetection={collision} onDragStart={onDragStart} onDragEnd={onDragEnd} onDragCancel={onDragCancel}
          accessibility={{ announcements, screenReaderInstructions: { draggable: t('srInstructions') } }}
        >
          <SortableContext items={rows.map((r) => r.key)} strategy={verticalListSortingStrategy} disabled={readOnly}>
            <ul className="designer-outline-list" aria-describedby="designer-outline-help">
              {rows.map((row) => <Row key={row.key} row={row} label={labelOf(row)} selected={row.kind === 'block' && row.id === selectedId} />)}
            </ul>
          </SortableContext>
        </DndContext>
      )}
    </section>
  );
}
