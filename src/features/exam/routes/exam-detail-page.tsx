// /exam/detail/{id} (spec learning §2 "Exams"): an exam or survey with its rules, window, time
// allowed, pass score and the learner's attempts, and the one action that fits now: 开始考试, 继续作答
// (an open attempt), or the reason it cannot start (未开始 / 已结束 / no attempts left) from the
// server. Guests see everything and a way to sign in. A survey says it in its own words (问卷说明,
// 开始填写, 我的提交) and shows no score, time allowed or attempt count (issue 13).
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Result, Skeleton, Table, Tag } from 'antd';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { getExamDetail, resultPath, type AttemptSummary } from '../../../api/exam';
import { loginPath } from '../../../lib/login-path';
import { useAppStore } from '../../../stores/app-store';
import { selectSignedIn, useUserStore } from '../../../stores/user-store';
import { examTime, positiveId, STATE_TEXT } from '../components/exam-format';
import { useExamTexts } from '../components/texts';
import { usePageTitle } from '../../../components/use-page-title';
import '../components/exam.css';

export default function ExamDetailPage() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const id = positiveId(useParams().id);
  const tenantId = useAppStore((s) => s.tenantId);
  const signedIn = useUserStore(selectSignedIn);
  const query = useQuery({
    queryKey: ['exam', tenantId, 'detail', id, signedIn] as const,
    queryFn: ({ signal }) => getExamDetail(id!, signal),
    enabled: id !== null,
  });
  const survey = query.data?.exam.type === 'survey';
  const t = useExamTexts(survey ? 'survey' : 'exam');
  usePageTitle(survey ? t('titleDetailSurvey') : undefined);

  if (id === null || (query.isError && query.error instanceof ApiError && query.error.code === 404)) {
    return <Result status="404" title={t('notFound')} extra={<Link to="/examList">{t('backList')}</Link>} data-testid="exam-detail-missing" />;
  }
  if (query.isPending) return <div className="exam-page"><Skeleton active paragraph={{ rows: 8 }} /></div>;
  if (query.isError) {
    return <div className="exam-page"><Alert type="error" showIcon title={query.error.message || t('loadFailed')} action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>} /></div>;
  }

  const { exam, attempts, maxAttempts, canStart, reason, reasonCode, openAttemptId, bestScore } = query.data;
  const used = attempts.length;
  const startLabel = t(openAttemptId ? 'resume' : 'start');
  const action = reasonCode === 'NOT_SIGNED_IN'
    ? <Button type="primary" size="large" onClick={() => navigate(loginPath(`${pathname}${search}`))} data-testid="exam-sign-in">{t('signIn')}</Button>
    : <Button type="primary" size="large" disabled={!canStart} onClick={() => navigate(`/exam/paper/${exam.id}`)} data-testid="exam-start">{startLabel}</Button>;

  const facts = [
    { key: 'window', label: t('window'), children: `${examTime(exam.startTime)} ~ ${exam.endTime ? examTime(exam.endTime) : t('untilOpen')}` },
    { key: 'count', label: t('questionCount'), children: t('questions', { n: exam.questionCount }) },
    ...(survey ? [] : [
      { key: 'duration', label: t('duration'), children: exam.duration > 0 ? t('minutes', { n: exam.duration }) : t('noLimit') },
      { key: 'total', label: t('totalScore'), children: exam.totalScore ?? '—' },
      { key: 'pass', label: t('passLine'), children: exam.passScore ?? '—' },
    ]),
    ...(!signedIn ? [] : survey
      // A survey is answered once: where the learner stands, not a count of tries.
      ? [{ key: 'left', label: t('attemptsLeft'), children: attempts[0] ? t(STATE_TEXT[attempts[0].state]) : t('notFilled') }]
      : [{ key: 'left', label: t('attemptsLeft'), children: t('attemptsOf', { left: Math.max(0, maxAttempts - used), max: maxAttempts }) }]),
    ...(bestScore !== null ? [{ key: 'best', label: t('bestScore'), children: t('score', { n: bestScore }) }] : []),
  ];

  const columns = [
    ...(survey ? [] : [{ key: 'n', title: '#', render: (_: unknown, _a: AttemptSummary, i: number) => t('attemptNo', { n: attempts.length - i }) }]),
    { key: 'startedAt', title: t('submittedAt'), render: (_: unknown, a: AttemptSummary) => examTime(a.submittedAt ?? a.startedAt) },
    { key: 'state', title: '', render: (_: unknown, a: AttemptSummary) => <Tag color={a.state === 'open' ? 'processing' : 'default'}>{t(STATE_TEXT[a.state])}</Tag> },
    ...(survey ? [] : [{
      key: 'score', title: t('yourScore'),
      render: (_: unknown, a: AttemptSummary) => (a.markingState === 'pending' ? <Tag color="processing">{t('awaiting')}</Tag> : a.score === null ? '—' : <span>{a.score} {a.passed === null ? null : <Tag color={a.passed ? 'success' : 'error'}>{t(a.passed ? 'passed' : 'failed')}</Tag>}</span>),
    }]),
    {
      key: 'go', title: '',
      render: (_: unknown, a: AttemptSummary) => (a.state === 'open'
        ? <Link to={`/exam/paper/${exam.id}`}>{t('resume')}</Link>
        : <Link to={resultPath(a.id, exam.type)} data-testid="exam-attempt-result">{t('viewResult')}</Link>),
    },
  ];

  return (
    <div className="exam-page" data-testid="exam-detail" data-id={exam.id}>
      <div className="exam-card exam-detail">
        {exam.cover ? <img className="exam-detail__cover" src={exam.cover} alt="" /> : <div className="exam-detail__cover" />}
        <div>
          <h1 className="exam-title">{exam.title}</h1>
          {exam.summary && <p>{exam.summary}</p>}
          <Descriptions className="exam-detail__facts" column={2} size="small" items={facts} />
          {action}
          {/* issue 18: /exam/preview/{id} for an exam that allows it. */}
          {query.data.allowPreview && <Link to={`/exam/preview/${exam.id}`} style={{ marginLeft: 16 }} data-testid="exam-preview-link">{t('preview')}</Link>}
          {!canStart && reason && reasonCode !== 'NOT_SIGNED_IN' && <p className="exam-detail__reason" role="status" data-testid="exam-reason">{reason}</p>}
        </div>
      </div>
      <div className="exam-card" style={{ marginTop: 24 }}>
        <h2>{t('rules')}</h2>
        <ul className="exam-rules">
          {survey ? <li>{t('surveyRule')}</li> : (
            <>
              <li>{t('rule1')}</li><li>{t('rule2')}</li><li>{t('rule3', { n: maxAttempts })}</li><li>{t('rule4')}</li>
            </>
          )}
        </ul>
      </div>
      {attempts.length > 0 && (
        <div className="exam-card" style={{ marginTop: 24 }} data-testid="exam-attempts">
          <h2>{t('myAttempts')}</h2>
          <Table rowKey="id" size="small" pagination={false} dataSource={attempts} columns={columns} />
        </div>
      )}
    </div>
  );
}
