// The designer's palette (issue 16): the tenant's allowed widgets (the registry view's allow-list)
// grouped by category, with the label, icon and description of their editor metadata
// (widgets/editor-meta.ts). Each item is dragged onto a drop zone of the canvas with the mouse
// (@dnd-kit), or, for keyboard users, Enter (or a click) adds it after the selected block.
import { useDraggable } from '@dnd-kit/core';
import {
  AppstoreOutlined, BookOutlined, BulbOutlined, CheckSquareOutlined, ColumnHeightOutlined, FileTextOutlined, FontSizeOutlined,
  FormOutlined, LayoutOutlined, NotificationOutlined, PictureOutlined, PlaySquareOutlined, ReadOutlined, ShoppingOutlined,
  SoundOutlined, TeamOutlined, TrophyOutlined, VideoCameraOutlined,
} from '@ant-design/icons';
import { message, Typography } from 'antd';
import type { ComponentType } from 'react';
import { useAppLanguage } from '../../../i18n/texts';
import type { Registry } from '../../../runtime/registry';
import type { WidgetEditorMeta } from '../../../runtime/widget-definition';
import { WIDGET_EDITOR_META } from '../../../../widgets/editor-meta';
import { DesignerError, findBlock, useDesigner, type DropTarget } from './designer-store';
import { useDesignerTexts, type DesignerText } from './designer-texts';

const ICONS: Record<string, ComponentType> = {
  appstore: AppstoreOutlined, book: BookOutlined, bulb: BulbOutlined, 'check-square': CheckSquareOutlined, 'column-height': ColumnHeightOutlined,
  'file-text': FileTextOutlined, 'font-size': FontSizeOutlined, form: FormOutlined, layout: LayoutOutlined, notification: NotificationOutlined,
  picture: PictureOutlined, 'play-square': PlaySquareOutlined, read: ReadOutlined, shopping: ShoppingOutlined, sound: SoundOutlined,
  team: TeamOutlined, trophy: TrophyOutlined, 'video-camera': VideoCameraOutlined,
};

const CATEGORY_ORDER = ['learning', 'content', 'community', 'shop', 'layout'];

/** What a palette item carries while dragged. */
export interface PaletteDragData {
  kind: 'palette';
  type: string;
  label: string;
}

/** A palette entry: the widget type with its metadata (a bare label when it has none). */
export interface PaletteEntry {
  type: string;
  meta: WidgetEditorMeta;
}

/** The widgets of the registry view that the tenant may use, grouped by category in a fixed order. */
export function paletteGroups(registry: Registry): Array<{ category: string; entries: PaletteEntry[] }> {
  const groups = new Map<string, PaletteEntry[]>();
  for (const definition of registry.list()) {
    if (!registry.allows(definition.type)) continue;
    const meta = WIDGET_EDITOR_META[definition.type] ?? { type: definition.type, label: { zh: definition.type, en: definition.type }, category: 'other' };
    const list = groups.get(meta.category) ?? [];
    list.push({ type: definition.type, meta });
    groups.set(meta.category, list);
  }
  const rank = (c: string) => (CATEGORY_ORDER.includes(c) ? CATEGORY_ORDER.indexOf(c) : CATEGORY_ORDER.length);
  return [...groups.entries()].sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b)).map(([category, entries]) => ({ category, entries }));
}

/** Where Enter on a palette item puts the new block: after the selected block, else at the end of the page. */
export function targetAfterSelection(): DropTarget {
  const { template, selectedId } = useDesigner.getState();
  const found = template && selectedId && selectedId !== 'root' ? findBlock(template, selectedId) : undefined;
  if (found) return { parentId: found.parentId, ...(found.slot ? { slot: found.slot } : {}), index: found.index + 1 };
  return { parentId: null, index: template?.blocks.length ?? 0 };
}

/** Adds a block and reports a refusal as a message (never a throw into React). */
export function addWithMessage(type: string, target: DropTarget): string | null {
  try {
    return useDesigner.getState().addBlock(type, target);
  } catch (error) {
    if (error instanceof DesignerError) {
      void message.warning(error.message);
      return null;
    }
    throw error;
  }
}

function PaletteItem({ entry, locale, disabled }: { entry: PaletteEntry; locale: 'zh' | 'en'; disabled: boolean }) {
  const label = entry.meta.label[locale];
  const data: PaletteDragData = { kind: 'palette', type: entry.type, label };
  const { setNodeRef, listeners, attributes, isDragging } = useDraggable({ id: `palette:${entry.type}`, data, disabled });
  const Icon = ICONS[entry.meta.icon ?? ''] ?? AppstoreOutlined;
  return (
    <li>
      <button
        ref={setNodeRef} type="button" className={`designer-palette-item${isDragging ? ' is-dragging' : ''}`} disabled={disabled}
        data-testid={`palette-${entry.type}`} data-widget-type={entry.type}
        // The name is the visible text (WCAG 2.5.3: "添加…" as aria-label hid it); how to add is the pane's help.
        aria-describedby={`designer-palette-help ${attributes['aria-describedby'] ?? ''}`.trim()} aria-roledescription={attributes['aria-roledescription']}
        // Mouse and touch drag only: Enter and Space keep their button meaning (add after the selection).
        onPointerDown={listeners?.onPointerDown as React.PointerEventHandler<HTMLButtonElement> | undefined}
        onClick={() => addWithMessage(entry.type, targetAfterSelection())}
        title={entry.meta.description?.[locale]}
      >
        <span className="designer-palette-icon" aria-hidden="true"><Icon /></span>
        <span className="designer-palette-text">
          <span className="designer-palette-label">{label}</span>
          {entry.meta.description && <span className="designer-palette-desc">{entry.meta.description[locale]}</span>}
        </span>
      </button>
    </li>
  );
}

/** The palette pane. */
export function Palette({ registry, disabled = false }: { registry: Registry; disabled?: boolean }) {
  const t = useDesignerTexts();
  const locale = useAppLanguage() === 'en' ? 'en' : 'zh';
  const groups = paletteGroups(registry);
  return (
    <nav className="designer-palette" aria-labelledby="designer-palette-title" data-testid="designer-palette">
      <Typography.Title level={5} id="designer-palette-title" style={{ margin: '0 0 4px' }}>{t('palette')}</Typography.Title>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }} id="designer-palette-help">{t('paletteHelp')}</Typography.Paragraph>
      {groups.map((group) => {
        const key = `cat${group.category.charAt(0).toUpperCase()}${group.category.slice(1)}` as DesignerText;
        const heading = CATEGORY_ORDER.includes(group.category) || group.category === 'other' ? t(key) : group.category;
        return (
          <section key={group.category} aria-label={heading} data-category={group.category}>
            <h3 className="designer-palette-heading">{heading}</h3>
            <ul className="designer-palette-list">
              {group.entries.map((entry) => <PaletteItem key={entry.type} entry={entry} locale={locale} disabled={disabled} />)}
            </ul>
          </section>
        );
      })}
    </nav>
  );
}
