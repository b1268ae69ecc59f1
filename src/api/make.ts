// Made to order and opening a shop (issue 20 part S; schemas/api/make.ts, docs/api.md "Made to
// order" and "Opening a shop"), shared by the learner's pages (src/features/make) and the back
// office's (src/features/admin/stores). Reads are silent where the page shows its own error;
// writes go through the error catalogue, so a refusal shows the server's message.
import type {
  MakeKind, MakeRequestView, MakeState, MakeSubmitBody, StoreApplication, StoreApplyBody, StoreApplyState,
} from '../../schemas/api/make';
import { apiGet, apiPost, type ApiOptions, type Paged } from './client';

export type { MakeFile, MakeKind, MakeMessage, MakeRequestView, MakeState, StoreApplication, StoreApplyState } from '../../schemas/api/make';
export { CONTACT_PHONE_PATTERN, LICENCE_PATTERN, MAKE_DEADLINE_MAX_DAYS, MAKE_FILES_MAX } from '../../schemas/api/make';

type WithoutTenant<T> = Omit<T, 'tenantId'>;
type PageQ<S> = { pageNo: number; pageSize: number; state?: S | undefined };
const pageParams = <S>(q: PageQ<S>) => ({ pageNo: q.pageNo, pageSize: q.pageSize, ...(q.state ? { state: q.state } : {}) });

/** spec learning §2: /sub_home/make/makeDetail takes the request in the query. */
export const makeDetailPath = (id: number) => `/sub_home/make/makeDetail?id=${id}`;

/** What the tenant makes to order (public). */
export const getMakeKinds = (opts: ApiOptions = {}) => apiGet<MakeKind[]>('/order/api/make/kinds', {}, opts);
/** Sends a request. */
export const submitMakeRequest = (body: WithoutTenant<MakeSubmitBody>) => apiPost<MakeRequestView>('/order/api/make/submit', { ...body });
/** My requests, newest first. */
export const getMyMakeRequests = (q: PageQ<MakeState>, opts: ApiOptions = {}) => apiGet<Paged<MakeRequestView>>('/order/api/make/mine', pageParams(q), opts);
/** One of my requests with its messages. */
export const getMakeRequest = (id: number, opts: ApiOptions = {}) => apiGet<MakeRequestView>('/order/api/make/detail', { id }, opts);
/** Accepts the quote shown (its quotedAt: a newer quote is refused): an order is made (addressId: ship there). */
export const acceptMakeQuote = (id: number, quotedAt: string, addressId: number | null) => apiPost<MakeRequestView>('/order/api/make/accept', { id, quotedAt, addressId });
/** Declines the quote. */
export const declineMakeQuote = (id: number, reason: string) => apiPost<MakeRequestView>('/order/api/make/decline', { id, ...(reason ? { reason } : {}) });
/** Withdraws a request not accepted yet. */
export const withdrawMakeRequest = (id: number) => apiPost<MakeRequestView>('/order/api/make/withdraw', { id });
/** Writes to the back office on my request. */
export const sendMakeMessage = (id: number, body: string) => apiPost<MakeRequestView>('/order/api/make/message', { id, body });

/** Back office: the tenant's requests. */
export const getAdminMakeRequests = (q: PageQ<MakeState>, opts: ApiOptions = {}) => apiGet<Paged<MakeRequestView>>('/order/api/make/admin/list', pageParams(q), opts);
/** Back office: one request with its messages. */
export const getAdminMakeRequest = (id: number, opts: ApiOptions = {}) => apiGet<MakeRequestView>('/order/api/make/admin/detail', { id }, opts);
/** Back office: quotes a request. */
export const quoteMakeRequest = (body: { id: number; price: number; deliveryDate: string; note: string }) => apiPost<MakeRequestView>('/order/api/make/admin/quote', { ...body });
/** Back office: answers on a request. */
export const sendMakeStaffMessage = (id: number, body: string) => apiPost<MakeRequestView>('/order/api/make/admin/message', { id, body });

/** Applies to open a shop. */
export const applyForStore = (body: WithoutTenant<StoreApplyBody>) => apiPost<StoreApplication>('/order/api/storeApply/submit', { ...body });
/** My applications, newest first. */
export const getMyStoreApplications = (opts: ApiOptions = {}) => apiGet<StoreApplication[]>('/order/api/storeApply/mine', {}, opts);
/** Back office: the tenant's applications. */
export const getStoreApplications = (q: PageQ<StoreApplyState>, opts: ApiOptions = {}) => apiGet<Paged<StoreApplication>>('/order/api/storeApply/admin/list', pageParams(q), opts);
/** Back office: approves (the store is created). */
export const approveStoreApplication = (id: number) => apiPost<StoreApplication>('/order/api/storeApply/admin/approve', { id });
/** Back office: rejects with a reason. */
export const rejectStoreApplication = (id: number, reason: string) => apiPost<StoreApplication>('/order/api/storeApply/admin/reject', { id, reason });

/** The store page of a provider (spec learning §2 "Provider link": school when the org type is SCHOOL). */
export const storePath = (providerId: number, orgType: string) => (orgType === 'SCHOOL' ? `/sub_shop/school/${providerId}` : `/sub_shop/provider/${providerId}`);
