// /sub_shop/provider/list (issue 20; spec learning §2 "Sub-home, shop and content", §3 Provider/store):
// the shop's schools and merchants, filtered by type, searched by name, paged (spec §9 page sizes).
// An off-shelf one (state 1 or -1) is greyed: clicking it shows the 1-second off-shelf warning and
// does not navigate (spec §4, the runtime's provider link rule). The state lives in the query.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Pagination, Segmented, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { searchProviders, type ProviderItem } from '../../../api/shop';
import { SECONDARY_TEXT } from '../../../components/widget-parts';
import { PAGE_SIZE_OPTIONS as PAGE_SIZES } from '../../../lib/constants';
import { useQueryState } from '../../../lib/use-query-state';
import { RuntimeLink } from '../../../runtime/link-view';
import { useAppStore } from '../../../stores/app-store';
import { ProviderLogo } from '../components/provider-parts';
import { isProviderOffShelf, isSchoolWording, providerFailure, useProviderTexts } from '../components/provider-texts';
import { Panel, ShopPage } from '../components/shop-parts';

const TYPES = ['SCHOOL', 'MERCHANT'] as const;

function ProviderCard({ item }: { item: ProviderItem }) {
  const t = useProviderTexts();
  const english = useTranslation().i18n.language === 'en';
  const makeForSchool = useAppStore((s) => s.options.makeForSchool === true);
  const off = isProviderOffShelf(item.state);
  const school = isSchoolWording(item.orgType, makeForSchool);
  // spec learning §4: the wording is the school's for a SCHOOL (or on a makeForSchool site).
  const ctx = { makeForSchool: school, locale: english ? 'en' as const : 'zh' as const };
  return (
    // Greyed by colour, not opacity: the text keeps its contrast (the a11y gate audits this page).
    <li data-testid="provider-card" data-provider-id={item.id} data-off-shelf={off ? 'true' : undefined}>
      <RuntimeLink
        link={{ linkType: 'provider', providerId: item.id, state: item.state, orgType: item.orgType }} ctx={ctx}
        title={off ? `${item.storeName} (${t('offShelf')})` : item.storeName}
        style={{
          display: 'flex', gap: 14, padding: 16, borderRadius: 8, border: '1px solid var(--portal-fill, #f0f0f0)', height: '100%', boxSizing: 'border-box',
          textDecoration: 'none', color: off ? SECONDARY_TEXT : 'inherit', background: off ? 'var(--portal-fill, #f5f5f5)' : undefined,
        }}
      >
        <ProviderLogo src={item.storeThumbImg} size={64} greyed={off} />
        <span style={{ display: 'flex', flexDirection: 'column', gap: 4, minWidth: 0 }}>
          <span style={{ display: 'flex', alignItems: 'center', gap: 6, flexWrap: 'wrap' }}>
            <strong style={{ fontSize: 16 }}>{item.storeName}</strong>
            <Tag variant="filled">{school ? t('school') : t('merchant')}</Tag>
            {off ? <Tag variant="filled" data-testid="provider-off-shelf">{t('offShelf')}</Tag> : null}
          </span>
          {item.summary ? <span style={{ color: SECONDARY_TEXT, fontSize: 13 }}>{item.summary}</span> : null}
          <span style={{ color: SECONDARY_TEXT, fontSize: 13 }}>{t('products', { n: item.productCount })}</span>
        </span>
      </RuntimeLink>
    </li>
  );
}

export default function ProviderListPage() {
  const t = useProviderTexts();
  const english = useTranslation().i18n.language === 'en';
  const tenantId = useAppStore((s) => s.tenantId);
  const { params, update, edit } = useQueryState();
  const orgType = TYPES.find((type) => type === params.get('orgType'));
  const searchValue = params.get('searchValue')?.trim() ?? '';
  const pageNo = Math.max(1, Number(params.get('pageNo')) || 1);
  const pageSize = PAGE_SIZES.includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : 10;

  const list = useQuery({
    queryKey: ['providers', tenantId, orgType ?? '', searchValue, pageNo, pageSize],
    queryFn: ({ signal }) => searchProviders({ pageNo, pageSize, ...(orgType ? { orgType } : {}), ...(searchValue ? { searchValue } : {}) }, signal),
    placeholderData: keepPreviousData, retry: false,
  });

  let body;
  if (list.isPending) body = <Skeleton active />;
  else if (list.isError) body = <Empty description={providerFailure(t, list.error, english)}><Button onClick={() => void list.refetch()}>{t('retry')}</Button></Empty>;
  else if (list.data.total === 0) {
    body = (
      <Empty description={searchValue ? t('noMatch', { q: searchValue }) : t('noProviders')} data-testid="providers-empty">
        {orgType || searchValue ? <Button onClick={() => edit((next) => [...next.keys()].forEach((key) => next.delete(key)))}>{t('clearFilters')}</Button> : null}
      </Empty>
    );
  } else {
    body = (
      <div aria-busy={list.isFetching}>
        <ul data-testid="provider-grid" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(360px, 1fr))', gap: 16 }}>
          {list.data.list.map((item) => <ProviderCard key={item.id} item={item} />)}
        </ul>
        <Pagination
          style={{ marginTop: 24, justifyContent: 'center' }} current={pageNo} pageSize={pageSize} total={list.data.total} showSizeChanger
          pageSizeOptions={PAGE_SIZES.map(String)} onChange={(p, s) => update({ pageNo: s !== pageSize ? 1 : p, pageSize: s })}
        />
      </div>
    );
  }

  return (
    <ShopPage
      title={t('listTitle')} testId="provider-list-page"
      extra={<Input.Search key={searchValue} defaultValue={searchValue} placeholder={t('search')} aria-label={t('search')} allowClear enterButton style={{ width: 320 }} onSearch={(v) => update({ searchValue: v.trim() })} data-testid="provider-search" />}
    >
      <Panel style={{ paddingBottom: 12 }}>
        <Segmented
          aria-label={t('typeFilter')} value={orgType ?? 'ALL'} onChange={(v) => update({ orgType: v === 'ALL' ? undefined : String(v) })}
          options={[{ value: 'ALL', label: t('all') }, { value: 'SCHOOL', label: t('schools') }, { value: 'MERCHANT', label: t('merchants') }]}
        />
      </Panel>
      <Panel>{body}</Panel>
    </ShopPage>
  );
}
