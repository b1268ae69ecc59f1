// Provider and school pages' calls (issue 20, docs/api.md "Providers and schools"): one provider's
// header, and its products through the product list with a price range.
import type { ProviderDetail } from '../../schemas/api/provider';
import type { ProductItem } from '../../schemas/api/order';
import { apiGet, apiList, type ApiOptions, type Paged } from './client';

export type { ProviderCategory, ProviderDetail } from '../../schemas/api/provider';

export interface ProviderProductQuery {
  providerId: number;
  pageNo?: number;
  pageSize?: number;
  categoryId?: number;
  sort?: 'newest' | 'popular';
  priceOrder?: 'asc' | 'desc';
  minPrice?: number;
  maxPrice?: number;
}

/** One provider (school or merchant), off shelf or not, with its rating and categories; PROVIDER_NOT_FOUND when unknown. */
export function getProviderDetail(id: number, opts: ApiOptions = {}): Promise<ProviderDetail> {
  return apiGet<ProviderDetail>('/order/api/provider/detail', { id }, opts);
}

/** A provider's products on sale; PRICE_RANGE_INVALID when minPrice is above maxPrice. */
export function searchProviderProducts(params: ProviderProductQuery, signal?: AbortSignal): Promise<Paged<ProductItem>> {
  return apiList<ProductItem>('/order/api/product/search', params, signal);
}
