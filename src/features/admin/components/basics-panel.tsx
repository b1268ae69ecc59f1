// Site name and logo (PcStartup.appName and logoImg).
import { Button, Form, Input, Space, Tag } from 'antd';
import { showMessage } from '../../../components/feedback/feedback';
import { useSaveBasics } from '../api/admin';
import { APP_NAME_MAX, LOGO_ADDRESS, useAdminTexts } from './admin-texts';

interface Basics {
  appName: string;
  logoImg: string;
}

export function BasicsPanel({ value, onDirtyChange }: { value: Basics; onDirtyChange: (dirty: boolean) => void }) {
  const t = useAdminTexts();
  const [form] = Form.useForm<Basics>();
  const save = useSaveBasics();
  const logo = Form.useWatch('logoImg', form) ?? value.logoImg;
  const appName = Form.useWatch('appName', form) ?? value.appName;
  const dirty = appName !== value.appName || logo !== value.logoImg;

  const submit = (basics: Basics) => {
    save.mutate(basics, {
      onSuccess: () => {
        form.setFieldsValue({ appName: basics.appName.trim(), logoImg: basics.logoImg.trim() });
        onDirtyChange(false);
        showMessage('success', t('saved'));
      },
    });
  };

  return (
    <Form form={form} layout="vertical" initialValues={value} onFinish={submit} style={{ maxWidth: 560 }}
      onValuesChange={(_, all) => onDirtyChange(all.appName !== value.appName || all.logoImg !== value.logoImg)}>
      <Form.Item name="appName" label={t('appName')} extra={t('appNameHelp', { n: APP_NAME_MAX })} rules={[
        { validator: async (_, v: string) => { if (!v?.trim()) throw new Error(t('appNameRequired')); } },
        { validator: async (_, v: string) => { if ([...(v ?? '').trim()].length > APP_NAME_MAX) throw new Error(t('appNameTooLong', { n: APP_NAME_MAX })); } },
      ]}>
        <Input data-testid="admin-app-name" />
      </Form.Item>
      <Form.Item name="logoImg" label={t('logoImg')} extra={t('logoHelp')} rules={[
        { validator: async (_, v: string) => { const s = (v ?? '').trim(); if (s && !LOGO_ADDRESS.test(s)) throw new Error(t('logoInvalid')); } },
      ]}>
        <Input data-testid="admin-logo" />
      </Form.Item>
      {logo.trim() && LOGO_ADDRESS.test(logo.trim()) && (
        <Form.Item label={t('logoPreview')}>
          <img src={logo.trim()} alt={t('logoPreview')} style={{ maxHeight: 48, maxWidth: 240 }} />
        </Form.Item>
      )}
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="admin-save-basics">{t('save')}</Button>
        <Button disabled={!dirty} onClick={() => { form.setFieldsValue(value); onDirtyChange(false); }}>{t('reset')}</Button>
        {dirty && <Tag color="warning">{t('unsaved')}</Tag>}
      </Space>
    </Form>
  );
}
