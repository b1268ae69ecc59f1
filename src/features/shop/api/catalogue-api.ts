// Issue 20 part P's calls (docs/api.md "Shop: categories, product content, bought"): the product
// category tree (spec learning §7 GET /pm/pmCategory/list2), the product lists with a price range,
// a product's content page, what I bought and the product center. Silent: the pages show failures
// in place with a retry.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ProductItem } from '../../../../schemas/api/order';
import type { BoughtKind, BoughtPage, ProductCenter, ProductContent } from '../../../../schemas/api/shop-catalogue';
import { apiGet, apiList, type ApiOptions, type Paged } from '../../../api/client';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';

export type { BoughtItem, BoughtKind, BoughtPage, ProductCenter, ProductContent, ProductGrant } from '../../../../schemas/api/shop-catalogue';
export type { ProductItem } from '../../../../schemas/api/order';

/** A category of the tree at any of its three levels (the fields of schemas/api/shop-catalogue.ts ProductCategoryNode the pages read). */
export interface CategoryNode { id: number; parentId: number | null; name: string; productCount: number; featured: boolean; children: CategoryNode[] }

const silent: ApiOptions = { silent: true };

/** The sorts of the lists: the server's two, and price either way (priceOrder). */
export const SORTS = ['newest', 'popular', 'priceAsc', 'priceDesc'] as const;
export type SortKey = typeof SORTS[number];

export interface CatalogueQuery {
  pageNo: number;
  pageSize: number;
  sort: SortKey;
  categoryId?: number | undefined;
  searchValue?: string | undefined;
  productType?: readonly number[] | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
}

/** The products on sale for a list; PRICE_RANGE_INVALID when minPrice is above maxPrice. */
export function searchCatalogue(q: CatalogueQuery, signal?: AbortSignal): Promise<Paged<ProductItem>> {
  const { sort, ...rest } = q;
  const order = sort === 'priceAsc' ? { priceOrder: 'asc' } : sort === 'priceDesc' ? { priceOrder: 'desc' } : { sort };
  return apiList<ProductItem>('/order/api/product/search', { ...rest, ...order }, signal);
}

/** The tenant's product category tree (three levels at most). */
export const getCategoryTree = (opts: ApiOptions = {}) => apiGet<CategoryNode[]>('/pm/pmCategory/list2', {}, { ...silent, ...opts });
export const getProductContent = (id: number, opts: ApiOptions = {}) => apiGet<ProductContent>('/order/api/product/content', { id }, { ...silent, ...opts });
export const getBought = (q: { kind?: BoughtKind | undefined; pageNo: number; pageSize: number }, opts: ApiOptions = {}) =>
  apiGet<BoughtPage>('/order/api/product/bought', q, { ...silent, ...opts });
export const getProductCenter = (opts: ApiOptions = {}) => apiGet<ProductCenter>('/order/api/product/center', {}, { ...silent, ...opts });

/** The query key root of the signed-in user's shop data (the same root the order pages use, so paying refreshes these). */
function useScope() {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return ['shop', tenantId, userId] as const;
}

export function useCategoryTree() {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({ queryKey: ['product-category-tree', tenantId], queryFn: ({ signal }) => getCategoryTree({ signal }), staleTime: 300_000, retry: false });
}

export function useCatalogue(q: CatalogueQuery) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({
    queryKey: ['catalogue', tenantId, q], queryFn: ({ signal }) => searchCatalogue(q, signal),
    placeholderData: keepPreviousData, retry: false,
  });
}

/** A product's content page; `owned` follows the signed-in user. */
export function useProductContent(id: number) {
  const scope = useScope();
  return useQuery({ queryKey: [...scope, 'product-content', id], queryFn: ({ signal }) => getProductContent(id, { signal }), enabled: id > 0, retry: false });
}

export function useBought(kind: BoughtKind | undefined, pageNo: number, pageSize: number) {
  const scope = useScope();
  return useQuery({
    queryKey: [...scope, 'bought', kind ?? 'all', pageNo, pageSize], queryFn: ({ signal }) => getBought({ kind, pageNo, pageSize }, { signal }),
    placeholderData: keepPreviousData, retry: false,
  });
}

export function useProductCenter() {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({ queryKey: ['product-center', tenantId], queryFn: ({ signal }) => getProductCenter({ signal }), retry: false });
}

/** Where a grant opens, as a router address (its path and query). */
export function grantHref(link: { path: string; query: Record<string, string> }): string {
  const query = new URLSearchParams(link.query).toString();
  return query ? `${link.path}?${query}` : link.path;
}

/** Finds a category and the chain of its ancestors (root first) in the tree; [] when absent. */
export function categoryTrail(tree: CategoryNode[], id: number | undefined): CategoryNode[] {
  if (id === undefined) return [];
  for (const node of tree) {
    if (node.id === id) return [node];
    const below = categoryTrail(node.children, id);
    if (below.length) return [node, ...below];
  }
  return [];
}
