// The sign-in form: account + password and mobile + code tabs, as the tenant's PcLoginConfig
// allows (loginTypes). Validation follows spec shell §5 word for word (src/lib/validators.ts).
import { Alert, Button, Form, Input, Space, Tabs } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { showMessage } from '../../../components/feedback/feedback';
import { loginByAccount, loginByMobile, type LoginResult } from '../../../api/user';
import { sendCodeWithCaptcha } from './send-code';
import { checkAccount, checkCode, checkSignInMobile, checkSignInPassword, formRule } from '../../../lib/validators';
import { CodeButton } from '../../../components/code-button';
import { useAuthTexts } from './texts';

/** The sign-in methods a tenant can switch on (PcLoginConfig.loginConfig.loginTypes). */
export type LoginType = 'account' | 'mobile';

interface Props {
  loginTypes: LoginType[];
  /**
   * Runs before an account sign-in when the tenant asks for the slider captcha: resolves to extra
   * fields for the sign-in call (the passed puzzle's uuid), or null to stop.
   */
  beforeAccountLogin?: () => Promise<Record<string, unknown> | null>;
  onSignedIn: (result: LoginResult) => void;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The tabs of sign-in methods with their forms. */
export function LoginForm({ loginTypes, beforeAccountLogin, onSignedIn }: Props) {
  const t = useAuthTexts();
  const [accountForm] = Form.useForm<{ account: string; password: string }>();
  const [mobileForm] = Form.useForm<{ mobile: string; checkNum: string }>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (call: () => Promise<LoginResult>) => {
    setError(null);
    setBusy(true);
    try {
      onSignedIn(await call());
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : errorText(failure));
    } finally {
      setBusy(false);
    }
  };

  const sendCode = async (): Promise<boolean> => {
    try {
      await mobileForm.validateFields(['mobile']);
    } catch {
      return false;
    }
    setError(null);
    try {
      await sendCodeWithCaptcha(mobileForm.getFieldValue('mobile') as string);
      showMessage('success', t('codeSent'));
      return true;
    } catch (failure) {
      setError(errorText(failure));
      return false;
    }
  };

  const accountTab = (
    <Form form={accountForm} layout="vertical" requiredMark={false} onFinish={(v) => void (async () => {
      const extra = beforeAccountLogin ? await beforeAccountLogin() : {};
      if (extra === null) return;
      await run(async () => {
        try {
          return await loginByAccount(v.account, v.password, extra);
        } catch (failure) {
          // After a few failed sign-ins the server asks this account for the slider captcha
          // (CAPTCHA_REQUIRED, docs/api.md): show it, then try once more with the passed puzzle.
          if (!(failure instanceof ApiError && failure.errorCode === 'CAPTCHA_REQUIRED')) throw failure;
          const uuid = await (await import('./slide-captcha')).askSlideCaptcha();
          if (!uuid) throw failure;
          return loginByAccount(v.account, v.password, { ...extra, captchaUuid: uuid });
        }
      });
    })()}>
      <Form.Item name="account" label={t('account')} rules={[formRule(checkAccount)]}>
        <Input autoComplete="username" placeholder={t('accountPlaceholder')} data-testid="login-account" />
      </Form.Item>
      <Form.Item name="password" label={t('password')} rules={[formRule(checkSignInPassword)]}>
        <Input.Password autoComplete="current-password" placeholder={t('passwordPlaceholder')} data-testid="login-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="login-submit">
        {t('submit')}
      </Button>
    </Form>
  );

  const mobileTab = (
    <Form form={mobileForm} layout="vertical" requiredMark={false} onFinish={(v) => void run(() => loginByMobile(v.mobile, v.checkNum))}>
      <Form.Item name="mobile" label={t('mobile')} rules={[formRule(checkSignInMobile)]}>
        <Input autoComplete="tel" inputMode="numeric" maxLength={11} placeholder={t('mobilePlaceholder')} data-testid="login-mobile" />
      </Form.Item>
      <Form.Item label={t('code')} required={false}>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="checkNum" noStyle rules={[formRule(checkCode)]}>
            <Input inputMode="numeric" maxLength={6} placeholder={t('codePlaceholder')} data-testid="login-code" />
          </Form.Item>
          <CodeButton send={sendCode} />
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="login-mobile-submit">
        {t('submit')}
      </Button>
    </Form>
  );

  const items = [
    loginTypes.includes('account') ? { key: 'account', label: t('accountTab'), children: accountTab } : null,
    loginTypes.includes('mobile') ? { key: 'mobile', label: t('mobileTab'), children: mobileTab } : null,
  ].filter((item) => item !== null);

  return (
    <div className="portal-login-form">
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" role="alert" /> : null}
      {items.length ? <Tabs items={items} onChange={() => setError(null)} /> : <Alert type="warning" title={t('noMethods')} />}
    </div>
  );
}
