// /sub_admin/roles: the role grants of the tenant (issue 18 "Roles"; spec learning §6 "how access is
// decided is not shown", ours: docs/exams.md "Roles"): every grant with its user and scope, a new
// grant (teacher over a class, marker or invigilator over an exam, or any tenant-wide), revoke.
import { Button, Card, Form, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { showMessage } from '../../../components/feedback/feedback';
import { useAdminExams, useBuilderChoices, useGrant, useGrants, useRevoke, type AdminRoleGrant, type GrantInput } from '../api/bank';
import { BankFrame, ReadState } from './bank-frame';
import { useBankTexts } from './bank-texts';
import { UserPicker } from './user-picker';

type Role = GrantInput['role'];

export default function RolesPage() {
  const t = useBankTexts();
  const grants = useGrants();
  const choices = useBuilderChoices();
  const exams = useAdminExams({ pageNo: 1, pageSize: 200 });
  const grant = useGrant();
  const revoke = useRevoke();
  const [userId, setUserId] = useState<number | undefined>();
  const [role, setRole] = useState<Role>('teacher');
  const [scope, setScope] = useState<'tenant' | 'scoped'>('scoped');
  const [scopeId, setScopeId] = useState<number | undefined>();
  const roleName = (r: string) => t(`role_${r as Role}`);

  if (grants.data === undefined) return <BankFrame title={t('rolesTitle')}><ReadState query={grants} /></BankFrame>;
  const scopeType = scope === 'tenant' ? null : role === 'teacher' ? 'classes' as const : 'exam' as const;
  const submit = () => {
    if (!userId) return showMessage('error', t('chooseUser'));
    if (scopeType && !scopeId) return showMessage('error', scopeType === 'classes' ? t('chooseClass') : t('chooseExam'));
    grant.mutate({ userId, role, scopeType, scopeId: scopeType ? scopeId ?? null : null }, { onSuccess: () => showMessage('success', t('granted')) });
  };

  return (
    <BankFrame title={t('rolesTitle')}>
      <Typography.Paragraph type="secondary">{t('rolesHelp')}</Typography.Paragraph>
      <Card title={t('grantTitle')} size="small" style={{ marginBottom: 16 }}>
        <Form layout="inline" onFinish={submit}>
          <Form.Item label={t('user')} htmlFor="grant-user"><UserPicker id="grant-user" value={userId} onChange={setUserId} /></Form.Item>
          <Form.Item label={t('role')} htmlFor="grant-role">
            <Select id="grant-role" value={role} style={{ width: 120 }} onChange={(r: Role) => { setRole(r); setScopeId(undefined); }}
              options={(['teacher', 'marker', 'invigilator'] as const).map((r) => ({ value: r, label: roleName(r) }))} />
          </Form.Item>
          <Form.Item label={t('scope')} htmlFor="grant-scope">
            <Select id="grant-scope" value={scope} style={{ width: 130 }} onChange={setScope}
              options={[{ value: 'scoped', label: role === 'teacher' ? t('scopeClass') : t('scopeExam') }, { value: 'tenant', label: t('scopeTenant') }]} />
          </Form.Item>
          {scopeType === 'classes' && (
            <Form.Item label={t('classes')} htmlFor="grant-class">
              <Select id="grant-class" showSearch optionFilterProp="label" value={scopeId} onChange={setScopeId} style={{ width: 240 }} placeholder={t('chooseClass')}
                options={(choices.data?.classes ?? []).map((c) => ({ value: c.id, label: c.title }))} />
            </Form.Item>
          )}
          {scopeType === 'exam' && (
            <Form.Item label={t('scope_exam')} htmlFor="grant-exam">
              <Select id="grant-exam" showSearch optionFilterProp="label" value={scopeId} onChange={setScopeId} style={{ width: 240 }} placeholder={t('chooseExam')}
                options={(exams.data?.list ?? []).map((e) => ({ value: e.id, label: e.title }))} />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" loading={grant.isPending}>{t('grant')}</Button>
        </Form>
      </Card>
      <Table<AdminRoleGrant> size="small" data-testid="role-grants" rowKey={(g) => `${g.userId}-${g.role}-${g.scopeType}-${g.scopeId}`} dataSource={grants.data}
        locale={{ emptyText: t('noGrants') }} pagination={{ pageSize: 20, hideOnSinglePage: true }}
        columns={[
          { title: t('user'), key: 'u', render: (_: unknown, g) => `${g.name} (${g.account})` },
          { title: t('role'), dataIndex: 'role', width: 100, render: roleName },
          { title: t('scope'), key: 's', render: (_: unknown, g) => (g.scopeType === null ? t('scopeTenant') : `${t(`scope_${g.scopeType as 'classes' | 'exam' | 'room'}`)}：${g.scopeName ?? g.scopeId}`) },
          { title: t('colActions'), key: 'a', width: 90, render: (_: unknown, g) => (
            <Space>
              <Popconfirm title={t('revokeConfirm', { user: g.name, role: roleName(g.role) })}
                onConfirm={() => revoke.mutate({ userId: g.userId, role: g.role, scopeType: g.scopeType as 'classes' | 'exam' | null, scopeId: g.scopeId }, { onSuccess: () => showMessage('success', t('revoked')) })}>
                <Button size="small">{t('revoke')}</Button>
              </Popconfirm>
            </Space>
          ) },
        ]} />
    </BankFrame>
  );
}
