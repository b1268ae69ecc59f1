// /sub_home/make (spec learning §2 "Sub-home, shop and content"; issue 20 part S): what the tenant
// makes to order, the request form (a guest is sent to sign in and comes back) and, for a signed-in
// learner, their requests with their state.
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, List, Pagination, Segmented, Space } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { getMakeKinds, getMyMakeRequests, makeDetailPath, type MakeState } from '../../../api/make';
import { useAppStore } from '../../../stores/app-store';
import { selectSignedIn, selectUserId, useUserStore } from '../../../stores/user-store';
import { dateTime, PageError, PageFrame, PageLoading, StateTag, yuan } from '../components/make-parts';
import { MakeRequestForm } from '../components/make-request-form';
import { useMakeTexts, type MakeTexts } from '../components/make-texts';

const PAGE_SIZE = 5;
const STATES: MakeState[] = ['submitted', 'quoted', 'accepted', 'declined', 'withdrawn'];

export default function MakePage() {
  const t = useMakeTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const signedIn = useUserStore(selectSignedIn);
  const [kindId, setKindId] = useState<number | undefined>(undefined);
  const kinds = useQuery({ queryKey: ['make', tenantId, 'kinds'] as const, queryFn: ({ signal }) => getMakeKinds({ silent: true, signal }) });
  if (kinds.isPending) return <PageLoading testId="make-loading" label={t('title')} />;
  if (kinds.isError) return <PageFrame title={t('title')} testId="make-page"><PageError error={kinds.error} onRetry={() => void kinds.refetch()} t={t} /></PageFrame>;
  const choose = (id: number) => {
    setKindId(id);
    document.getElementById('make-form')?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  };
  return (
    <PageFrame title={t('title')} intro={t('intro')} testId="make-page">
      <h2 style={{ fontSize: 18, margin: '8px 0 12px' }}>{t('kinds')}</h2>
      {kinds.data.length === 0 ? (
        <Empty description={<><div>{t('noKinds')}</div><Link to="/product">{t('noKindsHint')}</Link></>} data-testid="make-no-kinds" />
      ) : (
        <>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))', gap: 16, marginBottom: 24 }} data-testid="make-kinds">
            {kinds.data.map((k) => (
              <Card key={k.id} data-testid="make-kind-card">
                <h3 style={{ margin: '0 0 8px', fontSize: 16 }}>{k.title}</h3>
                <p style={{ margin: '0 0 8px' }}>{k.summary}</p>
                <p style={{ margin: '0 0 12px' }}>{t('leadDays', { n: k.leadDays })} · {t('madeBy', { store: k.providerName })}</p>
                <Button onClick={() => choose(k.id)} aria-label={t('chooseLabel', { title: k.title })}>{t('choose')}</Button>
              </Card>
            ))}
          </div>
          <MakeRequestForm kinds={kinds.data} kindId={kindId} signedIn={signedIn} tenantId={tenantId} t={t} />
        </>
      )}
      {signedIn ? <MyRequests t={t} /> : null}
    </PageFrame>
  );
}

/** The signed-in learner's requests, newest first, by state. */
function MyRequests({ t }: { t: MakeTexts }) {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const [state, setState] = useState<MakeState | 'all'>('all');
  const [pageNo, setPageNo] = useState(1);
  const query = useQuery({
    queryKey: ['make', tenantId, userId, 'mine', state, pageNo] as const,
    queryFn: ({ signal }) => getMyMakeRequests({ pageNo, pageSize: PAGE_SIZE, state: state === 'all' ? undefined : state }, { silent: true, signal }),
  });
  return (
    <section style={{ marginTop: 32 }} data-testid="make-mine" aria-labelledby="make-mine-title">
      <h2 id="make-mine-title" style={{ fontSize: 18, margin: '0 0 12px' }}>{t('mine')}</h2>
      <Segmented
        value={state}
        onChange={(v) => { setState(v as MakeState | 'all'); setPageNo(1); }}
        options={[{ value: 'all', label: t('allStates') }, ...STATES.map((s) => ({ value: s, label: t(`state_${s}`) }))]}
        style={{ marginBottom: 12 }}
      />
      {query.isPending ? <PageLoading testId="make-mine-loading" />
        : query.isError ? <PageError error={query.error} onRetry={() => void query.refetch()} t={t} testId="make-mine-error" />
          : query.data.list.length === 0 ? <Empty description={t('mineEmpty')} data-testid="make-mine-empty" />
            : (
              <>
                <List
                  bordered
                  dataSource={query.data.list}
                  renderItem={(r) => (
                    <List.Item
                      data-testid="make-mine-row"
                      actions={[<Link key="view" to={makeDetailPath(r.id)} aria-label={t('viewLabel', { title: r.title })}>{t('view')}</Link>]}
                    >
                      <Space direction="vertical" size={2}>
                        <Space wrap><StateTag state={r.state} t={t} /><strong>{r.title}</strong></Space>
                        <span>{r.kindTitle} · {r.quote ? t('quotePrice', { price: yuan(r.quote.price) }) : t('noQuote')} · {t('updated', { time: dateTime(r.updatedAt) })}</span>
                      </Space>
                    </List.Item>
                  )}
                />
                {query.data.total > PAGE_SIZE ? (
                  <Pagination style={{ marginTop: 12 }} current={pageNo} pageSize={PAGE_SIZE} total={query.data.total} onChange={setPageNo} showSizeChanger={false} />
                ) : null}
              </>
            )}
    </section>
  );
}
