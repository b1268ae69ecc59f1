// /sub_admin/ai's knowledge-index section (issue 21 part B; docs/ai.md B "The index in the back
// office"): when the offline assistant's index was built and whether the catalogue changed since,
// items and passages per kind, a rebuild now, and a question tried against it showing the passages
// found (with their links) and the answer the offline assistant composes from them.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Button, Form, Input, Skeleton, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { showMessage } from '../../../components/feedback/feedback';
import { useAppLanguage } from '../../../i18n/texts';
import { useAppStore } from '../../../stores/app-store';
import { getIndexStatus, previewIndex, rebuildIndex, type AiIndexPreview, type AiIndexStatus } from './index-api';
import { useAdminAiIndexTexts } from './index-texts';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function Status({ status }: { status: AiIndexStatus }) {
  const t = useAdminAiIndexTexts();
  const lang = useAppLanguage();
  return (
    <div data-testid="ai-index-status">
      <p style={{ margin: '0 0 8px' }}>
        {status.builtAt
          ? t('builtAt', { at: new Date(status.builtAt).toLocaleString(lang === 'en' ? 'en' : 'zh-CN'), ms: String(status.buildMs), passages: String(status.passages) })
          : t('never')}{' '}
        {status.builtAt ? <Badge status={status.fresh ? 'success' : 'warning'} text={status.fresh ? t('fresh') : t('stale')} data-testid="ai-index-fresh" /> : null}
      </p>
      <Table<AiIndexStatus['kinds'][number]> size="small" pagination={false} rowKey="kind" style={{ maxWidth: 420 }} dataSource={status.kinds}
        columns={[
          { title: t('kind'), dataIndex: 'kind', render: (kind: string) => t(`kind_${kind}` as 'kind_course') },
          { title: t('items'), dataIndex: 'items', align: 'right' },
          { title: t('passages'), dataIndex: 'passages', align: 'right' },
        ]} />
    </div>
  );
}

function Preview({ preview }: { preview: AiIndexPreview }) {
  const t = useAdminAiIndexTexts();
  return (
    <div data-testid="ai-index-preview" style={{ display: 'grid', gap: 12 }}>
      <div>
        <h4 style={{ margin: '0 0 4px' }}>{t('answer')}</h4>
        <p style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="ai-index-answer">{preview.answer}</p>
      </div>
      <div>
        <h4 style={{ margin: '0 0 4px' }}>{t('found')}</h4>
        {preview.passages.length === 0 ? <p data-testid="ai-index-none">{t('nothingFound')}</p> : (
          <ol style={{ paddingInlineStart: 20, margin: 0 }}>
            {preview.passages.map((p) => (
              <li key={`${p.kind}-${p.refId}-${p.text.slice(0, 20)}`} data-testid="ai-index-passage" style={{ marginBottom: 8 }}>
                <Tag>{t(`kind_${p.kind}` as 'kind_course')}</Tag> <Link to={p.link}>{p.title}</Link>{' '}
                <span style={{ color: 'var(--portal-text-secondary, rgba(0, 0, 0, 0.65))' }}>{t('score', { score: p.score.toFixed(2) })}</span>
                <div>{p.text}</div>
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}

export function IndexPanel() {
  const t = useAdminAiIndexTexts();
  const lang = useAppLanguage() === 'en' ? 'en' : 'zh';
  const tenantId = useAppStore((s) => s.tenantId) ?? 0;
  const client = useQueryClient();
  const key = ['admin-ai-index', tenantId];
  const status = useQuery({ queryKey: key, queryFn: ({ signal }) => getIndexStatus(tenantId, signal), enabled: tenantId > 0, retry: false });
  const rebuild = useMutation({
    mutationFn: () => rebuildIndex(tenantId),
    onSuccess: (next) => {
      client.setQueryData(key, next);
      showMessage('success', t('rebuilt', { passages: String(next.passages) }));
    },
  });
  const preview = useMutation({
    mutationFn: (question: string) => previewIndex(tenantId, question.trim(), lang),
    // A search rebuilds an index the catalogue outdated: the state above follows.
    onSuccess: () => void client.invalidateQueries({ queryKey: key }),
  });

  return (
    <section aria-labelledby="ai-index-title" style={{ marginTop: 32, maxWidth: 760 }} data-testid="ai-index">
      <h2 id="ai-index-title" style={{ fontSize: 16 }}>{t('title')}</h2>
      <p>{t('intro')}</p>
      {status.data ? <Status status={status.data} /> : status.isError ? <Alert type="error" showIcon title={errorText(status.error)} /> : <Skeleton active paragraph={{ rows: 2 }} />}
      {rebuild.isError ? <Alert type="error" showIcon role="alert" title={errorText(rebuild.error)} style={{ marginTop: 8 }} /> : null}
      <Button style={{ marginTop: 12 }} loading={rebuild.isPending} disabled={!status.data} onClick={() => rebuild.mutate()} data-testid="ai-index-rebuild">{t('rebuild')}</Button>

      <h3 style={{ fontSize: 15, marginTop: 24 }}>{t('tryTitle')}</h3>
      <Form<{ question: string }> name="ai-index-try" layout="vertical" onFinish={(v) => preview.mutate(v.question)} style={{ maxWidth: 560 }}>
        <Form.Item name="question" label={t('question')} rules={[{ required: true, whitespace: true, message: t('needQuestion') }]} style={{ marginBottom: 8 }}>
          <Input placeholder={t('questionPlaceholder')} maxLength={500} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={preview.isPending} data-testid="ai-index-ask">{t('ask')}</Button>
      </Form>
      {preview.isError ? <Alert type="error" showIcon role="alert" title={errorText(preview.error)} style={{ marginTop: 8 }} /> : null}
      {preview.data ? <div style={{ marginTop: 12 }}><Preview preview={preview.data} /></div> : null}
    </section>
  );
}
