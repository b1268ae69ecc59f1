// The buying path's calls (spec learning §7 "Orders" and the um address calls; docs/api.md "Shop").
// Reads are silent (the pages show their own error with a retry); writes are silent too, because
// the pages show the failure beside what failed (spec learning §4: a failed quantity change puts
// the old quantity back) instead of the catalogue's alert, which would leave the page on 下架.
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost, type ApiOptions, type Paged } from '../../../api/client';
import type { ProductItem } from '../../../api/shop';
import { useAppStore } from '../../../stores/app-store';
import { selectUserId, useUserStore } from '../../../stores/user-store';

/** Why a cart line cannot be bought now. */
export type Unavailable = 'offShelf' | 'providerOffShelf' | 'soldOut' | 'stockShort' | null;

/** A cart line (spec learning §3 cartList). */
export interface CartLine {
  id: number;
  prodId: number;
  prodSku: string | null;
  userId: number;
  quantity: number;
  price: number;
  retPrice: number;
  totalPrice: number;
  totalRetPrice: number;
  checked: boolean;
  title: string;
  cover: string | null;
  productType: number;
  stock: number;
  unavailable: Unavailable;
}

/** One provider's lines. */
export interface CartGroup {
  providerId: number;
  providerName: string;
  providerState: number;
  orgType: string;
  cartList: CartLine[];
}

/** The cart with its totals, all computed by the server. */
export interface CartView {
  cartData: CartGroup[];
  productCount: number;
  itemCount: number;
  checkedProductCount: number;
  checkedItemCount: number;
  checkedPrice: number;
  checkedRetPrice: number;
  checkedSaving: number;
}

/** An order line. */
export interface OrderLine {
  cartId: number | null;
  prodId: number;
  title: string;
  cover: string | null;
  productType: number;
  providerId: number;
  providerName: string;
  price: number;
  retPrice: number;
  quantity: number;
  totalPrice: number;
}

interface OrderSums {
  productCount: number;
  itemCount: number;
  totalPrice: number;
  totalRetPrice: number;
  freight: number;
  /** The actual payment. */
  payPrice: number;
}

export interface ConfirmView extends OrderSums {
  items: OrderLine[];
}

/** Order states: 1 pending payment, 2 to be received, 3 completed, 4 cancelled. */
export type OrderState = 1 | 2 | 3 | 4;

export interface OrderView extends OrderSums {
  id: number;
  orderNo: string;
  state: OrderState;
  cancelReason: 'user' | 'expired' | null;
  createdAt: string;
  expiresAt: string;
  paidAt: string | null;
  shippedAt: string | null;
  receivedAt: string | null;
  cancelledAt: string | null;
  payType: string | null;
  remark: string | null;
  address: { receiver: string; phone: string; area: string; detail: string };
  items: OrderLine[];
}

export type AddressLabel = 'home' | 'company' | 'school';

/** An address of the address book (spec learning §3 Address). */
export interface Address {
  id: number;
  receiver: string;
  phone: string;
  area: string;
  detail: string;
  label: AddressLabel | null;
  isDefault: boolean;
}

export type AddressInput = Omit<Address, 'id' | 'isDefault'> & { isDefault?: boolean };

/** What to buy: cart lines (the checked ones when none are named) or one product now. */
export interface BuySelection {
  cartIds?: number[];
  prodId?: number;
  quantity?: number;
}

/** A product page's product. */
export interface ProductDetail extends ProductItem {
  /** 1 on sale. */
  state: number;
  /** Plain text, paragraphs split by a blank line; null when the seller wrote none. */
  description: string | null;
  /** The gallery after the cover. */
  images: string[];
  specs: Array<{ name: string; value: string }>;
}

/** One review of a product (GET /order/api/orderComment/prodCommentList). */
export interface ProductComment {
  id: number;
  score: number;
  content: string;
  createTime: string;
  userName: string;
  avatar: string | null;
}

/** A page of a product's reviews with the summary of all of them. */
export interface ProductCommentPage extends Paged<ProductComment> {
  summary: { average: number; count: number; distribution: Record<1 | 2 | 3 | 4 | 5, number> };
}

export interface PayType {
  payType: string;
  name: string;
  nameEn: string;
  simulated: boolean;
}

const silent: ApiOptions = { silent: true };

export const getCart = (opts: ApiOptions = {}) => apiGet<CartView>('/order/api/cart/listWithProvider', {}, { ...silent, ...opts });
export const addCart = (prodId: number, quantity: number) => apiPost<{ productCount: number; itemCount: number }>('/order/api/cart/addCart', { prodId, quantity }, silent);
export const modifyCart = (list: Array<{ id: number; quantity?: number; checked?: boolean }>) => apiPost<CartView>('/order/api/cart/mulModify', { list }, silent);
export const deleteCart = (ids: number[]) => apiPost<CartView>('/order/api/cart/mulDelete', { ids }, silent);
export const confirmOrder = (sel: BuySelection) => apiPost<ConfirmView>('/order/api/order/confirm', { ...sel }, silent);
export const submitOrder = (body: BuySelection & { addressId: number; submitToken: string; remark?: string }) =>
  apiPost<{ id: number; orderNo: string; repeated: boolean }>('/order/api/order/submit', { ...body }, silent);
export const queryOrders = (q: { state?: number; pageNo: number; pageSize: number }, opts: ApiOptions = {}) =>
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

/** A page of my orders on a tab (state undefined: all). */
export function useOrders(state: number | undefined, pageNo: number, pageSize: number) {
  const scope = useShopScope();
  return useQuery({
    queryKey: [...scope, 'orders', state ?? 0, pageNo, pageSize],
    queryFn: ({ signal }) => queryOrders({ ...(state ? { state } : {}), pageNo, pageSize }, { signal }),
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
