// /sub_admin/aiAssistants (issue 21 part D, ours; docs/ai.md D): the back office's AI 助手与应用.
// Two tables: the assistants (avatar, name, what they search, applications, enabled) and the
// applications (icon, name, assistant, task, runs, enabled), each with edit, delete and order
// (up/down). An assistant with applications cannot be deleted (the server says why). The server
// decides who may (asBackOfficeAdmin); a learner who opens the address is told plainly.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApplicationIcon, AssistantAvatar } from '../../../components/assistant-avatar';
import { showMessage } from '../../../components/feedback/feedback';
import { useAppStore } from '../../../stores/app-store';
import { ReadState } from '../bank/bank-frame';
import {
  deleteApplication, deleteAssistant, getOverview, sortApplications, sortAssistants, type AdminOverview, type ApplicationAdminRow, type AssistantAdminRow,
} from './assistants-api';
import { ApplicationEditor } from './assistants-app-editor';
import { AssistantEditor } from './assistants-editor';
import { useAdminAssistantsTexts } from './assistants-texts';

type Editing<T> = { row: T | null } | null;

/** The ids with the one at `index` moved by `by` (−1 up, +1 down). */
const moved = (ids: number[], index: number, by: -1 | 1) => {
  const next = [...ids];
  [next[index], next[index + by]] = [next[index + by]!, next[index]!];
  return next;
};

function OrderButtons({ index, count, name, onMove }: { index: number; count: number; name: string; onMove: (by: -1 | 1) => void }) {
  const t = useAdminAssistantsTexts();
  return (
    <>
      <Button size="small" autoInsertSpace={false} disabled={index === 0} onClick={() => onMove(-1)} aria-label={t('moveUp', { name })}>{t('up')}</Button>
      <Button size="small" autoInsertSpace={false} disabled={index === count - 1} onClick={() => onMove(1)} aria-label={t('moveDown', { name })}>{t('down')}</Button>
    </>
  );
}

