// /user/center/work/myExamMarking (issue 18 part E; spec learning §2 "Personal center" work, §6
// teacher functions): the exams I mark with what waits → one exam's short questions as tabs → one
// answer at a time (marking-question.tsx). ?examId= and ?question= keep the place on reload. The
// server decides who marks (the marker role). Someone with no marker grant in their session sees a
// 403 Result in their own language without asking; a refusal by the server shows its message.
import { Alert, Button, Card, Empty, Result, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { useMarkingExams, useMarkingPaper, type MarkingExam } from '../../../api/exam-marking';
import { useWorkRoles } from '../../../api/work';
import { CenterLayout } from '../components/center-layout';
import { MarkingQuestionPane } from './marking-question';
import { useMarkingTexts } from './marking-texts';
import './marking.css';

/** Whether a failed call was the server's refusal of the role (403), not a fault. */
const refused = (error: Error | null) => error instanceof ApiError && error.code === 403;

/** The page for someone who may not mark: who it is for, and why when the server said so. */
function ForMarkers({ reason }: { reason?: string }) {
  const t = useMarkingTexts();
  return <Result status="403" title={t('forMarkers')} subTitle={reason ?? t('forMarkersHint')} data-testid="marking-refused" />;
}

function Failure({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const t = useMarkingTexts();
  // A marker of other exams opening this one (or a grant withdrawn since sign-in): the server's reason.
  if (refused(error)) return <ForMarkers reason={error.message} />;
  return (
    <Alert type="error" showIcon title={t('loadFailed')} description={error.message} data-testid="marking-error"
      action={<Button size="small" onClick={onRetry}>{t('retry')}</Button>} />
  );
}

function ExamCard({ exam }: { exam: MarkingExam }) {
  const t = useMarkingTexts();
  return (
    <li data-testid="marking-exam" data-id={exam.examId}>
      <Card size="small" className="portal-marking__exam" title={<h2 className="portal-marking__exam-title">{exam.title}</h2>}>
        <Space wrap>
          {exam.pendingAnswers > 0
            ? <Tag color="orange">{t('pendingAnswers', { n: exam.pendingAnswers })}</Tag>
            : <Tag color="green">{t('allDone')}</Tag>}
          {exam.pendingAttempts > 0 && <Tag>{t('pendingAttempts', { n: exam.pendingAttempts })}</Tag>}
          <Tag>{t('markedAnswers', { n: exam.markedAnswers })}</Tag>
          <Tag>{t('shortCount', { n: exam.shortCount })}</Tag>
          <Tag>{t(exam.blind ? 'blind' : 'named')}</Tag>
        </Space>
        {exam.lastSubmittedAt && (
          <Typography.Paragraph type="secondary" className="portal-marking__meta">
            {t('lastSubmitted', { time: dayjs(exam.lastSubmittedAt).format('YYYY-MM-DD HH:mm') })}
          </Typography.Paragraph>
        )}
        <Link to={`?examId=${exam.examId}`} className="portal-marking__open" data-testid="marking-exam-open">
          {t(exam.pendingAnswers > 0 ? 'start' : 'review')}
        </Link>
      </Card>
    </li>
  );
}

function ExamList() {
  const t = useMarkingTexts();
  const exams = useMarkingExams();
  if (exams.isPending) return <Skeleton active />;
  if (exams.isError) return <Failure error={exams.error} onRetry={() => void exams.refetch()} />;
  if (exams.data.length === 0) return <Empty description={t('noExams')} data-testid="marking-empty" />;
  return (
    <ul className="portal-marking__exams" aria-label={t('exams')} data-testid="marking-exams">
      {exams.data.map((e) => <ExamCard key={e.examId} exam={e} />)}
    </ul>
  );
}

function ExamMarking({ examId }: { examId: number }) {
  const t = useMarkingTexts();
  const [params, setParams] = useSearchParams();
  const paper = useMarkingPaper(examId);
  const questions = paper.data?.questions ?? [];
  const pinned = params.get('question');
  // The question in the address, else the first with answers waiting, else the first.
  const active = questions.find((q) => String(q.questionId) === pinned) ?? questions.find((q) => q.marked < q.total) ?? questions[0];
  const choose = (questionId: number) => setParams({ examId: String(examId), question: String(questionId) }, { replace: true });
  // The question chosen on arrival goes into the address, so it stays put once its answers are all
  // marked (the pane then offers the next one) instead of jumping to another under the marker's hands.
  const arrived = !pinned && active ? active.questionId : null;
  useEffect(() => {
    if (arrived !== null) setParams({ examId: String(examId), question: String(arrived) }, { replace: true });
  }, [arrived, examId, setParams]);
  const back = <Link to="." data-testid="marking-back">{t('backToExams')}</Link>;
  if (paper.isPending) return <Skeleton active />;
  if (paper.isError) return <Space direction="vertical">{back}<Failure error={paper.error} onRetry={() => void paper.refetch()} /></Space>;
  const { exam } = paper.data;
  const next = active ? questions.find((q) => q.questionId !== active.questionId && q.marked < q.total) : undefined;
  return (
    <div data-testid="marking-exam-view">
      {back}
      <h2 className="portal-marking__heading">
        {exam.title} <Tag>{t(exam.blind ? 'blind' : 'named')}</Tag>
      </h2>
      {!active ? <Empty description={t('noExams')} /> : (
        <Tabs
          activeKey={String(active.questionId)} onChange={(key) => choose(Number(key))} data-testid="marking-tabs"
          items={questions.map((q) => ({
            key: String(q.questionId),
            label: `${t('questionTab', { n: q.number })} · ${t('progress', { marked: q.marked, total: q.total })}`,
            children: q.questionId === active.questionId
              ? <MarkingQuestionPane key={q.questionId} examId={examId} question={q} onNextQuestion={next ? () => choose(next.questionId) : null} />
              : null,
          }))}
        />
      )}
    </div>
  );
}

export default function MarkingPage() {
  const t = useMarkingTexts();
  const [params] = useSearchParams();
  const examId = Number(params.get('examId'));
  // issue 18: a learner opening a teacher page is told plainly it is for markers (UserInfo.roles).
  const { marker } = useWorkRoles();
  return (
    <CenterLayout title={t('title')} testId="my-exam-marking">
      {!marker ? <ForMarkers /> : Number.isInteger(examId) && examId > 0 ? <ExamMarking examId={examId} /> : <ExamList />}
    </CenterLayout>
  );
}
