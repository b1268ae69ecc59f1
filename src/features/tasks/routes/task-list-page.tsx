// /taskList (spec learning §2 "Details"; issue 19 part A): public tasks as cards, with tabs by window
// (全部 / 进行中 / 未开始 / 已结束), a category filter, a title search and the spec's pager (§9: 5, 6,
// 10, 15, 20 per page). Tab, category, words and page live in the address, so back and a shared
// link keep them. A card opens /task/detail/{id}.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Input, Pagination, Select, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { getCategoryTree, type CategoryNode } from '../../../api/catalogue-lists';
import { searchTaskList, useTaskKeys, type TaskItem, type TaskWindowState } from '../../../api/tasks';
import { CardGrid, CardGridSkeleton, WidgetCard, WidgetError, type CardModel } from '../../../components/card-grid';
import { useWidgetTexts } from '../../../components/widget-texts';
import { windowBadge } from '../../../components/window-badge';
import { PAGE_SIZE_OPTIONS as PAGE_SIZES } from '../../../lib/constants';
import { useQueryState } from '../../../lib/use-query-state';
import { useAppStore } from '../../../stores/app-store';
import { useTaskTexts, type TaskText } from '../components/task-texts';
import '../components/tasks.css';

/** Category purpose of tasks (server/lib/purposes.ts). */
const TASK_CATEGORY_PURPOSE = 9;
const TABS: { key: 'all' | TaskWindowState; label: TaskText }[] = [
  { key: 'all', label: 'tabAll' }, { key: 'open', label: 'tabOpen' }, { key: 'upcoming', label: 'tabUpcoming' }, { key: 'closed', label: 'tabClosed' },
];
const DEFAULT_SIZE = 10;

const positive = (raw: string | null, fallback: number) => (raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : fallback);

/** The tree flattened for a select, children indented under their parent. */
function categoryOptions(nodes: readonly CategoryNode[], depth = 0): { value: number; label: string }[] {
  return nodes.flatMap((n) => [{ value: n.id, label: `${'\u3000'.repeat(depth)}${n.name}` }, ...categoryOptions(n.children ?? [], depth + 1)]);
}

export default function TaskListPage() {
  const t = useTaskTexts();
  const { t: w, locale } = useWidgetTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const keys = useTaskKeys();
  const { params, update } = useQueryState();
  const tab = TABS.find((x) => x.key === params.get('windowState'))?.key ?? 'all';
  const searchValue = (params.get('searchValue') ?? '').trim();
  const categoryId = positive(params.get('categoryId'), 0) || undefined;
  const pageNo = positive(params.get('pageNo'), 1);
  const size = positive(params.get('pageSize'), DEFAULT_SIZE);
  const pageSize = PAGE_SIZES.includes(size) ? size : DEFAULT_SIZE;
  const [draft, setDraft] = useState(searchValue);
  useEffect(() => setDraft(searchValue), [searchValue]);

  const categories = useQuery({
    queryKey: ['tasks', tenantId, 'categories'] as const, staleTime: 600_000,
    queryFn: ({ signal }) => getCategoryTree(TASK_CATEGORY_PURPOSE, signal),
  });
  const q = { pageNo, pageSize, windowState: tab === 'all' ? undefined : tab, categoryId, searchValue: searchValue || undefined };
  const query = useQuery({
    queryKey: keys.list(q), placeholderData: keepPreviousData,
    queryFn: ({ signal }) => searchTaskList(q, { silent: true, signal }),
  });

  const toCard = (item: TaskItem): CardModel => ({
    key: item.id, link: { linkType: 'taskDetail', id: item.id }, title: item.title, cover: item.cover, badge: windowBadge(item.windowState, w),
    // Points come from the tenant's task_finish rule (docs/growth.md "Tasks"), not the card's own number.
    meta: [t('contents', { n: item.stepCount }), t('joined', { n: item.joinCount })].join(' · '),
  });

  let results;
  if (query.isPending) results = <CardGridSkeleton count={pageSize} columns={5} locale={locale} />;
  else if (query.isError) results = <WidgetError error={query.error} onRetry={() => void query.refetch()} locale={locale} />;
  else if (query.data.total === 0) {
    results = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={searchValue ? t('emptySearch', { q: searchValue }) : t('empty')} />;
  } else {
    results = (
      <div aria-busy={query.isFetching} data-testid="task-list-results">
        <p className="task-count">{t('found', { n: query.data.total })}</p>
        <CardGrid columns={5}>{query.data.list.map((item) => <WidgetCard key={item.id} card={toCard(item)} locale={locale} />)}</CardGrid>
        <Pagination
          className="task-pager" current={pageNo} pageSize={pageSize} total={query.data.total} showSizeChanger pageSizeOptions={PAGE_SIZES.map(String)}
          onChange={(page, sizeNow) => update({ pageNo: sizeNow === pageSize ? String(page) : '1', pageSize: String(sizeNow) })}
        />
      </div>
    );
  }

  const options = categoryOptions(categories.data ?? []);
  return (
    <div className="task-page" data-testid="task-list">
      <div className="task-list__head">
        <h1 className="task-title">{t('title')}</h1>
        <Input.Search
          className="task-list__search" value={draft} onChange={(e) => setDraft(e.target.value)} allowClear maxLength={100}
          placeholder={t('searchPlaceholder')} aria-label={t('searchPlaceholder')} onSearch={(value) => update({ searchValue: value.trim() })}
        />
      </div>
      <Tabs activeKey={tab} onChange={(key) => update({ windowState: key === 'all' ? undefined : key })} items={TABS.map((x) => ({ key: x.key, label: t(x.label) }))} />
      {options.length > 0 && (
        <div className="task-list__filters">
          <Select
            aria-label={t('category')} style={{ minWidth: 200 }} value={categoryId ?? 0} data-testid="task-list-category"
            onChange={(v: number) => update({ categoryId: v || undefined })}
            options={[{ value: 0, label: t('allCategories') }, ...options]}
          />
        </div>
      )}
      {results}
    </div>
  );
}
