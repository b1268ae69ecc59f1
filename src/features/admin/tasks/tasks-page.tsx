// /sub_admin/tasks: the tenant's learning tasks (issue 19 part J): window state, joined and finished
// counts, title search and a state filter; create (opens the editor), close early, delete while
// nobody joined. The server decides who may (tenantType 1 and adminAuth) and says why it refuses.
import { Button, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { showMessage } from '../../../components/feedback/feedback';
import { useAdminTasks, useCloseTask, useDeleteTask, type AdminTaskRow, type TaskWindowState } from '../api/task-admin';
import { BankFrame } from '../bank/bank-frame';
import { TaskAdminReadState } from './read-state';
import { useTaskAdminTexts } from './task-admin-texts';

export const WINDOW_COLOR: Record<TaskWindowState, string> = { upcoming: 'blue', open: 'green', closed: 'default' };

/** A time as the back-office lists it (short date and time, the viewer's zone). */
export const shortTime = (v: string | null) => (v ? new Date(v).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' }) : '');

export default function TasksPage() {
  const t = useTaskAdminTexts();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [windowState, setWindowState] = useState<TaskWindowState | undefined>();
  const [pageNo, setPageNo] = useState(1);
  const tasks = useAdminTasks({ text: text.trim() || undefined, windowState, pageNo, pageSize: 20 });
  const close = useCloseTask();
  const remove = useDeleteTask();

  return (
    <BankFrame title={t('tasksTitle')} extra={<Button type="primary" onClick={() => void navigate('/sub_admin/tasks/new')} data-testid="task-new">{t('newTask')}</Button>}>
      <Space style={{ marginBottom: 8 }} wrap>
        <Input.Search aria-label={t('searchTasks')} placeholder={t('searchTasks')} allowClear onSearch={(v) => { setText(v); setPageNo(1); }} style={{ width: 260 }} />
        <Select<TaskWindowState | ''> aria-label={t('windowFilter')} value={windowState ?? ''} style={{ width: 140 }}
          onChange={(v) => { setWindowState(v || undefined); setPageNo(1); }}
          options={[{ value: '', label: t('anyWindow') }, ...(['upcoming', 'open', 'closed'] as const).map((w) => ({ value: w, label: t(`win_${w}`) }))]} />
      </Space>
      {tasks.data === undefined ? <TaskAdminReadState query={tasks} /> : (
        <Table<AdminTaskRow> size="small" rowKey="id" dataSource={tasks.data.list} loading={tasks.isFetching} locale={{ emptyText: t('noTasks') }}
          data-testid="task-admin-list" scroll={{ x: 900 }}
          pagination={{ current: pageNo, pageSize: 20, total: tasks.data.total, onChange: setPageNo, showSizeChanger: false, showTotal: (total) => t('paging', { total }) }}
          columns={[
            { title: t('colTitle'), dataIndex: 'title', render: (title: string, r) => <Link to={`/sub_admin/tasks/${r.id}`}>{title}</Link> },
            { title: t('colWindow'), key: 'w', width: 250, render: (_: unknown, r) => `${shortTime(r.startTime)} – ${r.endTime ? shortTime(r.endTime) : t('forever')}` },
            { title: t('colState'), dataIndex: 'windowState', width: 90, render: (w: TaskWindowState) => <Tag color={WINDOW_COLOR[w]}>{t(`win_${w}`)}</Tag> },
            { title: t('colAudience'), key: 'a', width: 110, render: (_: unknown, r) => (r.mode === 'team' ? t('team') : r.isPublic ? t('public') : t('assigned')) },
            { title: t('colContents'), dataIndex: 'contentCount', width: 70 },
            { title: t('colJoined'), dataIndex: 'joinedCount', width: 70 },
            { title: t('colFinished'), dataIndex: 'finishedCount', width: 70 },
            {
              title: t('colActions'), key: 'x', width: 200, render: (_: unknown, r) => (
                <Space size="small">
                  <Link to={`/sub_admin/tasks/${r.id}`}>{t('edit')}</Link>
                  {r.windowState !== 'closed' && (
                    <Popconfirm title={t('closeConfirm', { title: r.title })} okText={t('ok')} cancelText={t('cancel')}
                      onConfirm={() => close.mutateAsync(r.id).then(() => showMessage('success', t('closed')), () => undefined)}>
                      <Button size="small" type="link">{t('close')}</Button>
                    </Popconfirm>
                  )}
                  {r.joinedCount === 0 ? (
                    <Popconfirm title={t('deleteConfirm', { title: r.title })} okText={t('ok')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
                      onConfirm={() => remove.mutateAsync(r.id).then(() => showMessage('success', t('deleted')), () => undefined)}>
                      <Button size="small" type="link">{t('delete')}</Button>
                    </Popconfirm>
                  ) : <Button size="small" type="link" disabled title={t('deleteLocked')}>{t('delete')}</Button>}
                </Space>
              ),
            },
          ]} />
      )}
    </BankFrame>
  );
}
