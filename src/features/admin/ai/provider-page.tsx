// /sub_admin/ai (issue 21 part A, ours; docs/ai.md A): the back office's AI 服务设置: what the AI
// area uses now, a plain explanation of the offline mode, the OpenAI-compatible provider's form
// (the key is never shown again: "已设置 ••••1234" and a field to replace it) and a connection test
// that tries the form as typed, then the offline answers' knowledge index (index-panel.tsx). The
// server decides who may (asBackOfficeAdmin) and checks the form.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../api/client';
import { showMessage } from '../../../components/feedback/feedback';
import { useAppLanguage } from '../../../i18n/texts';
import { useAppStore } from '../../../stores/app-store';
import { ReadState } from '../bank/bank-frame';
import { getProviderSettings, saveProviderSettings, testProviderSettings, type ProviderForm, type ProviderSettings } from './provider-api';
import { IndexPanel } from './index-panel';
import { ProviderTestReport } from './provider-test-report';
import { useAdminAiProviderTexts } from './provider-texts';

/** The form's fields: the settings with the timeout in seconds and the key field (empty keeps the saved key). */
interface FormValues extends Omit<ProviderForm, 'timeoutMs'> {
  timeoutS: number;
}

const MODEL = /^[A-Za-z0-9._:/@+-]*$/;

function toValues(s: ProviderSettings): FormValues {
  return {
    enabled: s.enabled, baseUrl: s.baseUrl, apiKey: '', clearKey: false, chatModel: s.chatModel, imageModel: s.imageModel,
    embeddingModel: s.embeddingModel, ttsModel: s.ttsModel, timeoutS: Math.round(s.timeoutMs / 1000), maxTokens: s.maxTokens,
  };
}

function toForm(v: FormValues): ProviderForm {
  const { timeoutS, ...rest } = v;
  return { ...rest, apiKey: rest.clearKey ? '' : (rest.apiKey ?? '').trim(), clearKey: Boolean(rest.clearKey), timeoutMs: Math.round((timeoutS || 30) * 1000) };
}

/** What the AI area uses right now, and why the page's settings are not in use when they are not. */
function CurrentState({ settings }: { settings: ProviderSettings }) {
  const t = useAdminAiProviderTexts();
  const now = settings.active.source === 'tenant' ? t('nowTenant') : settings.active.source === 'deployment' ? t('nowDeployment') : t('nowOffline');
  return (
    <div data-testid="ai-provider-state" style={{ display: 'grid', gap: 8, marginBottom: 16 }}>
      <Alert type={settings.active.source === 'offline' ? 'info' : 'success'} showIcon title={now} />
      {settings.active.problem ? <Alert type="warning" showIcon title={t('problem', { problem: settings.active.problem })} /> : null}
    </div>
  );
}

