// 我的运行记录 (issue 21 part D): the learner's runs, newest first, each reopening on its
// application's page (?run=ID); of the open application, or of all when there is none.
import { Alert, Button, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { relativeTime } from '../../../lib/relative-time';
import { useApplicationRuns } from '../api/assistant';
import { useApplicationTexts } from './application-texts';

const PAGE_SIZE = 10;

/** Where a run reopens. */
export const runPath = (applicationId: number, runId: number) => `/robot/application/${applicationId}?run=${runId}`;

export function ApplicationRuns({ applicationId, activeRunId }: { applicationId: number | null; activeRunId: number | null }) {
  const t = useApplicationTexts();
  const [pageNo, setPageNo] = useState(1);
  const runs = useApplicationRuns(applicationId, pageNo, PAGE_SIZE);
  let body;
  if (runs.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (runs.isError) body = <Alert type="error" showIcon title={t('loadFailed', { message: runs.error.message })} action={<Button size="small" onClick={() => void runs.refetch()}>{t('retry')}</Button>} />;
  else if (runs.data.list.length === 0) body = <Empty description={t('noRuns')} />;
  else {
    const pages = Math.max(1, Math.ceil(runs.data.total / PAGE_SIZE));
    body = (
      <>
        <ul className="application-runs" data-testid="application-runs">
          {runs.data.list.map((run) => (
            <li key={run.id}>
              <Link to={runPath(run.applicationId, run.id)} aria-current={run.id === activeRunId ? 'page' : undefined}>
                <span className="application-runs__title">{run.title || run.applicationName}</span>
                <span className="application-runs__meta">{run.applicationName} · {t(`status_${run.status}`)} · {relativeTime(run.createdAt)}</span>
              </Link>
            </li>
          ))}
        </ul>
        {pages > 1 && (
          <nav className="application-pager" aria-label={t('runs')}>
            <Button size="small" disabled={pageNo <= 1} onClick={() => setPageNo(pageNo - 1)}>{t('prev')}</Button>
            <span>{t('page', { n: pageNo })} / {pages}</span>
            <Button size="small" disabled={pageNo >= pages} onClick={() => setPageNo(pageNo + 1)}>{t('next')}</Button>
          </nav>
        )}
      </>
    );
  }
  return <aside className="assistant-panel" aria-labelledby="application-runs-title"><h2 id="application-runs-title">{t('runs')}</h2>{body}</aside>;
}
