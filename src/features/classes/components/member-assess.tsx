// Member assessment (spec learning §7 classesMember queryMemberAssess, saveMemberAssess): the
// class's teacher (classesAdminAuth canAssess) sees every member with completion, sign-ins and the
// assessment, and assesses one in a dialog (score 0–100, passed or not, a filtered comment); a
// member reads their own assessment. Anyone else sees nothing here.
import { Button, Descriptions, Empty, Form, Input, InputNumber, Modal, Pagination, Radio, Skeleton, Table, Tag } from 'antd';
import { useState } from 'react';
import { showMessage } from '../../../components/feedback/feedback';
import { filterInput } from '../../../lib/text-filter';
import { USER_TEXT_MAX, useClassAuth, useMemberAssess, useSaveAssess, type MemberAssess } from '../api/use-class-tools';
import { dayTime } from './class-format';
import { LoadError } from './tool-page';
import { useToolTexts } from './tools-texts';

const PAGE_SIZE = 10;

function Verdict({ m }: { m: Pick<MemberAssess, 'passed'> }) {
  const t = useToolTexts();
  if (m.passed === null) return <>—</>;
  return <Tag color={m.passed ? 'success' : 'error'}>{t(m.passed ? 'pass' : 'fail')}</Tag>;
}

interface AssessForm { score: number | null; passed: boolean; comment: string }

function AssessDialog({ classesId, member, onClose }: { classesId: number; member: MemberAssess; onClose: () => void }) {
  const t = useToolTexts();
  const [form] = Form.useForm<AssessForm>();
  const save = useSaveAssess(classesId);
  const submit = (v: AssessForm) => {
    const comment = filterInput(v.comment).text.trim();
    save.mutate(
      { userId: member.userId, score: v.score ?? 0, passed: v.passed, ...(comment ? { comment } : {}) },
      { onSuccess: () => { showMessage('success', t('assessDone')); onClose(); } },
    );
  };
  return (
    <Modal
      open title={t('assessModal', { name: member.name })} onCancel={onClose} okText={t('confirmOk')} cancelText={t('confirmCancel')}
      confirmLoading={save.isPending} onOk={() => form.submit()} destroyOnHidden data-testid="assess-dialog"
    >
      <Form<AssessForm>
        form={form} layout="vertical" onFinish={submit}
        initialValues={{ score: member.score, passed: member.passed ?? true, comment: member.comment ?? '' }}
      >
        <Form.Item name="score" label={t('score')} rules={[{ required: true, type: 'integer', min: 0, max: 100, message: t('scoreRequired') }]}>
          <InputNumber min={0} max={100} precision={0} style={{ width: 160 }} data-testid="assess-score" />
        </Form.Item>
        <Form.Item name="passed" label={t('passed')}>
          <Radio.Group options={[{ value: true, label: t('pass') }, { value: false, label: t('fail') }]} />
        </Form.Item>
        <Form.Item
          name="comment" label={t('assessComment')}
          // spec learning §5: typed text loses special symbols, brackets and emoji.
          getValueFromEvent={(e: { target: { value: string } }) => filterInput(e.target.value).text}
          rules={[{ max: USER_TEXT_MAX }]}
        >
          <Input.TextArea rows={3} maxLength={USER_TEXT_MAX} showCount data-testid="assess-comment" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function TeacherAssess({ classesId }: { classesId: number }) {
  const t = useToolTexts();
  const [pageNo, setPageNo] = useState(1);
  const [editing, setEditing] = useState<MemberAssess | null>(null);
  const query = useMemberAssess(classesId, { pageNo, pageSize: PAGE_SIZE });
  if (query.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (query.isError) return <LoadError error={query.error} retry={() => void query.refetch()} />;
  if (query.data.total === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noAssessMembers')} />;
  return (
    <>
      <Table<MemberAssess>
        size="small" rowKey="userId" pagination={false} dataSource={query.data.list} scroll={{ x: true }} data-testid="assess-table"
        columns={[
          { key: 'name', title: t('name'), dataIndex: 'name' },
          { key: 'completion', title: t('completion'), render: (_, m) => `${m.percentage}%` },
          { key: 'attendance', title: t('attendance'), dataIndex: 'attendanceCount' },
          { key: 'score', title: t('score'), render: (_, m) => m.score ?? '—' },
          { key: 'passed', title: t('passed'), render: (_, m) => <Verdict m={m} /> },
          { key: 'comment', title: t('assessComment'), render: (_, m) => m.comment ?? '' },
          {
            key: 'action', title: '', render: (_, m) => (
              <Button size="small" onClick={() => setEditing(m)} data-testid="assess-open" data-user-id={m.userId}>{t(m.assessedAt ? 'reassess' : 'assess')}</Button>
            ),
          },
        ]}
      />
      {query.data.total > PAGE_SIZE && <Pagination size="small" style={{ marginTop: 12, justifyContent: 'center' }} current={pageNo} pageSize={PAGE_SIZE} total={query.data.total} onChange={setPageNo} />}
      {editing && <AssessDialog classesId={classesId} member={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

function MyAssess({ classesId }: { classesId: number }) {
  const t = useToolTexts();
  const query = useMemberAssess(classesId, { pageNo: 1, pageSize: 1 });
  if (query.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (query.isError) return <LoadError error={query.error} retry={() => void query.refetch()} />;
  const m = query.data.list[0];
  if (!m || m.assessedAt === null) return <p data-testid="assess-mine-none">{t('notAssessed')}</p>;
  return (
    <Descriptions
      column={1} size="small" data-testid="assess-mine"
      items={[
        { key: 'score', label: t('score'), children: m.score ?? '—' },
        { key: 'passed', label: t('passed'), children: <Verdict m={m} /> },
        { key: 'comment', label: t('assessComment'), children: m.comment ?? '—' },
        { key: 'assessor', label: t('assessor'), children: m.assessorName ?? '—' },
        { key: 'at', label: t('assessedAt'), children: dayTime(m.assessedAt) },
      ]}
    />
  );
}

/** The assessment section of the member list: the teacher's table, or my own assessment. */
export function MemberAssessment({ classesId }: { classesId: number }) {
  const t = useToolTexts();
  const auth = useClassAuth(classesId);
  if (!auth.data || (!auth.data.canAssess && !auth.data.isMember)) return null;
  return (
    <section aria-labelledby="assess-title" data-testid="member-assessment" style={{ marginTop: 32 }}>
      <h2 id="assess-title" style={{ fontSize: 18, fontWeight: 600, margin: '0 0 12px' }}>{t(auth.data.canAssess ? 'assessTitle' : 'myAssessTitle')}</h2>
      {auth.data.canAssess ? <TeacherAssess classesId={classesId} /> : <MyAssess classesId={classesId} />}
    </section>
  );
}
