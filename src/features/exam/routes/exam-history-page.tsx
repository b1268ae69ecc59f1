// /exam/examHistory (issue 18 "Learners": every attempt with score, time used and a review of
// each): the signed-in learner's attempts at exams across exams, newest first, paged; an attempt
// whose short answers await a person says 待阅卷 with the machine part, then its final score.
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { getExamHistory, resultPath, type HistoryItem } from '../../../api/exam';
import { usePageTitle } from '../../../components/use-page-title';
import { useAppStore } from '../../../stores/app-store';
import { examTime, STATE_TEXT } from '../components/exam-format';
import { useExamTexts } from '../components/texts';
import '../components/exam.css';

const PAGE_SIZE = 10;

export default function ExamHistoryPage() {
  const t = useExamTexts();
  usePageTitle(t('history'));
  const tenantId = useAppStore((s) => s.tenantId);
  const [pageNo, setPageNo] = useState(1);
  const query = useQuery({
    queryKey: ['exam', tenantId, 'history', pageNo] as const,
    queryFn: ({ signal }) => getExamHistory({ pageNo, pageSize: PAGE_SIZE }, signal),
  });
  const used = (s: number | null) => (s === null ? '—' : t('usedMinutes', { m: Math.floor(s / 60), s: s % 60 }));
  const score = (h: HistoryItem) => {
    if (h.state === 'open') return '—';
    if (h.markingState === 'pending') {
      return <span><Tag color="processing" data-testid="history-awaiting">{t('awaiting')}</Tag>{t('objectivePart', { n: h.objectiveScore ?? 0 })}</span>;
    }
    return (
      <span data-testid="history-score">
        {h.score ?? '—'}{h.totalScore !== null ? ` / ${h.totalScore}` : ''}{' '}
        {h.passed !== null && <Tag color={h.passed ? 'success' : 'error'}>{t(h.passed ? 'passed' : 'failed')}</Tag>}
      </span>
    );
  };
  const columns = [
    { key: 'title', title: t('colExam'), render: (_: unknown, h: HistoryItem) => <Link to={`/exam/detail/${h.examId}`}>{h.title}</Link> },
    { key: 'started', title: t('colStarted'), render: (_: unknown, h: HistoryItem) => examTime(h.startedAt) },
    { key: 'used', title: t('colUsed'), render: (_: unknown, h: HistoryItem) => used(h.timeUsedSeconds) },
    { key: 'state', title: t('colState'), render: (_: unknown, h: HistoryItem) => <Tag color={h.state === 'open' ? 'processing' : 'default'}>{t(STATE_TEXT[h.state])}</Tag> },
    { key: 'score', title: t('colScore'), render: (_: unknown, h: HistoryItem) => score(h) },
    {
      key: 'go', title: '',
      render: (_: unknown, h: HistoryItem) => (h.state === 'open'
        ? <Link to={`/exam/paper/${h.examId}`}>{t('resume')}</Link>
        : <Link to={resultPath(h.attemptId, 'exam')} data-testid="history-review">{t('reviewLink')}</Link>),
    },
  ];
  return (
    <div className="exam-page" data-testid="exam-history">
      <h1 className="exam-title" style={{ marginBottom: 16 }}>{t('history')}</h1>
      <div className="exam-card">
        {query.isError
          ? <Alert type="error" showIcon title={query.error.message || t('loadFailed')} action={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>} />
          : (
            <Table
              rowKey="attemptId" size="middle" loading={query.isPending} dataSource={query.data?.list ?? []} columns={columns} scroll={{ x: 720 }}
              locale={{ emptyText: <Empty description={t('historyEmpty')}><Link to="/examList">{t('goExams')}</Link></Empty> }}
              pagination={{ current: pageNo, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onChange: setPageNo, showSizeChanger: false, hideOnSinglePage: true }}
            />
          )}
      </div>
    </div>
  );
}
