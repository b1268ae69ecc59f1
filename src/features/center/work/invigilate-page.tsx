// /user/center/work/myExamInvigilate (issue 18 part D "Teachers": the live list of candidates of a
// running exam; spec learning §2 "Personal center" work, §6 teacher functions, whose access rule is
// ours: the invigilator role over the exam, checked by the server on every call). The exams I
// invigilate whose window is open → one exam's candidates (name: invigilation is not blind; start,
// answered / total, last seen with "offline" past 45 s, leaves, the latest events, state), polled
// every 5 s; a candidate's timeline in a drawer; force-submit with a confirmation and a reason.
// ?examId= keeps the exam on reload. Someone with no invigilator grant in their session sees a 403
// Result without asking; a refusal by the server shows its message.
import { Alert, Button, Empty, Progress, Result, Select, Skeleton, Space, Table, Tag, Typography, message, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState, type HTMLAttributes } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useCandidates, useInvigilateExams, type Candidate, type InvigilateExam } from '../../../api/exam-invigilate';
import { useWorkRoles } from '../../../api/work';
import { CenterLayout } from '../components/center-layout';
import { clockTime, eventText, EventsDrawer, ForceSubmitDialog } from './invigilate-parts';
import { useInvigilateTexts } from './invigilate-texts';
import './invigilate.css';

/** The page for someone who may not invigilate: who it is for, and why when the server said so. */
function ForInvigilators({ reason }: { reason?: string | undefined }) {
  const t = useInvigilateTexts();
  return <Result status="403" title={t('forInvigilators')} subTitle={reason ?? t('forInvigilatorsHint')} data-testid="invigilate-refused" />;
}

function Failure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const t = useInvigilateTexts();
  if (error instanceof ApiError && error.code === 403) return <ForInvigilators reason={error.message} />;
  return (
    <Alert type="error" showIcon title={t('loadFailed')} description={error.message} data-testid="invigilate-error"
      action={<Button size="small" onClick={onRetry}>{t('retry')}</Button>} />
  );
}

function ExamSummary({ exam }: { exam: InvigilateExam }) {
  const t = useInvigilateTexts();
  const time = (iso: string) => dayjs(iso).format('MM-DD HH:mm');
  return (
    <Space wrap data-testid="invigilate-summary">
      <Tag color="processing">{t('answering', { n: exam.answering })}</Tag>
      <Tag>{t('handedIn', { n: exam.handedIn })}</Tag>
      <Tag>{t('candidates', { n: exam.candidates })}</Tag>
      <Typography.Text type="secondary">
        {t('window', { from: time(exam.startTime), to: exam.endTime ? time(exam.endTime) : t('openEnded') })} · {exam.duration ? t('minutes', { n: exam.duration }) : t('noLimit')}
      </Typography.Text>
    </Space>
  );
}

/** How long ago, by the server's clock (serverNow of the same answer). */
function ago(t: ReturnType<typeof useInvigilateTexts>, iso: string | null, serverNow: string): string {
  if (!iso) return t('never');
  const seconds = Math.max(0, Math.round((Date.parse(serverNow) - Date.parse(iso)) / 1000));
  return seconds < 120 ? t('secondsAgo', { n: seconds }) : t('minutesAgo', { n: Math.floor(seconds / 60) });
}

