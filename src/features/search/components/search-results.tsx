// The result lists of the search page: one kind with pagination (a tab), or a few of each kind (综合).
// Cards are the widgets' cards and link through the runtime's jump rules (spec learning §2).
import { Empty, Pagination } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductItem } from '../../../api/shop';
import { CardGrid, CardGridSkeleton, WidgetCard, WidgetError, type CardModel } from '../../../components/card-grid';
import { ProductCard } from '../../../components/widget-parts';
import { catalogueCard, type CatalogueRow } from '../../../components/catalogue-cards';
import { useFirstPages, useSearchResults, type SearchKind, type SearchRow } from '../api/search-kinds';
import { PAGE_SIZE_OPTIONS } from '../../../lib/constants';
import { searchText, type SearchLocale, type SearchText } from './texts';

/** 10 (of spec §9's page sizes, src/lib/constants.ts) fills two rows of the five-column grid. */
export const DEFAULT_PAGE_SIZE = 10;
/** Cards per kind on the 综合 tab: one row. */
export const TOTAL_PER_KIND = 5;
const COLUMNS = 5;

/** The tab label of each kind. */
export const KIND_LABEL: Record<SearchKind, SearchText> = {
  course: 'tabCourse', subject: 'tabSubject', knowledge: 'tabKnowledge', content: 'tabContent', product: 'tabProduct',
};

/** The card of a non-product row, with the same links and meta lines as the home-page widgets. */
export function cardOf(kind: Exclude<SearchKind, 'product'>, row: SearchRow, locale: SearchLocale): CardModel {
  return catalogueCard({ kind, row } as CatalogueRow, locale);
}

function ResultGrid({ kind, rows, locale }: { kind: SearchKind; rows: SearchRow[]; locale: SearchLocale }) {
  return (
    <CardGrid columns={COLUMNS}>
      {rows.map((row) => (kind === 'product'
        ? <ProductCard key={row.id} item={row as ProductItem} locale={locale} showProvider />
        : <WidgetCard key={row.id} card={cardOf(kind, row, locale)} locale={locale} />))}
    </CardGrid>
  );
}

/** The friendly empty state, naming the search text. */
export function NoResults({ text }: { text: string }) {
  return <Empty className="search-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;
}

export interface KindResultsProps {
  kind: SearchKind;
  words: string;
  pageNo: number;
  pageSize: number;
  locale: SearchLocale;
  onPage: (pageNo: number, pageSize: number) => void;
}

/** One kind's results with pagination: skeleton, error with retry, empty state naming the words, or the cards. */
export function KindResults({ kind, words, pageNo, pageSize, locale, onPage }: KindResultsProps) {
  const query = useSearchResults(kind, { words, pageNo, pageSize });
  const t = (key: SearchText, vars?: Record<string, string | number>) => searchText(locale, key, vars);
  if (query.isPending) return <CardGridSkeleton count={pageSize} columns={COLUMNS} locale={locale} />;
  if (query.isError) return <WidgetError error={query.error} onRetry={() => void query.refetch()} locale={locale} />;
  const { list, total } = query.data;
  if (total === 0) return <NoResults text={t('emptyKind', { q: words, kind: t(KIND_LABEL[kind]) })} />;
  return (
    <div className="search-kind" data-kind={kind} aria-busy={query.isFetching}>
      <p className="search-count" style={{ margin: '0 0 12px', color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>{t('found', { n: total })}</p>
      <ResultGrid kind={kind} rows={list} locale={locale} />
      <Pagination
        style={{ marginTop: 24, justifyContent: 'center' }}
        current={pageNo} pageSize={pageSize} total={total} showSizeChanger
        pageSizeOptions={PAGE_SIZE_OPTIONS.map(String)}
        onChange={(page, size) => onPage(size === pageSize ? page : 1, size)}
      />
    </div>
  );
}

/** A few results of one kind, with its count and a "see all" link to the kind's tab; nothing when it found none. */
function TotalSection({ kind, words, locale, moreTo }: { kind: SearchKind; words: string; locale: SearchLocale; moreTo: string }) {
  const query = useSearchResults(kind, { words, pageNo: 1, pageSize: TOTAL_PER_KIND });
  const t = (key: SearchText, vars?: Record<string, string | number>) => searchText(locale, key, vars);
  let body: ReactNode;
  if (query.isPending) body = <CardGridSkeleton count={TOTAL_PER_KIND} columns={COLUMNS} locale={locale} />;
  else if (query.isError) body = <WidgetError error={query.error} onRetry={() => void query.refetch()} locale={locale} />;
  else if (query.data.total === 0) return null;
  else body = <ResultGrid kind={kind} rows={query.data.list} locale={locale} />;
  const total = query.data?.total;
  return (
    <section className="search-section" data-kind={kind} style={{ marginBottom: 32 }}>
      <header style={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', marginBottom: 12 }}>
        <h2 style={{ margin: 0, fontSize: 18, fontWeight: 600 }}>
          {t(KIND_LABEL[kind])}
          {total !== undefined && <span style={{ marginLeft: 8, fontSize: 13, fontWeight: 400, color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>{t('found', { n: total })}</span>}
        </h2>
        {total !== undefined && total > TOTAL_PER_KIND && <Link to={moreTo} className="search-more">{t('more')} ›</Link>}
      </header>
      {body}
    </section>
  );
}

export interface TotalResultsProps {
  kinds: readonly SearchKind[];
  words: string;
  locale: SearchLocale;
  /** The address of a kind's tab, for its "see all" link. */
  tabHref: (kind: SearchKind) => string;
}

/**
 * 综合: a few of each kind. Kinds that found nothing are left out; when every kind answered with
 * nothing, one empty state names the words.
 */
export function TotalResults({ kinds, words, locale, tabHref }: TotalResultsProps) {
  return (
    <div className="search-total">
      {kinds.map((kind) => <TotalSection key={kind} kind={kind} words={words} locale={locale} moreTo={tabHref(kind)} />)}
      <AllEmpty kinds={kinds} words={words} locale={locale} />
    </div>
  );
}

/** Shown once every kind's first page has answered with no rows. Reads the same cached queries. */
function AllEmpty({ kinds, words, locale }: { kinds: readonly SearchKind[]; words: string; locale: SearchLocale }) {
  const answers = useFirstPages(kinds, words, TOTAL_PER_KIND);
  const none = answers.every((a) => a.isSuccess && a.data.total === 0);
  return none ? <NoResults text={searchText(locale, 'empty', { q: words })} /> : null;
}
