// Texts of the provider and school pages (issue 20; spec learning §9: English is available for the
// shop): the provider list, a provider's page with its products and the price range.
import { defineTexts, useTexts } from '../../../i18n/texts';

const SHOP_PROVIDER = defineTexts('shop-provider', {
  zh: {
    listTitle: '学校与商家', search: '搜索学校或商家', typeFilter: '类型', all: '全部', schools: '学校', merchants: '商家',
    school: '学校', merchant: '商家', offShelf: '已下架', products: '{{n}} 件在售商品', noProviders: '暂无学校或商家',
    noMatch: '没有找到与“{{q}}”相关的学校或商家', clearFilters: '清除筛选', loadFailed: '加载失败', retry: '重试',
    rating: '评分 {{score}}（{{n}} 条评价）', noRating: '暂无评价', productCount: '在售商品 {{n}} 件',
    allCategories: '全部', sortLabel: '排序', sortNewest: '最新上架', sortPopular: '销量优先', sortPriceAsc: '价格从低到高', sortPriceDesc: '价格从高到低',
    priceRange: '价格区间', minPrice: '最低价', maxPrice: '最高价', minPh: '最低价', maxPh: '最高价', apply: '确定', reset: '重置',
    badPriceRange: '请输入正确的价格区间', noProducts: '暂无在售商品', noProductsInRange: '这个价格区间里没有商品',
    notFound: '没有找到这个学校或商家', notFoundHint: '它可能已被删除，或链接有误。',
    schoolOffShelf: '该学校已下架', merchantOffShelf: '该商家已下架', offShelfHint: '暂时不能浏览和购买它的商品。',
    backToList: '查看全部学校与商家', categories: '商品分类',
    err_PRICE_RANGE_INVALID: '请输入正确的价格区间', err_PROVIDER_NOT_FOUND: '没有找到这个学校或商家',
  },
  en: {
    listTitle: 'Schools and sellers', search: 'Search schools and sellers', typeFilter: 'Type', all: 'All', schools: 'Schools', merchants: 'Sellers',
    school: 'School', merchant: 'Seller', offShelf: 'Off shelf', products: '{{n}} products on sale', noProviders: 'No schools or sellers yet',
    noMatch: 'No schools or sellers match "{{q}}"', clearFilters: 'Clear filters', loadFailed: 'Could not load', retry: 'Retry',
    rating: 'Rated {{score}} ({{n}} reviews)', noRating: 'No reviews yet', productCount: '{{n}} products on sale',
    allCategories: 'All', sortLabel: 'Sort', sortNewest: 'Newest', sortPopular: 'Best selling', sortPriceAsc: 'Price: low to high', sortPriceDesc: 'Price: high to low',
    priceRange: 'Price range', minPrice: 'Lowest price', maxPrice: 'Highest price', minPh: 'Min', maxPh: 'Max', apply: 'Apply', reset: 'Reset',
    badPriceRange: 'Please enter the correct price range', noProducts: 'No products on sale', noProductsInRange: 'No products in this price range',
    notFound: 'This school or seller was not found', notFoundHint: 'It may have been removed, or the link is wrong.',
    schoolOffShelf: 'This school has been taken off shelf', merchantOffShelf: 'This seller has been taken off shelf', offShelfHint: 'Its products cannot be browsed or bought for now.',
    backToList: 'See all schools and sellers', categories: 'Categories',
    err_PRICE_RANGE_INVALID: 'Please enter the correct price range', err_PROVIDER_NOT_FOUND: 'This school or seller was not found',
  },
});

/** The provider pages' texts for the active language. */
export const useProviderTexts = () => useTexts(SHOP_PROVIDER);

type ProviderT = ReturnType<typeof useProviderTexts>;

/** The text of a failed provider call: ours for the codes we know, else the server's sentence (Chinese only), else a generic one. */
export function providerFailure(t: ProviderT, error: unknown, english: boolean): string {
  const code = (error as { errorCode?: string } | null)?.errorCode;
  if (code === 'PRICE_RANGE_INVALID' || code === 'PROVIDER_NOT_FOUND') return t(`err_${code}`);
  const message = (error as { message?: string } | null)?.message;
  return !english && message ? message : t('loadFailed');
}

/** spec shell §4 / learning §4: a provider with state 1 or -1 is off shelf. */
export const isProviderOffShelf = (state: number | null | undefined) => state === 1 || state === -1;

/** School wording for a SCHOOL, or for any provider on a makeForSchool site (spec learning §4). */
export const isSchoolWording = (orgType: string | null | undefined, makeForSchool: boolean) => makeForSchool || String(orgType ?? '').toUpperCase() === 'SCHOOL';

/**
 * spec learning §5 "Provider price range": the typed bounds as numbers, or null when one is not a
 * price (digits, at most two decimals) or the minimum is above the maximum. Empty bounds are open.
 */
export function parsePriceRange(min: string, max: string): { minPrice?: number; maxPrice?: number } | null {
  const PRICE = /^\d{1,7}(\.\d{1,2})?$/;
  const lo = min.trim();
  const hi = max.trim();
  if ((lo && !PRICE.test(lo)) || (hi && !PRICE.test(hi))) return null;
  const range: { minPrice?: number; maxPrice?: number } = {};
  if (lo) range.minPrice = Number(lo);
  if (hi) range.maxPrice = Number(hi);
  if (range.minPrice !== undefined && range.maxPrice !== undefined && range.minPrice > range.maxPrice) return null;
  return range;
}
