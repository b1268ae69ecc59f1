// /user/create (spec shell §2): self-registration, when the tenant allows it (PcLoginConfig
// allowRegister). A new password follows the rules of spec shell §5; a mobile, when given, is
// verified with a code. USER_ALREADY_REG goes through the error catalogue (spec shell §8).
import { Alert, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { register } from '../../../api/user';
import { sendCodeWithCaptcha } from '../components/send-code';
import { showMessage } from '../../../components/feedback/feedback';
import { returnTarget } from '../../../lib/login-path';
import { checkAccount, checkConfirmPassword, checkMobile, checkNewPassword, formRule } from '../../../lib/validators';
import { useAppStore } from '../../../stores/app-store';
import { useUserStore } from '../../../stores/user-store';
import { CodeButton } from '../../../components/code-button';
import { LoginHero } from '../components/login-hero';
import { useAuthTexts } from '../components/texts';
import '../components/auth.css';

interface RegisterValues {
  account: string;
  password: string;
  confirm: string;
  realName?: string;
  mobile?: string;
  checkNum?: string;
}

/** The registration route's page. */
export default function RegisterPage() {
  const t = useAuthTexts();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const tenantId = useAppStore((s) => s.tenantId);
  const allowRegister = useAppStore((s) => s.loginConfig.allowRegister !== false);
  const [form] = Form.useForm<RegisterValues>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const loginLink = `/login${search.toString() ? `?${search.toString()}` : ''}`;

  const onFinish = async (values: RegisterValues) => {
    if (tenantId === null) return;
    setError(null);
    setBusy(true);
    try {
      const result = await register({ account: values.account, password: values.password, mobile: values.mobile || undefined, checkNum: values.checkNum || undefined, realName: values.realName || undefined });
      useUserStore.getState().signIn(tenantId, result);
      showMessage('success', t('registered'));
      void navigate(returnTarget(search), { replace: true });
    } catch (failure) {
      // The catalogue has already alerted USER_ALREADY_REG; keep the message on the form too.
      setError(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const sendCode = async () => {
    try {
      await form.validateFields(['mobile']);
      if (!form.getFieldValue('mobile')) return false;
      await sendCodeWithCaptcha(form.getFieldValue('mobile') as string);
      showMessage('success', t('codeSent'));
      return true;
    } catch (failure) {
      if (failure instanceof Error) setError(failure.message);
      return false;
    }
  };

  return (
    <div className="portal-login portal-login--default" data-testid="register-page">
      <LoginHero />
      <section className="portal-login__card" aria-labelledby="register-title">
        <h1 id="register-title" className="portal-login__title">{t('registerTitle')}</h1>
        {!allowRegister ? (
          <Alert type="info" showIcon title={t('registerClosed')} />
        ) : (
          <>
            {error ? <Alert type="error" showIcon title={error} role="alert" data-testid="register-error" style={{ marginBottom: 16 }} /> : null}
            <Form form={form} layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)}>
              <Form.Item name="account" label={t('account')} rules={[formRule(checkAccount)]}>
                <Input autoComplete="username" placeholder={t('accountPlaceholder')} data-testid="register-account" />
              </Form.Item>
              <Form.Item name="password" label={t('password')} rules={[formRule((v) => checkNewPassword(v))]}>
                <Input.Password autoComplete="new-password" placeholder={t('passwordPlaceholder')} data-testid="register-password" />
              </Form.Item>
              <Form.Item name="confirm" label={t('confirmPassword')} dependencies={['password']} rules={[({ getFieldValue }) => formRule((v) => checkConfirmPassword(v, getFieldValue('password') as string))]}>
                <Input.Password autoComplete="new-password" placeholder={t('confirmPlaceholder')} data-testid="register-confirm" />
              </Form.Item>
              <Form.Item name="realName" label={t('realName')}>
                <Input maxLength={32} placeholder={t('realNamePlaceholder')} />
              </Form.Item>
              <Form.Item name="mobile" label={t('mobile')} rules={[formRule((v) => (v ? checkMobile(v) : null))]}>
                <Input inputMode="numeric" maxLength={11} placeholder={t('mobilePlaceholder')} />
              </Form.Item>
              <Form.Item noStyle dependencies={['mobile']}>
                {({ getFieldValue }) =>
                  getFieldValue('mobile') ? (
                    <Form.Item label={t('code')}>
                      <Space.Compact style={{ width: '100%' }}>
                        <Form.Item name="checkNum" noStyle rules={[{ required: true, message: '验证码不能为空' }]}>
                          <Input inputMode="numeric" maxLength={6} placeholder={t('codePlaceholder')} />
                        </Form.Item>
                        <CodeButton send={sendCode} />
                      </Space.Compact>
                    </Form.Item>
                  ) : null
                }
              </Form.Item>
              <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="register-submit">
                {t('registerSubmit')}
              </Button>
            </Form>
          </>
        )}
        <p className="portal-login__register">
          <Link to={loginLink}>{t('haveAccount')}</Link>
        </p>
      </section>
    </div>
  );
}