function SettingsForm({ settings }: { settings: ProviderSettings }) {
  const t = useAdminAiProviderTexts();
  const lang = useAppLanguage() === 'en' ? 'en' : 'zh';
  const tenantId = useAppStore((s) => s.tenantId);
  const client = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [serverError, setServerError] = useState<string | null>(null);
  useEffect(() => form.setFieldsValue(toValues(settings)), [form, settings]);
  const enabled = Form.useWatch('enabled', form);
  const clearKey = Form.useWatch('clearKey', form);

  const save = useMutation({
    mutationFn: (v: FormValues) => saveProviderSettings(toForm(v), lang),
    onMutate: () => setServerError(null),
    onSuccess: (next) => {
      showMessage('success', t('saved'));
      client.setQueryData(['admin-ai-provider', tenantId, lang], next);
      // The learner pages read capabilities; they change with the settings.
      void client.invalidateQueries({ queryKey: ['ai-capabilities'] });
    },
    // The form keeps what was typed; the server's sentence says what to fix.
    onError: (error) => setServerError(error instanceof ApiError || error instanceof Error ? error.message : String(error)),
  });
  const test = useMutation({ mutationFn: (v: FormValues) => testProviderSettings(toForm(v), lang) });

  const requiredWhenOn = (message: string) => ({ validator: (_: unknown, value: string | undefined) => (!enabled || (value ?? '').trim() ? Promise.resolve() : Promise.reject(new Error(message))) });
  const model = { pattern: MODEL, message: t('modelPattern') };
  const keyLabel = settings.keySet ? (settings.keyHint ? t('keySet', { hint: settings.keyHint }) : t('keySetShort')) : t('keyNone');

  return (
    <section aria-labelledby="ai-provider-form-title">
      <h2 id="ai-provider-form-title" style={{ fontSize: 16 }}>{t('formTitle')}</h2>
      <Form<FormValues> form={form} name="ai-provider" layout="vertical" initialValues={toValues(settings)} style={{ maxWidth: 640 }}
        onFinish={(v) => save.mutate(v)} data-testid="ai-provider-form">
        <Form.Item name="enabled" label={t('enabled')} valuePropName="checked" extra={t('enabledHelp')}>
          <Switch />
        </Form.Item>
        <Form.Item name="baseUrl" label={t('baseUrl')} extra={t('baseUrlHelp')} rules={[requiredWhenOn(t('needUrl')), { type: 'url', message: t('baseUrlHelp') }]}>
          <Input placeholder="https://api.openai.com/v1" maxLength={500} autoComplete="off" inputMode="url" />
        </Form.Item>
        <Form.Item label={t('apiKey')} extra={t('keyHelp')} required={false}>
          <div data-testid="ai-provider-key-state" style={{ marginBottom: 6 }}>{keyLabel}</div>
          <Form.Item name="apiKey" noStyle>
            <Input.Password aria-label={t('apiKey')} placeholder={settings.keySet ? t('keyKeep') : t('keyNew')} maxLength={500} autoComplete="new-password" disabled={Boolean(clearKey)} />
          </Form.Item>
          {settings.keySet ? (
            <Form.Item name="clearKey" valuePropName="checked" noStyle>
              <Checkbox style={{ marginTop: 6 }}>{t('clearKey')}</Checkbox>
            </Form.Item>
          ) : null}
        </Form.Item>
        <Form.Item name="chatModel" label={t('chatModel')} extra={t('chatModelHelp')} rules={[requiredWhenOn(t('needChat')), model]}>
          <Input placeholder="gpt-4o-mini" maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item name="imageModel" label={t('imageModel')} extra={t('imageModelHelp')} rules={[model]}>
          <Input placeholder="dall-e-3" maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item name="embeddingModel" label={t('embeddingModel')} extra={t('embeddingModelHelp')} rules={[model]}>
          <Input placeholder="text-embedding-3-small" maxLength={100} autoComplete="off" />
        </Form.Item>
        <Form.Item name="ttsModel" label={t('ttsModel')} extra={t('ttsModelHelp')} rules={[model]}>
          <Input placeholder="tts-1" maxLength={100} autoComplete="off" />
        </Form.Item>
        <Space wrap size="large" align="start">
          <Form.Item name="timeoutS" label={t('timeout')} extra={t('timeoutHelp')}>
            <InputNumber min={1} max={120} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="maxTokens" label={t('maxTokens')} extra={t('maxTokensHelp')}>
            <InputNumber min={16} max={32000} precision={0} style={{ width: 160 }} />
          </Form.Item>
        </Space>
        {serverError ? <Alert type="error" showIcon title={serverError} role="alert" style={{ marginBottom: 12 }} data-testid="ai-provider-error" /> : null}
        <Space wrap style={{ display: 'flex' }}>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="ai-provider-save">{t('save')}</Button>
          <Button loading={test.isPending} onClick={() => { void form.validateFields().then((v) => test.mutate(v)).catch(() => undefined); }} data-testid="ai-provider-test">
            {test.isPending ? t('testing') : t('test')}
          </Button>
        </Space>
        <p style={{ marginTop: 8, color: 'var(--portal-text-secondary, rgba(0, 0, 0, 0.65))' }}>
          {t('testHint')} {settings.updatedAt ? t('updatedAt', { at: new Date(settings.updatedAt).toLocaleString(lang === 'en' ? 'en' : 'zh-CN') }) : t('neverSaved')}
        </p>
      </Form>
      <ProviderTestReport test={test} />
    </section>
  );
}

export default function AdminAiProviderPage() {
  const t = useAdminAiProviderTexts();
  const lang = useAppLanguage() === 'en' ? 'en' : 'zh';
  const tenantId = useAppStore((s) => s.tenantId);
  const settings = useQuery({ queryKey: ['admin-ai-provider', tenantId, lang], queryFn: ({ signal }) => getProviderSettings(lang, signal), retry: false });
  return (
    // Side padding: the back office's own document has no container, and text must not touch the window's edge.
    <div className="admin-page" style={{ padding: '24px 24px 48px' }} data-testid="admin-ai-provider">
      <nav aria-label={t('title')} style={{ marginBottom: 8 }}><Link to="/sub_admin/myAdmin">{t('back')}</Link></nav>
      <h1 style={{ fontSize: 22, margin: '0 0 12px' }}>{t('title')}</h1>
      {settings.data ? (
        <>
          <CurrentState settings={settings.data} />
          <section aria-labelledby="ai-offline-title" style={{ marginBottom: 16, maxWidth: 760 }}>
            <h2 id="ai-offline-title" style={{ fontSize: 16 }}>{t('offlineTitle')}</h2>
            <p>{t('offlineBody')}</p>
          </section>
          <SettingsForm settings={settings.data} />
          <IndexPanel />
        </>
      ) : <ReadState query={settings} help={t('forbiddenHelp')} />}
    </div>
  );
}
