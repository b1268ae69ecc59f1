// What a holder does with a certificate (issue 19 part E; docs/growth.md "Credentials"), shared by
// the personal center's myCredentials cards and the certificate detail page: download the PDF, copy
// the public verification link, change the printed name; and the state tag both show.
import { Button, Form, Input, Modal, Space, Tag, message } from 'antd';
import { useState } from 'react';
import {
  generateCertificate, HOLDER_NAME_MAX, saveCertificate, useModifyCredential, verifyUrlOf, type CredentialState, type UserCredential,
} from '../api/credentials';
import { defineTexts, useTexts } from '../i18n/texts';

const CREDENTIAL_ACTIONS = defineTexts('credential-actions', {
  zh: {
    valid: '有效', expired: '已过期', revoked: '已撤销',
    download: '下载证书', downloading: '正在生成…', downloaded: '证书已下载',
    copyLink: '复制验证链接', copied: '验证链接已复制，可发给需要核验证书的人', copyFailed: '无法写入剪贴板，请手动复制：{{url}}',
    rename: '修改姓名', renameTitle: '修改证书上的姓名', holderName: '证书上的姓名',
    nameHint: '将印在证书上，最多 {{max}} 个字', nameRequired: '请填写证书上的姓名', save: '保存', cancel: '取消', saved: '姓名已更新',
  },
  en: {
    valid: 'Valid', expired: 'Expired', revoked: 'Revoked',
    download: 'Download PDF', downloading: 'Preparing…', downloaded: 'Certificate downloaded',
    copyLink: 'Copy verification link', copied: 'Verification link copied: send it to whoever needs to check the certificate', copyFailed: 'The clipboard is not available; copy this link: {{url}}',
    rename: 'Change name', renameTitle: 'Change the name on the certificate', holderName: 'Name on the certificate',
    nameHint: 'Printed on the certificate, at most {{max}} characters', nameRequired: 'Enter the name to print', save: 'Save', cancel: 'Cancel', saved: 'Name updated',
  },
});

const useCredentialTexts = () => useTexts(CREDENTIAL_ACTIONS);

const STATE_COLORS: Record<CredentialState, string> = { valid: 'success', expired: 'warning', revoked: 'error' };

/** The certificate's state as a coloured tag. */
export function CredentialStateTag({ state }: { state: CredentialState }) {
  const t = useCredentialTexts();
  return <Tag color={STATE_COLORS[state]} data-testid="credential-state">{t(state)}</Tag>;
}

/** Download, copy the verification link and change the name; `size` follows antd's buttons. */
export function CredentialActions({ credential, size = 'middle' }: { credential: UserCredential; size?: 'small' | 'middle' }) {
  const t = useCredentialTexts();
  const [downloading, setDownloading] = useState(false);
  const [renaming, setRenaming] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      saveCertificate(await generateCertificate(credential.id));
      void message.success(t('downloaded'));
    } catch {
      // The error catalogue has shown the server's message.
    } finally {
      setDownloading(false);
    }
  }

  async function copy() {
    const url = verifyUrlOf(credential);
    try {
      await navigator.clipboard.writeText(url);
      void message.success(t('copied'));
    } catch {
      void message.info(t('copyFailed', { url }), 8);
    }
  }

  return (
    <Space wrap size="small">
      <Button size={size} type="primary" onClick={() => void download()} loading={downloading} data-testid="credential-download">
        {downloading ? t('downloading') : t('download')}
      </Button>
      {credential.publicVerify && credential.state !== 'revoked' ? (
        <Button size={size} onClick={() => void copy()} data-testid="credential-copy">{t('copyLink')}</Button>
      ) : null}
      {credential.state !== 'revoked' ? (
        <Button size={size} onClick={() => setRenaming(true)} data-testid="credential-rename">{t('rename')}</Button>
      ) : null}
      {renaming ? <RenameDialog credential={credential} onClose={() => setRenaming(false)} /> : null}
    </Space>
  );
}

function RenameDialog({ credential, onClose }: { credential: UserCredential; onClose: () => void }) {
  const t = useCredentialTexts();
  const modify = useModifyCredential();
  const [form] = Form.useForm<{ holderName: string }>();
  async function save() {
    const { holderName } = await form.validateFields();
    await modify.mutateAsync({ id: credential.id, holderName: holderName.trim() });
    void message.success(t('saved'));
    onClose();
  }
  return (
    <Modal
      open title={t('renameTitle')} okText={t('save')} cancelText={t('cancel')} confirmLoading={modify.isPending}
      onOk={() => void save().catch(() => undefined)} onCancel={onClose} destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ holderName: credential.holderName }} onFinish={() => void save().catch(() => undefined)}>
        <Form.Item
          name="holderName" label={t('holderName')} extra={t('nameHint', { max: HOLDER_NAME_MAX })}
          rules={[{ required: true, whitespace: true, message: t('nameRequired') }, { max: HOLDER_NAME_MAX, message: t('nameHint', { max: HOLDER_NAME_MAX }) }]}
        >
          <Input maxLength={HOLDER_NAME_MAX} autoFocus data-testid="credential-name-input" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
