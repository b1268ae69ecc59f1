// /archives/autonomyStudy (spec learning §2 "Archives"; issue 19 part D): the self-directed study the
// learner logs (title, kind, day, minutes, note, an optional file), listed newest day first with a
// kind filter and paging; logged, edited and deleted here. Our rules (docs/growth.md "Archives"):
// title 2–60 characters, 1–720 minutes an entry and a day, the day not after today; the server
// decides again and its refusal (the day's limit) shows as the form's message.
import { Button, DatePicker, Empty, Form, Input, InputNumber, Modal, Pagination, Popconfirm, Select, Skeleton, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  AUTONOMY_MINUTES_MAX, AUTONOMY_NOTE_MAX, AUTONOMY_TITLE_MAX, AUTONOMY_TITLE_MIN, useAutonomyList, useAutonomyMutations,
  type AutonomyEntry, type AutonomyKind,
} from '../../../api/archives';
import { ApiError } from '../../../api/client';
import { FileAttachments, FileLinks, type AttachedFile } from '../../../components/file-attachments';
import { showMessage } from '../../../components/feedback/feedback';
import { PAGE_SIZE_OPTIONS } from '../../../lib/constants';
import { LoadError } from '../components/archive-parts';
import { duration, useArchivesTexts } from '../components/archives-texts';
import '../components/archives.css';

const KINDS: readonly AutonomyKind[] = ['book', 'video', 'offline', 'practice', 'other'];

interface FormValues {
  title: string;
  kind: AutonomyKind;
  studyDate: Dayjs;
  minutes: number;
  note?: string;
}

/** The log or edit dialog. */
function EntryDialog({ entry, onClose }: { entry: AutonomyEntry | null | 'new'; onClose(): void }) {
  const t = useArchivesTexts();
  const { save } = useAutonomyMutations();
  const [form] = Form.useForm<FormValues>();
  const editing = entry !== null && entry !== 'new' ? entry : null;
  const [files, setFiles] = useState<AttachedFile[]>(editing?.attachment ? [editing.attachment] : []);
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = async (v: FormValues) => {
    setServerError(null);
    try {
      const saved = await save.mutateAsync({
        ...(editing ? { id: editing.id } : {}), title: v.title.trim(), kind: v.kind, studyDate: v.studyDate.format('YYYY-MM-DD'),
        minutes: v.minutes, note: (v.note ?? '').trim(), attachment: files[0] ?? null,
      });
      showMessage('success', editing ? t('saved') : saved.points > 0 ? t('loggedPoints', { n: saved.points }) : t('logged'));
      onClose();
    } catch (e) {
      // The catalogue already showed it; the form keeps it beside the fields too.
      setServerError(e instanceof ApiError ? e.message : t('loadFailed'));
    }
  };

  return (
    <Modal
      open title={editing ? t('edit') : t('add')} onCancel={onClose} okText={t('save')} cancelText={t('cancel')}
      confirmLoading={save.isPending} onOk={() => form.submit()} destroyOnHidden data-testid="autonomy-dialog"
    >
      <Form
        form={form} layout="vertical" onFinish={(v) => void submit(v)}
        initialValues={editing
          ? { title: editing.title, kind: editing.kind, studyDate: dayjs(editing.studyDate), minutes: editing.minutes, note: editing.note }
          : { kind: 'book', studyDate: dayjs(), minutes: 30 }}
      >
        <Form.Item
          name="title" label={t('formTitle')} extra={t('formTitleHint', { min: AUTONOMY_TITLE_MIN, max: AUTONOMY_TITLE_MAX })}
          rules={[{
            validator: (_, value: string | undefined) => {
              const n = (value ?? '').trim().length;
              return n >= AUTONOMY_TITLE_MIN && n <= AUTONOMY_TITLE_MAX ? Promise.resolve() : Promise.reject(new Error(t('needTitle', { min: AUTONOMY_TITLE_MIN, max: AUTONOMY_TITLE_MAX })));
            },
          }]}
        >
          <Input maxLength={AUTONOMY_TITLE_MAX} data-testid="autonomy-title" />
        </Form.Item>
        <Form.Item name="kind" label={t('formKind')}>
          <Select options={KINDS.map((k) => ({ value: k, label: t(k) }))} data-testid="autonomy-kind" />
        </Form.Item>
        <Form.Item
          name="studyDate" label={t('formDate')}
          rules={[
            { required: true, message: t('needDate') },
            // Our rule: self-directed study is logged after it happened.
            { validator: (_, value: Dayjs | undefined) => (value && value.isAfter(dayjs(), 'day') ? Promise.reject(new Error(t('futureDate'))) : Promise.resolve()) },
          ]}
        >
          <DatePicker disabledDate={(d) => d.isAfter(dayjs(), 'day')} allowClear={false} data-testid="autonomy-date" />
        </Form.Item>
        <Form.Item
          name="minutes" label={t('formMinutes')}
          rules={[{ required: true, type: 'integer', min: 1, max: AUTONOMY_MINUTES_MAX, message: t('needMinutes', { max: AUTONOMY_MINUTES_MAX }) }]}
        >
          <InputNumber min={1} max={AUTONOMY_MINUTES_MAX} precision={0} style={{ width: 160 }} data-testid="autonomy-minutes" />
        </Form.Item>
        <Form.Item name="note" label={t('formNote')}>
          <Input.TextArea rows={3} maxLength={AUTONOMY_NOTE_MAX} showCount data-testid="autonomy-note" />
        </Form.Item>
        <div style={{ marginBottom: 4 }}>{t('formAttachment')}</div>
        <FileAttachments value={files} onChange={setFiles} max={1} testId="autonomy-files" />
        {serverError && <p role="alert" className="archives-row__meta" style={{ color: 'var(--portal-error, #cf1322)', marginTop: 12 }} data-testid="autonomy-error">{serverError}</p>}
      </Form>
    </Modal>
  );
}

