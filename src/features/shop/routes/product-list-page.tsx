// /product (spec learning §2 "Products"; category jump purpose 4 → /product?categoryId&categoryName):
// the products on sale, by category (the top level as tabs, their children as chips), with search,
// sort and the spec's pager (§9: 5, 6, 10, 15, 20 per page). The state lives in the query, so
// back, reload and a category jump all land on the same list. Cards open the product page in a
// new tab (spec §2), reading types the reader, through the runtime's link rules.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Pagination, Segmented, Skeleton, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQueryState } from '../../../lib/use-query-state';
import { getCategoryNav } from '../../../api/catalogue-lists';
import { searchProducts } from '../../../api/shop';
import { ProductCard } from '../../../components/widget-parts';
import { useAppStore } from '../../../stores/app-store';
import { Panel, ShopPage } from '../components/shop-parts';
import { failureText, useShopTexts } from '../components/shop-texts';
import { PAGE_SIZE_OPTIONS as PAGE_SIZES } from '../../../lib/constants';

/** Category purpose 4: products (spec learning §2 jump rules). */
const PRODUCT_PURPOSE = 4;

export default function ProductListPage() {
  const t = useShopTexts();
  const english = useTranslation().i18n.language === 'en';
  const tenantId = useAppStore((s) => s.tenantId);
  const { params, update, edit } = useQueryState();
  const categoryId = Number(params.get('categoryId')) || undefined;
  const searchValue = params.get('searchValue')?.trim() ?? '';
  const sort = params.get('sort') === 'popular' ? 'popular' : 'newest';
  const pageNo = Math.max(1, Number(params.get('pageNo')) || 1);
  const pageSize = PAGE_SIZES.includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : 10;

  const nav = useQuery({ queryKey: ['category-nav', tenantId, PRODUCT_PURPOSE], queryFn: ({ signal }) => getCategoryNav(PRODUCT_PURPOSE, signal), staleTime: 300_000 });
  const list = useQuery({
    queryKey: ['products', tenantId, categoryId ?? 0, searchValue, sort, pageNo, pageSize],
    queryFn: ({ signal }) => searchProducts({ pageNo, pageSize, sort, ...(categoryId ? { categoryId } : {}), ...(searchValue ? { searchValue } : {}) }, signal),
    placeholderData: keepPreviousData, retry: false,
  });

  const roots = nav.data ?? [];
  const root = roots.find((r) => r.id === categoryId || r.children.some((c) => c.id === categoryId));
  const chosen = root?.children.find((c) => c.id === categoryId);
  const heading = chosen?.name ?? root?.name ?? params.get('categoryName') ?? t('products');

  let body;
  if (list.isPending) body = <Skeleton active />;
  else if (list.isError) body = <Empty description={failureText(t, list.error, english)}><Button onClick={() => void list.refetch()}>{t('retry')}</Button></Empty>;
  else if (list.data.total === 0) {
    body = (
      <Empty description={searchValue ? t('noMatch', { q: searchValue }) : t('noProducts')} data-testid="products-empty">
        {categoryId || searchValue ? <Button onClick={() => edit((next) => [...next.keys()].forEach((key) => next.delete(key)))}>{t('clearFilters')}</Button> : null}
      </Empty>
    );
  } else {
    body = (
      <div aria-busy={list.isFetching}>
        <p style={{ margin: '0 0 12px', color: 'var(--portal-text-secondary, rgba(0,0,0,0.45))' }}>{t('found', { n: list.data.total })}</p>
        <ul data-testid="product-grid" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gap: 20 }}>
          {list.data.list.map((item) => <ProductCard key={item.id} item={item} locale={english ? 'en' : 'zh'} showProvider />)}
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
      title={heading} testId="product-list-page"
      extra={<Input.Search key={searchValue} defaultValue={searchValue} placeholder={t('searchProducts')} allowClear enterButton style={{ width: 320 }} onSearch={(v) => update({ searchValue: v.trim() })} data-testid="product-search" />}
    >
      <Panel style={{ paddingBottom: 8 }}>
        <Tabs
          activeKey={String(root?.id ?? 0)}
          onChange={(k) => update({ categoryId: Number(k) || undefined, categoryName: undefined })}
          items={[{ key: '0', label: t('allCategories') }, ...roots.map((r) => ({ key: String(r.id), label: r.name }))]}
        />
        {root && root.children.length ? (
          <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 8 }}>
            {root.children.map((c) => (
              <Tag.CheckableTag key={c.id} checked={c.id === categoryId} onChange={(on) => update({ categoryId: on ? c.id : root.id, categoryName: undefined })}>{c.name}</Tag.CheckableTag>
            ))}
          </div>
        ) : null}
        <Segmented
          value={sort} onChange={(v) => update({ sort: v === 'popular' ? 'popular' : undefined })}
          options={[{ value: 'newest', label: t('sortNewest') }, { value: 'popular', label: t('sortPopular') }]}
        />
      </Panel>
      <Panel>{body}</Panel>
    </ShopPage>
  );
}
