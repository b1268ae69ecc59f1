// Shop calls (docs/api.md "Catalogue lists"): products and providers (schools and merchants).
import type { CartCount, ProductItem, ProviderItem } from '../../schemas/api/order';
import { apiGet, apiList, type ApiOptions, type Paged } from './client';

// A product card (types 8, 9 and 10 are reading-type, spec commerce §9) and a school or merchant
// (off-shelf ones are listed with their state): the server's response schemas, derived (issue 14
// point 4).
export type { ProductItem, ProviderItem } from '../../schemas/api/order';

export interface ProductQuery {
  pageNo?: number;
  /** 1…50. */
  pageSize?: number;
  categoryId?: number;
  searchValue?: string;
  sort?: 'newest' | 'popular';
  /** Repeatable; [8, 9, 10] for reading. */
  productType?: readonly number[];
  providerId?: number;
}

export interface ProviderQuery {
  pageNo?: number;
  pageSize?: number;
  searchValue?: string;
  orgType?: string;
}

/** Products; productType repeats in the URL (productType=8&productType=9), as the server reads it. */
export function searchProducts(params: ProductQuery, signal?: AbortSignal): Promise<Paged<ProductItem>> {
  return apiList<ProductItem>('/order/api/product/search', params, signal);
}

/** Schools and merchants. */
export function searchProviders(params: ProviderQuery, signal?: AbortSignal): Promise<Paged<ProviderItem>> {
  return apiList<ProviderItem>('/cfg/api/page/provider', params, signal);
}

/** Lines and pieces in the signed-in user's cart (GET /order/api/cart/count); the navbar badge shows the pieces. */
export function getCartCount(opts: ApiOptions = {}): Promise<CartCount> {
  return apiGet<CartCount>('/order/api/cart/count', {}, opts);
}
