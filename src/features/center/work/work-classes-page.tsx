// /user/center/work/myClasses (spec learning §2 "Personal center" work: myClasses, class management;
// issue 18: members, enrol/remove, assessments, attendance settings, start a live room): the classes I
// teach; for the chosen one its members (find, add by account, remove with a reason the learner is
// told, assess), its sign-in sessions and its live rooms (work-class-tools.tsx).
import { Button, Empty, Input, Modal, Select, Table, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import {
  enrolByAccount, REASON_MAX, removeMember, useTaughtClasses, useWorkMembers, useWorkMutation, useWorkRoles, type WorkClass, type WorkMember,
} from '../../../api/work';
import { CenterLayout } from '../components/center-layout';
import { usePaging } from '../components/study-list';
import { AssessDrawer, AttendanceTool, RoomsTool } from './work-class-tools';
import { QueryState, useNotice, WorkGate } from './work-gate';
import { useWorkTexts } from './work-texts';
import './work.css';

const day = (iso: string) => dayjs(iso).format('YYYY-MM-DD');

function Members({ cls }: { cls: WorkClass }) {
  const t = useWorkTexts();
  const notice = useNotice();
  const { page, onPage } = usePaging();
  const [keyword, setKeyword] = useState('');
  const query = useWorkMembers({ classesId: cls.id, ...page, ...(keyword ? { keyword } : {}) });
  const [adding, setAdding] = useState(false);
  const [account, setAccount] = useState('');
  const [removing, setRemoving] = useState<WorkMember | null>(null);
  const [reason, setReason] = useState('');
  const [assessing, setAssessing] = useState<WorkMember | null>(null);
  const enrol = useWorkMutation((a: string) => enrolByAccount(cls.id, a));
  const remove = useWorkMutation(({ m, why }: { m: WorkMember; why: string }) => removeMember(cls.id, m.userId, why));
  const reasonOk = reason.trim().length > 0 && reason.trim().length <= REASON_MAX;

  const onEnrol = () => {
    const a = account.trim();
    if (!a) return;
    enrol.mutate(a, { onSuccess: () => { notice(t('enrolled', { account: a })); setAdding(false); setAccount(''); } });
  };
  const onRemove = () => {
    if (!removing || !reasonOk) return;
    const m = removing;
    remove.mutate({ m, why: reason.trim() }, { onSuccess: () => { notice(t('removed', { name: m.name })); setRemoving(null); setReason(''); } });
  };

  return (
    <>
      <div className="portal-work__toolbar">
        <Input.Search
          aria-label={t('searchMembers')} placeholder={t('searchMembers')} allowClear style={{ maxWidth: 280 }}
          onSearch={(v) => { setKeyword(v.trim()); onPage(1, page.pageSize); }}
        />
        <Button type="primary" onClick={() => setAdding(true)} data-testid="enrol-open">{t('enrolTitle')}</Button>
      </div>
      <QueryState query={query} testId="work-members">
        {(data) => (data.total === 0 && !keyword ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noMembers')} data-testid="work-members-empty" /> : (
          <Table<WorkMember>
            data-testid="work-members" rowKey="userId" dataSource={data.list} size="middle" loading={query.isFetching && query.isPlaceholderData}
            pagination={{ current: page.pageNo, pageSize: page.pageSize, total: data.total, onChange: onPage, showTotal: (n) => t('total', { n }) }}
            columns={[
              { title: t('colName'), dataIndex: 'name', key: 'name' },
              { title: t('colAccount'), dataIndex: 'account', key: 'account' },
              { title: t('colEnrolled'), key: 'enrolled', render: (_, m) => day(m.enrolledAt) },
              {
                title: t('colAssess'), key: 'assess',
                render: (_, m) => (m.score === null ? <Typography.Text type="secondary">{t('notAssessed')}</Typography.Text>
                  : <Tag color={m.passed ? 'green' : 'orange'}>{m.passed ? t('passedScore', { score: m.score }) : t('failedScore', { score: m.score })}</Tag>),
              },
              {
                title: t('colActions'), key: 'actions',
                render: (_, m) => (
                  <span className="portal-work__actions">
                    <Button size="small" autoInsertSpace={false} onClick={() => setAssessing(m)} aria-label={`${t('assess')} ${m.name}`}>{t('assess')}</Button>
                    <Button size="small" autoInsertSpace={false} onClick={() => { setRemoving(m); setReason(''); }} aria-label={`${t('remove')} ${m.name}`} data-testid="remove-member">{t('remove')}</Button>
                  </span>
                ),
              },
            ]}
          />
        ))}
      </QueryState>
      <Modal
        open={adding} title={t('enrolTitle')} onCancel={() => setAdding(false)} onOk={onEnrol} okText={t('enrolTitle')} cancelText={t('cancel')}
        okButtonProps={{ disabled: !account.trim(), loading: enrol.isPending, ...{ 'data-testid': 'enrol-submit' } }} destroyOnHidden
      >
        <label htmlFor="work-enrol-account" className="portal-work__label">{t('enrolAccount')}</label>
        <Input id="work-enrol-account" value={account} onChange={(e) => setAccount(e.target.value)} placeholder={t('enrolHint')} maxLength={50} onPressEnter={onEnrol} data-testid="enrol-account" />
      </Modal>
      <Modal
        open={removing !== null} title={removing ? t('removeTitle', { name: removing.name }) : ''} onCancel={() => setRemoving(null)} onOk={onRemove}
        okText={t('remove')} cancelText={t('cancel')} okButtonProps={{ disabled: !reasonOk, loading: remove.isPending, danger: true }} destroyOnHidden
      >
        <label htmlFor="work-remove-reason" className="portal-work__label">{t('removeReason')}</label>
        <Input.TextArea id="work-remove-reason" value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={REASON_MAX} showCount data-testid="remove-reason" />
        {!reasonOk && <Typography.Text type="secondary">{t('needReason', { max: REASON_MAX })}</Typography.Text>}
      </Modal>
      <AssessDrawer classesId={cls.id} member={assessing} onClose={() => setAssessing(null)} />
    </>
  );
}

