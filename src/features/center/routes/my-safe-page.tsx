// /user/center/study/mySafe: account security (spec shell §2, §5 "Old password", "New password",
// "Confirm password", §7 modifyPassword / getBindMobile / bindMobile, §8 old password wrong).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../../api/client';
import { applyChecknum, bindMobile, getBindMobile, modifyPassword } from '../../../api/user';
import { showAlert, showMessage } from '../../../components/feedback/feedback';
import { checkConfirmPassword, checkMobile, checkNewPassword, checkOldPassword, formRule, checkCode } from '../../../lib/validators';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { CodeButton } from '../../../components/code-button';
import { CenterLayout } from '../components/center-layout';
import { useSafeTexts } from '../components/safe-texts';

interface PasswordValues {
  password: string;
  newPassword: string;
  checkPass: string;
}

/** spec shell §8: flag -1 with 用户名或密码错误 on a password change means the old password was wrong. */
export function passwordChangeError(error: unknown): string {
  if (error instanceof ApiError && error.message.includes('用户名或密码错误')) return '旧密码输入错误';
  return error instanceof Error ? error.message : String(error);
}

function PasswordCard() {
  const t = useSafeTexts();
  const [form] = Form.useForm<PasswordValues>();
  const [busy, setBusy] = useState(false);
  const onFinish = async (values: PasswordValues) => {
    setBusy(true);
    try {
      await modifyPassword(values.password, values.newPassword);
      showMessage('success', '密码修改成功');
      form.resetFields();
    } catch (error) {
      showAlert('warning', { title: t('hint'), content: passwordChangeError(error), okText: t('ok') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title={t('password')} data-testid="safe-password">
      <Form form={form} layout="vertical" requiredMark={false} style={{ maxWidth: 420 }} onFinish={(v) => void onFinish(v)}>
        <Form.Item name="password" label={t('oldPassword')} rules={[formRule(checkOldPassword)]}>
          <Input.Password autoComplete="current-password" data-testid="safe-old" />
        </Form.Item>
        <Form.Item name="newPassword" label={t('newPassword')} dependencies={['password']} rules={[({ getFieldValue }) => formRule((v) => checkNewPassword(v, getFieldValue('password') as string))]}>
          <Input.Password autoComplete="new-password" data-testid="safe-new" />
        </Form.Item>
        <Form.Item name="checkPass" label={t('confirmPassword')} dependencies={['newPassword']} rules={[({ getFieldValue }) => formRule((v) => checkConfirmPassword(v, getFieldValue('newPassword') as string))]}>
          <Input.Password autoComplete="new-password" data-testid="safe-confirm" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="safe-password-submit">
          {t('save')}
        </Button>
      </Form>
    </Card>
  );
}

function MobileCard() {
  const t = useSafeTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const queryClient = useQueryClient();
  const key = ['bindMobile', tenantId, userId];
  const bound = useQuery({ queryKey: key, queryFn: getBindMobile });
  const [form] = Form.useForm<{ mobile: string; checkNum: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const sendCode = async () => {
    try {
      await form.validateFields(['mobile']);
      await applyChecknum(form.getFieldValue('mobile') as string);
      showMessage('success', '验证码已发送');
      return true;
    } catch (failure) {
      if (failure instanceof Error) setError(failure.message);
      return false;
    }
  };

  const onFinish = async (values: { mobile: string; checkNum: string }) => {
    setBusy(true);
    setError(null);
    try {
      await bindMobile(values.mobile, values.checkNum);
      showMessage('success', '绑定成功');
      form.resetFields();
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('mobile')} data-testid="safe-mobile">
      <p data-testid="safe-bound-mobile">{bound.data?.mobile ? t('boundTo', { mobile: bound.data.mobile }) : bound.isPending ? '' : t('notBound')}</p>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16, maxWidth: 420 }} /> : null}
      <Form form={form} layout="vertical" requiredMark={false} style={{ maxWidth: 420 }} onFinish={(v) => void onFinish(v)}>
        <Form.Item name="mobile" label={t('newMobile')} rules={[formRule(checkMobile)]}>
          <Input inputMode="numeric" maxLength={11} />
        </Form.Item>
        <Form.Item label={t('code')}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="checkNum" noStyle rules={[formRule(checkCode)]}>
              <Input inputMode="numeric" maxLength={6} aria-label={t('code')} data-testid="safe-code" />
            </Form.Item>
            <CodeButton send={sendCode} />
          </Space.Compact>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('bind')}
        </Button>
      </Form>
    </Card>
  );
}

export default function MySafePage() {
  const t = useSafeTexts();
  return (
    <CenterLayout title={t('title')} testId="my-safe">
      <Space orientation="vertical" size={24} style={{ width: '100%' }}>
        <PasswordCard />
        <MobileCard />
      </Space>
    </CenterLayout>
  );
}
