// The one HTTP client (spec shell §7 "Calls" / "Response handling"). Every call carries the
// tenant id and the sign-in token; every failure goes through the error catalogue unless the
// caller says `silent`. Free of React: features call apiGet / apiPost and get `data` back.
//
// This module is what every caller imports, and it is light: the transport (axios, the batching,
// the interceptors: src/api/transport.ts) loads on the first call that needs the network. A guest's
// home, whose blocks' answers the server put into the HTML (issue 15 point 3), makes no call and
// never loads it.
import { requestKey } from '../../schemas/widgets/request';
import { takeBlockAnswer } from '../lib/bootstrap';
import { getRegisterInfo, getTenantId } from '../lib/storage';
import type { ApiOptions } from './transport';

export { ApiError, isSuccessEnvelope, type ApiEnvelope, type Paged } from './api-error';
export type { ApiOptions } from './transport';
import type { Paged } from './api-error';

let transport: Promise<typeof import('./transport')> | undefined;

/** The transport, loaded once, on the first call that needs it. */
export function loadTransport(): Promise<typeof import('./transport')> {
  transport ??= import('./transport');
  return transport;
}

/** GET a call and resolve to its `data`; rejects with ApiError on any failure. */
export async function apiGet<T>(url: string, params?: Record<string, unknown>, opts: ApiOptions = {}): Promise<T> {
  return (await loadTransport()).apiGet<T>(url, params, opts);
}

/** POST a JSON body and resolve to its `data`; rejects with ApiError on any failure. */
export async function apiPost<T>(url: string, body?: Record<string, unknown> | FormData, opts: ApiOptions = {}): Promise<T> {
  return (await loadTransport()).apiPost<T>(url, body, opts);
}

/**
 * The answer the HTML carried for this GET (server/plugins/bootstrap.ts), taken once: only for a
 * guest (the server asked as one) of the tenant it was written for.
 */
export function embeddedAnswer<T>(url: string, params: Readonly<Record<string, unknown>>): { data: T } | undefined {
  const tenantId = getTenantId();
  if (tenantId === null || getRegisterInfo(tenantId)?.token) return undefined;
  return takeBlockAnswer<T>(tenantId, requestKey(url, params));
}

/**
 * GET a call whose query may repeat a parameter. Undefined params are dropped; an array param
 * repeats in the query (purpose=5&purpose=6), as the server reads it, rather than axios's purpose[]=
 * form. A widget's request (schemas/widgets/request.ts) goes out through this, and is answered from
 * the page's HTML when the server put its answer there.
 */
export async function apiRequest<T>(url: string, params: Readonly<Record<string, unknown>>, signal?: AbortSignal): Promise<T> {
  const embedded = embeddedAnswer<T>(url, params);
  if (embedded) return embedded.data;
  const scalars: Record<string, unknown> = {};
  const repeated: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) repeated.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(v))}`);
    else scalars[key] = value;
  }
  const target = repeated.length ? `${url}${url.includes('?') ? '&' : '?'}${repeated.join('&')}` : url;
  return apiGet<T>(target, scalars, signal ? { signal } : {});
}

/** GET a page of rows (apiRequest's query rules). */
export function apiList<T>(url: string, params: object, signal?: AbortSignal): Promise<Paged<T>> {
  return apiRequest<Paged<T>>(url, params as Record<string, unknown>, signal);
}
