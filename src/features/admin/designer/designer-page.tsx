// /sub_admin/designer/:pageId, the page designer (issue 16): a toolbar (page name, save state,
// undo/redo, preview as, canvas width, publish, history) over three panes: the palette and the
// structure outline | the canvas | the property panel. The draft saves itself 1.5 s after the last
// change and when the admin leaves; leaving with changes not saved (the tab, or a route inside the
// app) asks first. When another admin saved first (409), a banner offers to reload their draft or
// to compare the two (a list of differences by block, with "keep mine" to save over theirs).
import { Alert, Button, ConfigProvider, Drawer, Modal, Result, Segmented, Skeleton, Space, Table, Tag, Tooltip } from 'antd';
import { HistoryOutlined, RedoOutlined, SendOutlined, UndoOutlined } from '@ant-design/icons';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useBlocker, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { antdThemeConfig } from '../../../components/antd-theme-config';
import { useFontSizePx } from '../../../stores/preferences-store';
import { useRegistry } from '../../../runtime/registry-context';
import { useAppStore } from '../../../stores/app-store';
import { getPageDraft } from '../api/pages';
import { CanvasFrame, DesignerDnd, type CanvasLayout } from './canvas';
import { useDesigner, type PreviewAs } from './designer-store';
import { useDesignerTexts } from './designer-texts';
import { HistoryPanel } from './history-panel';
import { Outline } from './outline';
import { Palette } from './palette';
import { PropertyPanel } from './property-panel';
import { PublishDialog } from './publish-dialog';
import { diffTemplates, type TemplateDifference } from './template-diff';
import './designer.css';

/** How long the draft waits after the last change before it saves itself. */
export const AUTOSAVE_DELAY_MS = 1500;

/** True while focus is in a field where keys type text (undo/redo and Delete are the field's there). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('input, textarea, select, [contenteditable="true"], [role="textbox"], [role="combobox"], .ant-select')) return true;
  return false;
}

/** The save states that hold changes the server does not have. */
const DIRTY = new Set(['unsaved', 'saving', 'error', 'conflict']);

function SaveStateTag() {
  const t = useDesignerTexts();
  const state = useDesigner((s) => s.saveState);
  const color = { saved: 'success', unsaved: 'default', saving: 'processing', conflict: 'error', error: 'error' }[state];
  const text = { saved: t('saved'), unsaved: t('unsaved'), saving: t('saving'), conflict: t('conflict'), error: t('saveFailed') }[state];
  return <Tag color={color} data-testid="save-state" data-state={state} role="status" aria-live="polite">{text}</Tag>;
}

