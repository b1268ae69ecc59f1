// A work's chapters in its editor (issue 20 part V, myWorks/create): the list in reading order,
// the open one marked; add a chapter, move one up or down and rename it (one saveBatch call with
// every chapter's order and title), show or hide it from readers (updateStateBatch), delete it.
// Every control is a labelled button, so the list is worked by keyboard alone.
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Modal, Popconfirm, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { CHAPTER_TITLE_MAX, type ChapterItem } from '../../../api/creators';
import type { WorksTexts } from './works-texts';

export interface ChapterActions {
  open(id: number): void;
  add(): void;
  /** Every chapter once, in the new order, with its title. */
  reorder(parts: { id: number; title: string }[]): void;
  setShown(id: number, shown: boolean): void;
  remove(id: number): void;
}

/** The list with `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export function WorksChapters({ t, chapters, openId, disabled, busy, actions }: {
  t: WorksTexts;
  chapters: readonly ChapterItem[];
  openId: number | null;
  disabled: boolean;
  busy: boolean;
  actions: ChapterActions;
}) {
  const [renaming, setRenaming] = useState<ChapterItem | null>(null);
  const [name, setName] = useState('');
  const order = (list: readonly ChapterItem[]) => list.map((c) => ({ id: c.id, title: c.title }));
  const rename = () => {
    if (!renaming || !name.trim()) return;
    actions.reorder(chapters.map((c) => ({ id: c.id, title: c.id === renaming.id ? name.trim() : c.title })));
    setRenaming(null);
  };

  return (
    <nav aria-label={t('chapterList')} data-testid="works-chapters">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 8 }}>
        <h2 style={{ fontSize: 16, margin: 0 }}>{t('chapterList')}</h2>
        <Button size="small" type="primary" ghost disabled={disabled} loading={busy} onClick={actions.add} data-testid="works-add-chapter">{t('addChapter')}</Button>
      </div>
      {chapters.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noChapters')} /> : (
        <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {chapters.map((c, i) => (
            <li
              key={c.id} data-testid="works-chapter" data-id={c.id}
              style={{
                display: 'flex', alignItems: 'center', gap: 2, padding: '4px 6px', borderRadius: 4,
                background: c.id === openId ? 'var(--portal-primary-bg, #e6f4ff)' : undefined,
              }}
            >
              <Button
                type="text" size="small" onClick={() => actions.open(c.id)} aria-current={c.id === openId ? 'true' : undefined} aria-label={t('openChapter', { title: c.title })}
                style={{ flex: 1, minWidth: 0, justifyContent: 'flex-start', color: 'inherit', fontWeight: c.id === openId ? 600 : 400 }} data-testid="works-open-chapter"
              >
                <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{c.title}</span>
              </Button>
              {!c.shown ? <Tag style={{ marginInlineEnd: 0 }}>{t('hidden')}</Tag> : null}
              <Tooltip title={t('moveUp', { title: c.title })}>
                <Button type="text" size="small" icon={<ArrowUpOutlined />} aria-label={t('moveUp', { title: c.title })} disabled={disabled || i === 0} onClick={() => actions.reorder(order(moved(chapters, i, i - 1)))} />
              </Tooltip>
              <Tooltip title={t('moveDown', { title: c.title })}>
                <Button type="text" size="small" icon={<ArrowDownOutlined />} aria-label={t('moveDown', { title: c.title })} disabled={disabled || i === chapters.length - 1} onClick={() => actions.reorder(order(moved(chapters, i, i + 1)))} data-testid="works-move-down" />
              </Tooltip>
              <Tooltip title={`${t('rename')} ${c.title}`}>
                <Button type="text" size="small" icon={<EditOutlined />} aria-label={`${t('rename')} ${c.title}`} disabled={disabled} onClick={() => { setRenaming(c); setName(c.title); }} />
              </Tooltip>
              <Tooltip title={`${t(c.shown ? 'hide' : 'show')} ${c.title}`}>
                <Button
                  type="text" size="small" icon={c.shown ? <EyeOutlined /> : <EyeInvisibleOutlined />} aria-label={`${t(c.shown ? 'hide' : 'show')} ${c.title}`}
                  aria-pressed={!c.shown} disabled={disabled} onClick={() => actions.setShown(c.id, !c.shown)}
                />
              </Tooltip>
              <Popconfirm title={t('removeChapterConfirm', { title: c.title })} okText={t('ok')} cancelText={t('cancel')} okButtonProps={{ danger: true }} onConfirm={() => actions.remove(c.id)} disabled={disabled}>
                <Button type="text" size="small" icon={<DeleteOutlined />} aria-label={`${t('removeChapter')} ${c.title}`} disabled={disabled} data-testid="works-remove-chapter" />
              </Popconfirm>
            </li>
          ))}
        </ol>
      )}
      <Modal
        open={renaming !== null} title={t('rename')} onCancel={() => setRenaming(null)} onOk={rename} okText={t('ok')} cancelText={t('cancel')}
        okButtonProps={{ disabled: !name.trim() }} destroyOnHidden
      >
        <label htmlFor="works-rename" style={{ display: 'block', marginBottom: 6 }}>{t('chapterTitle')}</label>
        <Input id="works-rename" value={name} maxLength={CHAPTER_TITLE_MAX} onChange={(e) => setName(e.target.value)} onPressEnter={rename} autoFocus />
      </Modal>
    </nav>
  );
}
