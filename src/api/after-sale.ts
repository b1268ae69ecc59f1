// After-sale calls (issue 20 part Q; spec learning §7 "Orders": buy/query, delivery/detail,
// orderComment/submit; docs/api.md "Shop: after-sale"): the learner's delivery and review pages, the
// product pages' 已购买, and the back office's shipping. Types are the server's schemas, derived.
import { useQuery } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { ReviewSubmitBody } from '../../schemas/api/after-sale';
import type { AdminOrderPage, BuyState, DeliveryView, OrderReviews, OrderStage } from '../../schemas/api/after-sale';
import { apiGet, apiPost, type ApiOptions } from './client';
import { useAppStore } from '../stores/app-store';
import { selectUserId, useUserStore } from '../stores/user-store';

export type { AdminOrderPage, AdminOrderRow, BuyState, DeliveryEvent, DeliveryView, OrderReviews, OrderStage } from '../../schemas/api/after-sale';
export { DELIVERY_STATE, ORDER_STAGES, REVIEW_IMAGES_MAX, REVIEW_TEXT_MAX, TRACKING_NO_PATTERN } from '../../schemas/api/after-sale';

/** One line's review as the review page sends it. */
export type ReviewInput = Static<typeof ReviewSubmitBody>['items'][number];

const silent: ApiOptions = { silent: true };

/** Not silent: 订单不存在 goes through the catalogue, which sends the user back (spec learning §8). */
export const getDelivery = (orderId: number, opts: ApiOptions = {}) => apiGet<DeliveryView>('/order/api/delivery/detail', { orderId }, opts);
/** Not silent, for the same reason. */
export const getOrderReviews = (orderId: number, opts: ApiOptions = {}) => apiGet<OrderReviews>('/order/api/orderComment/orderInfo', { orderId }, opts);
export const submitReviews = (orderId: number, items: ReviewInput[]) => apiPost<OrderReviews>('/order/api/orderComment/submit', { orderId, items }, silent);
export const getBuyState = (prodId: number, opts: ApiOptions = {}) => apiGet<BuyState>('/order/api/buy/query', { prodId }, { ...silent, ...opts });

// The back office's shipping (ours).
export const getAdminOrders = (q: { stage?: OrderStage; keyword?: string; pageNo: number; pageSize: number }, opts: ApiOptions = {}) =>
  apiGet<AdminOrderPage>('/order/api/delivery/adminOrders', q, { ...silent, ...opts });
export const getAdminDelivery = (orderId: number, opts: ApiOptions = {}) => apiGet<DeliveryView>('/order/api/delivery/adminDetail', { orderId }, { ...silent, ...opts });
export const shipOrder = (body: { orderId: number; carrier: string; trackingNo: string; place?: string }) =>
  apiPost<DeliveryView>('/order/api/delivery/ship', { ...body }, silent);
export const addDeliveryEvent = (body: { orderId: number; text: string; place?: string; happenedAt?: string; state?: number }) =>
  apiPost<DeliveryView>('/order/api/delivery/addEvent', { ...body }, silent);

/** The query key root of the signed-in user's after-sale data (under the shop's, so order changes refresh it). */
export function useAfterSaleScope() {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return ['shop', tenantId, userId] as const;
}

/** Whether the signed-in learner bought a product; never asked for a guest (the call needs a sign-in). */
export function useBuyState(prodId: number, enabled = true) {
  const scope = useAfterSaleScope();
  return useQuery({
    queryKey: [...scope, 'bought', prodId],
    queryFn: ({ signal }) => getBuyState(prodId, { signal }),
    enabled: enabled && scope[2] !== null && prodId > 0, retry: false, staleTime: 30_000,
  });
}