/** Autosave: 1.5 s after the last change; once more when the designer unmounts with changes. */
function useAutosave() {
  const template = useDesigner((s) => s.template);
  const saveState = useDesigner((s) => s.saveState);
  useEffect(() => {
    if (saveState !== 'unsaved') return undefined;
    const timer = setTimeout(() => void useDesigner.getState().saveNow(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [template, saveState]);
  useEffect(() => () => {
    if (useDesigner.getState().saveState === 'unsaved') void useDesigner.getState().saveNow();
  }, []);
}

/** Warns before the tab closes or the app routes away while the draft holds unsaved changes. */
function useLeaveWarning() {
  const t = useDesignerTexts();
  const dirty = useDesigner((s) => DIRTY.has(s.saveState));
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let live = true;
    // Saving first: when it goes through there is nothing to warn about.
    void (async () => {
      const state = useDesigner.getState().saveState;
      if (state === 'unsaved') await useDesigner.getState().saveNow();
      if (!live) return;
      if (useDesigner.getState().saveState === 'saved') {
        blocker.proceed();
        return;
      }
      Modal.confirm({
        title: t('leaveUnsaved'), okText: t('leave'), cancelText: t('stay'), okButtonProps: { danger: true },
        onOk: () => blocker.proceed(), onCancel: () => blocker.reset(),
      });
    })();
    return () => {
      live = false;
    };
  }, [blocker.state]);
}

/** Ctrl/Cmd+Z undoes, Ctrl/Cmd+Shift+Z or Ctrl+Y redoes, Delete removes the selected block; never while typing. */
function useDesignerKeys() {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTyping(event.target)) return;
      const store = useDesigner.getState();
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      if (mod && key === 'z' && !event.shiftKey) {
        event.preventDefault();
        store.undo();
      } else if (mod && ((key === 'z' && event.shiftKey) || (key === 'y' && event.ctrlKey))) {
        event.preventDefault();
        store.redo();
      } else if (event.key === 'Delete' && !mod && store.selectedId && store.selectedId !== 'root' && !store.viewing) {
        event.preventDefault();
        store.removeBlock(store.selectedId);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

function ConflictBanner() {
  const t = useDesignerTexts();
  const page = useDesigner((s) => s.page);
  const [comparing, setComparing] = useState<{ differences: TemplateDifference[]; revision: number; template: Parameters<ReturnType<typeof useDesigner.getState>['replaceDraft']>[0] } | null>(null);
  const [busy, setBusy] = useState(false);
  if (!page) return null;
  const fetchTheirs = async () => {
    setBusy(true);
    try {
      return await getPageDraft(page.pageId);
    } finally {
      setBusy(false);
    }
  };
  const reload = () => Modal.confirm({
    title: t('reloadConfirm'), okText: t('reload'), cancelText: t('stay'), okButtonProps: { danger: true },
    onOk: async () => {
      const theirs = await fetchTheirs();
      useDesigner.getState().replaceDraft(theirs.template, theirs.revision);
      setComparing(null);
    },
  });
  const compare = async () => {
    const theirs = await fetchTheirs();
    const mine = useDesigner.getState().template!;
    setComparing({ differences: diffTemplates(mine, theirs.template), revision: theirs.revision, template: theirs.template });
  };
  const keepMine = () => Modal.confirm({
    title: t('keepMineConfirm'), okText: t('keepMine'), cancelText: t('stay'), okButtonProps: { danger: true },
    onOk: async () => {
      const revision = comparing?.revision ?? (await fetchTheirs()).revision;
      useDesigner.getState().rebase(revision);
      setComparing(null);
      await useDesigner.getState().saveNow();
    },
  });
  return (
    <>
      <Alert
        type="error" showIcon data-testid="conflict-banner" message={t('conflictTitle')} description={t('conflictBody')}
        action={(
          <Space orientation="vertical">
            <Button size="small" danger onClick={reload} loading={busy}>{t('reload')}</Button>
            <Button size="small" onClick={() => void compare()} loading={busy}>{t('compare')}</Button>
          </Space>
        )}
      />
      <Modal
        open={comparing !== null} title={t('compareTitle')} width={860} onCancel={() => setComparing(null)} data-testid="compare-dialog"
        footer={[
          <Button key="close" onClick={() => setComparing(null)}>{t('close')}</Button>,
          <Button key="mine" onClick={keepMine}>{t('keepMine')}</Button>,
          <Button key="reload" danger type="primary" onClick={reload}>{t('reload')}</Button>,
        ]}
      >
        {comparing && (comparing.differences.length === 0 ? <p>{t('compareNone')}</p> : (
          <Table
            size="small" pagination={false} rowKey={(d) => `${d.kind}:${d.where}`} dataSource={comparing.differences}
            columns={[
              { title: t('comparePath'), dataIndex: 'where', render: (w: string, d) => <><code>{w}</code> <Tag>{d.kind}</Tag></> },
              { title: t('compareMine'), dataIndex: 'mine', render: (v?: string) => <code style={{ wordBreak: 'break-all' }}>{v ?? '—'}</code> },
              { title: t('compareTheirs'), dataIndex: 'theirs', render: (v?: string) => <code style={{ wordBreak: 'break-all' }}>{v ?? '—'}</code> },
            ]}
          />
        ))}
      </Modal>
    </>
  );
}

function Banners() {
  const t = useDesignerTexts();
  const saveState = useDesigner((s) => s.saveState);
  const saveError = useDesigner((s) => s.saveError);
  const viewing = useDesigner((s) => s.viewing);
  return (
    <div className="designer-banners">
      {saveState === 'conflict' && <ConflictBanner />}
      {saveState === 'error' && (
        <Alert type="error" showIcon data-testid="save-error" message={t('saveErrorTitle')} description={saveError}
          action={<Button size="small" onClick={() => void useDesigner.getState().saveNow()}>{t('saveNow')}</Button>} />
      )}
      {viewing && (
        <Alert type="info" showIcon data-testid="viewing-banner" message={t('viewing', { version: viewing.version })}
          action={<Button size="small" onClick={() => useDesigner.getState().viewVersion(null)}>{t('backToDraft')}</Button>} />
      )}
    </div>
  );
}

function Toolbar({ onPublish, onHistory }: { onPublish: () => void; onHistory: () => void }) {
  const t = useDesignerTexts();
  const page = useDesigner((s) => s.page);
  const canUndo = useDesigner((s) => s.canUndo);
  const canRedo = useDesigner((s) => s.canRedo);
  const previewAs = useDesigner((s) => s.previewAs);
  const frameWidth = useDesigner((s) => s.frameWidth);
  const viewing = useDesigner((s) => s.viewing);
  const store = useDesigner.getState;
  return (
    <header className="designer-toolbar" data-testid="designer-toolbar">
      <Link to="/sub_admin/designer">{t('backToList')}</Link>
      <h1 title={page?.name}>{page?.name}</h1>
      <SaveStateTag />
      <Space.Compact>
        <Tooltip title="Ctrl+Z"><Button icon={<UndoOutlined />} disabled={!canUndo || viewing !== null} onClick={() => store().undo()} aria-label={t('undo')} data-testid="designer-undo" /></Tooltip>
        <Tooltip title="Ctrl+Shift+Z"><Button icon={<RedoOutlined />} disabled={!canRedo || viewing !== null} onClick={() => store().redo()} aria-label={t('redo')} data-testid="designer-redo" /></Tooltip>
      </Space.Compact>
      <span className="designer-spacer" />
      <span id="designer-preview-as">{t('previewAs')}</span>
      <Segmented<PreviewAs>
        aria-labelledby="designer-preview-as" value={previewAs} onChange={(v) => store().setPreviewAs(v)} data-testid="designer-preview-as"
        options={[{ value: 'guest', label: t('asGuest') }, { value: 'learner', label: t('asLearner') }, { value: 'teacher', label: t('asTeacher') }]}
      />
      <span id="designer-frame-width">{t('frameWidth')}</span>
      <Segmented<'desktop' | 1280>
        aria-labelledby="designer-frame-width" value={frameWidth} onChange={(v) => store().setFrameWidth(v)} data-testid="designer-frame-width"
        options={[{ value: 'desktop', label: t('widthDesktop') }, { value: 1280, label: t('width1280') }]}
      />
      <Button icon={<HistoryOutlined />} onClick={onHistory} data-testid="designer-history">{t('history')}</Button>
      <Button type="primary" icon={<SendOutlined />} onClick={onPublish} disabled={viewing !== null} data-testid="designer-publish">{t('publish')}</Button>
    </header>
  );
}

function DesignerBody({ pageId }: { pageId: number }) {
  const t = useDesignerTexts();
  const allow = useAppStore((s) => s.options.widgets);
  const registry = useRegistry(allow);
  const loadedId = useDesigner((s) => s.page?.pageId);
  const viewing = useDesigner((s) => s.viewing);
  const [failure, setFailure] = useState<{ message: string; notFound: boolean } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [publishing, setPublishing] = useState(false);
  const [history, setHistory] = useState(false);
  const [layout, setLayout] = useState<CanvasLayout | null>(null);

  useEffect(() => useDesigner.getState().setRegistry(registry), [registry]);
  useEffect(() => {
    let live = true;
    setFailure(null);
    useDesigner.getState().load(pageId).catch((error: unknown) => {
      if (!live) return;
      // A page that does not exist is 404; any other refusal (a learner, another tenant's admin) is "no access", as the back-office shows it.
      const notFound = error instanceof ApiError && (error.code === 404 || error.status === 404);
      setFailure({ message: error instanceof Error ? error.message : String(error), notFound });
    });
    return () => {
      live = false;
    };
  }, [pageId, attempt]);
  useAutosave();
  useLeaveWarning();
  useDesignerKeys();

  // The slots each container rendered in the preview (col3 only for a three-column row).
  const renderedSlots = useMemo(() => {
    const map = new Map<string, string[]>();
    for (const slot of layout?.slots ?? []) map.set(slot.parentId, [...(map.get(slot.parentId) ?? []), slot.slot]);
    return map;
  }, [layout]);
  const onLayout = useCallback((l: CanvasLayout | null) => setLayout(l), []);

  if (failure) {
    return (
      <Result status={failure.notFound ? '404' : '403'} title={t('loadFailed')} subTitle={failure.message} data-testid="designer-error"
        extra={[<Button key="retry" onClick={() => setAttempt((n) => n + 1)}>{t('retry')}</Button>, <Link key="list" to="/sub_admin/designer">{t('backToList')}</Link>]} />
    );
  }
  if (loadedId !== pageId) return <div style={{ padding: 24 }}><Skeleton active aria-label={t('loading')} /></div>;
  return (
    <>
      <Toolbar onPublish={() => setPublishing(true)} onHistory={() => setHistory(true)} />
      <Banners />
      <DesignerDnd>
        <div className="designer-panes">
          <aside className="designer-left">
            <Palette registry={registry} disabled={viewing !== null} />
            <Outline registry={registry} renderedSlots={renderedSlots} readOnly={viewing !== null} />
          </aside>
          <CanvasFrame onLayout={onLayout} />
          <aside className="designer-right" aria-label={t('propertyPanel')} data-testid="designer-properties">
            <PropertyPanel />
          </aside>
        </div>
      </DesignerDnd>
      <PublishDialog open={publishing} onClose={() => setPublishing(false)} />
      <Drawer open={history} onClose={() => setHistory(false)} title={t('history')} width={420} mask={false} destroyOnHidden>
        <HistoryPanel />
      </Drawer>
    </>
  );
}

/** The designer route. */
export default function DesignerPage() {
  const t = useDesignerTexts();
  const { pageId = '' } = useParams();
  const id = Number(pageId);
  const root = useRef<HTMLDivElement>(null);
  // The editor's panes are light whatever the visitor's style (designer.css paints them white):
  // antd's dark tokens there put light text on white (2.4:1, WCAG 1.4.3). The canvas shows the
  // portal in the visitor's own style.
  const colors = useAppStore((s) => s.themeColors);
  const fontSize = useFontSizePx();
  const lightTheme = useMemo(() => antdThemeConfig(colors, 'light', fontSize), [colors, fontSize]);
  return (
    <ConfigProvider theme={lightTheme}>
      <div className="designer-root" ref={root} data-testid="designer-page">
        {Number.isInteger(id) && id > 0 ? (
          <Suspense fallback={<div style={{ padding: 24 }}><Skeleton active aria-label={t('loading')} /></div>}>
            <DesignerBody pageId={id} />
          </Suspense>
        ) : <Result status="404" title={t('loadFailed')} extra={<Link to="/sub_admin/designer">{t('backToList')}</Link>} />}
      </div>
    </ConfigProvider>
  );
}
