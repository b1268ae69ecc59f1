// /sub_shop/provider/{id} and /sub_shop/school/{id} (issue 20; spec learning §2 "Sub-home, shop and
// content", §3 Provider/store): a school's or merchant's page. The header (logo, name, summary, the
// rating of its products' reviews, product count), then its products with category tabs, sort and
// the price range (spec §5: 'please enter the correct price range' when min > max or not numbers).
// Cards follow the product link rule (types 8, 9, 10 open the reader, others /product/detail/{id}).
// Either address shows the provider, whatever its org type. An off-shelf (state 1 or -1) or unknown
// provider gets a page that says so. Without an id, the address goes to the provider list.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Pagination, Rate, Result, Segmented, Skeleton, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { getProviderDetail, searchProviderProducts, type ProviderDetail } from '../../../api/provider';
import { ProductCard, SECONDARY_TEXT } from '../../../components/widget-parts';
import { PAGE_SIZE_OPTIONS as PAGE_SIZES } from '../../../lib/constants';
import { useQueryState } from '../../../lib/use-query-state';
import { useAppStore } from '../../../stores/app-store';
import { PriceRange } from '../components/catalogue-price-range';
import { ProviderLogo } from '../components/provider-parts';
import { isProviderOffShelf, isSchoolWording, providerFailure, useProviderTexts } from '../components/provider-texts';
import { Panel, ShopPage } from '../components/shop-parts';

const SORTS = ['newest', 'popular', 'priceAsc', 'priceDesc'] as const;
type SortKey = typeof SORTS[number];
const LIST_PATH = '/sub_shop/provider/list';

/** A bound from the address: a non-negative number, else none. */
const bound = (value: string | null) => (value !== null && /^\d+(\.\d+)?$/.test(value) ? Number(value) : undefined);

function Header({ provider, school }: { provider: ProviderDetail; school: boolean }) {
  const t = useProviderTexts();
  const { average, count } = provider.rating;
  return (
    <Panel testId="provider-header">
      <div style={{ display: 'flex', gap: 20, alignItems: 'flex-start' }}>
        <ProviderLogo src={provider.storeThumbImg} size={96} />
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8, minWidth: 0 }}>
          <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <Tag variant="filled">{school ? t('school') : t('merchant')}</Tag>
          </div>
          {provider.summary ? <p style={{ margin: 0, color: SECONDARY_TEXT }}>{provider.summary}</p> : null}
          <div style={{ display: 'flex', alignItems: 'center', gap: 16, flexWrap: 'wrap', color: SECONDARY_TEXT }}>
            {count > 0
              ? (
                <span data-testid="provider-rating" style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
                  <Rate disabled allowHalf value={Math.round(average * 2) / 2} style={{ fontSize: 14 }} />
                  <span>{t('rating', { score: average.toFixed(1), n: count })}</span>
                </span>
              )
              : <span data-testid="provider-rating">{t('noRating')}</span>}
            <span data-testid="provider-product-count">{t('productCount', { n: provider.productCount })}</span>
          </div>
        </div>
      </div>
    </Panel>
  );
}

