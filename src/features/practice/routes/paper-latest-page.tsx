// /paper/latest (issue 18 "Learners": the newest practice sets): published sets, newest first, with
// their size; start one (a guest is asked to sign in first) and practise it on /paper.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, List, Pagination, Skeleton, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { getPracticeSets, practicePath, startPractice, type PracticeSetItem } from '../../../api/practice';
import { loginPath } from '../../../lib/login-path';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { sessionKey } from '../components/practice-runner';
import { usePracticeTexts } from '../components/texts';
import '../components/practice.css';

export default function PaperLatestPage() {
  const t = usePracticeTexts();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const sets = useQuery({
    queryKey: ['practice', tenantId, 'sets', page.pageNo, page.pageSize],
    queryFn: ({ signal }) => getPracticeSets(page, signal), placeholderData: keepPreviousData, retry: false,
  });
  const start = useMutation({
    mutationFn: (setId: number) => startPractice({ source: 'set', setId }),
    onSuccess: (session) => {
      queryClient.setQueryData(sessionKey(tenantId, userId, session.id), session);
      navigate(practicePath(session.id));
    },
  });
  let body;
  if (sets.isPending) body = <div role="status" aria-busy="true" aria-label={t('loading')}><Skeleton active paragraph={{ rows: 4 }} /></div>;
  else if (sets.isError) body = <Alert type="error" showIcon title={sets.error.message || t('loadFailed')} action={<Button size="small" onClick={() => void sets.refetch()}>{t('retry')}</Button>} />;
  else if (sets.data.total === 0) body = <Empty description={t('noSets')} data-testid="practice-sets-empty"><Link to="/paper">{t('goPaper')}</Link></Empty>;
  else {
    body = (
      <>
        <List
          className="practice-set-list" dataSource={sets.data.list} data-testid="practice-sets"
          renderItem={(s: PracticeSetItem) => (
            <List.Item
              data-testid="practice-set" data-id={s.id}
              actions={[userId === null
                ? <Button key="in" onClick={() => navigate(loginPath(pathname))}>{t('signIn')}</Button>
                : <Button key="go" type="primary" loading={start.isPending && start.variables === s.id} onClick={() => start.mutate(s.id)} aria-label={`${t('startSet')}: ${s.title}`}>{t('startSet')}</Button>]}
            >
              <div>
                <h2 className="practice-set__title">{s.title}{s.categoryName && <Tag style={{ marginLeft: 8 }}>{s.categoryName}</Tag>}</h2>
                <div className="practice-set__meta">{t('setMeta', { n: s.questionCount, time: dayjs(s.createdAt).format('YYYY-MM-DD') })}</div>
              </div>
            </List.Item>
          )}
        />
        {sets.data.total > page.pageSize && (
          <Pagination style={{ marginTop: 16 }} current={page.pageNo} pageSize={page.pageSize} total={sets.data.total} onChange={(pageNo, pageSize) => setPage({ pageNo, pageSize })} />
        )}
      </>
    );
  }
  return (
    <div className="practice-page" data-testid="paper-latest-page">
      <h1>{t('latestTitle')}</h1>
      {start.isError && <Alert type="error" showIcon title={start.error.message} style={{ marginBottom: 12 }} />}
      {body}
      <p style={{ marginTop: 24 }}><Link to="/paper">{t('paperTitle')}</Link></p>
    </div>
  );
}
