// Reservations, contracts and refunds (issue 20 part R; schemas/api/reservations.ts; docs/api.md
// "Reservations, contracts and refunds"), shared by the shop's product and order pages, the
// personal center's shopReserve and shopContract, and the back office's refunds page. Reads are
// silent (the pages show their own error with a retry); writes are silent too, and the pages show
// the server's message beside what failed. orderCustomize/info is not silent: 订单不存在 goes
// through the catalogue, which sends the user back (spec learning §8).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminRefundRow, ContractFile, ContractTab, ContractView, CustomizeCreated, CustomizeInfo, RefundInfo, RefundState, RefundView, ReservationTab,
  ReservationView, SlotList,
} from '../../schemas/api/reservations';
import { apiGet, apiPost, type ApiOptions, type Paged } from './client';
import { useAppStore } from '../stores/app-store';
import { selectUserId, useUserStore } from '../stores/user-store';

export type {
  AdminRefundRow, ContractFile, ContractTab, ContractView, CustomizeCreated, CustomizeInfo, RefundInfo, RefundState, RefundView, ReservationStatus,
  ReservationTab, ReservationView, SlotList, SlotView,
} from '../../schemas/api/reservations';
export { CUSTOM_PRODUCT_TYPE, NOTE_MAX, ORDER_REFUNDED } from '../../schemas/api/reservations';

const silent: ApiOptions = { silent: true };

export const getSlots = (prodId: number, opts: ApiOptions = {}) => apiGet<SlotList>('/order/api/serviceSlot/list', { prodId }, { ...silent, ...opts });
export const createCustomOrder = (body: { kind: 'reserve' | 'contract'; prodId: number; slotId?: number; note?: string; submitToken: string }) =>
  apiPost<CustomizeCreated>('/order/api/orderCustomize/create', { ...body }, silent);
export const getCustomizeInfo = (orderId: number, opts: ApiOptions = {}) => apiGet<CustomizeInfo>('/order/api/orderCustomize/info', { orderId }, opts);
export const getMyReservations = (q: { tab: ReservationTab; pageNo: number; pageSize: number }, opts: ApiOptions = {}) =>
  apiGet<Paged<ReservationView>>('/order/api/reservation/myList', q, { ...silent, ...opts });
export const cancelReservation = (id: number) => apiPost<ReservationView>('/order/api/reservation/cancel', { id }, silent);
export const getMyContracts = (q: { tab: ContractTab; pageNo: number; pageSize: number }, opts: ApiOptions = {}) =>
  apiGet<Paged<ContractView>>('/order/api/contract/myList', q, { ...silent, ...opts });
export const getContract = (id: number, opts: ApiOptions = {}) => apiGet<ContractView>('/order/api/contract/info', { id }, { ...silent, ...opts });
export const confirmContract = (body: { id: number; signerName: string; agreed: boolean }) => apiPost<ContractView>('/order/api/contract/confirm', { ...body }, silent);
export const getContractPdf = (id: number) => apiGet<ContractFile>('/order/api/contract/pdf', { id }, silent);
export const getRefundInfo = (orderId: number, opts: ApiOptions = {}) => apiGet<RefundInfo>('/order/api/refund/info', { orderId }, { ...silent, ...opts });
export const applyRefund = (orderId: number, reason: string) => apiPost<RefundInfo>('/order/api/refund/apply', { orderId, reason }, silent);
export const getAdminRefunds = (q: { state?: RefundState; pageNo: number; pageSize: number }, opts: ApiOptions = {}) =>
  apiGet<Paged<AdminRefundRow>>('/order/api/refund/adminList', q, { ...silent, ...opts });
export const auditRefund = (body: { id: number; approve: boolean; note?: string }) => apiPost<RefundView>('/order/api/refund/audit', { ...body }, silent);

/** Saves a rendered contract as a file, as a download link would. */
export function saveContractFile(file: ContractFile): void {
  const bytes = Uint8Array.from(atob(file.data), (c) => c.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: file.contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The signed-in user's shop scope: the same root as the order pages' queries (src/api/shop-orders.ts useShopScope), so a change here refreshes them. */
function useScope() {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return ['shop', tenantId, userId] as const;
}

/** A service product's upcoming slots (guests too); disabled without a product. */
export function useSlots(prodId: number | null) {
  const scope = useScope();
  return useQuery({
    queryKey: [...scope, 'slots', prodId],
    queryFn: ({ signal }) => getSlots(prodId!, { signal }),
    enabled: prodId !== null, retry: false,
  });
}

/** A page of my reservations on a tab. */
export function useMyReservations(tab: ReservationTab, pageNo: number, pageSize: number) {
  const scope = useScope();
  return useQuery({
    queryKey: [...scope, 'reservations', tab, pageNo, pageSize],
    queryFn: ({ signal }) => getMyReservations({ tab, pageNo, pageSize }, { signal }),
    placeholderData: keepPreviousData, retry: false,
  });
}

/** A page of my contracts on a tab. */
export function useMyContracts(tab: ContractTab, pageNo: number, pageSize: number) {
  const scope = useScope();
  return useQuery({
    queryKey: [...scope, 'contracts', tab, pageNo, pageSize],
    queryFn: ({ signal }) => getMyContracts({ tab, pageNo, pageSize }, { signal }),
    placeholderData: keepPreviousData, retry: false,
  });
}

/** One of my contracts; disabled without an id. */
export function useContract(id: number | null) {
  const scope = useScope();
  return useQuery({ queryKey: [...scope, 'contract', id], queryFn: ({ signal }) => getContract(id!, { signal }), enabled: id !== null, retry: false });
}

/** The reservation or contract of one of my orders; `orderState` in the key reads it again once the order changes (paid, cancelled). */
export function useCustomizeInfo(orderId: number | null, orderState = 0) {
  const scope = useScope();
  return useQuery({ queryKey: [...scope, 'customize', orderId, orderState], queryFn: ({ signal }) => getCustomizeInfo(orderId!, { signal }), enabled: orderId !== null, retry: false,
    // The panel stays while it is read again for the order's new state (no flicker).
    placeholderData: keepPreviousData });
}

/** The refund state of one of my orders; `orderState` in the key as above. */
export function useRefundInfo(orderId: number | null, orderState = 0) {
  const scope = useScope();
  return useQuery({ queryKey: [...scope, 'refund', orderId, orderState], queryFn: ({ signal }) => getRefundInfo(orderId!, { signal }), enabled: orderId !== null, retry: false, placeholderData: keepPreviousData });
}

/** A change to my reservations, contracts, refunds or orders: every shop query of mine refreshes. */
export function useShopChange<A, R>(fn: (args: A) => Promise<R>) {
  const scope = useScope();
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: scope }) });
}

/** Back office: a page of the tenant's refund requests. */
export function useAdminRefunds(state: RefundState | undefined, pageNo: number, pageSize: number) {
  const tenantId = useAppStore((s) => s.tenantId);
  return useQuery({
    queryKey: ['admin-refunds', tenantId, state ?? 'all', pageNo, pageSize],
    queryFn: ({ signal }) => getAdminRefunds({ ...(state ? { state } : {}), pageNo, pageSize }, { signal }),
    placeholderData: keepPreviousData, retry: false,
  });
}

/** Back office: approve or reject a request; the list refreshes. */
export function useAuditRefund() {
  const tenantId = useAppStore((s) => s.tenantId);
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: auditRefund, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin-refunds', tenantId] }) });
}
