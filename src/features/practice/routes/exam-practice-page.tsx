// /exam/practice?examId= (issue 18 "Learners": practise the wrong answers of a finished exam). Says
// plainly when there is nothing to practise: no exam given, the exam does not allow practice, the
// learner has not finished it, or their latest attempt has no wrong answers.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Result, Skeleton } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { getExamWrong, practicePath, startPractice } from '../../../api/practice';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { sessionKey } from '../components/practice-runner';
import { usePracticeTexts } from '../components/texts';
import '../components/practice.css';

export default function ExamPracticePage() {
  const t = usePracticeTexts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const examId = Number(useSearchParams()[0].get('examId'));
  const valid = Number.isSafeInteger(examId) && examId > 0;
  const summary = useQuery({ queryKey: ['practice', tenantId, userId, 'examWrong', examId], queryFn: ({ signal }) => getExamWrong(examId, signal), enabled: valid, retry: false });
  const start = useMutation({
    mutationFn: () => startPractice({ source: 'wrong', examId }),
    onSuccess: (session) => {
      queryClient.setQueryData(sessionKey(tenantId, userId, session.id), session);
      navigate(practicePath(session.id));
    },
  });
  const links = (
    <>
      {valid && <Link to={`/exam/detail/${examId}`}><Button>{t('backExam')}</Button></Link>}
      <Link to="/user/center/study/myNewExam"><Button>{t('myExams')}</Button></Link>
    </>
  );
  let body;
  if (!valid) body = <Result status="warning" title={t('noExamId')} extra={links} data-testid="exam-practice-none" />;
  else if (summary.isPending) body = <div role="status" aria-busy="true" aria-label={t('loading')}><Skeleton active paragraph={{ rows: 3 }} /></div>;
  else if (summary.isError) body = <Result status="error" title={summary.error.message || t('loadFailed')} extra={<Button onClick={() => void summary.refetch()}>{t('retry')}</Button>} data-testid="exam-practice-error" />;
  else {
    const s = summary.data;
    const reason = !s.allowPractice ? t('examOff') : s.attemptId === null ? t('examNotFinished') : s.wrongCount === 0 ? t('examNoWrong') : null;
    body = reason
      ? <Result status="info" title={s.title} subTitle={reason} extra={links} data-testid="exam-practice-none" />
      : (
        <Result
          status="info" title={s.title} subTitle={t('examWrongCount', { n: s.wrongCount })} data-testid="exam-practice-ready"
          extra={(
            <>
              {start.isError && <Alert type="error" showIcon title={start.error.message} style={{ marginBottom: 12 }} />}
              <Button type="primary" loading={start.isPending} onClick={() => start.mutate()} data-testid="exam-practice-start">{t('startExam')}</Button>
              {links}
            </>
          )}
        />
      );
  }
  return (
    <div className="practice-page" data-testid="exam-practice-page">
      <h1>{t('examPractice')}</h1>
      {body}
    </div>
  );
}
