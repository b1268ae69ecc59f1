// The product results the three lists by category share (issue 20 part P: /sub_shop/products/products,
// /sub_shop/list, /shop/list): sort (newest, best selling, price either way), the price range of
// spec learning §5, the product grid and the pager of §9 (5, 6, 10, 15, 20 per page). The words,
// sort, range and page live in the address (pageNo remembered, spec §9), so back and reload land on
// the same page; each list passes what it fixes itself (a category, product types).
import { Button, Empty, Pagination, Segmented, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductCard, SECONDARY_TEXT } from '../../../components/widget-parts';
import { PAGE_SIZE_OPTIONS as PAGE_SIZES } from '../../../lib/constants';
import { useQueryState } from '../../../lib/use-query-state';
import { SORTS, useCatalogue, type SortKey } from '../api/catalogue-api';
import { PriceRange } from './catalogue-price-range';
import { useCatalogueTexts } from './catalogue-texts';
import { failureText, useShopTexts } from './shop-texts';

/** A price bound from the address: a non-negative number, else none. */
const bound = (value: string | null) => (value !== null && /^\d{1,7}(\.\d{1,2})?$/.test(value) ? Number(value) : undefined);

/** The list state the address holds, with the spec's defaults (pageNo 1, page size 10). */
export function useListParams() {
  const { params, update, edit } = useQueryState();
  const sort: SortKey = SORTS.find((s) => s === params.get('sort')) ?? 'newest';
  const pageSize = PAGE_SIZES.includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : 10;
  return {
    params, update, edit, sort, pageSize,
    searchValue: params.get('searchValue')?.trim() ?? '',
    pageNo: Math.max(1, Number(params.get('pageNo')) || 1),
    minPrice: bound(params.get('minPrice')),
    maxPrice: bound(params.get('maxPrice')),
  };
}

/** The sort switch and the price range. */
export function ListToolbar({ extra }: { extra?: ReactNode }) {
  const t = useCatalogueTexts();
  const { sort, minPrice, maxPrice, update } = useListParams();
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 16 }}>
      {extra}
      <Segmented
        aria-label={t('sortLabel')} value={sort} onChange={(v) => update({ sort: v === 'newest' ? undefined : String(v) })}
        options={SORTS.map((s) => ({ value: s, label: t(`sort${s[0]!.toUpperCase()}${s.slice(1)}` as 'sortNewest') }))}
      />
      <PriceRange min={minPrice} max={maxPrice} onApply={(range) => update({ minPrice: range.minPrice, maxPrice: range.maxPrice })} />
    </div>
  );
}

/** The products of the list: loading, error with retry, empty with a way out, or the grid and pager. */
export function CatalogueResults({ categoryId, productType, columns = 5 }: { categoryId?: number | undefined; productType?: readonly number[] | undefined; columns?: number }) {
  const t = useCatalogueTexts();
  const shopT = useShopTexts();
  const english = useTranslation().i18n.language === 'en';
  const { searchValue, sort, pageNo, pageSize, minPrice, maxPrice, update, edit } = useListParams();
  const list = useCatalogue({ pageNo, pageSize, sort, categoryId, productType, searchValue: searchValue || undefined, minPrice, maxPrice });
  const filtered = Boolean(searchValue) || minPrice !== undefined || maxPrice !== undefined;
  const clear = () => edit((next) => ['searchValue', 'minPrice', 'maxPrice', 'pageNo'].forEach((key) => next.delete(key)));

  if (list.isPending) return <Skeleton active />;
  if (list.isError) return <Empty description={failureText(shopT, list.error, english)}><Button onClick={() => void list.refetch()}>{t('retry')}</Button></Empty>;
  if (list.data.total === 0) {
    const text = searchValue ? t('noMatch', { q: searchValue }) : minPrice !== undefined || maxPrice !== undefined ? t('noProductsInRange') : t('noProducts');
    return <Empty description={text} data-testid="catalogue-empty">{filtered ? <Button onClick={clear}>{t('clearFilters')}</Button> : null}</Empty>;
  }
  return (
    <div aria-busy={list.isFetching}>
      <p style={{ margin: '0 0 12px', color: SECONDARY_TEXT }} data-testid="catalogue-found">{t('found', { n: list.data.total })}</p>
      <ul data-testid="catalogue-grid" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: 20 }}>
        {list.data.list.map((item) => <ProductCard key={item.id} item={item} locale={english ? 'en' : 'zh'} showProvider />)}
      </ul>
      <Pagination
        style={{ marginTop: 24, justifyContent: 'center' }} current={pageNo} pageSize={pageSize} total={list.data.total} showSizeChanger
        pageSizeOptions={PAGE_SIZES.map(String)} onChange={(p, s) => update({ pageNo: s !== pageSize ? 1 : p, pageSize: s })}
      />
    </div>
  );
}
