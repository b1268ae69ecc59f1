// /content/textPlatform/{id?} (issue 20 part U; spec learning §2 "Reading content"): the text
// platform. id names a reading category (its subcategories included); without it, the whole
// platform. The front shows the categories as tabs and four lists of eight: recently updated, new
// works, finished and most read, each with "more": the whole list, paged (?list=…&page=…), which
// the browser's back and a shared link keep. Every work links to its book page.
import { Button, Pagination, Skeleton } from 'antd';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { usePlatformHome, usePlatformList, type BookCard, type PlatformHome, type PlatformList } from '../../../api/reading-platform';
import { usePageTitle } from '../../../components/use-page-title';
import { BookList, pageState, positiveId } from '../components/platform-parts';
import { usePlatformTexts } from '../components/platform-texts';

const LISTS: readonly PlatformList[] = ['recent', 'new', 'finished', 'popular'];
const PAGE_SIZE = 10;
const platformPath = (categoryId: number | null, query = '') => `/content/textPlatform${categoryId === null ? '' : `/${categoryId}`}${query}`;

function Tabs({ home, categoryId }: { home: PlatformHome; categoryId: number | null }) {
  const t = usePlatformTexts();
  const tabs = [{ id: null, name: t('allCategories'), count: null }, ...home.categories.map((c) => ({ id: c.id as number | null, name: c.name, count: c.count as number | null }))];
  return (
    <nav aria-label={t('category')} data-testid="platform-tabs" style={{ display: 'flex', gap: 8, flexWrap: 'wrap', margin: '16px 0' }}>
      {tabs.map((tab) => {
        const current = tab.id === categoryId;
        return (
          <Link
            key={tab.id ?? 'all'} to={platformPath(tab.id)} aria-current={current ? 'page' : undefined}
            style={{ padding: '4px 14px', borderRadius: 16, border: '1px solid var(--portal-border, #d9d9d9)', fontWeight: current ? 600 : 400, background: current ? 'var(--portal-primary-bg, #e6f4ff)' : undefined, color: 'inherit' }}
          >
            {tab.name}{tab.count !== null ? ` (${tab.count})` : ''}
          </Link>
        );
      })}
    </nav>
  );
}

function Section({ list, books, categoryId }: { list: PlatformList; books: BookCard[]; categoryId: number | null }) {
  const t = usePlatformTexts();
  return (
    <section aria-labelledby={`platform-${list}`} data-testid={`platform-${list}`} style={{ minWidth: 0 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
        <h2 id={`platform-${list}`} style={{ fontSize: 18, margin: '8px 0' }}>{t(list)}</h2>
        {books.length > 0 && <Link to={platformPath(categoryId, `?list=${list}`)} aria-label={`${t('more')}: ${t(list)}`}>{t('more')} ›</Link>}
      </div>
      <BookList books={books} empty={t('emptyList')} compact testId={`platform-${list}-list`} />
    </section>
  );
}

function WholeList({ list, categoryId, pageNo }: { list: PlatformList; categoryId: number | null; pageNo: number }) {
  const t = usePlatformTexts();
  const [, setSearch] = useSearchParams();
  const page = usePlatformList({ categoryId, list, pageNo, pageSize: PAGE_SIZE });
  return (
    <section aria-labelledby="platform-whole" data-testid="platform-whole" data-list={list}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
        <h2 id="platform-whole" style={{ fontSize: 18, margin: '8px 0' }}>{t(list)}</h2>
        <Link to={platformPath(categoryId)}>‹ {t('fewer')}</Link>
      </div>
      {page.isError ? <p>{t('loadFailed')} <Button size="small" onClick={() => void page.refetch()}>{t('retry')}</Button></p>
        : !page.data ? <Skeleton active paragraph={{ rows: 6 }} />
          : (
            <>
              <BookList books={page.data.list} empty={t('emptyList')} testId="platform-whole-list" />
              {page.data.total > PAGE_SIZE && (
                <Pagination
                  style={{ marginTop: 16, justifyContent: 'center' }} current={pageNo} pageSize={PAGE_SIZE} total={page.data.total} showSizeChanger={false}
                  onChange={(n) => setSearch({ list, page: String(n) })}
                />
              )}
            </>
          )}
    </section>
  );
}

export default function PlatformPage() {
  const t = usePlatformTexts();
  const { id: rawId } = useParams();
  const [search] = useSearchParams();
  const categoryId = rawId === undefined ? null : positiveId(rawId);
  const home = usePlatformHome(categoryId);
  const title = home.data?.category ? `${t('platform')} · ${home.data.category.name}` : t('platform');
  usePageTitle(title);
  const rawList = search.get('list');
  const list = LISTS.find((l) => l === rawList) ?? null;
  const pageNo = positiveId(search.get('page') ?? undefined) ?? 1;
  const back = <Link to={platformPath(null)}>{t('toPlatform')}</Link>;
  const notFound = (rawId !== undefined && categoryId === null) || (home.error instanceof ApiError && home.error.errorCode === 'CATEGORY_NOT_FOUND');
  const state = pageState({
    notFound, notFoundTitle: t('platform'), notFoundHint: t('categoryNotFound'), error: home.error, pending: home.isPending,
    retry: () => void home.refetch(), extra: back, loadingTestId: 'platform-loading', texts: { loadFailed: t('loadFailed'), retry: t('retry') },
  });
  const data = home.data;
  const empty = data && LISTS.every((l) => data[l].length === 0);
  return (
    <div className="platform-page" data-testid="platform-page" style={{ padding: '24px 0 48px' }}>
      <div style={{ background: 'var(--portal-surface, #fff)', borderRadius: 8, padding: '24px 32px' }}>
        <h1 style={{ margin: 0, fontSize: 24 }}>{title}</h1>
        <p style={{ margin: '6px 0 0', color: 'var(--portal-text-secondary, rgba(0,0,0,0.65))' }}>{t('platformIntro')}</p>
        {state ?? (data ? (
          <>
            <Tabs home={data} categoryId={categoryId} />
            {list ? <WholeList list={list} categoryId={categoryId} pageNo={pageNo} />
              : empty ? <p data-testid="platform-empty">{t('emptyPlatform')}</p>
                : (
                  <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(340px, 1fr))', gap: '8px 40px' }}>
                    {LISTS.map((l) => <Section key={l} list={l} books={data[l]} categoryId={categoryId} />)}
                  </div>
                )}
          </>
        ) : null)}
      </div>
    </div>
  );
}