export default function AutonomyStudyPage() {
  const t = useArchivesTexts();
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const [kind, setKind] = useState<AutonomyKind | undefined>(undefined);
  const [dialog, setDialog] = useState<AutonomyEntry | null | 'new'>(null);
  const query = useAutonomyList({ pageNo, pageSize, kind });
  const { remove } = useAutonomyMutations();

  return (
    <div className="archives-page" data-testid="autonomy-study">
      <p><Link to="/archives">{t('back')}</Link></p>
      <div className="archives-head">
        <h1 className="archives-title">{t('autonomyTitle')}</h1>
        <Button type="primary" onClick={() => setDialog('new')} data-testid="autonomy-add">{t('add')}</Button>
      </div>
      <p className="archives-intro">{t('autonomyIntro')}</p>
      <section className="archives-panel" aria-label={t('autonomyTitle')}>
        <div className="archives-filters">
          <Select
            aria-label={t('kind')} style={{ width: 150 }} value={kind ?? 'all'}
            options={[{ value: 'all', label: t('kindAll') }, ...KINDS.map((k) => ({ value: k, label: t(k) }))]}
            onChange={(v) => { setKind(KINDS.find((k) => k === v)); setPageNo(1); }}
          />
          {query.isSuccess && (
            <span className="archives-row__meta" data-testid="autonomy-total">
              {t('autonomyTotal', { n: query.data.total, time: duration(query.data.totalMinutes * 60, t) })}
            </span>
          )}
        </div>
        {query.isPending && <Skeleton active paragraph={{ rows: 5 }} />}
        {query.isError && <LoadError message={query.error.message} onRetry={() => void query.refetch()} testId="autonomy-load-error" />}
        {query.isSuccess && (query.data.list.length === 0 ? (
          <Empty description={<><div>{t('noAutonomy')}</div><div>{t('noAutonomyHint')}</div></>} />
        ) : (
          <div aria-busy={query.isFetching}>
            <ul className="archives-list" data-testid="autonomy-list">
              {query.data.list.map((e) => (
                <li key={e.id} className="archives-row" data-testid="autonomy-entry" data-id={e.id}>
                  <div className="archives-row__main">
                    <div className="archives-row__title"><Tag color="green">{t(e.kind)}</Tag> {e.title}</div>
                    <p className="archives-row__meta">{e.studyDate} · {t('minutesUnit', { n: e.minutes })}{e.note ? ` · ${e.note}` : ''}</p>
                    {e.attachment && <FileLinks files={[e.attachment]} />}
                  </div>
                  <Button onClick={() => setDialog(e)} data-testid="autonomy-edit">{t('edit')}</Button>
                  <Popconfirm
                    title={t('deleteConfirm', { title: e.title })} okText={t('ok')} cancelText={t('cancel')} okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutateAsync(e.id).then(() => showMessage('success', t('deleted')), () => undefined)}
                  >
                    <Button data-testid="autonomy-delete">{t('delete')}</Button>
                  </Popconfirm>
                </li>
              ))}
            </ul>
            <Pagination
              style={{ marginTop: 16, justifyContent: 'center' }} current={pageNo} pageSize={pageSize} total={query.data.total}
              pageSizeOptions={PAGE_SIZE_OPTIONS.map(String)} showSizeChanger onChange={(p, s) => { setPageNo(s === pageSize ? p : 1); setPageSize(s); }}
            />
          </div>
        ))}
      </section>
      {dialog !== null && <EntryDialog entry={dialog} onClose={() => setDialog(null)} />}
    </div>
  );
}
