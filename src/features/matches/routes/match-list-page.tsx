// /match (spec learning §2 "Ranking and competitions"): the published competitions as cards with
// tabs by status (全部 / 报名中 / 进行中 / 未开始 / 已结束), a search over name and summary, and the
// spec's pager (§9: 5, 6, 10, 15, 20 per page). Tab, words and page live in the address, so back
// and a shared link keep them. A card opens /match/detail/{id}.
import { Button, Empty, Input, Pagination, Result, Skeleton, Tabs, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { matchPath, useMatchList, type MatchItem, type MatchStatus } from '../../../api/matches';
import { PAGE_SIZE_OPTIONS as PAGE_SIZES } from '../../../lib/constants';
import { useQueryState } from '../../../lib/use-query-state';
import { MATCH_STATUSES, matchFacts, StatusTag } from '../components/match-parts';
import { useMatchTexts, type MatchTexts } from '../components/match-texts';
import '../components/matches.css';

const DEFAULT_SIZE = 10;
const positive = (raw: string | null, fallback: number) => (raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : fallback);

function MatchCard({ m, t }: { m: MatchItem; t: MatchTexts }) {
  return (
    <article className="match-card" data-testid="match-card" data-id={m.id} data-status={m.status}>
      <h2 className="match-card__title"><Link to={matchPath(m.id)}>{m.title}</Link></h2>
      <StatusTag status={m.status} t={t} />
      {m.enrolled ? <Tag color="gold">{t('enrolledTag')}</Tag> : null}
      {m.summary ? <p className="match-card__summary">{m.summary}</p> : null}
      <p className="match-meta">{[...matchFacts(m, t), t('stages', { n: m.stageCount })].join(' · ')}</p>
    </article>
  );
}

export default function MatchListPage() {
  const t = useMatchTexts();
  const { params, update } = useQueryState();
  const status = MATCH_STATUSES.find((s) => s === params.get('status')) as MatchStatus | undefined;
  const keyword = (params.get('keyword') ?? '').trim();
  const pageNo = positive(params.get('pageNo'), 1);
  const size = positive(params.get('pageSize'), DEFAULT_SIZE);
  const pageSize = PAGE_SIZES.includes(size) ? size : DEFAULT_SIZE;
  const [draft, setDraft] = useState(keyword);
  useEffect(() => setDraft(keyword), [keyword]);
  const query = useMatchList({ pageNo, pageSize, status, keyword: keyword || undefined });

  let results;
  if (query.isPending) results = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (query.isError) {
    results = <Result status="error" title={t('loadFailed')} subTitle={query.error.message} extra={<Button onClick={() => void query.refetch()}>{t('retry')}</Button>} />;
  } else if (query.data.total === 0) {
    const text = keyword ? t('emptySearch', { q: keyword }) : status ? t('emptyStatus', { status: t(status) }) : t('empty');
    results = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;
  } else {
    results = (
      <div aria-busy={query.isFetching} data-testid="match-list-results">
        <p className="match-count">{t('found', { n: query.data.total })}</p>
        {query.data.list.map((m) => <MatchCard key={m.id} m={m} t={t} />)}
        <Pagination
          className="match-pager" current={pageNo} pageSize={pageSize} total={query.data.total} showSizeChanger pageSizeOptions={PAGE_SIZES.map(String)}
          onChange={(page, sizeNow) => update({ pageNo: sizeNow === pageSize ? String(page) : '1', pageSize: String(sizeNow) })}
        />
      </div>
    );
  }

  return (
    <div className="match-page" data-testid="match-list">
      <div className="match-list__head">
        <h1 className="match-title">{t('listTitle')}</h1>
        <Input.Search
          className="match-list__search" value={draft} onChange={(e) => setDraft(e.target.value)} allowClear maxLength={60}
          placeholder={t('searchPlaceholder')} aria-label={t('searchPlaceholder')} onSearch={(value) => update({ keyword: value.trim() || undefined, pageNo: undefined })}
        />
      </div>
      <Tabs
        activeKey={status ?? 'all'} onChange={(key) => update({ status: key === 'all' ? undefined : key, pageNo: undefined })}
        items={(['all', ...MATCH_STATUSES] as const).map((key) => ({ key, label: t(key) }))}
      />
      {results}
    </div>
  );
}
