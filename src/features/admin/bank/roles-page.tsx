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
type ScopeChoice = 'tenant' | 'classes' | 'exam' | 'room' | 'match';
const SCOPES: Record<Role, ScopeChoice[]> = { teacher: ['classes', 'room', 'tenant'], marker: ['exam', 'match', 'tenant'], invigilator: ['exam', 'tenant'] };
const SCOPE_LABEL = { classes: 'scopeClass', exam: 'scopeExam', room: 'scopeRoom', match: 'scopeMatch', tenant: 'scopeTenant' } as const;
const CHOOSE = { classes: 'chooseClass', exam: 'chooseExam', room: 'chooseRoom', match: 'chooseMatch' } as const;

export default function RolesPage() {
  const t = useBankTexts();
  const grants = useGrants();
  const choices = useBuilderChoices();
  const exams = useAdminExams({ pageNo: 1, pageSize: 200 });
  const grant = useGrant();
  const revoke = useRevoke();
  const [userId, setUserId] = useState<number | undefined>();
  const [role, setRole] = useState<Role>('teacher');
  // Issue 19 part I: a teacher may also be granted one live room, a marker one competition (its judge).
  const [scope, setScope] = useState<ScopeChoice>('classes');
  const [scopeId, setScopeId] = useState<number | undefined>();
  const roleName = (r: string) => t(`role_${r as Role}`);

  if (grants.data === undefined) return <BankFrame title={t('rolesTitle')}><ReadState query={grants} /></BankFrame>;
  const scopeType = scope === 'tenant' ? null : scope;
  const scopeOptions = { classes: choices.data?.classes ?? [], exam: exams.data?.list ?? [], room: choices.data?.rooms ?? [], match: choices.data?.matches ?? [] };
  const submit = () => {
    if (!userId) return showMessage('error', t('chooseUser'));
    if (scopeType && !scopeId) return showMessage('error', t(CHOOSE[scopeType]));
    grant.mutate({ userId, role, scopeType, scopeId: scopeType ? scopeId ?? null : null }, { onSuccess: () => showMessage('success', t('granted')) });
  };

  return (
    <BankFrame title={t('rolesTitle')}>
      <Typography.Paragraph type="secondary">{t('rolesHelp')}</Typography.Paragraph>
      <Card title={t('grantTitle')} size="small" style={{ marginBottom: 16 }}>
        <Form layout="inline" onFinish={submit}>
          <Form.Item label={t('user')} htmlFor="grant-user"><UserPicker id="grant-user" value={userId} onChange={setUserId} /></Form.Item>
          <Form.Item label={t('role')} htmlFor="grant-role">
            <Select id="grant-role" value={role} style={{ width: 120 }} onChange={(r: Role) => { setRole(r); setScope(SCOPES[r][0]!); setScopeId(undefined); }}
              options={(['teacher', 'marker', 'invigilator'] as const).map((r) => ({ value: r, label: roleName(r) }))} />
          </Form.Item>
          <Form.Item label={t('scope')} htmlFor="grant-scope">
            <Select id="grant-scope" value={scope} style={{ width: 140 }} onChange={(v: ScopeChoice) => { setScope(v); setScopeId(undefined); }}
              options={SCOPES[role].map((v) => ({ value: v, label: t(SCOPE_LABEL[v]) }))} />
          </Form.Item>
          {scopeType && (
            <Form.Item label={scopeType === 'classes' ? t('classes') : t(`scope_${scopeType}`)} htmlFor={`grant-${scopeType === 'classes' ? 'class' : scopeType}`}>
              <Select id={`grant-${scopeType === 'classes' ? 'class' : scopeType}`} showSearch optionFilterProp="label" value={scopeId} onChange={setScopeId} style={{ width: 240 }}
                placeholder={t(CHOOSE[scopeType])} options={scopeOptions[scopeType].map((c) => ({ value: c.id, label: c.title }))} />
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
          { title: t('scope'), key: 's', render: (_: unknown, g) => (g.scopeType === null ? t('scopeTenant') : `${t(`scope_${g.scopeType as 'classes' | 'exam' | 'room' | 'match'}`)}：${g.scopeName ?? g.scopeId}`) },
          { title: t('colActions'), key: 'a', width: 90, render: (_: unknown, g) => (
            <Space>
              <Popconfirm title={t('revokeConfirm', { user: g.name, role: roleName(g.role) })}
                onConfirm={() => revoke.mutate({ userId: g.userId, role: g.role, scopeType: g.scopeType as GrantInput['scopeType'], scopeId: g.scopeId }, { onSuccess: () => showMessage('success', t('revoked')) })}>
                <Button size="small">{t('revoke')}</Button>
              </Popconfirm>
            </Space>
          ) },
        ]} />
    </BankFrame>
  );
}