function ClassManager({ classes }: { classes: WorkClass[] }) {
  const t = useWorkTexts();
  const [picked, setPicked] = useState<number | null>(null);
  const cls = classes.find((c) => c.id === picked) ?? classes[0];
  if (!cls) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noClasses')} data-testid="work-classes-empty" />;
  return (
    <>
      <div className="portal-work__toolbar">
        <label htmlFor="work-class-pick">{t('pickClass')}</label>
        <Select
          id="work-class-pick" value={cls.id} onChange={setPicked} style={{ minWidth: 280 }} data-testid="class-pick"
          options={classes.map((c) => ({ value: c.id, label: c.title }))}
        />
        <Tag color={cls.state === 2 ? 'green' : cls.state === 1 ? 'blue' : 'default'}>{t(`classState${cls.state as 1 | 2 | 3}`)}</Tag>
        <Typography.Text type="secondary">{t('classMeta', { start: day(cls.startTime), end: day(cls.endTime), count: cls.enrolCount })}</Typography.Text>
      </div>
      <Tabs
        key={cls.id} data-testid="class-tabs"
        items={[
          { key: 'members', label: t('members'), children: <Members cls={cls} /> },
          { key: 'attendance', label: t('attendance'), children: <AttendanceTool classesId={cls.id} /> },
          { key: 'rooms', label: t('rooms'), children: <RoomsTool classesId={cls.id} /> },
        ]}
      />
    </>
  );
}

export default function WorkClassesPage() {
  const t = useWorkTexts();
  const roles = useWorkRoles();
  const query = useTaughtClasses(roles.teacher);
  return (
    <CenterLayout title={t('myClasses')} testId="work-classes-page">
      <WorkGate role="teacher">
        <QueryState query={query} testId="work-classes">{(classes) => <ClassManager classes={classes} />}</QueryState>
      </WorkGate>
    </CenterLayout>
  );
}
