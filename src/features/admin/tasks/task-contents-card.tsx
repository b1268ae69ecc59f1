// A task's contents in order (issue 19 part J): courses, contents or exams of the tenant picked by
// title, a required flag each, reordered by dragging or with Up and Down; saved together. A kept
// content keeps its learners' progress; removing one some learners finished never undoes their
// finished task (docs/growth.md "Tasks": finished never reverts).
import { HolderOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Empty, Select, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { showMessage } from '../../../components/feedback/feedback';
import { pickRows, useSaveContents, type AdminTask, type PickRow, type TaskContentKind } from '../api/task-admin';
import { PickSelect } from './pick-select';
import { useTaskAdminTexts } from './task-admin-texts';

interface Row { kind: TaskContentKind; refId: number; title: string; required: boolean; startedCount: number; finishedCount: number }

const rowsOf = (task: AdminTask): Row[] => task.contents.map((c) => ({ kind: c.kind, refId: c.refId, title: c.title, required: c.required, startedCount: c.startedCount, finishedCount: c.finishedCount }));
const sameRows = (a: Row[], b: Row[]) => a.length === b.length && a.every((r, i) => r.kind === b[i]!.kind && r.refId === b[i]!.refId && r.required === b[i]!.required);

/** `rows` with the item at `from` moved to `to`. */
export function moveRow<T>(rows: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= rows.length || from === to) return [...rows];
  const next = [...rows];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export function TaskContentsCard({ task }: { task: AdminTask }) {
  const t = useTaskAdminTexts();
  const save = useSaveContents();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(task));
  const [kind, setKind] = useState<TaskContentKind>('content');
  const [picked, setPicked] = useState<PickRow | null>(null);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  useEffect(() => setRows(rowsOf(task)), [task]);
  const load = useCallback((text: string) => pickRows(kind, text), [kind]);
  const dirty = !sameRows(rows, rowsOf(task));
  const anyFinished = rows.some((r) => r.finishedCount > 0);

  const add = () => {
    if (!picked) return;
    if (!rows.some((r) => r.kind === kind && r.refId === picked.id)) {
      setRows((old) => [...old, { kind, refId: picked.id, title: picked.title, required: true, startedCount: 0, finishedCount: 0 }]);
    }
    setPicked(null);
  };
  const submit = () => save.mutate(
    { taskId: task.id, contents: rows.map(({ kind: k, refId, required }) => ({ kind: k, refId, required })) },
    { onSuccess: () => showMessage('success', t('saved')) },
  );

  return (
    <Card title={t('contents')} size="small" data-testid="task-contents">
      {rows.length === 0 ? <Empty description={t('noContents')} image={Empty.PRESENTED_IMAGE_SIMPLE} /> : (
        <>
          <Typography.Paragraph type="secondary">{t('dragHint')}{anyFinished ? ` ${t('removeFinishedNote')}` : ''}</Typography.Paragraph>
          <ol className="task-admin-contents" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {rows.map((r, i) => (
              <li key={`${r.kind}:${r.refId}`} data-testid="task-content-row" draggable
                onDragStart={(e) => { setDragFrom(i); e.dataTransfer.effectAllowed = 'move'; }}
                onDragOver={(e) => { if (dragFrom !== null) e.preventDefault(); }}
                onDrop={(e) => { e.preventDefault(); if (dragFrom !== null) setRows((old) => moveRow(old, dragFrom, i)); setDragFrom(null); }}
                onDragEnd={() => setDragFrom(null)}
                style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '6px 4px', borderBottom: '1px solid var(--ant-color-split, rgba(5,5,5,0.06))', opacity: dragFrom === i ? 0.5 : 1 }}>
                <HolderOutlined aria-label={t('dragHandle', { title: r.title })} style={{ cursor: 'grab' }} />
                <Typography.Text style={{ minWidth: 24 }}>{i + 1}.</Typography.Text>
                <Tag>{t(`kind_${r.kind}`)}</Tag>
                <Typography.Text style={{ flex: 1 }} ellipsis={{ tooltip: r.title }}>{r.title}</Typography.Text>
                {(r.startedCount > 0 || r.finishedCount > 0) && <Typography.Text type="secondary">{t('progressOf', { started: r.startedCount, finished: r.finishedCount })}</Typography.Text>}
                <Checkbox checked={r.required} aria-label={t('requiredOf', { title: r.title })}
                  onChange={(e) => setRows((old) => old.map((x, j) => (j === i ? { ...x, required: e.target.checked } : x)))}>{t('required')}</Checkbox>
                <Button autoInsertSpace={false} size="small" aria-label={t('moveUp', { title: r.title })} disabled={i === 0} onClick={() => setRows((old) => moveRow(old, i, i - 1))}>{t('up')}</Button>
                <Button autoInsertSpace={false} size="small" aria-label={t('moveDown', { title: r.title })} disabled={i === rows.length - 1} onClick={() => setRows((old) => moveRow(old, i, i + 1))}>{t('down')}</Button>
                <Button autoInsertSpace={false} size="small" aria-label={t('removeItem', { title: r.title })} onClick={() => setRows((old) => old.filter((_, j) => j !== i))}>{t('remove')}</Button>
              </li>
            ))}
          </ol>
        </>
      )}
      <Space wrap style={{ marginTop: 12 }}>
        <Select<TaskContentKind> aria-label={t('addKind')} value={kind} style={{ width: 110 }} onChange={(k) => { setKind(k); setPicked(null); }}
          options={(['course', 'content', 'exam'] as const).map((k) => ({ value: k, label: t(`kind_${k}`) }))} />
        <PickSelect key={kind} label={t('addPick', { kind: t(`kind_${kind}`) })} load={load} value={picked} onChange={setPicked} />
        <Button onClick={add} disabled={!picked} data-testid="task-content-add">{t('add')}</Button>
      </Space>
      {dirty && <Alert type="info" showIcon message={t('contentsDirty')} style={{ marginTop: 12 }} />}
      {save.isError && <Alert type="error" showIcon message={save.error.message} style={{ marginTop: 12 }} />}
      <div style={{ marginTop: 12 }}>
        <Button type="primary" onClick={submit} disabled={!dirty} loading={save.isPending} data-testid="task-contents-save">{t('saveContents')}</Button>
      </div>
    </Card>
  );
}
