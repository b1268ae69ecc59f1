// Who does a task (issue 19 part J): users assigned directly (picked one by one, or every current
// member of a class), and for a team task its teams (name, leader, members). Removing someone keeps
// their progress; a team some learners started through cannot be deleted (the server says so).
import { Alert, Button, Card, Divider, Empty, Form, Input, List, Modal, Popconfirm, Radio, Space, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { showMessage } from '../../../components/feedback/feedback';
import { pickRows, useAssign, useDeleteTeam, useSaveTeam, useUnassign, type AdminTask, type PickRow } from '../api/task-admin';
import { findUsers, type UserPick } from '../api/bank';
import { UserPicker } from '../bank/user-picker';
import { PickSelect } from './pick-select';
import { useTaskAdminTexts } from './task-admin-texts';

type Team = AdminTask['teams'][number];
interface Person { userId: number; name: string; account: string }

export function TaskPeopleCard({ task }: { task: AdminTask }) {
  const t = useTaskAdminTexts();
  const assign = useAssign();
  const unassign = useUnassign();
  const [userId, setUserId] = useState<number | undefined>();
  const [cls, setCls] = useState<PickRow | null>(null);
  const loadClasses = useCallback((text: string) => pickRows('classes', text), []);
  const done = (r: AdminTask) => { void r; setUserId(undefined); setCls(null); };

  return (
    <Card title={t('people')} size="small" data-testid="task-people">
      <Typography.Title level={5}>{t('assignees')}</Typography.Title>
      <Space wrap style={{ marginBottom: 8 }}>
        <UserPicker label={t('addUser')} value={userId} onChange={setUserId} />
        <Button disabled={userId === undefined} loading={assign.isPending} data-testid="task-assign-user"
          onClick={() => assign.mutate({ taskId: task.id, userIds: [userId!] }, { onSuccess: (r) => { showMessage('success', t('saved')); done(r); } })}>{t('assign')}</Button>
        <PickSelect label={t('addClass')} placeholder={t('pickClass')} load={loadClasses} value={cls} onChange={setCls} width={220} />
        <Button disabled={!cls} loading={assign.isPending} data-testid="task-assign-class"
          onClick={() => assign.mutate({ taskId: task.id, classesId: cls!.id }, { onSuccess: (r) => { showMessage('success', t('saved')); done(r); } })}>{t('assign')}</Button>
      </Space>
      {assign.isError && <Alert type="error" showIcon message={assign.error.message} style={{ marginBottom: 8 }} />}
      {task.assignees.length === 0 ? <Typography.Paragraph type="secondary">{t('noAssignees')}</Typography.Paragraph> : (
        <List size="small" data-testid="task-assignees" dataSource={task.assignees} style={{ maxWidth: 560 }}
          renderItem={(a) => (
            <List.Item actions={[
              <Popconfirm key="rm" title={t('unassignConfirm', { name: a.name })} okText={t('ok')} cancelText={t('cancel')}
                onConfirm={() => unassign.mutateAsync({ taskId: task.id, userId: a.userId }).then(() => undefined, () => undefined)}>
                <Button autoInsertSpace={false} size="small" type="link" aria-label={`${t('remove')} ${a.name}`}>{t('remove')}</Button>
              </Popconfirm>,
            ]}>{a.name} <Typography.Text type="secondary">({a.account})</Typography.Text></List.Item>
          )} />
      )}
      <Divider />
      <TeamsSection task={task} />
    </Card>
  );
}

function TeamsSection({ task }: { task: AdminTask }) {
  const t = useTaskAdminTexts();
  const remove = useDeleteTeam();
  const [editing, setEditing] = useState<Team | 'new' | null>(null);
  if (task.mode !== 'team') {
    return (<><Typography.Title level={5}>{t('teams')}</Typography.Title><Typography.Paragraph type="secondary">{t('teamsOnlyTeam')}</Typography.Paragraph></>);
  }
  return (
    <>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={5} style={{ margin: 0 }}>{t('teams')}</Typography.Title>
        <Button onClick={() => setEditing('new')} data-testid="task-team-new">{t('newTeam')}</Button>
      </Space>
      {task.teams.length === 0 ? <Empty description={t('noTeams')} image={Empty.PRESENTED_IMAGE_SIMPLE} /> : (
        <List size="small" data-testid="task-teams" dataSource={task.teams} style={{ marginTop: 8 }}
          renderItem={(team) => (
            <List.Item actions={[
              <Button autoInsertSpace={false} key="e" size="small" type="link" onClick={() => setEditing(team)} aria-label={`${t('edit')} ${team.name}`}>{t('edit')}</Button>,
              <Popconfirm key="d" title={t('deleteTeamConfirm', { name: team.name })} okText={t('ok')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutateAsync({ taskId: task.id, id: team.id }).then(() => undefined, () => undefined)}>
                <Button autoInsertSpace={false} size="small" type="link" aria-label={`${t('delete')} ${team.name}`}>{t('delete')}</Button>
              </Popconfirm>,
            ]}>
              <List.Item.Meta title={team.name} description={(
                <Space wrap size={4}>
                  {team.members.map((m) => (
                    <Tag key={m.userId} color={m.role === 'leader' ? 'gold' : undefined}>
                      {m.name}{m.role === 'leader' ? ` · ${t('leaderTag')}` : ''}{m.joined ? ` · ${t('joinedTag')}` : ''}
                    </Tag>
                  ))}
                </Space>
              )} />
            </List.Item>
          )} />
      )}
      {editing && <TeamDialog task={task} team={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function TeamDialog({ task, team, onClose }: { task: AdminTask; team: Team | null; onClose: () => void }) {
  const t = useTaskAdminTexts();
  const save = useSaveTeam();
  const [name, setName] = useState(team?.name ?? '');
  const [members, setMembers] = useState<Person[]>(team?.members.map((m) => ({ userId: m.userId, name: m.name, account: m.account })) ?? []);
  const [leaderId, setLeaderId] = useState<number | null>(team?.leaderId ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  // The bank's user search (UserPicker's call), here with the name kept: a member is listed before the team is saved.
  const loadUsers = useCallback((text: string) => (text ? findUsers(text) : Promise.resolve([] as UserPick[]))
    .then((users) => users.map((u) => ({ id: u.userId, title: `${u.name} (${u.account})`, name: u.name, account: u.account }))), []);

  const addMember = (row: PickRow | null) => {
    const picked = row as (PickRow & { name?: string; account?: string }) | null;
    if (!picked || members.some((m) => m.userId === picked.id)) return;
    setMembers((old) => [...old, { userId: picked.id, name: picked.name ?? picked.title, account: picked.account ?? '' }]);
    if (leaderId === null) setLeaderId(picked.id);
  };
  const submit = () => {
    if (!name.trim()) { setProblem(t('needTeamName')); return; }
    if (leaderId === null) { setProblem(t('needLeader')); return; }
    setProblem(null);
    save.mutate({ taskId: task.id, ...(team ? { id: team.id } : {}), name: name.trim(), leaderId, memberIds: members.map((m) => m.userId).filter((id) => id !== leaderId) },
      { onSuccess: () => { showMessage('success', t('saved')); onClose(); } });
  };

  return (
    <Modal open title={team ? t('editTeam') : t('newTeam')} onCancel={onClose} onOk={submit} okText={t('save')} cancelText={t('cancel')} confirmLoading={save.isPending} destroyOnHidden>
      <Form layout="vertical" onFinish={submit}>
        <Form.Item label={t('teamName')} htmlFor="team-name" required>
          <Input id="team-name" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
        </Form.Item>
        <Form.Item label={t('addMember')} htmlFor="team-add">
          <PickSelect id="team-add" label={t('addMember')} placeholder={t('findUser')} load={loadUsers} value={null} onChange={addMember} width={260} />
        </Form.Item>
        <Form.Item label={`${t('members')} · ${t('leader')}`}>
          <Radio.Group value={leaderId} onChange={(e) => setLeaderId(e.target.value as number)} style={{ width: '100%' }}>
            <List size="small" dataSource={members} locale={{ emptyText: t('noAssignees') }} data-testid="team-members"
              renderItem={(m) => (
                <List.Item actions={[<Button autoInsertSpace={false} key="x" size="small" type="link" aria-label={`${t('remove')} ${m.name}`}
                  onClick={() => { setMembers((old) => old.filter((x) => x.userId !== m.userId)); if (leaderId === m.userId) setLeaderId(null); }}>{t('remove')}</Button>]}>
                  <Radio value={m.userId}>{m.name} <Typography.Text type="secondary">({m.account})</Typography.Text></Radio>
                </List.Item>
              )} />
          </Radio.Group>
        </Form.Item>
        {(problem || save.isError) && <Alert type="error" showIcon message={problem ?? save.error?.message} />}
      </Form>
    </Modal>
  );
}
