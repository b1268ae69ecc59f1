// /user/center/study/myTest (issue 18 "Learners": practice history and the wrong-answer book). Tabs
// (?tab=history|wrong|mastered): my practice sessions with counts and accuracy, each resumed or
// reviewed on /paper; the questions still to practise with "practise these" and remove; the mastered ones.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, List, Popconfirm, Tabs, Tag, message } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  getPracticeHistory, getWrongBook, practicePath, practiceSessionKey, removeWrongAnswer, sessionKind, startPractice, type PracticeHistoryItem, type WrongAnswerItem,
} from '../../../api/practice';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { CenterLayout } from '../components/center-layout';
import { useMyTestTexts } from '../components/my-test-texts';
import { shortTime, StudyList, usePaging } from '../components/study-list';

const TABS = ['history', 'wrong', 'mastered'] as const;
type Tab = (typeof TABS)[number];
const KIND_KEY = { single: 'kindSingle', multiple: 'kindMultiple', judge: 'kindJudge', fill: 'kindFill', short: 'kindShort', composite: 'kindComposite' } as const;

function History() {
  const t = useMyTestTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const { page, onPage } = usePaging();
  const query = useQuery({
    queryKey: ['practice', tenantId, userId, 'history', page.pageNo, page.pageSize],
    queryFn: ({ signal }) => getPracticeHistory(page, signal), placeholderData: keepPreviousData, retry: false,
  });
  const titleOf = (h: PracticeHistoryItem) => {
    const kind = sessionKind(h);
    if (kind === 'book') return t('sourceBook');
    if (kind === 'set') return h.title;
    return t('sessionTitle', { title: h.title, source: t(kind === 'exam' ? 'sourceExam' : 'sourceCategory') });
  };
  return (
    <StudyList
      query={query} page={page} onPage={onPage} testId="my-test-history" rowKey={(h: PracticeHistoryItem) => h.id}
      empty={{ text: t('noHistory'), linkText: t('goPractice'), to: '/paper' }}
      renderRow={(h: PracticeHistoryItem) => (
        <List.Item data-testid="my-test-session" data-id={h.id}>
          <div className="portal-study__body">
            <Link to={practicePath(h.id)} className="portal-study__title">{titleOf(h)}</Link>{' '}
            {h.finishedAt ? <Tag color="success">{t('finished')}</Tag> : <Tag color="processing">{t('inProgress')}</Tag>}
            <div className="portal-study__meta">
              {[t('counts', { all: h.questionCount, done: h.answeredCount, right: h.correctCount }), h.accuracy === null ? t('noAccuracy') : t('accuracy', { n: h.accuracy }), t('started', { time: shortTime(h.startedAt) })].join(' · ')}
            </div>
            <div className="portal-study__meta"><Link to={practicePath(h.id)}>{t(h.finishedAt ? 'review' : 'resume')}</Link></div>
          </div>
        </List.Item>
      )}
    />
  );
}

function WrongBook({ mastered }: { mastered: boolean }) {
  const t = useMyTestTexts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const { page, onPage } = usePaging();
  const query = useQuery({
    queryKey: ['practice', tenantId, userId, 'wrongBook', mastered, page.pageNo, page.pageSize],
    queryFn: ({ signal }) => getWrongBook({ ...page, mastered }, signal), placeholderData: keepPreviousData, retry: false,
  });
  const practise = useMutation({
    mutationFn: () => startPractice({ source: 'wrong' }),
    onSuccess: (session) => {
      queryClient.setQueryData(practiceSessionKey(tenantId, userId, session.id), session);
      navigate(practicePath(session.id));
    },
  });
  const remove = useMutation({
    mutationFn: (w: WrongAnswerItem) => removeWrongAnswer(w.source, w.questionId),
    onSuccess: () => {
      void message.success(t('removed'));
      void queryClient.invalidateQueries({ queryKey: ['practice', tenantId, userId, 'wrongBook'] });
    },
  });
  const error = practise.error ?? remove.error;
  return (
    <>
      {!mastered && query.isSuccess && query.data.total > 0 && (
        <Button type="primary" loading={practise.isPending} onClick={() => practise.mutate()} style={{ marginBottom: 12 }} data-testid="my-test-practise">
          {t('practiseThese')}
        </Button>
      )}
      {error && <Alert type="error" showIcon title={error.message} style={{ marginBottom: 12 }} />}
      <StudyList
        query={query} page={page} onPage={onPage} testId={mastered ? 'my-test-mastered' : 'my-test-wrong'} rowKey={(w: WrongAnswerItem) => `${w.source}:${w.questionId}`}
        empty={mastered ? { text: t('noMastered'), linkText: t('goPractice'), to: '/paper' } : { text: t('noWrong'), linkText: t('goLatest'), to: '/paper/latest' }}
        renderRow={(w: WrongAnswerItem) => (
          <List.Item
            data-testid="my-test-wrong-item" data-id={`${w.source}:${w.questionId}`}
            actions={mastered ? [] : [(
              <Popconfirm key="rm" title={t('removeConfirm')} okText={t('removeOk')} cancelText={t('cancel')} onConfirm={() => remove.mutate(w)}>
                <Button type="link" loading={remove.isPending && remove.variables === w} aria-label={`${t('remove')}: ${w.stem.slice(0, 40)}`}>{t('remove')}</Button>
              </Popconfirm>
            )]}
          >
            <div className="portal-study__body">
              <div><Tag>{w.kind in KIND_KEY ? t(KIND_KEY[w.kind as keyof typeof KIND_KEY]) : w.kind}</Tag><span className="portal-study__stem">{w.stem}</span></div>
              <div className="portal-study__meta">
                {[t('wrongCount', { n: w.wrongCount }), mastered && w.masteredAt ? t('masteredAt', { time: shortTime(w.masteredAt) }) : t('lastWrong', { time: shortTime(w.lastWrongAt) }),
                  w.examTitle ? t('fromExam', { title: w.examTitle }) : t('fromPractice'),
                  w.lastAnswer.length ? t('lastAnswer', { answer: w.lastAnswer.join(' ') }) : ''].filter(Boolean).join(' · ')}
              </div>
              {!mastered && w.examId !== null && (
                <div className="portal-study__meta"><Link to={`/exam/practice?examId=${w.examId}`}>{t('examMistakes')}</Link></div>
              )}
            </div>
          </List.Item>
        )}
      />
    </>
  );
}

export default function MyTestPage() {
  const t = useMyTestTexts();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? params.get('tab') as Tab : 'history';
  return (
    <CenterLayout title={t('title')} testId="my-test">
      <nav className="portal-study__meta" aria-label={t('practiceLinks')}>
        <Link to="/paper" data-testid="my-test-to-paper">{t('goPractice')}</Link>{' · '}<Link to="/paper/latest">{t('goLatest')}</Link>
      </nav>
      <Tabs
        activeKey={tab} onChange={(key) => setParams({ tab: key }, { replace: true })} destroyOnHidden
        items={[
          { key: 'history', label: t('tabHistory'), children: <History /> },
          { key: 'wrong', label: t('tabWrong'), children: <WrongBook mastered={false} /> },
          { key: 'mastered', label: t('tabMastered'), children: <WrongBook mastered /> },
        ]}
      />
    </CenterLayout>
  );
}