function CandidateTable({ examId }: { examId: number }) {
  const t = useInvigilateTexts();
  const list = useCandidates(examId);
  const [drawer, setDrawer] = useState<Candidate | null>(null);
  const [forcing, setForcing] = useState<Candidate | null>(null);
  if (list.isPending) return <div role="status" aria-busy="true" aria-label={t('loading')}><Skeleton active paragraph={{ rows: 6 }} /></div>;
  if (list.isError) return <Failure error={list.error} onRetry={() => void list.refetch()} />;
  const { candidates, serverNow, exam } = list.data;
  const stateTag = (c: Candidate) => (c.state === 'open' ? <Tag color="processing">{t('stateOpen')}</Tag>
    : c.forced ? <Tag color="error">{t('stateForced')}</Tag>
      : <Tag>{t(c.state === 'expired' ? 'stateExpired' : 'stateSubmitted')}</Tag>);
  const columns: TableColumnsType<Candidate> = [
    { key: 'name', title: t('colName'), render: (_, c) => <span data-testid="invigilate-name">{c.name}</span> },
    { key: 'started', title: t('colStarted'), render: (_, c) => <time dateTime={c.startedAt}>{clockTime(c.startedAt)}</time> },
    {
      key: 'progress', title: t('colProgress'), width: 160,
      render: (_, c) => (
        <div data-testid="invigilate-progress" data-answered={c.answered} data-total={c.total}>
          {t('progress', { done: c.answered, all: c.total })}
          <Progress percent={c.total ? Math.round((c.answered / c.total) * 100) : 0} size="small" showInfo={false} aria-hidden />
        </div>
      ),
    },
    {
      key: 'seen', title: t('colSeen'),
      render: (_, c) => (
        <Space size={4} wrap>
          {c.state === 'open' && <Tag color={c.offline ? 'error' : 'success'} data-testid="invigilate-online">{t(c.offline ? 'offline' : 'online')}</Tag>}
          <span>{ago(t, c.lastSeenAt, serverNow)}</span>
        </Space>
      ),
    },
    {
      key: 'leaves', title: t('colLeaves'), align: 'center',
      render: (_, c) => <span data-testid="invigilate-leaves" className={c.leaveCount ? 'portal-invigilate__leaves' : undefined}>{c.leaveCount}</span>,
    },
    {
      key: 'events', title: t('colEvents'),
      render: (_, c) => (c.latestEvents.length === 0 ? t('never') : (
        <ul className="portal-invigilate__events" data-testid="invigilate-events">
          {c.latestEvents.map((e) => <li key={e.id} data-kind={e.kind}><time dateTime={e.at}>{clockTime(e.at)}</time> {eventText(t, e)}</li>)}
        </ul>
      )),
    },
    { key: 'state', title: t('colState'), render: (_, c) => <span data-testid="invigilate-state" data-state={c.state}>{stateTag(c)}</span> },
    {
      key: 'actions', title: t('colActions'),
      render: (_, c) => (
        <Space size={4} wrap>
          <Button size="small" onClick={() => setDrawer(c)} data-testid="invigilate-timeline-open">{t('timeline')}</Button>
          {c.state === 'open' && <Button size="small" danger onClick={() => setForcing(c)} data-testid="invigilate-force">{t('forceSubmit')}</Button>}
        </Space>
      ),
    },
  ];
  return (
    <>
      <ExamSummary exam={exam} />
      <p className="portal-invigilate__refreshed" data-testid="invigilate-refreshed">{t('refreshed', { time: clockTime(serverNow) })}</p>
      <Table<Candidate>
        rowKey="attemptId" columns={columns} dataSource={candidates} pagination={{ pageSize: 50, hideOnSinglePage: true }} size="middle"
        scroll={{ x: 960 }} data-testid="invigilate-table" aria-label={t('candidatesTable')}
        locale={{ emptyText: <Empty description={t('noCandidates')} /> }}
        onRow={(c) => ({ 'data-testid': 'invigilate-row', 'data-user': c.userId } as HTMLAttributes<HTMLElement>)}
      />
      <EventsDrawer candidate={drawer} onClose={() => setDrawer(null)} />
      <ForceSubmitDialog
        candidate={forcing} onClose={() => setForcing(null)}
        onDone={(c) => { setForcing(null); void message.success(t('forced', { name: c.name })); }}
      />
    </>
  );
}

function Invigilation() {
  const t = useInvigilateTexts();
  const exams = useInvigilateExams();
  const [params, setParams] = useSearchParams();
  if (exams.isPending) return <div role="status" aria-busy="true" aria-label={t('loading')}><Skeleton active /></div>;
  if (exams.isError) return <Failure error={exams.error} onRetry={() => void exams.refetch()} />;
  if (exams.data.length === 0) return <Empty description={t('noExams')} data-testid="invigilate-empty" />;
  const asked = Number(params.get('examId'));
  const examId = exams.data.some((e) => e.id === asked) ? asked : exams.data[0]!.id;
  return (
    <div className="portal-invigilate" data-testid="invigilate">
      <label className="portal-invigilate__pick">
        <span>{t('pickExam')}</span>
        <Select
          value={examId} style={{ minWidth: 320 }} data-testid="invigilate-exam-select" aria-label={t('pickExam')}
          options={exams.data.map((e) => ({ value: e.id, label: `${e.title}（${t('answering', { n: e.answering })}）` }))}
          onChange={(id: number) => setParams({ examId: String(id) }, { replace: true })}
        />
      </label>
      <CandidateTable key={examId} examId={examId} />
    </div>
  );
}

export default function InvigilatePage() {
  const t = useInvigilateTexts();
  const roles = useWorkRoles();
  return (
    <CenterLayout title={t('title')} testId="invigilate-page">
      {roles.invigilator ? <Invigilation /> : <ForInvigilators />}
    </CenterLayout>
  );
}
