// A work's attachments in its editor (issue 20 part V): upload one (the sm upload flow, then
// uploadContent puts it on the work), download one through its signed link (getDownloadUrl), or
// delete one. At most 20; the server says so past that.
import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Button, Empty, List, Tooltip } from 'antd';
import { useId, useRef, useState } from 'react';
import { getDownloadUrl, removeWorkFile, uploadWorkFile, type MyWork } from '../../../api/creators';
import { uploadFile } from '../../../api/upload';
import { reportUploadError } from '../../../components/uploader';
import type { WorksTexts } from './works-texts';

export function WorksAttachments({ t, work, disabled, onChanged }: { t: WorksTexts; work: MyWork; disabled: boolean; onChanged(): void }) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    setBusy(true);
    try {
      const stored = await uploadFile(file, { applyCode: 'all' });
      await uploadWorkFile({ contentId: work.id, role: 'attachment', url: stored.fileUrl, name: stored.fileName, size: stored.size, mime: stored.contentType });
      onChanged();
    } catch (error) {
      reportUploadError(error);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const download = async (id: number) => {
    try {
      const link = await getDownloadUrl(id);
      window.open(link.url, '_blank', 'noopener');
    } catch {
      // Shown by the error catalogue.
    }
  };

  const remove = async (id: number) => {
    try {
      await removeWorkFile(id);
      onChanged();
    } catch {
      // Shown by the error catalogue.
    }
  };

  return (
    <div data-testid="works-attachments">
      {work.attachments.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noAttachments')} style={{ margin: '8px 0' }} /> : (
        <List
          size="small" dataSource={work.attachments} rowKey={(a) => a.id}
          renderItem={(a) => (
            <List.Item
              actions={[
                <Button key="d" size="small" type="link" onClick={() => void download(a.id)}>{t('download')}</Button>,
                <Tooltip key="r" title={t('removeAttachment', { name: a.name })}>
                  <Button size="small" type="text" icon={<DeleteOutlined />} aria-label={t('removeAttachment', { name: a.name })} disabled={disabled} onClick={() => void remove(a.id)} />
                </Tooltip>,
              ]}
            >
              <PaperClipOutlined aria-hidden="true" style={{ marginInlineEnd: 6 }} />{a.name}
            </List.Item>
          )}
        />
      )}
      {!disabled ? (
        <>
          <input
            ref={input} id={inputId} type="file" hidden aria-label={t('addAttachment')}
            onChange={(e) => { const file = e.target.files?.[0]; if (file) void upload(file); }}
          />
          <Button size="small" loading={busy} onClick={() => input.current?.click()} style={{ marginTop: 8 }}>{t('addAttachment')}</Button>
        </>
      ) : null}
    </div>
  );
}
