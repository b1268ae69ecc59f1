// The frame every learning list page shares: the heading (the chosen category's name when
// filtered), the category tree at the left, the tabs, the toolbar, and the results with the
// spec's pager (spec learning §9: 5, 6, 10, 15, 20 per page).
import { Button, Empty, Pagination, Tabs } from 'antd';
import { useCallback, useEffect, useState, type MouseEvent } from 'react';
import { CardGrid, CardGridSkeleton, WidgetCard, WidgetError } from '../../../components/card-grid';
import { useWidgetTexts } from '../../../components/widget-texts';
import { useRememberGoback } from '../../../lib/goback';
import { useListPage, type ListConfig } from '../api/list-kinds';
import { PAGE_SIZE_OPTIONS } from '../../../lib/constants';
import { useListState, type ListState } from '../hooks/use-list-state';
import { usePageTitle } from '../../../components/use-page-title';
import { CategoryTree } from './category-tree';
import { cardOf } from './list-cards';
import { LabelBar } from './label-bar';
import { ListToolbar } from './list-toolbar';
import { useLearningTexts } from './texts';

/** Cards per row in the grid layout, beside the category tree. */
const COLUMNS = 5;

interface ResultsProps {
  config: ListConfig;
  state: ListState;
  onPage: (pageNo: number, pageSize: number) => void;
  onClear: () => void;
}

/** The results: skeleton, error with retry, empty state (with a way out of the filters), or cards and the pager. */
function ListResults({ config, state, onPage, onClear }: ResultsProps) {
  const { t } = useLearningTexts();
  const { locale } = useWidgetTexts();
  const remember = useRememberGoback();
  const { values, categoryId, searchValue, label, sort, pageNo, pageSize } = state;
  const query = useListPage(config.kind, {
    values, sort, pageNo, pageSize, ...(categoryId === undefined ? {} : { categoryId }), ...(searchValue ? { searchValue } : {}),
    ...(label && config.kind !== 'share' ? { label } : {}),
  });

  // A remembered or typed page past the end (the list shrank): go to the last page.
  const settled = query.isSuccess && !query.isPlaceholderData ? query.data : undefined;
  useEffect(() => {
    if (settled && settled.list.length === 0 && settled.total > 0 && pageNo > 1) onPage(Math.max(1, Math.ceil(settled.total / pageSize)), pageSize);
  }, [settled, pageNo, pageSize, onPage]);

  // spec shell §3 goback: a detail opened from this list comes back to this list, page and filters.
  const onCardClick = (event: MouseEvent<HTMLDivElement>) => {
    const target = event.target as Element;
    if (config.goback && target.closest('[data-card-id] a')) remember(config.goback);
  };

  if (query.isPending) return <CardGridSkeleton count={pageSize} columns={COLUMNS} layout={config.layout} locale={locale} />;
  if (query.isError) return <WidgetError error={query.error} onRetry={() => void query.refetch()} locale={locale} />;
  const { list, total } = query.data;
  const filtered = categoryId !== undefined || searchValue !== '' || label !== '';
  if (total === 0) {
    const text = searchValue ? t('emptySearch', { q: searchValue }) : filtered ? t('emptyFiltered') : t('empty');
    return (
      <Empty className="learning-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={text}>
        {filtered && <Button onClick={onClear}>{t('clearFilters')}</Button>}
      </Empty>
    );
  }
  return (
    <div className="learning-results" data-kind={config.kind} aria-busy={query.isFetching} onClickCapture={onCardClick}>
      <p className="learning-count" style={{ margin: '0 0 12px', color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>{t('found', { n: total })}</p>
      <CardGrid columns={COLUMNS} layout={config.layout}>
        {list.map((row) => <WidgetCard key={row.id} card={cardOf(config.kind, row, locale)} layout={config.layout} locale={locale} />)}
      </CardGrid>
      <Pagination
        style={{ marginTop: 24, justifyContent: 'center' }}
        current={pageNo} pageSize={pageSize} total={total} showSizeChanger
        pageSizeOptions={PAGE_SIZE_OPTIONS.map(String)}
        onChange={(page, size) => onPage(page, size)}
      />
    </div>
  );
}

/** A learning list page: state in the query, category tree, tabs, toolbar and results. */
export function LearningListPage({ config }: { config: ListConfig }) {
  const { t } = useLearningTexts();
  const { state, setCategory, setSearch, setLabel, setSort, setTab, setPage, clearFilters } = useListState(config);
  const labelType = config.kind === 'share' ? null : config.kind === 'knowledge' ? 'content' : config.kind;
  // A jump may carry only categoryId; the tree then knows the name.
  const [treeName, setTreeName] = useState<string | undefined>(undefined);
  const onName = useCallback((name: string | undefined) => setTreeName(name), []);
  const categoryName = state.categoryId === undefined ? undefined : state.categoryName ?? treeName;
  const heading = categoryName ?? t(config.title);
  // spec shell §2 "Page titles": a chosen category names the page.
  usePageTitle(categoryName);

  return (
    <div className={`learning-list learning-list-${config.kind}`} data-testid="learning-list" data-kind={config.kind} style={{ padding: '24px 0 48px' }}>
      <h1 className="learning-title" style={{ margin: '0 0 16px', fontSize: 22, fontWeight: 600 }}>{heading}</h1>
      <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start' }}>
        <aside style={{ flex: '0 0 220px', background: 'var(--portal-surface, #fff)', borderRadius: 8, padding: 12 }}>
          <CategoryTree
            purpose={state.tab.categoryPurpose} selectedId={state.categoryId} selectedPath={state.categoryPath}
            onSelect={setCategory} onName={onName}
          />
        </aside>
        <section style={{ flex: 1, minWidth: 0 }}>
          {config.tabs.length > 1 && (
            <Tabs
              activeKey={String(state.tabIndex)} onChange={(key) => setTab(Number(key))}
              items={config.tabs.map((tab, i) => ({ key: String(i), label: t(tab.label) }))}
            />
          )}
          <ListToolbar searchValue={state.searchValue} sort={state.sort} onSearch={setSearch} onSort={setSort} />
          {labelType && <LabelBar type={labelType} purposes={state.values.map(Number)} selected={state.label} onSelect={setLabel} />}
          <ListResults config={config} state={state} onPage={setPage} onClear={clearFilters} />
        </section>
      </div>
    </div>
  );
}
