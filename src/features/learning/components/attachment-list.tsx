// The files a course, subject or content comes with (GET /cm/api/attachment/search), for download:
// name, type and size, each a link the browser saves under its name. Nothing while there are none;
// a failure says so with a retry, since a learner may have come for the handout.
import { useQuery } from '@tanstack/react-query';
import type { AttachmentItem } from '../../../../schemas/api/cm';
import { Button } from 'antd';
import { apiGet } from '../../../api/client';
import { defineTexts, useTexts as useNamespaceTexts } from '../../../i18n/texts';
import { useAppStore } from '../../../stores/app-store';

/** One file (docs/api.md "Attachments"): the response schema of schemas/api/cm/media.ts, derived. */
export type Attachment = AttachmentItem;

// The `learning-attachments` namespace (docs/i18n.md), registered when this feature's chunk loads.
const NAMESPACE = defineTexts('learning-attachments', {
  zh: { title: '资料下载', download: '下载', failed: '资料列表加载失败。', retry: '重试', downloadName: '下载《{{name}}》' },
  en: { title: 'Downloads', download: 'Download', failed: 'Could not load the files.', retry: 'Retry', downloadName: 'Download {{name}}' },
});
const useTexts = () => useNamespaceTexts(NAMESPACE);

/** A size as people read it: B under 1 KB, KB under 1 MB, else MB with one decimal. */
export function fileSize(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The short type label: the file name's extension, upper case (PDF, DOCX), else nothing. */
export function fileType(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toUpperCase() : '';
}

export function AttachmentList({ targetType, targetId }: { targetType: 'course' | 'subject' | 'content'; targetId: number }) {
  const t = useTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const files = useQuery({
    queryKey: [targetType, tenantId, 'attachments', targetId],
    queryFn: ({ signal }) => apiGet<Attachment[]>('/cm/api/attachment/search', { targetType, targetId }, { silent: true, signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (files.isError) {
    return (
      <p role="alert" style={{ marginTop: 24 }}>
        {t('failed')} <Button size="small" onClick={() => void files.refetch()}>{t('retry')}</Button>
      </p>
    );
  }
  const rows = files.data ?? [];
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby={`attachments-${targetType}`} data-testid="attachments" style={{ marginTop: 32 }}>
      <h2 id={`attachments-${targetType}`} style={{ fontSize: 18, margin: '0 0 12px' }}>{t('title')}</h2>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {rows.map((file) => (
          <li key={file.id} data-testid="attachment" style={{ display: 'flex', alignItems: 'center', gap: 16, padding: '10px 8px', borderBottom: '1px solid var(--portal-border, #f0f0f0)' }}>
            <span style={{ flex: '0 0 48px', textAlign: 'center', fontSize: 12, fontWeight: 600, color: 'var(--portal-price, #c0392b)', border: '1px solid currentColor', borderRadius: 4, padding: '2px 0' }}>{fileType(file.name) || 'FILE'}</span>
            <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{file.name}</span>
            <span style={{ flex: '0 0 auto', color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))', fontVariantNumeric: 'tabular-nums' }}>{fileSize(file.size)}</span>
            <a href={file.url} download={file.name} target="_blank" rel="noopener noreferrer" aria-label={t('downloadName', { name: file.name })}>{t('download')}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}
