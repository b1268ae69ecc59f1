// /pages/article/list (spec learning §2 "Requirements": 学员分享; issue 19 part G): the learners'
// shared articles (GET /cm/api/article/search, kind share), newest or most read first, searched by
// title, paged; cards open /share/article/detail/{id}. Writing articles is part H's (myArticle).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Empty, Input, Pagination, Segmented } from 'antd';
import { Link } from 'react-router';
import { searchArticles } from '../../../api/community';
import { safeImageSrc } from '../../../components/widget-parts';
import { useQueryState } from '../../../lib/use-query-state';
import { useAppStore } from '../../../stores/app-store';
import { dateOnly, PageError, PageFrame } from '../components/parts';
import { useTeachersTexts } from '../components/texts';
import '../components/teachers.css';

const PAGE_SIZE = 10;

export default function ArticleListPage() {
  const t = useTeachersTexts();
  const { params, update } = useQueryState();
  const tenantId = useAppStore((s) => s.tenantId);
  const words = params.get('searchValue') ?? '';
  const sort = params.get('sort') === 'popular' ? 'popular' : 'newest';
  const pageNo = Math.max(1, Number(params.get('pageNo')) || 1);
  const query = useQuery({
    queryKey: ['teachers', tenantId, 'articles', words, sort, pageNo] as const,
    queryFn: ({ signal }) => searchArticles({ kind: 'share', pageNo, pageSize: PAGE_SIZE, sort, ...(words ? { searchValue: words } : {}) }, signal),
    placeholderData: keepPreviousData, retry: false,
  });
  return (
    <PageFrame title={t('articles')} intro={t('articlesIntro')} testId="article-list">
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginBottom: 16 }}>
        <Input.Search
          key={words} defaultValue={words} allowClear placeholder={t('searchArticles')} aria-label={t('searchArticles')} enterButton={t('search')}
          style={{ maxWidth: 360 }} onSearch={(value) => update({ searchValue: value.trim() })}
        />
        <Segmented
          aria-label={t('sortBy')} value={sort} onChange={(v) => update({ sort: v === 'newest' ? undefined : String(v) })}
          options={[{ value: 'newest', label: t('sortNewest') }, { value: 'popular', label: t('sortPopular') }]}
        />
      </div>
      {query.isPending ? <Card loading /> : query.isError ? <PageError error={query.error} onRetry={() => void query.refetch()} back={{ to: '/home', text: t('backToList') }} t={t} />
        : query.data.list.length === 0 ? <Empty description={<span>{t('noArticles')}<br />{t('noArticlesHint')}</span>} />
          : (
            <Card>
              <ul className="portal-teachers__rows" aria-label={t('articles')}>
                {query.data.list.map((a) => {
                  const src = safeImageSrc(a.cover);
                  return (
                    <li key={a.id} data-testid="article-card" style={{ display: 'flex', gap: 16 }}>
                      {src ? <img src={src} alt="" style={{ width: 160, height: 90, objectFit: 'cover', borderRadius: 6, flex: 'none' }} loading="lazy" /> : null}
                      <div style={{ minWidth: 0 }}>
                        <Link to={`/share/article/detail/${a.id}`} className="portal-teachers__row-title">{a.title}</Link>
                        {a.summary ? <p style={{ margin: '6px 0' }}>{a.summary}</p> : null}
                        <div className="portal-teachers__sub">
                          {[a.author ? t('by', { name: a.author }) : null, dateOnly(a.publishTime), t('views', { n: a.viewCount })].filter(Boolean).join(' · ')}
                        </div>
                      </div>
                    </li>
                  );
                })}
              </ul>
              <Pagination style={{ marginTop: 16 }} align="center" current={pageNo} pageSize={PAGE_SIZE} total={query.data.total} hideOnSinglePage showSizeChanger={false} onChange={(p) => update({ pageNo: p })} />
            </Card>
          )}
    </PageFrame>
  );
}
