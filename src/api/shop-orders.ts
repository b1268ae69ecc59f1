// The buying path's calls, shared by the shop and the personal center's shop pages (spec learning §7 "Orders" and the um address calls; docs/api.md "Shop").
// Reads are silent (the pages show their own error with a retry); writes are silent too, because
// the pages show the failure beside what failed (spec learning §4: a failed quantity change puts
// the old quantity back) instead of the catalogue's alert, which would leave the page on 下架.
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Static, TObject } from 'typebox';
import type {
  BuySelection as BuySelectionFields, CartCount, CartLine, CartView, ConfirmView, OrderView, PayType, ProductCommentPage, ProductDetail, SubmitResult,
} from '../../schemas/api/order';
import type { AddressItem } from '../../schemas/api/um';
import { apiGet, apiPost, type ApiOptions, type Paged } from './client';
import { useAppStore } from '../stores/app-store';
import { selectUserId, useUserStore } from '../stores/user-store';

// The cart, order, product and review answers are the server's response schemas
// (schemas/api/order.ts), derived rather than re-declared (issue 14 point 4: CartLine was
// declared twice, here and on the server).
export type { CartGroup, CartLine, CartView, ConfirmView, OrderLine, OrderView, PayType, ProductComment, ProductCommentPage, ProductDetail } from '../../schemas/api/order';

/** Why a cart line cannot be bought now. */
export type Unavailable = CartLine['unavailable'];

/** Order states: 1 pending payment, 2 to be received, 3 completed, 4 cancelled, 6 refunded (issue 20 part R). */
export type OrderState = 1 | 2 | 3 | 4 | 6;

export type AddressLabel = NonNullable<AddressItem['label']>;

/** An address of the address book (spec learning §3 Address): the server's AddressItem schema. */
export type Address = AddressItem;

export type AddressInput = Omit<Address, 'id' | 'isDefault'> & { isDefault?: boolean };

/** What to buy: cart lines (the checked ones when none are named) or one product now (confirm's body; the client adds tenantId). */
export type BuySelection = Omit<Static<TObject<typeof BuySelectionFields>>, 'tenantId'>;

const silent: ApiOptions = { silent: true };

export const getCart = (opts: ApiOptions = {}) => apiGet<CartView>('/order/api/cart/listWithProvider', {}, { ...silent, ...opts });
export const addCart = (prodId: number, quantity: number) => apiPost<CartCount>('/order/api/cart/addCart', { prodId, quantity }, silent);
export const modifyCart = (list: Array<{ id: number; quantity?: number; checked?: boolean }>) => apiPost<CartView>('/order/api/cart/mulModify', { list }, silent);
export const deleteCart = (ids: number[]) => apiPost<CartView>('/order/api/cart/mulDelete', { ids }, silent);
export const confirmOrder = (sel: BuySelection) => apiPost<ConfirmView>('/order/api/order/confirm', { ...sel }, silent);
export const submitOrder = (body: BuySelection & { addressId?: number; submitToken: string; remark?: string }) =>
  apiPost<SubmitResult>('/order/api/order/submit', { ...body }, silent);
export const queryOrders = (q: { state?: number; searchValue?: string; pageNo: number; pageSize: number }, opts: ApiOptions = {}) =>
  apiGet<Paged<OrderView>>('/order/api/order/query', q, { ...silent, ...opts });
/** Not silent: 订单不存在 goes through the catalogue, which sends the user back (spec learning §8). */
export const getOrder = (id: number, opts: ApiOptions = {}) => apiGet<OrderView>('/order/api/order/detail', { id }, opts);
export const cancelOrder = (id: number) => apiPost<OrderView>('/order/api/order/cancel', { id }, silent);
export const takeDelivery = (id: number) => apiPost<OrderView>('/order/api/order/takeDelivery', { id }, silent);
export const getPayTypes = () => apiGet<PayType[]>('/order/api/payment/getType', {}, silent);
export const payOrder = (id: number, payType: string) => apiPost<OrderView>('/order/api/pay/unifiedOrder', { id, payType }, silent);
export const getProduct = (id: number, opts: ApiOptions = {}) => apiGet<ProductDetail>('/order/api/product/detail', { id }, { ...silent, ...opts });
/** spec learning §7 "Orders": GET orderComment/prodCommentList, newest first. */
export const getProductComments = (prodId: number, pageNo: number, pageSize: number, opts: ApiOptions = {}) =>
  apiGet<ProductCommentPage>('/order/api/orderComment/prodCommentList', { prodId, pageNo, pageSize }, { ...silent, ...opts });
export const listAddresses = () => apiGet<Address[]>('/um/umAddress/list2', {}, silent);
export const saveAddress = (a: AddressInput) => apiPost<Address>('/um/umAddress/save', { ...a }, silent);
export const updateAddress = (id: number, a: AddressInput) => apiPost<Address>('/um/umAddress/update', { id, ...a }, silent);
export const deleteAddress = (id: number) => apiPost<{ id: number }>('/um/umAddress/delete', { id }, silent);

/** The query key root of the signed-in user's shop data. */
export function useShopScope() {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return ['shop', tenantId, userId] as const;
}

/** A page of my orders on a tab (state undefined: all), optionally matching words in the order number or a product title. */
export function useOrders(state: number | undefined, pageNo: number, pageSize: number, searchValue = '') {
  const scope = useShopScope();
  return useQuery({
    queryKey: [...scope, 'orders', state ?? 0, pageNo, pageSize, searchValue],
    queryFn: ({ signal }) => queryOrders({ ...(state ? { state } : {}), ...(searchValue ? { searchValue } : {}), pageNo, pageSize }, { signal }),
    placeholderData: keepPreviousData, retry: false,
  });
}

/** Tells the navbar badge the cart's pieces after a cart change. */
export function publishCartCount(itemCount: number): void {
  useUserStore.getState().setCartCount(itemCount);
}

/** Reviews shown at first and added by each "more". */
export const REVIEWS_PAGE_SIZE = 5;

/** A product's reviews, a page at a time; the first page carries the summary (the same for every page). */
export function useProductReviews(productId: number, enabled = true) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useInfiniteQuery({
    queryKey: ['product-reviews', tenantId, productId],
    queryFn: ({ pageParam, signal }) => getProductComments(productId, pageParam, REVIEWS_PAGE_SIZE, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNo * last.pageSize < last.total ? last.pageNo + 1 : undefined),
    enabled, retry: false,
  });
}
