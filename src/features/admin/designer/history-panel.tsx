// The designer's history (issue 16 "a history panel to preview any version in the canvas before
// restoring it"): the page's published versions, newest first, with who published each, when and how
// many blocks it holds. Preview shows a version in the canvas read-only (the store's `viewing`);
// restore, after a confirmation, makes it the new draft on the server and in the designer (newer
// versions stay).
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, List, Modal, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { PageTemplateV2 } from '../../../../schemas/page-template';
import { showMessage } from '../../../components/feedback/feedback';
import { useAppStore } from '../../../stores/app-store';
import { getVersion, isConflict, listVersions, restoreVersion } from '../api/pages';
import { useDesigner } from './designer-store';
import { usePanelTexts } from './panel-texts';

/** A time as the admin reads it: local date and minutes. */
export function shortTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The versions list with preview and restore. */
export function HistoryPanel() {
  const t = usePanelTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const page = useDesigner((s) => s.page);
  const viewing = useDesigner((s) => s.viewing);
  const [modal, contextHolder] = Modal.useModal();
  const [busy, setBusy] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const pageId = page?.pageId;
  const query = useQuery({
    // The published version is in the key: a publish adds a row.
    queryKey: ['designer-versions', tenantId, pageId, page?.publishedVersion ?? null],
    queryFn: ({ signal }) => listVersions(pageId!, signal),
    enabled: pageId !== undefined,
    retry: false,
  });

  const fetchTemplate = async (version: number): Promise<PageTemplateV2> => (await getVersion(pageId!, version)).template;

  const preview = async (version: number) => {
    setBusy(version);
    setFailure(null);
    try {
      useDesigner.getState().viewVersion({ version, template: await fetchTemplate(version) });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(null);
    }
  };

  const restore = async (version: number) => {
    setBusy(version);
    setFailure(null);
    try {
      const template = await fetchTemplate(version);
      // Whatever autosave has under way lands first, so the revision sent is the server's.
      await useDesigner.getState().saveNow();
      const { revision } = useDesigner.getState();
      const answer = await restoreVersion({ pageId: pageId!, version, revision });
      useDesigner.getState().replaceDraft(template, answer.revision);
      showMessage('success', t('restored', { n: version }));
    } catch (error) {
      setFailure(isConflict(error) ? t('conflict') : error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(null);
    }
  };

  const askRestore = (version: number) => {
    void modal.confirm({
      title: t('restoreTitle', { n: version }),
      content: t('restoreBody', { n: version }),
      okText: t('restoreOk'),
      cancelText: t('cancel'),
      onOk: () => restore(version),
    });
  };

  return (
    <section className="designer-history" aria-label={t('historyTitle')} data-testid="history-panel" style={{ padding: 12 }}>
      {contextHolder}
      <Typography.Title level={5} style={{ marginTop: 0 }}>{t('historyTitle')}</Typography.Title>
      {viewing && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('viewingBanner', { n: viewing.version })}
          action={<Button size="small" onClick={() => useDesigner.getState().viewVersion(null)} data-testid="history-back-to-draft">{t('backToDraft')}</Button>} />
      )}
      {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 12 }} data-testid="history-error" />}
      {query.isPending && <Skeleton active aria-label={t('historyLoading')} />}
      {query.isError && (
        <Alert type="error" showIcon message={t('historyFailed')} description={query.error.message}
          action={<Button size="small" onClick={() => void query.refetch()}>{t('retry')}</Button>} />
      )}
      {query.data && (
        <List
          size="small"
          locale={{ emptyText: t('historyEmpty') }}
          dataSource={query.data.versions}
          renderItem={(v) => (
            <List.Item data-testid={`history-version-${v.version}`} actions={[
              // No space antd would put between two CJK characters ("恢 复"): the visible text must stay part of the name (WCAG 2.5.3).
              <Button key="preview" size="small" autoInsertSpace={false} type={viewing?.version === v.version ? 'primary' : 'default'} loading={busy === v.version}
                onClick={() => void preview(v.version)} aria-label={`${t('preview')} ${t('versionLabel', { n: v.version })}`}>{t('preview')}</Button>,
              <Button key="restore" size="small" autoInsertSpace={false} disabled={busy !== null} onClick={() => askRestore(v.version)}
                aria-label={`${t('restore')} ${t('versionLabel', { n: v.version })}`}>{t('restore')}</Button>,
            ]}>
              <List.Item.Meta
                title={<Space>{t('versionLabel', { n: v.version })}{viewing?.version === v.version && <Tag color="blue">{t('previewing')}</Tag>}</Space>}
                description={t('versionMeta', { who: v.publishedBy ?? t('nobody'), when: shortTime(v.publishedAt), blocks: v.blockCount })}
              />
            </List.Item>
          )}
        />
      )}
    </section>
  );
}