function Products({ provider }: { provider: ProviderDetail }) {
  const t = useProviderTexts();
  const english = useTranslation().i18n.language === 'en';
  const tenantId = useAppStore((s) => s.tenantId);
  const { params, update } = useQueryState();
  const categoryId = Number(params.get('categoryId')) || undefined;
  const sort: SortKey = SORTS.find((s) => s === params.get('sort')) ?? 'newest';
  const minPrice = bound(params.get('minPrice'));
  const maxPrice = bound(params.get('maxPrice'));
  const pageNo = Math.max(1, Number(params.get('pageNo')) || 1);
  const pageSize = PAGE_SIZES.includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : 10;

  const list = useQuery({
    queryKey: ['provider-products', tenantId, provider.id, categoryId ?? 0, sort, minPrice ?? '', maxPrice ?? '', pageNo, pageSize],
    queryFn: ({ signal }) => searchProviderProducts({
      providerId: provider.id, pageNo, pageSize,
      ...(sort === 'priceAsc' ? { priceOrder: 'asc' } : sort === 'priceDesc' ? { priceOrder: 'desc' } : { sort }),
      ...(categoryId ? { categoryId } : {}), ...(minPrice !== undefined ? { minPrice } : {}), ...(maxPrice !== undefined ? { maxPrice } : {}),
    }, signal),
    placeholderData: keepPreviousData, retry: false,
  });

  let body;
  if (list.isPending) body = <Skeleton active />;
  else if (list.isError) body = <Empty description={providerFailure(t, list.error, english)}><Button onClick={() => void list.refetch()}>{t('retry')}</Button></Empty>;
  else if (list.data.total === 0) {
    body = <Empty data-testid="provider-products-empty" description={minPrice !== undefined || maxPrice !== undefined ? t('noProductsInRange') : t('noProducts')} />;
  } else {
    body = (
      <div aria-busy={list.isFetching}>
        <ul data-testid="provider-products" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gridTemplateColumns: 'repeat(5, minmax(0, 1fr))', gap: 20 }}>
          {list.data.list.map((item) => <ProductCard key={item.id} item={item} locale={english ? 'en' : 'zh'} showProvider={false} />)}
        </ul>
        <Pagination
          style={{ marginTop: 24, justifyContent: 'center' }} current={pageNo} pageSize={pageSize} total={list.data.total} showSizeChanger
          pageSizeOptions={PAGE_SIZES.map(String)} onChange={(p, s) => update({ pageNo: s !== pageSize ? 1 : p, pageSize: s })}
        />
      </div>
    );
  }

  return (
    <>
      <Panel style={{ paddingBottom: 12 }}>
        <Tabs
          aria-label={t('categories')} activeKey={String(categoryId ?? 0)}
          onChange={(k) => update({ categoryId: Number(k) || undefined })}
          items={[{ key: '0', label: t('allCategories') }, ...provider.categories.map((c) => ({ key: String(c.id), label: c.name }))]}
        />
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 16, flexWrap: 'wrap' }}>
          <Segmented
            aria-label={t('sortLabel')} value={sort} onChange={(v) => update({ sort: v === 'newest' ? undefined : String(v) })}
            options={SORTS.map((s) => ({ value: s, label: t(`sort${s[0]!.toUpperCase()}${s.slice(1)}` as 'sortNewest') }))}
          />
          <PriceRange min={minPrice} max={maxPrice} onApply={(range) => update({ minPrice: range.minPrice, maxPrice: range.maxPrice })} />
        </div>
      </Panel>
      <Panel>{body}</Panel>
    </>
  );
}

export default function ProviderPage() {
  const t = useProviderTexts();
  const english = useTranslation().i18n.language === 'en';
  const tenantId = useAppStore((s) => s.tenantId);
  const makeForSchool = useAppStore((s) => s.options.makeForSchool === true);
  const { pathname } = useLocation();
  const rawId = useParams().id;
  const id = Number(rawId);
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({
    queryKey: ['provider', tenantId, id],
    // The page says what failed itself (not found, off shelf, retry), so the catalogue's alert stays quiet.
    queryFn: ({ signal }) => getProviderDetail(id, { signal, silent: true }),
    enabled: valid, retry: false,
  });

  // spec learning §2 lists /sub_shop/provider/{id?}: without an id, the list (schools for /sub_shop/school).
  if (rawId === undefined) return <Navigate to={pathname.includes('/school') ? `${LIST_PATH}?orgType=SCHOOL` : LIST_PATH} replace />;

  // A plain link (a button inside a link would nest two controls).
  const back = <Link to={LIST_PATH} data-testid="provider-back">{t('backToList')}</Link>;
  if (!valid || detail.isError) {
    const missing = !valid || (detail.error as { errorCode?: string } | null)?.errorCode === 'PROVIDER_NOT_FOUND';
    return (
      <ShopPage title={missing ? t('notFound') : t('loadFailed')} testId="provider-page">
        <Panel testId="provider-missing">
          <Result
            status={missing ? 'info' : 'error'} title={missing ? t('notFound') : t('loadFailed')}
            subTitle={missing ? t('notFoundHint') : providerFailure(t, detail.error, english)}
            extra={missing ? back : <Button onClick={() => void detail.refetch()}>{t('retry')}</Button>}
          />
        </Panel>
      </ShopPage>
    );
  }
  if (detail.isPending) return <ShopPage title="" testId="provider-page"><Panel><Skeleton active avatar /></Panel></ShopPage>;

  const provider = detail.data;
  const school = isSchoolWording(provider.orgType, makeForSchool);
  if (isProviderOffShelf(provider.state)) {
    // spec learning §4: an off-shelf school or merchant is unavailable; say so rather than list its products.
    return (
      <ShopPage title={provider.storeName} testId="provider-page">
        <Panel testId="provider-off-shelf">
          <Result status="warning" title={school ? t('schoolOffShelf') : t('merchantOffShelf')} subTitle={t('offShelfHint')} extra={back} />
        </Panel>
      </ShopPage>
    );
  }
  return (
    <ShopPage title={provider.storeName} testId="provider-page">
      <Header provider={provider} school={school} />
      <Products provider={provider} />
    </ShopPage>
  );
}
