// /classes (spec learning §2 "Classes"; the navbar's 培训班): the public classes with state tabs
// (全部/报名中/进行中/已结束), a search box and the spec's pager (spec learning §9: 5, 6, 10, 15, 20).
// The state lives in the address (state, searchValue, categoryId from a home widget's "more",
// pageNo, pageSize), so back and forward walk through it; the route is keepAlive, like the course
// list, and a class opened from here comes back here (spec shell §3 goback "class").
import { Button, Empty, Input, Pagination, Tabs, Tag } from 'antd';
import { useEffect, useState, type MouseEvent } from 'react';
import { useQueryState } from '../../../lib/use-query-state';
import type { ClassItem } from '../../../api/catalogue';
import { CardGrid, CardGridSkeleton, WidgetCard, WidgetError, type CardBadge, type CardModel } from '../../../components/card-grid';
import { useWidgetTexts } from '../../../components/widget-texts';
import { useRememberGoback } from '../../../lib/goback';
import { useClassList, useTrainingCategoryName } from '../api/use-classes';
import { dateRange, enrolledText } from '../components/class-format';
import { STATE_TEXT, useClassTexts } from '../components/texts';
import { PAGE_SIZE_OPTIONS as PAGE_SIZES } from '../../../lib/constants';

const DEFAULT_PAGE_SIZE = 10;
const MAX_WORDS = 100;
const COLUMNS = 4;
const TABS = [0, 1, 2, 3] as const;
const BADGE_TONE: Record<number, CardBadge['tone']> = { 1: 'upcoming', 2: 'open', 3: 'muted' };

const positive = (raw: string | null) => (raw !== null && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined);

