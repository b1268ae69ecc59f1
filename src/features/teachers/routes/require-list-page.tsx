// /pages/require/list (spec learning §2 "Requirements": the task hall; issue 19 part G): every
// requirement of the tenant, filtered by open / ended, category, words and (signed in) mine, newest
// or nearest deadline first, paged; the filters live in the address. "发布需求" opens the form.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Checkbox, Empty, Input, Pagination, Segmented, Select, Tag } from 'antd';
import { Link, useNavigate } from 'react-router';
import {
  REQUIREMENT_CATEGORIES, requirementPath, searchRequirements, type RequirementCard, type RequirementCategory,
} from '../../../api/teachers';
import { useQueryState } from '../../../lib/use-query-state';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { categoryLabel, dateTime, money, PageError, PageFrame, StatusTag } from '../components/parts';
import { useTeachersTexts, type TeachersTexts } from '../components/texts';
import '../components/teachers.css';

const PAGE_SIZE = 10;

function RequirementRow({ r, t }: { r: RequirementCard; t: TeachersTexts }) {
  return (
    <li data-testid="requirement-card" data-id={r.id}>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 16, flexWrap: 'wrap' }}>
        <div style={{ minWidth: 0, flex: 1 }}>
          <Link to={requirementPath(r.id)} className="portal-teachers__row-title">{r.title}</Link>{' '}
          <StatusTag status={r.status} t={t} /> <Tag>{categoryLabel(r.category, t)}</Tag>
          <p style={{ margin: '6px 0' }}>{r.summary}</p>
          <div className="portal-teachers__sub">
            {t('publishedBy', { name: r.ownerName, time: dateTime(r.createdAt) })} · {t('deadline')} {dateTime(r.deadline)} · {t('responses', { n: r.responseCount })}
          </div>
        </div>
        <div style={{ textAlign: 'right' }}>
          <div className="portal-teachers__sub">{t('budget')}</div>
          <strong style={{ fontSize: 18 }}>{money(r.budget, t)}</strong>
        </div>
      </div>
    </li>
  );
}

export default function RequireListPage() {
  const t = useTeachersTexts();
  const { params, update } = useQueryState();
  const navigate = useNavigate();
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const stateParam = params.get('state');
  const state = stateParam === 'open' || stateParam === 'closed' ? stateParam : undefined;
  const categoryParam = params.get('category') as RequirementCategory | null;
  const category = categoryParam && REQUIREMENT_CATEGORIES.includes(categoryParam) ? categoryParam : undefined;
  const sort = params.get('sort') === 'deadline' ? 'deadline' : 'newest';
  const words = params.get('searchValue') ?? '';
  const mine = userId !== null && params.get('mine') === '1';
  const pageNo = Math.max(1, Number(params.get('pageNo')) || 1);
  const query = useQuery({
    queryKey: ['requirements', tenantId, userId, 'search', state, category, sort, words, mine, pageNo] as const,
    queryFn: ({ signal }) => searchRequirements({ pageNo, pageSize: PAGE_SIZE, state, category, sort, searchValue: words || undefined, mine }, { silent: true, signal }),
    placeholderData: keepPreviousData, retry: false,
  });
  return (
    <PageFrame
      title={t('hall')} intro={t('hallIntro')} testId="requirement-list"
      extra={<Button type="primary" onClick={() => void navigate('/pages/require/save')} data-testid="requirement-publish">{t('publish')}</Button>}
    >
      <Card style={{ marginBottom: 16 }}>
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'center' }}>
          <Segmented
            aria-label={`${t('stateOpen')} / ${t('stateClosed')}`} value={state ?? 'all'} onChange={(v) => update({ state: v === 'all' ? undefined : String(v) })}
            options={[{ value: 'all', label: t('allStates') }, { value: 'open', label: t('stateOpen') }, { value: 'closed', label: t('stateClosed') }]}
            data-testid="requirement-state"
          />
          <Select
            aria-label={t('category')} value={category ?? 'all'} style={{ width: 160 }} onChange={(v: string) => update({ category: v === 'all' ? undefined : v })}
            options={[{ value: 'all', label: t('allCategories') }, ...REQUIREMENT_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(c, t) }))]}
          />
          <Segmented
            aria-label={t('sortBy')} value={sort} onChange={(v) => update({ sort: v === 'newest' ? undefined : String(v) })}
            options={[{ value: 'newest', label: t('sortNewest') }, { value: 'deadline', label: t('sortDeadline') }]}
          />
          <Input.Search
            key={words} defaultValue={words} allowClear placeholder={t('searchRequirements')} aria-label={t('searchRequirements')} enterButton={t('search')}
            style={{ maxWidth: 320 }} onSearch={(value) => update({ searchValue: value.trim() })}
          />
          {userId !== null ? <Checkbox checked={mine} onChange={(e) => update({ mine: e.target.checked ? 1 : undefined })}>{t('onlyMine')}</Checkbox> : null}
        </div>
      </Card>
      {query.isPending ? <Card loading /> : query.isError ? <PageError error={query.error} onRetry={() => void query.refetch()} back={{ to: '/home', text: t('backToList') }} t={t} />
        : query.data.list.length === 0 ? <Empty description={<span>{t('noRequirements')}<br />{t('noRequirementsHint')}</span>} />
          : (
            <Card>
              <ul className="portal-teachers__rows" aria-label={t('hall')}>{query.data.list.map((r) => <RequirementRow key={r.id} r={r} t={t} />)}</ul>
              <Pagination style={{ marginTop: 16 }} align="center" current={pageNo} pageSize={PAGE_SIZE} total={query.data.total} hideOnSinglePage showSizeChanger={false} onChange={(p) => update({ pageNo: p })} />
            </Card>
          )}
    </PageFrame>
  );
}
