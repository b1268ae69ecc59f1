// Files attached to something (homework instructions, a homework submission): uploaded through the
// upload flow (src/api/upload.ts uploadFiles: spec shell §5 limit and bracket replacement, §7
// presigned PUT with files started 100 ms apart), each listed with its name, size, progress while
// it uploads and a remove button; and the read-only list of links. Unlike Uploader, which keeps
// URLs only, this keeps what a reader needs to see: the name chosen, the size and the type.
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Progress } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { defineTexts, useTexts } from '../i18n/texts';
import { acceptFor, checkUploadLimit, extensionsFor, isAllowedFile, uploadFiles, type UploadKind } from '../api/upload';
import { showMessage } from './feedback/feedback';
import { reportUploadError } from './uploader';

// The `file-attachments` namespace (docs/i18n.md).
const TEXTS = defineTexts('file-attachments', {
  zh: {
    choose: '上传文件', remove: '移除 {{name}}', uploading: '{{name}} 上传中', failed: '上传失败', count: '已添加 {{n}} / {{max}} 个文件',
    badType: '{{names}} 的格式不能上传，可上传：{{allowed}}', none: '无附件',
  },
  en: {
    choose: 'Upload files', remove: 'Remove {{name}}', uploading: 'Uploading {{name}}', failed: 'Upload failed', count: '{{n}} of {{max}} files added',
    badType: '{{names}} cannot be uploaded here; allowed file types: {{allowed}}.', none: 'No attachments',
  },
});

/** A stored file: its public URL and what the reader sees. */
export interface AttachedFile {
  name: string;
  url: string;
  size: number;
  contentType: string;
}

/** Bytes as people read them. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

interface Pending { key: string; name: string; percent: number; failed: boolean }

let nextKey = 0;

/** Lists attached files and uploads more (at most `max` in all). */
export function FileAttachments({ value, onChange, max, kind = 'all', disabled, testId = 'file-attachments' }: {
  value: AttachedFile[];
  onChange(files: AttachedFile[]): void;
  max: number;
  kind?: UploadKind;
  disabled?: boolean;
  testId?: string;
}) {
  const t = useTexts(TEXTS);
  const [pending, setPending] = useState<Pending[]>([]);
  const input = useRef<HTMLInputElement>(null);
  // Upload callbacks arrive after renders: they add to the newest list, not the one they started with.
  const valueRef = useRef(value);
  valueRef.current = value;
  const abort = useRef<AbortController | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    abort.current = controller;
    return () => controller.abort();
  }, []);

  const patch = (key: string, change: Partial<Pending>) => setPending((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));

  const start = (chosen: File[]) => {
    const refused = chosen.filter((f) => !isAllowedFile(f.name, kind));
    if (refused.length) showMessage('warning', t('badType', { names: refused.map((f) => f.name).join(', '), allowed: extensionsFor(kind).join(', ') }));
    const files = chosen.filter((f) => isAllowedFile(f.name, kind));
    if (!files.length) return;
    const existing = valueRef.current.length + pending.filter((p) => !p.failed).length;
    // spec shell §5: chosen + existing must not exceed the limit.
    const over = checkUploadLimit(files.length, existing, max);
    if (over) {
      showMessage('warning', over);
      return;
    }
    const keys = new Map(files.map((f) => [f, `file-${++nextKey}`]));
    setPending((list) => [...list, ...files.map((f) => ({ key: keys.get(f)!, name: f.name, percent: 0, failed: false }))]);
    const signal = abort.current?.signal;
    uploadFiles(files, existing, {
      applyCode: kind, limit: max, ...(signal ? { signal } : {}),
      onProgress: (percent, file) => patch(keys.get(file)!, { percent }),
      onSuccess: (result, file) => {
        if (signal?.aborted) return;
        setPending((list) => list.filter((p) => p.key !== keys.get(file)));
        const stored: AttachedFile = { name: result.fileName, url: result.fileUrl, size: result.size, contentType: result.contentType };
        valueRef.current = [...valueRef.current, stored];
        onChange(valueRef.current);
      },
      onError: (error, file) => {
        if (signal?.aborted) return;
        reportUploadError(error);
        patch(keys.get(file)!, { failed: true });
      },
    }).catch((error: unknown) => {
      reportUploadError(error);
      const batch = new Set(keys.values());
      setPending((list) => list.filter((p) => !batch.has(p.key)));
    });
  };

  const full = value.length + pending.filter((p) => !p.failed).length >= max;
  return (
    <div className="file-attachments" data-testid={testId}>
      <ul className="file-attachments__list" style={{ listStyle: 'none', padding: 0, margin: '0 0 8px' }}>
        {value.map((f) => (
          <li key={f.url} data-testid="attached-file" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <PaperClipOutlined aria-hidden />
            <a href={f.url} target="_blank" rel="noreferrer">{f.name}</a>
            <span style={{ opacity: 0.75 }}>{fileSize(f.size)}</span>
            <Button
              type="text" size="small" icon={<DeleteOutlined />} aria-label={t('remove', { name: f.name })} disabled={disabled}
              onClick={() => onChange(value.filter((v) => v.url !== f.url))}
            />
          </li>
        ))}
        {pending.map((p) => (
          <li key={p.key} data-testid="uploading-file" style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <PaperClipOutlined aria-hidden />
            <span>{p.name}</span>
            {p.failed ? <span role="alert">{t('failed')}</span> : (
              <Progress percent={p.percent} size="small" style={{ width: 160, margin: 0 }} aria-label={t('uploading', { name: p.name })} />
            )}
            {p.failed ? (
              <Button type="text" size="small" icon={<DeleteOutlined />} aria-label={t('remove', { name: p.name })}
                onClick={() => setPending((list) => list.filter((x) => x.key !== p.key))} />
            ) : null}
          </li>
        ))}
      </ul>
      <input
        // Named like its button: axe audits the hidden input too (label), seen on /pages/require/save.
        // display none as well: inside an antd Form, its reset (input[type=file] display: block) beat `hidden`.
        ref={input} type="file" multiple accept={acceptFor(kind)} hidden style={{ display: 'none' }} aria-label={t('choose')} data-testid={`${testId}-input`}
        onChange={(e) => {
          start(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
      <Button icon={<UploadOutlined />} disabled={disabled || full} onClick={() => input.current?.click()}>{t('choose')}</Button>
      <span style={{ marginInlineStart: 8, opacity: 0.75 }}>{t('count', { n: value.length, max })}</span>
    </div>
  );
}

/** The read-only list of attached files, as links. */
export function FileLinks({ files, testId = 'file-links' }: { files: readonly AttachedFile[]; testId?: string }) {
  const t = useTexts(TEXTS);
  if (files.length === 0) return <p data-testid={testId}>{t('none')}</p>;
  return (
    <ul data-testid={testId} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {files.map((f) => (
        <li key={f.url} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <PaperClipOutlined aria-hidden />
          <a href={f.url} target="_blank" rel="noreferrer" download={f.name}>{f.name}</a>
          <span style={{ opacity: 0.75 }}>{fileSize(f.size)}</span>
        </li>
      ))}
    </ul>
  );
}
