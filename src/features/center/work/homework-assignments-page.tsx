// /user/center/work/myZuoye (spec learning §2 "Personal center" work; issue 18 "Teachers: myZuoye"):
// the assignments of the classes I teach, newest first, with how many handed in, wait for marking,
// were returned and are marked; set or edit one in a drawer (class, title, instructions,
// attachments, deadline, points, late work), close or reopen it, and go to its marking queue.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Drawer, Empty, Form, Input, InputNumber, List, Popconfirm, Select, Space, Switch, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  closeHomework, getTeachingClasses, getTeachingHomework, HOMEWORK_FILES_MAX, homeworkPath, saveHomework, type HomeworkFile, type TeachingHomeworkItem,
} from '../../../api/homework';
import { FileAttachments } from '../../../components/file-attachments';
import { showMessage } from '../../../components/feedback/feedback';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { CenterLayout } from '../components/center-layout';
import { useCenterHomeworkTexts } from '../components/homework-texts';
import { shortTime, StudyList, usePaging } from '../components/study-list';
import { isRefusal, TeacherGate, TeachersOnly } from './homework-teacher-gate';

type Texts = ReturnType<typeof useCenterHomeworkTexts>;

/** Plain text as the instructions' HTML: one paragraph per blank-line block, characters escaped (the server sanitises again). */
export function textToHtml(text: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text.trim().split(/\n{2,}/).filter((p) => p.trim()).map((p) => `<p>${escape(p.trim()).replace(/\n/g, '<br>')}</p>`).join('');
}

/** The instructions' HTML as text to edit: block ends become line breaks. */
export function htmlToText(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|li|h\d|div)>/gi, '\n\n'), 'text/html');
  return (doc.body.textContent ?? '').replace(/\n{3,}/g, '\n\n').trim();
}

interface FormValues { classesId?: number; title: string; instructions: string; deadline: Dayjs | null; totalScore: number; allowLate: boolean }

export default function HomeworkAssignmentsPage() {
  const { t: i18n } = useTranslation();
  return (
    <CenterLayout title={i18n('route.myZuoye')} testId="my-zuoye">
      <TeacherGate><Assignments /></TeacherGate>
    </CenterLayout>
  );
}

function Assignments() {
  const t = useCenterHomeworkTexts();
  const { page, onPage } = usePaging();
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const client = useQueryClient();
  const [editing, setEditing] = useState<TeachingHomeworkItem | 'new' | null>(null);
  const query = useQuery({
    queryKey: ['homework', tenantId, userId, 'teaching', page.pageNo, page.pageSize] as const,
    queryFn: ({ signal }) => getTeachingHomework(page, { silent: true, signal }),
    placeholderData: keepPreviousData, retry: false,
  });
  const close = useMutation({
    mutationFn: (h: TeachingHomeworkItem) => closeHomework({ id: h.id, closed: h.state !== 'closed' }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['homework', tenantId, userId] }),
  });
  if (query.isError && isRefusal(query.error)) return <TeachersOnly message={query.error.message} />;
  return (
    <>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => setEditing('new')} data-testid="homework-new">{t('newHomework')}</Button>
      </Space>
      <StudyList
        query={query} page={page} onPage={onPage} testId="my-zuoye-list" rowKey={(h: TeachingHomeworkItem) => h.id}
        empty={{ text: `${t('noAssignments')} ${t('noAssignmentsHint')}`, linkText: t('newHomework'), to: '/user/center/work/myZuoye' }}
        renderRow={(h: TeachingHomeworkItem) => (
          <List.Item
            data-testid="my-zuoye-item" data-id={h.id}
            actions={[
              <Link key="mark" to={`/user/center/work/myWork?homeworkId=${h.id}`}>{t('toMark')}</Link>,
              <Button key="edit" type="link" size="small" onClick={() => setEditing(h)}>{t('edit')}</Button>,
              <Popconfirm key="close" title={h.state === 'closed' ? t('reopen') : t('closeConfirm')} okText={t('ok')} cancelText={t('cancel')} onConfirm={() => close.mutate(h)}>
                <Button type="link" size="small">{h.state === 'closed' ? t('reopen') : t('close')}</Button>
              </Popconfirm>,
            ]}
          >
            <div className="portal-study__body">
              <Link to={homeworkPath(h.id)} className="portal-study__title">{h.title}</Link>{' '}
              {h.state === 'closed' ? <Tag>{t('closed')}</Tag> : null}
              {h.submittedCount > 0 ? <Tag color="processing">{`${t('submitted')} ${h.submittedCount}`}</Tag> : null}
              <div className="portal-study__meta">
                {[t('className', { name: h.classesTitle }), h.deadline ? t('deadline', { time: shortTime(h.deadline) }) : t('noDeadline')].join(' · ')}
              </div>
              <div className="portal-study__meta" data-testid="my-zuoye-counts">
                {t('counts', { handed: h.submittedCount + h.returnedCount + h.markedCount, members: h.memberCount, submitted: h.submittedCount, returned: h.returnedCount, marked: h.markedCount })}
              </div>
            </div>
          </List.Item>
        )}
      />
      {editing ? <HomeworkDrawer homework={editing === 'new' ? null : editing} onClose={() => setEditing(null)} t={t} /> : null}
    </>
  );
}

