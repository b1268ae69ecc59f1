// The certificates one rule issued (issue 19 part J), newest first, searchable by the printed name
// or the account, with revoke (a reason the holder sees; the public page then says revoked) and restore.
import { Alert, Button, Drawer, Input, Modal, Table, Tag } from 'antd';
import { useState } from 'react';
import { showMessage } from '../../../components/feedback/feedback';
import { useIssued, useRestore, useRevoke, type AdminCredentialRule, type IssuedCredential } from '../api/task-admin';
import { TaskAdminReadState } from './read-state';
import { shortTime } from './tasks-page';
import { useTaskAdminTexts } from './task-admin-texts';

const STATE_COLOR = { valid: 'green', expired: 'default', revoked: 'red' } as const;

export function IssuedDrawer({ rule, onClose }: { rule: AdminCredentialRule; onClose: () => void }) {
  const t = useTaskAdminTexts();
  const [text, setText] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const issued = useIssued({ ruleId: rule.id, text: text.trim() || undefined, pageNo, pageSize: 20 });
  const restore = useRestore();
  const [revoking, setRevoking] = useState<IssuedCredential | null>(null);

  return (
    <Drawer open width={820} title={t('issuedTitle', { title: rule.title })} onClose={onClose} destroyOnHidden>
      <Input.Search aria-label={t('searchHolder')} placeholder={t('searchHolder')} allowClear onSearch={(v) => { setText(v); setPageNo(1); }} style={{ width: 260, marginBottom: 8 }} />
      {issued.data === undefined ? <TaskAdminReadState query={issued} /> : (
        <Table<IssuedCredential> size="small" rowKey="id" dataSource={issued.data.list} loading={issued.isFetching} locale={{ emptyText: t('noIssued') }} data-testid="issued-list"
          pagination={{ current: pageNo, pageSize: 20, total: issued.data.total, onChange: setPageNo, showSizeChanger: false, showTotal: (total) => t('paging', { total }) }}
          columns={[
            { title: t('colHolder'), key: 'h', render: (_: unknown, c) => `${c.holderName} (${c.account})` },
            { title: t('colCode'), dataIndex: 'code', width: 150 },
            { title: t('colIssuedAt'), dataIndex: 'issuedAt', width: 140, render: (v: string) => shortTime(v) },
            { title: t('colExpires'), dataIndex: 'expiresAt', width: 140, render: (v: string | null) => (v ? shortTime(v) : t('noExpiry')) },
            { title: t('colState'), dataIndex: 'state', width: 90, render: (s: IssuedCredential['state'], c) => <Tag color={STATE_COLOR[s]} title={c.revokeReason ?? undefined}>{t(`st_${s}`)}</Tag> },
            {
              title: t('colActions'), key: 'x', width: 90, render: (_: unknown, c) => (c.state === 'revoked'
                ? <Button autoInsertSpace={false} size="small" type="link" aria-label={`${t('restore')} ${c.holderName}`} onClick={() => restore.mutate(c.id, { onSuccess: () => showMessage('success', t('restoredOk')) })}>{t('restore')}</Button>
                : <Button autoInsertSpace={false} size="small" type="link" aria-label={`${t('revoke')} ${c.holderName}`} onClick={() => setRevoking(c)}>{t('revoke')}</Button>),
            },
          ]} />
      )}
      {revoking && <RevokeDialog credential={revoking} onClose={() => setRevoking(null)} />}
    </Drawer>
  );
}

function RevokeDialog({ credential, onClose }: { credential: IssuedCredential; onClose: () => void }) {
  const t = useTaskAdminTexts();
  const revoke = useRevoke();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    if (!reason.trim()) { setProblem(t('needReason')); return; }
    revoke.mutate({ id: credential.id, reason: reason.trim() }, { onSuccess: () => { showMessage('success', t('revokedOk')); onClose(); } });
  };
  return (
    <Modal open title={t('revokeTitle', { name: credential.holderName })} onCancel={onClose} onOk={submit} okText={t('revoke')} cancelText={t('cancel')}
      okButtonProps={{ danger: true }} confirmLoading={revoke.isPending} destroyOnHidden>
      <label htmlFor="revoke-reason">{t('revokeReason')}</label>
      <Input.TextArea id="revoke-reason" rows={3} maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
      {(problem || revoke.isError) && <Alert type="error" showIcon message={problem ?? revoke.error?.message} style={{ marginTop: 8 }} />}
    </Modal>
  );
}
