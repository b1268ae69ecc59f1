// The `image-upload` widget the metas name for picture fields: upload through the portal's upload
// flow (spec shell §7 "Upload": applyForFileUploading, then the PUT; src/components/uploader.tsx),
// or type an address checked with the URL rule of schemas/url.ts.
import type { WidgetProps } from '@rjsf/utils';
import { Input, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { isSiteAddress } from '../../../../schemas/url';
import { Uploader } from '../../../components/uploader';
import { usePanelTexts } from './panel-texts';

/** An image address: typed (refused inline when the rule says no) or uploaded. */
export function ImageUploadWidget({ id, value, onChange, disabled, readonly }: WidgetProps) {
  const t = usePanelTexts();
  const stored = typeof value === 'string' ? value : '';
  const [text, setText] = useState(stored);
  useEffect(() => setText(stored), [stored]);
  const trimmed = text.trim();
  const invalid = trimmed !== '' && !isSiteAddress(trimmed);
  const off = disabled || readonly;

  const type = (next: string) => {
    setText(next);
    const clean = next.trim();
    // schemas/url.ts: only an address the rule allows reaches the block's props.
    if (clean === '') onChange(undefined);
    else if (isSiteAddress(clean)) onChange(clean);
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={`image-field-${id}`}>
      <Input id={id} aria-label={t('imageUrl')} value={text} disabled={off} status={invalid ? 'error' : undefined} aria-invalid={invalid}
        placeholder="/uploads/… https://…" onChange={(e) => type(e.target.value)} allowClear />
      {invalid && <Typography.Text type="danger" role="alert">{t('imageInvalid')}</Typography.Text>}
      <Uploader key={stored} kind="image" limit={1} value={stored ? [stored] : []} disabled={off}
        onChange={(urls) => {
          const url = urls[0];
          setText(url ?? '');
          onChange(url);
        }} />
    </Space>
  );
}
