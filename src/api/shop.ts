// Shop calls (docs/api.md "Catalogue lists"): products and providers (schools and merchants).
import { apiGet, apiList, type ApiOptions, type Paged } from './client';
import type { CardItem } from './catalogue';

/** A product card. Types 8, 9 and 10 are reading-type (spec commerce §9). */
export interface ProductItem extends CardItem {
  productType: number;
  price: number;
  /** The struck-through price; null: none. */
  retailPrice: number | null;
  stock: number;
  salesCount: number;
  providerId: number | null;
  providerName: string | null;
  /** 1 or -1: the provider is off shelf. */
  providerState: number | null;
  /** "SCHOOL" or "MERCHANT". */
  orgType: string | null;
}

/** A school or merchant; off-shelf ones are listed with their state. */
export interface ProviderItem {
  id: number;
  storeId: number;
  storeName: string;
  storeThumbImg: string | null;
  title: string;
  cover: string | null;
  summary: string | null;
  orgType: string;
  orgPath: string;
  /** 1 or -1: off shelf. */
  state: number;
  productCount: number;
}

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
export function getCartCount(opts: ApiOptions = {}): Promise<{ productCount: number; itemCount: number }> {
  return apiGet<{ productCount: number; itemCount: number }>('/order/api/cart/count', {}, opts);
}
