// /examList and /surveyList (spec learning §2 "Exams"): published exams (or surveys) as cards, with
// tabs by answering window (全部 / 进行中 / 未开始 / 已结束), a title search and the spec's pager
// (§9: 5, 6, 10, 15, 20 per page). Tab, words and page live in the address, so back and a shared
// link keep them. A card opens /exam/detail/{id}.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Input, Pagination, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { searchExams, type ExamItem, type WindowState } from '../../../api/catalogue';
import { CardGrid, CardGridSkeleton, WidgetCard, WidgetError, type CardModel } from '../../../components/card-grid';
import { useWidgetTexts } from '../../../components/widget-texts';
import { windowBadge } from '../../../components/window-badge';
import { useAppStore } from '../../../stores/app-store';
import { useExamTexts, type ExamText } from '../components/texts';
import '../components/exam.css';
import { PAGE_SIZE_OPTIONS as PAGE_SIZES } from '../../../lib/constants';
import { useQueryState } from '../../../lib/use-query-state';

const TABS: { key: 'all' | WindowState; label: ExamText }[] = [
  { key: 'all', label: 'tabAll' }, { key: 'open', label: 'tabOpen' }, { key: 'upcoming', label: 'tabUpcoming' }, { key: 'closed', label: 'tabClosed' },
];
const DEFAULT_SIZE = 10;

const positive = (raw: string | null, fallback: number) => (raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : fallback);

export default function ExamListPage() {
  const t = useExamTexts();
  const { t: w, locale } = useWidgetTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const type = /surveyList\/?$/.test(useLocation().pathname) ? 'survey' : 'exam';
  // Two changes before the next render (a tab and a search) both land (use-query-state).
  const { params, update } = useQueryState();
  const tab = TABS.find((x) => x.key === params.get('windowState'))?.key ?? 'all';
  const searchValue = (params.get('searchValue') ?? '').trim();
  const pageNo = positive(params.get('pageNo'), 1);
  const size = positive(params.get('pageSize'), DEFAULT_SIZE);
  const pageSize = PAGE_SIZES.includes(size) ? size : DEFAULT_SIZE;
  const [draft, setDraft] = useState(searchValue);
  useEffect(() => setDraft(searchValue), [searchValue]);

  const query = useQuery({
    queryKey: ['exam', tenantId, 'list', type, tab, searchValue, pageNo, pageSize] as const,
    queryFn: ({ signal }) => searchExams({ type, pageNo, pageSize, ...(tab === 'all' ? {} : { windowState: tab }), ...(searchValue ? { searchValue } : {}) }, signal),
    placeholderData: keepPreviousData,
  });

  const toCard = (item: ExamItem): CardModel => ({
    key: item.id, link: { linkType: 'examDetail', id: item.id }, title: item.title, cover: item.cover, badge: windowBadge(item.windowState, w),
    meta: (item.type === 'survey'
      ? [t('questions', { n: item.questionCount }), t('joined', { n: item.joinCount })]
      : [t('questions', { n: item.questionCount }), item.duration > 0 ? t('minutes', { n: item.duration }) : t('noLimit'), item.passScore === null ? '' : t('passScore', { n: item.passScore })]
    ).filter(Boolean).join(' · '),
  });

  let results;
  if (query.isPending) results = <CardGridSkeleton count={pageSize} columns={5} locale={locale} />;
  else if (query.isError) results = <WidgetError error={query.error} onRetry={() => void query.refetch()} locale={locale} />;
  else if (query.data.total === 0) {
    results = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={searchValue ? t('emptySearch', { q: searchValue }) : t(type === 'survey' ? 'emptySurvey' : 'empty')} />;
  } else {
    results = (
      <div aria-busy={query.isFetching} data-testid="exam-list-results">
        <p className="exam-count">{t('found', { n: query.data.total })}</p>
        <CardGrid columns={5}>{query.data.list.map((item) => <WidgetCard key={item.id} card={toCard(item)} locale={locale} />)}</CardGrid>
        <Pagination
          className="exam-pager" current={pageNo} pageSize={pageSize} total={query.data.total} showSizeChanger pageSizeOptions={PAGE_SIZES.map(String)}
          onChange={(page, sizeNow) => update({ pageNo: sizeNow === pageSize ? String(page) : '1', pageSize: String(sizeNow) })}
        />
      </div>
    );
  }

  return (
    <div className="exam-page" data-testid="exam-list" data-type={type}>
      <div className="exam-list__head">
        <h1 className="exam-title">{t(type === 'survey' ? 'surveyList' : 'examList')}</h1>
        <Input.Search
          className="exam-list__search" value={draft} onChange={(e) => setDraft(e.target.value)} allowClear maxLength={100}
          placeholder={t('searchPlaceholder')} aria-label={t('searchPlaceholder')} onSearch={(value) => update({ searchValue: value.trim() })}
        />
      </div>
      <Tabs activeKey={tab} onChange={(key) => update({ windowState: key === 'all' ? undefined : key })} items={TABS.map((x) => ({ key: x.key, label: t(x.label) }))} />
      {results}
    </div>
  );
}