function Tables({ data }: { data: AdminOverview }) {
  const t = useAdminAssistantsTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const client = useQueryClient();
  const [assistant, setAssistant] = useState<Editing<AssistantAdminRow>>(null);
  const [application, setApplication] = useState<Editing<ApplicationAdminRow>>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['admin-ai-assistants', tenantId] });
  const act = useMutation({ mutationFn: (work: () => Promise<unknown>) => work(), onSuccess: () => void refresh() });
  const saved = (close: () => void) => () => { showMessage('success', t('saved')); close(); void refresh(); };
  // Delete is a plain button with a red confirm: antd's dark danger text reads under 4.5:1 (axe color-contrast).
  const confirmDelete = (title: string, work: () => Promise<unknown>) => Modal.confirm({
    title, okText: t('confirm'), cancelText: t('cancel'), okButtonProps: { danger: true },
    onOk: () => act.mutateAsync(work).then(() => showMessage('success', t('removed'))),
  });
  const state = (enabled: boolean) => <Tag color={enabled ? 'green' : undefined}>{enabled ? t('enabled') : t('disabled')}</Tag>;
  const assistantIds = data.assistants.map((a) => a.id);
  const applicationIds = data.applications.map((a) => a.id);
  return (
    <>
      <section aria-labelledby="ai-assistants-title">
        <Space style={{ justifyContent: 'space-between', width: '100%', marginBottom: 8 }}>
          <h2 id="ai-assistants-title" style={{ fontSize: 16, margin: 0 }}>{t('assistants')}</h2>
          <Button type="primary" onClick={() => setAssistant({ row: null })}>{t('addAssistant')}</Button>
        </Space>
        <Table<AssistantAdminRow>
          rowKey="id" size="small" dataSource={data.assistants} pagination={false} data-testid="admin-assistants" locale={{ emptyText: t('noAssistants') }}
          columns={[
            { key: 'name', title: t('col_name'), render: (_, r) => <Space><AssistantAvatar avatar={r.avatar} size={28} />{r.name}</Space> },
            { key: 'kinds', title: t('col_kinds'), render: (_, r) => r.kinds.map((k) => <Tag key={k}>{t(`kind_${k}`)}</Tag>) },
            { key: 'apps', title: t('col_apps'), dataIndex: 'applicationCount', align: 'right' },
            { key: 'state', title: t('col_state'), render: (_, r) => state(r.enabled) },
            {
              key: 'actions', title: t('col_actions'), render: (_, r, i) => (
                <Space wrap size={4}>
                  <Button size="small" autoInsertSpace={false} onClick={() => setAssistant({ row: r })} aria-label={t('editOf', { name: r.name })}>{t('edit')}</Button>
                  <OrderButtons index={i} count={assistantIds.length} name={r.name} onMove={(by) => act.mutate(() => sortAssistants(moved(assistantIds, i, by)))} />
                  <Button size="small" autoInsertSpace={false} onClick={() => confirmDelete(t('confirmRemoveAssistant', { name: r.name }), () => deleteAssistant(r.id))} aria-label={t('removeOf', { name: r.name })}>{t('remove')}</Button>
                </Space>
              ),
            },
          ]}
        />
      </section>
      <section aria-labelledby="ai-applications-title" style={{ marginTop: 24 }}>
        <Space style={{ justifyContent: 'space-between', width: '100%', marginBottom: 8 }}>
          <h2 id="ai-applications-title" style={{ fontSize: 16, margin: 0 }}>{t('applications')}</h2>
          <Button type="primary" disabled={data.assistants.length === 0} onClick={() => setApplication({ row: null })}>{t('addApplication')}</Button>
        </Space>
        <Table<ApplicationAdminRow>
          rowKey="id" size="small" dataSource={data.applications} pagination={false} data-testid="admin-applications" locale={{ emptyText: t('noApplications') }}
          columns={[
            { key: 'name', title: t('col_name'), render: (_, r) => <Space><ApplicationIcon icon={r.icon} size={28} />{r.name}</Space> },
            { key: 'assistant', title: t('col_assistant'), dataIndex: 'assistantName' },
            { key: 'task', title: t('col_task'), render: (_, r) => t(`task_${r.task}`) },
            { key: 'runs', title: t('col_runs'), dataIndex: 'runCount', align: 'right' },
            { key: 'state', title: t('col_state'), render: (_, r) => state(r.enabled) },
            {
              key: 'actions', title: t('col_actions'), render: (_, r, i) => (
                <Space wrap size={4}>
                  <Button size="small" autoInsertSpace={false} onClick={() => setApplication({ row: r })} aria-label={t('editOf', { name: r.name })}>{t('edit')}</Button>
                  <OrderButtons index={i} count={applicationIds.length} name={r.name} onMove={(by) => act.mutate(() => sortApplications(moved(applicationIds, i, by)))} />
                  <Button size="small" autoInsertSpace={false} onClick={() => confirmDelete(t('confirmRemoveApplication', { name: r.name, n: r.runCount }), () => deleteApplication(r.id))} aria-label={t('removeOf', { name: r.name })}>{t('remove')}</Button>
                </Space>
              ),
            },
          ]}
        />
      </section>
      {assistant && <AssistantEditor open row={assistant.row} onClose={() => setAssistant(null)} onSaved={saved(() => setAssistant(null))} />}
      {application && <ApplicationEditor open row={application.row} assistants={data.assistants} onClose={() => setApplication(null)} onSaved={saved(() => setApplication(null))} />}
    </>
  );
}

export default function AdminAssistantsPage() {
  const t = useAdminAssistantsTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const overview = useQuery({ queryKey: ['admin-ai-assistants', tenantId], queryFn: ({ signal }) => getOverview(signal), retry: false });
  return (
    <div className="admin-page" style={{ padding: '24px 0 48px' }} data-testid="admin-ai-assistants">
      <nav aria-label={t('title')} style={{ marginBottom: 8 }}><Link to="/sub_admin/myAdmin">{t('back')}</Link></nav>
      <h1 style={{ fontSize: 22, margin: '0 0 8px' }}>{t('title')}</h1>
      <p style={{ marginTop: 0 }}>{t('intro')}</p>
      {overview.data ? <Tables data={overview.data} /> : <ReadState query={overview} />}
    </div>
  );
}