/** Sets (homework null) or edits an assignment. */
function HomeworkDrawer({ homework, onClose, t }: { homework: TeachingHomeworkItem | null; onClose(): void; t: Texts }) {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const client = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const [attachments, setAttachments] = useState<HomeworkFile[]>(homework?.attachments ?? []);
  const classes = useQuery({
    queryKey: ['homework', tenantId, userId, 'teachingClasses'] as const,
    queryFn: ({ signal }) => getTeachingClasses({ silent: true, signal }), retry: false,
  });
  const save = useMutation({
    mutationFn: (v: FormValues) => saveHomework({
      ...(homework ? { id: homework.id } : {}),
      classesId: v.classesId!,
      title: v.title.trim(),
      // Untouched instructions keep their stored HTML (lists and emphasis survive an edit of the title).
      instructions: homework && !form.isFieldTouched('instructions') ? homework.instructions : textToHtml(v.instructions ?? ''),
      attachments,
      deadline: v.deadline ? v.deadline.toISOString() : null,
      totalScore: v.totalScore,
      allowLate: v.allowLate,
    }),
    onSuccess: () => {
      showMessage('success', t('saved'));
      void client.invalidateQueries({ queryKey: ['homework', tenantId, userId] });
      onClose();
    },
  });
  const initial: FormValues = homework
    ? { classesId: homework.classesId, title: homework.title, instructions: htmlToText(homework.instructions), deadline: homework.deadline ? dayjs(homework.deadline) : null, totalScore: homework.totalScore, allowLate: homework.allowLate }
    : { title: '', instructions: '', deadline: dayjs().add(7, 'day').hour(23).minute(59).second(0), totalScore: 100, allowLate: false, ...(classes.data?.length === 1 ? { classesId: classes.data[0]!.id } : {}) };
  return (
    <Drawer
      open title={homework ? t('drawerEdit') : t('drawerNew')} onClose={onClose} size="large" destroyOnHidden data-testid="homework-drawer"
      extra={<Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="homework-save">{t('save')}</Button>}
    >
      {classes.data && classes.data.length === 0 ? <Empty description={t('noClasses')} /> : (
        <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => save.mutate(v)}>
          <Form.Item name="classesId" label={t('classLabel')} rules={[{ required: true, message: t('pickClass') }]}>
            <Select
              loading={classes.isPending} placeholder={t('pickClass')} data-testid="homework-class"
              options={(classes.data ?? []).map((c) => ({ value: c.id, label: c.title }))}
            />
          </Form.Item>
          <Form.Item name="title" label={t('titleLabel')} rules={[{ required: true, whitespace: true, message: t('needTitle') }]}>
            <Input maxLength={200} showCount data-testid="homework-title" />
          </Form.Item>
          <Form.Item name="instructions" label={t('instructionsLabel')} extra={t('instructionsHint')}>
            <Input.TextArea autoSize={{ minRows: 5, maxRows: 16 }} maxLength={10_000} showCount data-testid="homework-instructions" />
          </Form.Item>
          <Form.Item label={t('attachmentsLabel', { n: HOMEWORK_FILES_MAX })}>
            <FileAttachments value={attachments} onChange={setAttachments} max={HOMEWORK_FILES_MAX} testId="homework-attachments-edit" />
          </Form.Item>
          <Space size="large" wrap>
            <Form.Item name="deadline" label={t('deadlineLabel')} extra={t('deadlineHint')}>
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" allowClear data-testid="homework-deadline" />
            </Form.Item>
            <Form.Item name="totalScore" label={t('pointsLabel')} rules={[{ required: true }]}>
              <InputNumber min={1} max={1000} precision={0} />
            </Form.Item>
            <Form.Item name="allowLate" label={t('allowLateLabel')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
        </Form>
      )}
    </Drawer>
  );
}
