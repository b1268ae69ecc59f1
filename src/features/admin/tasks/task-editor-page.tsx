// /sub_admin/tasks/:id (id "new": create): a learning task's editor (issue 19 part J). Basics (title,
// cover through the uploader, summary, body, window, audience, kind, completion rule; points are the
// tenant's rule, shown, never set here), then the contents in order and the people (assignees,
// classes, teams). Every save goes to the server, which checks it and says why it refuses.
import { Alert, Button, Card, Form, Input, InputNumber, Radio, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { showMessage } from '../../../components/feedback/feedback';
import { Uploader } from '../../../components/uploader';
import { useAdminTask, useSaveTask, type AdminTask, type AdminTaskFields } from '../api/task-admin';
import { BankFrame } from '../bank/bank-frame';
import { TaskAdminReadState } from './read-state';
import { useTaskAdminTexts } from './task-admin-texts';
import { TaskContentsCard } from './task-contents-card';
import { TaskPeopleCard } from './task-people-card';
import { WINDOW_COLOR } from './tasks-page';

/** An ISO time as a datetime-local value (local time), and back. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
const fromLocalInput = (v: string) => (v ? new Date(v).toISOString() : null);

function blank(): AdminTaskFields {
  return { title: '', cover: null, summary: null, body: null, startTime: new Date().toISOString(), endTime: null, isPublic: true, mode: 'personal', finishRule: 'all', finishMin: null };
}

const fieldsOf = (task: AdminTask): AdminTaskFields => ({
  title: task.title, cover: task.cover, summary: task.summary, body: task.body, startTime: task.startTime, endTime: task.endTime,
  isPublic: task.isPublic, mode: task.mode, finishRule: task.finishRule, finishMin: task.finishMin,
});

export default function TaskEditorPage() {
  const t = useTaskAdminTexts();
  const { id: raw } = useParams();
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const task = useAdminTask(id);
  if (id === null) return <BankFrame title={t('newTask')}><BasicsCard task={null} /></BankFrame>;
  if (task.data === undefined) return <BankFrame title={t('tasksTitle')}><TaskAdminReadState query={task} /></BankFrame>;
  const data = task.data;
  return (
    <BankFrame title={data.title} extra={(
      <Space>
        <Tag color={WINDOW_COLOR[data.windowState]}>{t(`win_${data.windowState}`)}</Tag>
        <Typography.Text data-testid="task-stats">{t('stats', { joined: data.joinedCount, finished: data.finishedCount })}</Typography.Text>
      </Space>
    )}>
      <Space orientation="vertical" size="large" style={{ width: '100%' }}>
        <BasicsCard task={data} />
        <TaskContentsCard task={data} />
        <TaskPeopleCard task={data} />
      </Space>
    </BankFrame>
  );
}

function PointsLine({ rule }: { rule: AdminTask['pointsRule'] }) {
  const t = useTaskAdminTexts();
  // spec learning §9 (points not shown): ours, docs/growth.md "Points": a task's points are the tenant's task_finish rule, never set per task.
  if (!rule) return <>{t('pointsNone')}</>;
  if (!rule.enabled || rule.points === 0) return <>{t('pointsOff')}</>;
  return <>{t('pointsRule', { points: rule.points, cap: rule.dailyCap ? t('pointsCap', { cap: rule.dailyCap }) : '' })}</>;
}

function BasicsCard({ task }: { task: AdminTask | null }) {
  const t = useTaskAdminTexts();
  const navigate = useNavigate();
  const save = useSaveTask();
  const [v, setV] = useState<AdminTaskFields>(() => (task ? fieldsOf(task) : blank()));
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => { if (task) setV(fieldsOf(task)); }, [task]);
  const set = <K extends keyof AdminTaskFields>(key: K) => (value: AdminTaskFields[K]) => setV((old) => ({ ...old, [key]: value }));
  const modeLocked = (task?.joinedCount ?? 0) > 0;

  const submit = () => {
    if (!v.title.trim()) { setProblem(t('needTitle')); return; }
    setProblem(null);
    save.mutate({ ...(task ? { id: task.id } : {}), task: { ...v, finishMin: v.finishRule === 'at_least' ? (v.finishMin ?? 1) : null } }, {
      onSuccess: (saved) => {
        showMessage('success', task ? t('saved') : t('createdGoOn'));
        if (!task) void navigate(`/sub_admin/tasks/${saved.id}`, { replace: true });
      },
    });
  };

  return (
    <Card title={t('basics')} size="small" data-testid="task-basics">
      <Form layout="vertical" onFinish={submit} style={{ maxWidth: 760 }}>
        <Form.Item label={t('taskTitle')} htmlFor="task-title" required validateStatus={problem ? 'error' : undefined} help={problem ?? undefined}>
          <Input id="task-title" value={v.title} maxLength={60} showCount onChange={(e) => set('title')(e.target.value)} />
        </Form.Item>
        <Form.Item label={t('cover')} htmlFor="task-cover">
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Input id="task-cover" aria-label={t('coverUrl')} value={v.cover ?? ''} maxLength={1000} placeholder="/uploads/… https://…" onChange={(e) => set('cover')(e.target.value || null)} />
            <Uploader key={v.cover ?? ''} kind="image" limit={1} value={v.cover ? [v.cover] : []} onChange={(urls) => set('cover')(urls[0] ?? null)} />
          </Space>
        </Form.Item>
        <Form.Item label={t('summary')} htmlFor="task-summary">
          <Input.TextArea id="task-summary" rows={2} maxLength={200} showCount value={v.summary ?? ''} onChange={(e) => set('summary')(e.target.value || null)} />
        </Form.Item>
        <Form.Item label={t('body')} htmlFor="task-body" extra={t('bodyHelp')}>
          <Input.TextArea id="task-body" rows={5} maxLength={20000} value={v.body ?? ''} onChange={(e) => set('body')(e.target.value || null)} />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item label={t('start')} htmlFor="task-start" required>
            <Input id="task-start" type="datetime-local" value={toLocalInput(v.startTime)} onChange={(e) => set('startTime')(fromLocalInput(e.target.value) ?? v.startTime)} />
          </Form.Item>
          <Form.Item label={t('end')} htmlFor="task-end" extra={t('endHelp')}>
            <Input id="task-end" type="datetime-local" value={toLocalInput(v.endTime)} onChange={(e) => set('endTime')(fromLocalInput(e.target.value))} />
          </Form.Item>
        </Space>
        <Form.Item label={t('audience')}>
          <Radio.Group value={v.isPublic} onChange={(e) => set('isPublic')(e.target.value as boolean)}>
            <Radio value>{t('audiencePublic')}</Radio>
            <Radio value={false}>{t('audienceAssigned')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('mode')} extra={modeLocked ? t('modeLocked') : undefined}>
          <Radio.Group value={v.mode} disabled={modeLocked} onChange={(e) => set('mode')(e.target.value as 'personal' | 'team')}>
            <Radio value="personal">{t('modePersonal')}</Radio>
            <Radio value="team">{t('modeTeam')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('rule')} extra={t('ruleHelp')}>
          <Radio.Group value={v.finishRule} onChange={(e) => set('finishRule')(e.target.value as 'all' | 'at_least')}>
            <Space orientation="vertical">
              <Radio value="all">{t('ruleAll')}</Radio>
              <Radio value="at_least">
                <Space>
                  {t('ruleAtLeast')}
                  <InputNumber aria-label={`${t('ruleAtLeast')} N ${t('ruleAtLeastUnit')}`} min={1} max={50} size="small" value={v.finishMin ?? 1} disabled={v.finishRule !== 'at_least'}
                    onChange={(n) => set('finishMin')(n ?? 1)} />
                  {t('ruleAtLeastUnit')}
                </Space>
              </Radio>
            </Space>
          </Radio.Group>
        </Form.Item>
        {task && (
          <Form.Item label={t('points')}>
            <Typography.Text type="secondary" data-testid="task-points"><PointsLine rule={task.pointsRule} /></Typography.Text>
          </Form.Item>
        )}
        {save.isError && <Alert type="error" showIcon message={save.error.message} style={{ marginBottom: 12 }} />}
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="task-save">{task ? t('save') : t('newTask')}</Button>
      </Form>
    </Card>
  );
}
