// The personal center's shop calls (issue 20 part T; docs/api.md "Personal center: shop"): the
// overview, product favourites (the center's list and the product page's 收藏 toggle) and the
// bookshelf's progress and removal. Silent: the pages show failures in place.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CenterShopSummary, FavoriteItem, FavoriteState, ShelfBook } from '../../schemas/api/center-shop';
import { apiGet, apiPost, type ApiOptions, type Paged } from './client';
import { useShopScope } from './shop-orders';

export type { CenterShopSummary, FavoriteItem, FavoriteState, ShelfBook } from '../../schemas/api/center-shop';
export { MAX_FAVORITES } from '../../schemas/api/center-shop';

const silent: ApiOptions = { silent: true };

export const getCenterShopSummary = (opts: ApiOptions = {}) => apiGet<CenterShopSummary>('/order/api/centerShop/summary', {}, { ...silent, ...opts });
export const getFavoriteState = (prodId: number, opts: ApiOptions = {}) => apiGet<FavoriteState>('/order/api/productFavorite/get', { prodId }, { ...silent, ...opts });
export const saveFavorite = (prodId: number, favorite: boolean) => apiPost<FavoriteState>('/order/api/productFavorite/save', { prodId, favorite }, silent);
export const listFavorites = (pageNo: number, pageSize: number, opts: ApiOptions = {}) =>
  apiGet<Paged<FavoriteItem>>('/order/api/productFavorite/list', { pageNo, pageSize }, { ...silent, ...opts });
export const listShelf = (pageNo: number, pageSize: number, opts: ApiOptions = {}) =>
  apiGet<Paged<ShelfBook>>('/order/api/reading/shelf', { pageNo, pageSize }, { ...silent, ...opts });
export const saveReadingProgress = (productId: number, chapterId: number) =>
  apiPost<{ productId: number; onShelf: boolean }>('/order/api/reading/progress', { productId, chapterId }, silent);
export const removeFromShelf = (productId: number) => apiPost<{ productId: number; onShelf: boolean }>('/order/api/reading/shelfRemove', { productId }, silent);

/** The overview of /user/center/shop/shopMy. */
export function useCenterShopSummary() {
  const scope = useShopScope();
  return useQuery({ queryKey: [...scope, 'center-summary'], queryFn: ({ signal }) => getCenterShopSummary({ signal }), retry: false });
}

/** A page of my saved products. */
export function useFavorites(page: { pageNo: number; pageSize: number }) {
  const scope = useShopScope();
  return useQuery({
    queryKey: [...scope, 'favorites', page.pageNo, page.pageSize],
    queryFn: ({ signal }) => listFavorites(page.pageNo, page.pageSize, { signal }),
    placeholderData: keepPreviousData, retry: false,
  });
}

/** Whether I saved a product (only asked when signed in). */
export function useFavoriteState(prodId: number | null, signedIn: boolean) {
  const scope = useShopScope();
  return useQuery({
    queryKey: [...scope, 'favorite', prodId],
    queryFn: ({ signal }) => getFavoriteState(prodId!, { signal }),
    enabled: prodId !== null && signedIn, retry: false,
  });
}

/** Save or unsave a product; the favourite lists and the overview are read again. */
export function useSaveFavorite() {
  const scope = useShopScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ prodId, favorite }: { prodId: number; favorite: boolean }) => saveFavorite(prodId, favorite),
    onSuccess: (state) => {
      client.setQueryData([...scope, 'favorite', state.prodId], state);
      void client.invalidateQueries({ queryKey: [...scope, 'favorites'] });
      void client.invalidateQueries({ queryKey: [...scope, 'center-summary'] });
    },
  });
}

/** A page of my bookshelf, with progress. */
export function useShelf(page: { pageNo: number; pageSize: number }) {
  const scope = useShopScope();
  return useQuery({
    queryKey: [...scope, 'reading', 'shelf', page.pageNo, page.pageSize],
    queryFn: ({ signal }) => listShelf(page.pageNo, page.pageSize, { signal }),
    placeholderData: keepPreviousData, retry: false,
  });
}

/** Take a book off my shelf; the shelves and the overview are read again. */
export function useRemoveFromShelf() {
  const scope = useShopScope();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (productId: number) => removeFromShelf(productId),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: [...scope, 'reading'] });
      void client.invalidateQueries({ queryKey: [...scope, 'center-summary'] });
    },
  });
}
