// /sub_admin/credentials: the tenant's certificate rules (issue 19 part J): what earns one (a course,
// task or exam of the tenant), title, issuer, text, validity, on/off; a PDF preview through the
// certificate code the learners' download uses; and each rule's issued certificates, searchable by
// name, with revoke (a reason the holder sees) and restore. docs/growth.md "Credentials".
import { Button, Input, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useCredentialRules, useDeleteRule, useSaveRule, type AdminCredentialRule } from '../api/task-admin';
import { showMessage } from '../../../components/feedback/feedback';
import { BankFrame } from '../bank/bank-frame';
import { IssuedDrawer } from './issued-drawer';
import { RuleDialog } from './rule-dialog';
import { TaskAdminReadState } from './read-state';
import { useTaskAdminTexts } from './task-admin-texts';

export default function CredentialsPage() {
  const t = useTaskAdminTexts();
  const [text, setText] = useState('');
  const rules = useCredentialRules(text.trim() || undefined);
  const save = useSaveRule();
  const remove = useDeleteRule();
  const [editing, setEditing] = useState<AdminCredentialRule | 'new' | null>(null);
  const [issuedOf, setIssuedOf] = useState<AdminCredentialRule | null>(null);

  const issuedText = (r: AdminCredentialRule) => `${r.issuedCount}${r.revokedCount ? ` (${t('st_revoked')} ${r.revokedCount})` : ''}`;
  const toggle = (r: AdminCredentialRule, enabled: boolean) => save.mutate({
    id: r.id, rule: { sourceKind: r.sourceKind, sourceId: r.sourceId, title: r.title, issuer: r.issuer, body: r.body, validMonths: r.validMonths, enabled },
  }, { onSuccess: () => showMessage('success', t('saved')) });

  return (
    <BankFrame title={t('credsTitle')} extra={<Button type="primary" onClick={() => setEditing('new')} data-testid="rule-new">{t('newRule')}</Button>}>
      <Space style={{ marginBottom: 8 }}>
        <Input.Search aria-label={t('searchRules')} placeholder={t('searchRules')} allowClear onSearch={setText} style={{ width: 260 }} />
      </Space>
      {rules.data === undefined ? <TaskAdminReadState query={rules} /> : (
        <Table<AdminCredentialRule> size="small" rowKey="id" dataSource={rules.data} loading={rules.isFetching} locale={{ emptyText: t('noRules') }}
          data-testid="rule-list" pagination={{ pageSize: 20, showSizeChanger: false, showTotal: (total) => t('paging', { total }) }} scroll={{ x: 860 }}
          columns={[
            { title: t('colRule'), dataIndex: 'title', render: (title: string, r) => <><Typography.Text strong>{title}</Typography.Text><br /><Typography.Text type="secondary">{r.issuer}</Typography.Text></> },
            { title: t('colSource'), key: 's', render: (_: unknown, r) => t('sourceOf', { kind: t(`src_${r.sourceKind}`), title: r.sourceTitle || t('sourceGone') }) },
            { title: t('colValidity'), dataIndex: 'validMonths', width: 110, render: (m: number | null) => (m ? t('months', { n: m }) : t('noExpiry')) },
            {
              title: t('colIssued'), key: 'i', width: 120, render: (_: unknown, r) => (
                // The name starts with the visible count (axe label-content-name-mismatch), then says whose.
                <Button type="link" size="small" onClick={() => setIssuedOf(r)} aria-label={`${issuedText(r)} · ${t('issued')}: ${r.title}`} data-testid="rule-issued">
                  {issuedText(r)}
                </Button>
              ),
            },
            { title: t('colEnabled'), dataIndex: 'enabled', width: 80, render: (on: boolean, r) => <Switch size="small" checked={on} aria-label={`${t('colEnabled')}: ${r.title}`} onChange={(v) => toggle(r, v)} /> },
            {
              title: t('colActions'), key: 'x', width: 140, render: (_: unknown, r) => (
                <Space size="small">
                  <Button autoInsertSpace={false} size="small" type="link" onClick={() => setEditing(r)} aria-label={`${t('edit')} ${r.title}`}>{t('edit')}</Button>
                  {r.issuedCount === 0 ? (
                    <Popconfirm title={t('deleteRuleConfirm', { title: r.title })} okText={t('ok')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
                      onConfirm={() => remove.mutateAsync(r.id).then(() => showMessage('success', t('deleted')), () => undefined)}>
                      <Button autoInsertSpace={false} size="small" type="link" aria-label={`${t('delete')} ${r.title}`}>{t('delete')}</Button>
                    </Popconfirm>
                  ) : <Tag>{t('issued')}</Tag>}
                </Space>
              ),
            },
          ]} />
      )}
      {editing && <RuleDialog rule={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {issuedOf && <IssuedDrawer rule={issuedOf} onClose={() => setIssuedOf(null)} />}
    </BankFrame>
  );
}
