// /user/center/study/myNewExam and myNewSurvey (spec learning §2 "Personal center"; §7 "Exams"
// searchByMember): the exams (or surveys) I sat, latest attempt first, with my best score, pass
// and attempts; an open attempt links back to the paper, a closed one to its result. Surveys say it
// in their own words (填写中, 继续填写, 查看我的回答; issue 13) and have no score.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { List, Tag } from 'antd';
import { Link, useLocation } from 'react-router';
import { resultPath, searchMyExams, type MemberExam } from '../../../api/exam';
import { defineTexts, useTexts as useNamespaceTexts } from '../../../i18n/texts';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { CenterLayout } from '../components/center-layout';
import { shortTime, StudyCover, StudyList, usePaging } from '../components/study-list';
import { useStudyTexts } from '../components/study-texts';

// The `center-my-exams` namespace (docs/i18n.md), registered when this feature's chunk loads.
const NAMESPACE = defineTexts('center-my-exams', {
  zh: {
    noExam: '还没有参加过考试', findExam: '去考试中心看看', noSurvey: '还没有填写过问卷', findSurvey: '去问卷列表看看', attempts: '已参加 {{n}} 次',
    last: '最近 {{time}}', best: '最高 {{n}} 分', passed: '已通过', failed: '未通过', open: '作答中', resume: '继续作答', result: '查看结果', submitted: '已提交',
    openSurvey: '填写中', resumeSurvey: '继续填写', resultSurvey: '查看我的回答', awaiting: '待阅卷',
  },
  en: {
    noExam: 'You have not taken an exam yet', findExam: 'Browse exams', noSurvey: 'You have not answered a survey yet', findSurvey: 'Browse surveys',
    attempts_one: '{{n}} attempt', attempts_other: '{{n}} attempts', last: 'Last {{time}}', best: 'Best {{n}}', passed: 'Passed', failed: 'Not passed', open: 'In progress', resume: 'Resume',
    result: 'View result', submitted: 'Submitted', openSurvey: 'In progress', resumeSurvey: 'Continue', resultSurvey: 'View my answers',
    awaiting: 'Awaiting marking',
  },
});
const useTexts = () => useNamespaceTexts(NAMESPACE);

export default function MyExamPage() {
  const study = useStudyTexts();
  const t = useTexts();
  const type = /myNewSurvey\/?$/.test(useLocation().pathname) ? 'survey' : 'exam';
  const { page, onPage } = usePaging();
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const query = useQuery({
    queryKey: ['exam', tenantId, userId, 'mine', type, page.pageNo, page.pageSize] as const,
    queryFn: ({ signal }) => searchMyExams({ ...page, type }, signal),
    placeholderData: keepPreviousData, retry: false,
  });
  const survey = type === 'survey';
  return (
    <CenterLayout key={type} title={study(survey ? 'myNewSurvey' : 'myNewExam')} testId="my-exam">
      <StudyList
        query={query} page={page} onPage={onPage} testId="my-exam-list" rowKey={(e: MemberExam) => e.examId}
        empty={survey ? { text: t('noSurvey'), linkText: t('findSurvey'), to: '/surveyList' } : { text: t('noExam'), linkText: t('findExam'), to: '/examList' }}
        renderRow={(e: MemberExam) => {
          const detail = `/exam/detail/${e.examId}`;
          const open = e.lastState === 'open';
          return (
            <List.Item data-testid="my-exam-item" data-id={e.examId}>
              <div className="portal-study__row">
                <StudyCover to={detail} cover={e.cover} />
                <div className="portal-study__body">
                  <Link to={detail} className="portal-study__title">{e.title}</Link>{' '}
                  {open ? <Tag color="processing">{t(survey ? 'openSurvey' : 'open')}</Tag>
                    // issue 18: the latest attempt's short answers await a marker.
                    : e.lastMarkingState === 'pending' ? <Tag color="processing" data-testid="my-exam-awaiting">{t('awaiting')}</Tag>
                    : e.passed === null ? <Tag>{t('submitted')}</Tag> : <Tag color={e.passed ? 'success' : 'error'}>{t(e.passed ? 'passed' : 'failed')}</Tag>}
                  <div className="portal-study__meta">
                    {[survey ? '' : t('attempts', { n: e.attemptCount }), e.bestScore === null ? '' : t('best', { n: e.bestScore }), t('last', { time: shortTime(e.lastTime) })].filter(Boolean).join(' · ')}
                  </div>
                  <div className="portal-study__meta">
                    {open
                      ? <Link to={`/exam/paper/${e.examId}`}>{t(survey ? 'resumeSurvey' : 'resume')}</Link>
                      : <Link to={resultPath(e.lastAttemptId, e.type)}>{t(survey ? 'resultSurvey' : 'result')}</Link>}
                  </div>
                </div>
              </div>
            </List.Item>
          );
        }}
      />
    </CenterLayout>
  );
}
