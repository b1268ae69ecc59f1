// Theme colours (the store's globalStyle), with a preview in the chosen colours.
import { Button, ColorPicker, ConfigProvider, Form, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import type { GlobalStyle } from '../../../../schemas/tenant-settings';
import { showMessage } from '../../../components/feedback/feedback';
import { useSaveGlobalStyle } from '../api/admin';
import { DEFAULT_PRIMARY, DEFAULT_SECONDARY, useAdminTexts } from './admin-texts';

export function ThemePanel({ value, onDirtyChange }: { value: GlobalStyle; onDirtyChange: (dirty: boolean) => void }) {
  const t = useAdminTexts();
  const save = useSaveGlobalStyle();
  const saved = { themeColor1: value.themeColor1 ?? DEFAULT_PRIMARY, themeColor2: value.themeColor2 ?? DEFAULT_SECONDARY };
  const [draft, setDraft] = useState(saved);
  const dirty = draft.themeColor1 !== saved.themeColor1 || draft.themeColor2 !== saved.themeColor2;
  const update = (next: typeof draft) => {
    setDraft(next);
    onDirtyChange(next.themeColor1 !== saved.themeColor1 || next.themeColor2 !== saved.themeColor2);
  };

  return (
    <div style={{ maxWidth: 560 }}>
      <Form layout="vertical">
        <Form.Item label={t('primary')} extra={t('primaryHelp')}>
          <ColorPicker value={draft.themeColor1} disabledAlpha showText format="hex" data-testid="admin-primary"
            onChangeComplete={(c) => update({ ...draft, themeColor1: c.toHexString() })} />
        </Form.Item>
        <Form.Item label={t('secondary')} extra={t('secondaryHelp')}>
          <ColorPicker value={draft.themeColor2} disabledAlpha showText format="hex"
            onChangeComplete={(c) => update({ ...draft, themeColor2: c.toHexString() })} />
        </Form.Item>
        <Form.Item label={t('preview')}>
          <ConfigProvider theme={{ token: { colorPrimary: draft.themeColor1, colorLink: draft.themeColor1, colorPrimaryHover: draft.themeColor2 } }}>
            <Space>
              <Button type="primary">{t('previewPrimary')}</Button>
              <Typography.Link>{t('previewLink')}</Typography.Link>
            </Space>
          </ConfigProvider>
        </Form.Item>
      </Form>
      <Space>
        <Button type="primary" loading={save.isPending} data-testid="admin-save-theme" onClick={() => save.mutate(draft, {
          onSuccess: () => {
            onDirtyChange(false);
            showMessage('success', t('saved'));
          },
        })}>{t('save')}</Button>
        <Button onClick={() => update({ themeColor1: DEFAULT_PRIMARY, themeColor2: DEFAULT_SECONDARY })}>{t('useDefaults')}</Button>
        <Button disabled={!dirty} onClick={() => update(saved)}>{t('reset')}</Button>
        {dirty && <Tag color="warning">{t('unsaved')}</Tag>}
      </Space>
    </div>
  );
}
