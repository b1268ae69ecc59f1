// Publishing a page (issue 16 "Publish with a confirmation showing the migration report of the
// draft"): the draft is normalised with the runtime's own normalisePage against the tenant's
// registry, and its report is summarised per widget type ("3 个轮播图已升级，1 个已删除" / "3 banner
// carousels upgraded, 1 dropped"). Confirming saves the draft now, then publishes that revision; a
// stale revision is refused by the server (409) and the conflict text shows instead.
import { Alert, Collapse, Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { templateBlockTypes } from '../../../../schemas/template-block-types';
import { editorMetaOf } from '../../../../widgets/editor-meta';
import { showMessage } from '../../../components/feedback/feedback';
import { normalisePage } from '../../../runtime/normalise';
import type { Registry } from '../../../runtime/registry';
import { countReport, pluralNoun, type NormaliseReport } from '../../../runtime/report';
import { isConflict, publishPage } from '../api/pages';
import { useDesigner } from './designer-store';
import { usePanelTexts } from './panel-texts';

type T = ReturnType<typeof usePanelTexts>;

/** A widget type's name in a summary: the editor label (zh), or its plural in English ("banner carousels"). */
function typeLabel(type: string | undefined, count: number, language: 'zh' | 'en'): string {
  const meta = type ? editorMetaOf(type) : undefined;
  if (language === 'zh') return meta?.label.zh ?? type ?? '模块';
  const name = meta ? meta.label.en.charAt(0).toLowerCase() + meta.label.en.slice(1) : type;
  return pluralNoun(name?.replace(/ /g, '-'), count).replace(/-/g, ' ');
}

/**
 * The migration report in the admin's words, by widget type in page order: "3 个轮播图已升级，1 个
 * 已删除" or "3 banner carousels upgraded, 1 dropped". Empty when nothing changes.
 */
export function summariseForAdmin(report: NormaliseReport, t: T, language: 'zh' | 'en'): string {
  const { byType, renamed, reset } = countReport(report);
  const parts: string[] = [];
  for (const [type, counts] of byType) {
    let named = false;
    for (const action of ['upgraded', 'repaired', 'dropped'] as const) {
      const n = counts[action];
      if (!n) continue;
      const label = typeLabel(type || undefined, n, language);
      if (action === 'upgraded') parts.push(t('reportUpgraded', { n, label }));
      else if (action === 'repaired') parts.push(named ? t('reportRepaired', { n }) : t('reportRepairedFirst', { n, label }));
      else parts.push(named ? t('reportDropped', { n }) : t('reportDroppedFirst', { n, label }));
      named = true;
    }
  }
  if (renamed) parts.push(t('reportRenamed', { n: renamed }));
  if (reset) parts.push(t('reportReset'));
  return parts.join(language === 'zh' ? '，' : ', ');
}

type Check =
  | { state: 'checking' }
  | { state: 'done'; report: NormaliseReport }
  | { state: 'failed'; message: string };

/** Normalises the draft as learners' browsers will, once the validators of its types are loaded. */
async function checkDraft(template: unknown, registry: Registry): Promise<NormaliseReport> {
  await registry.prepare(templateBlockTypes(template));
  return normalisePage(template, registry).report;
}

export interface PublishDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The publish confirmation with the draft's migration report. */
export function PublishDialog({ open, onClose }: PublishDialogProps) {
  const t = usePanelTexts();
  const { i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'zh';
  const page = useDesigner((s) => s.page);
  const template = useDesigner((s) => s.template);
  const registry = useDesigner((s) => s.registry);
  const [check, setCheck] = useState<Check>({ state: 'checking' });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!open || !template || !registry) return undefined;
    let live = true;
    setCheck({ state: 'checking' });
    setFailure(null);
    checkDraft(template, registry).then(
      (report) => live && setCheck({ state: 'done', report }),
      (error: unknown) => live && setCheck({ state: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
  }, [open, template, registry]);

  const publish = async () => {
    if (!page) return;
    setBusy(true);
    setFailure(null);
    try {
      // The draft on the server is what gets published: save what is typed first.
      await useDesigner.getState().saveNow();
      const saved = useDesigner.getState();
      if (saved.saveState === 'conflict') {
        setFailure(t('conflict'));
        return;
      }
      if (saved.saveState === 'error') {
        setFailure(t('publishFailed', { message: saved.saveError ?? '' }));
        return;
      }
      const revision = saved.revision;
      const answer = await publishPage({ pageId: page.pageId, revision });
      // Contract: publish raises the revision by one; the next autosave builds on it.
      useDesigner.setState((s) => ({
        revision: s.revision === revision ? revision + 1 : s.revision,
        page: s.page ? { ...s.page, publishedVersion: answer.version, hasDraft: false, updatedAt: answer.publishedAt } : s.page,
      }));
      showMessage('success', t('published', { n: answer.version }));
      onClose();
    } catch (error) {
      if (isConflict(error)) {
        setFailure(t('conflict'));
        useDesigner.setState({ saveState: 'conflict', saveError: t('conflict') });
      } else {
        setFailure(t('publishFailed', { message: error instanceof Error ? error.message : String(error) }));
      }
    } finally {
      setBusy(false);
    }
  };

  const summary = check.state === 'done' ? summariseForAdmin(check.report, t, language) : '';
  const dropped = check.state === 'done' && check.report.entries.some((e) => e.action === 'dropped');

  return (
    <Modal
      open={open}
      title={t('publishTitle', { name: page?.name ?? '' })}
      okText={t('publish')}
      cancelText={t('cancel')}
      onOk={() => void publish()}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ disabled: check.state === 'checking', 'data-testid': 'publish-confirm' } as never}
      destroyOnHidden
      data-testid="publish-dialog"
    >
      <Typography.Paragraph>{t('publishBody')}</Typography.Paragraph>
      {check.state === 'checking' && <Spin size="small" tip={t('reportChecking')}><div style={{ minHeight: 24 }} /></Spin>}
      {check.state === 'failed' && <Alert type="error" showIcon message={t('reportFailed', { message: check.message })} />}
      {check.state === 'done' && (
        <div data-testid="publish-report">
          {check.report.sourceFormat === 1 && <Typography.Paragraph>{t('reportLegacy')}</Typography.Paragraph>}
          <Alert type={dropped ? 'warning' : summary ? 'info' : 'success'} showIcon
            message={summary || t('reportNone')} description={dropped ? t('reportDroppedWarn') : undefined} />
          {check.report.entries.length > 0 && (
            <Collapse ghost size="small" style={{ marginTop: 8 }} items={[{
              key: 'details', label: t('reportDetails'),
              children: <ul style={{ margin: 0, paddingInlineStart: 20 }}>{check.report.entries.map((e) => <li key={`${e.action}-${e.path}`}>{e.message}</li>)}</ul>,
            }]} />
          )}
        </div>
      )}
      {failure && <Alert type="error" showIcon message={failure} style={{ marginTop: 12 }} data-testid="publish-error" />}
    </Modal>
  );
}
