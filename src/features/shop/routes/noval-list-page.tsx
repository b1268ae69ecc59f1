// /sub_shop/noval (spec learning §2 "Sub-home, shop and content": without an id, the list of the
// reading products, types 8, 9 and 10): tabs 全部/电子书/有声书/连载, search and the spec's pager
// (§9). The tab, words and page live in the query, so back and reload keep them. A card opens the
// book (/sub_shop/noval/{id}) through the runtime's product link rule (§2 "Product link").
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BookOutlined } from '@ant-design/icons';
import { Button, Empty, Input, Pagination, Skeleton, Space, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { useQueryState } from '../../../lib/use-query-state';
import { searchProducts } from '../../../api/shop';
import { BookCard } from '../../../components/widget-parts';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';
import { READING_TYPES } from '../api/reading-api';
import { useReadingTexts } from '../components/reading-texts';
import { Panel, ShopPage } from '../components/shop-parts';
import { PAGE_SIZE_OPTIONS as PAGE_SIZES } from '../../../lib/constants';

const DEFAULT_SIZE = 15;

/** The tab's product types: one type, or all three reading types. */
export function typesOfTab(raw: string | null): number[] {
  const type = Number(raw);
  return (READING_TYPES as readonly number[]).includes(type) ? [type] : [...READING_TYPES];
}

export default function NovalListPage() {
  const t = useReadingTexts();
  const tenantId = useAppStore((s) => s.tenantId);
  const { params, update } = useQueryState();
  const navigate = useNavigate();
  const signedIn = useUserStore(selectUserId) !== null;
  const types = typesOfTab(params.get('type'));
  const tab = types.length === 1 ? String(types[0]) : 'all';
  const searchValue = params.get('searchValue')?.trim() ?? '';
  const pageNo = Math.max(1, Number(params.get('pageNo')) || 1);
  const pageSize = PAGE_SIZES.includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : DEFAULT_SIZE;
  const list = useQuery({
    queryKey: ['products', tenantId, 'reading', tab, searchValue, pageNo, pageSize],
    queryFn: ({ signal }) => searchProducts({ pageNo, pageSize, sort: 'newest', productType: types, ...(searchValue ? { searchValue } : {}) }, signal),
    placeholderData: keepPreviousData, retry: false,
  });

  let body;
  if (list.isPending) body = <Skeleton active />;
  else if (list.isError) body = <Empty description={t('loadFailed')}><Button onClick={() => void list.refetch()}>{t('retry')}</Button></Empty>;
  else if (list.data.total === 0) {
    body = (
      <Empty description={searchValue ? t('noMatch', { q: searchValue }) : t('noBooks')} data-testid="noval-empty">
        {searchValue ? <Button onClick={() => update({ searchValue: undefined })}>{t('clearSearch')}</Button> : null}
      </Empty>
    );
  } else {
    body = (
      <div aria-busy={list.isFetching}>
        <p style={{ margin: '0 0 12px', color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>{t('found', { n: list.data.total })}</p>
        <ul data-testid="noval-grid" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 24 }}>
          {list.data.list.map((item) => <BookCard key={item.id} item={item} showPrice />)}
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
      title={t('reading')} testId="noval-list-page"
      extra={(
        <Space>
          <Input.Search key={searchValue} defaultValue={searchValue} placeholder={t('search')} allowClear enterButton style={{ width: 320 }} onSearch={(v) => update({ searchValue: v.trim() })} data-testid="noval-search" />
          {/* The bookshelf has no menu of its own in the demo navbar: it is one step from the list. */}
          {signedIn ? <Button icon={<BookOutlined />} onClick={() => navigate('/content/bookshelf')} data-testid="noval-bookshelf">{t('bookshelf')}</Button> : null}
        </Space>
      )}
    >
      <Panel style={{ paddingBottom: 4 }}>
        <Tabs
          activeKey={tab} onChange={(k) => update({ type: k === 'all' ? undefined : k })}
          items={[{ key: 'all', label: t('tabAll') }, ...READING_TYPES.map((type) => ({ key: String(type), label: t(`type${type}`) }))]}
        />
      </Panel>
      <Panel>{body}</Panel>
    </ShopPage>
  );
}