/** The list's state as the address says it; anything invalid reads as its default. */
export function readClassListState(params: URLSearchParams) {
  const state = positive(params.get('state'));
  const size = positive(params.get('pageSize'));
  return {
    state: state !== undefined && state <= 3 ? (state as 1 | 2 | 3) : undefined,
    searchValue: (params.get('searchValue') ?? '').trim().slice(0, MAX_WORDS),
    categoryId: positive(params.get('categoryId')),
    categoryName: params.get('categoryName')?.trim() || undefined,
    pageNo: positive(params.get('pageNo')) ?? 1,
    pageSize: size !== undefined && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

export default function ClassListPage() {
  const t = useClassTexts();
  const { locale } = useWidgetTexts();
  const remember = useRememberGoback();
  const { params, edit } = useQueryState();
  const s = readClassListState(params);
  const treeName = useTrainingCategoryName(s.categoryName ? undefined : s.categoryId);
  const [draft, setDraft] = useState(s.searchValue);
  useEffect(() => setDraft(s.searchValue), [s.searchValue]);
  const query = useClassList({
    pageNo: s.pageNo, pageSize: s.pageSize, ...(s.state ? { state: s.state } : {}), ...(s.searchValue ? { searchValue: s.searchValue } : {}),
    ...(s.categoryId ? { categoryId: s.categoryId } : {}),
  });

  /** A new filter starts at page 1. */
  const filter = (change: (next: URLSearchParams) => void) => edit((next) => {
    change(next);
    next.delete('pageNo');
  });
  const setTab = (key: string) => filter((next) => (key === '0' ? next.delete('state') : next.set('state', key)));
  const setSearch = (words: string) => filter((next) => {
    const text = words.trim().slice(0, MAX_WORDS);
    if (text) next.set('searchValue', text);
    else next.delete('searchValue');
  });
  const clearFilters = () => filter((next) => ['searchValue', 'categoryId', 'categoryName', 'state'].forEach((k) => next.delete(k)));
  const setPage = (pageNo: number, pageSize: number) => {
    edit((next) => {
      next.set('pageNo', String(pageSize === s.pageSize ? pageNo : 1));
      if (pageSize === DEFAULT_PAGE_SIZE) next.delete('pageSize');
      else next.set('pageSize', String(pageSize));
    });
  };

  // A page past the end (the list shrank): go to the last page.
  const settled = query.isSuccess && !query.isPlaceholderData ? query.data : undefined;
  useEffect(() => {
    if (settled && settled.list.length === 0 && settled.total > 0 && s.pageNo > 1) setPage(Math.ceil(settled.total / s.pageSize), s.pageSize);
  }, [settled, s.pageNo, s.pageSize]); // setPage is rebuilt each render, so it is not a dependency

  const toCard = (c: ClassItem): CardModel => ({
    key: c.id, link: { linkType: 'classesDetail', id: c.id }, title: c.title, cover: c.cover,
    meta: [c.teacherName, dateRange(t, c), enrolledText(t, c)].filter(Boolean).join(' · '),
    badge: { text: t(STATE_TEXT[c.state as 1 | 2 | 3] ?? 'tabAll'), tone: BADGE_TONE[c.state] ?? 'muted' },
  });
  const onCardClick = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest('[data-card-id] a')) remember('class');
  };

  let results;
  if (query.isPending) results = <CardGridSkeleton count={s.pageSize} columns={COLUMNS} locale={locale} />;
  else if (query.isError) results = <WidgetError error={query.error} onRetry={() => void query.refetch()} locale={locale} />;
  else if (query.data.total === 0) {
    const filtered = Boolean(s.searchValue || s.categoryId || s.state);
    const text = s.searchValue ? t('emptySearch', { q: s.searchValue }) : s.state ? t('emptyState', { state: t(STATE_TEXT[s.state]) }) : t('empty');
    results = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} data-testid="class-list-empty">
        {filtered && <Button onClick={clearFilters}>{t('clearFilters')}</Button>}
      </Empty>
    );
  } else {
    results = (
      <div data-testid="class-list-results" aria-busy={query.isFetching} onClickCapture={onCardClick}>
        <p style={{ margin: '0 0 12px', color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>{t('found', { n: query.data.total })}</p>
        <CardGrid columns={COLUMNS}>
          {query.data.list.map((c) => <WidgetCard key={c.id} card={toCard(c)} locale={locale} />)}
        </CardGrid>
        <Pagination
          style={{ marginTop: 24, justifyContent: 'center' }} current={s.pageNo} pageSize={s.pageSize} total={query.data.total}
          showSizeChanger pageSizeOptions={PAGE_SIZES.map(String)} onChange={setPage}
        />
      </div>
    );
  }

  return (
    <div className="class-list-page" data-testid="class-list" style={{ padding: '24px 0 48px' }}>
      <h1 style={{ margin: '0 0 16px', fontSize: 22, fontWeight: 600 }}>{t('title')}</h1>
      <div style={{ background: 'var(--portal-surface, #fff)', borderRadius: 8, padding: '8px 24px 24px' }}>
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'center', justifyContent: 'space-between' }}>
          <Tabs
            activeKey={String(s.state ?? 0)} onChange={setTab} style={{ marginBottom: 0 }}
            items={TABS.map((k) => ({ key: String(k), label: t(k === 0 ? 'tabAll' : STATE_TEXT[k]) }))}
          />
          <Input.Search
            style={{ maxWidth: 320 }} value={draft} onChange={(e) => setDraft(e.target.value)}
            onSearch={(value) => { if (value.trim() !== s.searchValue) setSearch(value); }}
            placeholder={t('searchPlaceholder')} enterButton={t('searchSubmit')} allowClear maxLength={MAX_WORDS} aria-label={t('searchPlaceholder')}
          />
        </div>
        {s.categoryId !== undefined && (
          <p style={{ margin: '8px 0 0' }}>
            <Tag closable onClose={() => filter((next) => { next.delete('categoryId'); next.delete('categoryName'); })} closeIcon aria-label={t('clearCategory')}>
              {t('category', { name: s.categoryName ?? treeName ?? String(s.categoryId) })}
            </Tag>
          </p>
        )}
        <div style={{ marginTop: 16 }}>{results}</div>
      </div>
    </div>
  );
}
