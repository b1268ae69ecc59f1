// The axios transport of the one HTTP client (spec shell §7 "Calls" / "Response handling"): every
// call carries the tenant id and the sign-in token; every failure goes through the error catalogue
// unless the caller says `silent`. src/api/client.ts loads this module on the first call that needs
// the network, so a page that needs none (a guest's home, answered by its HTML) never loads axios.
import axios, { AxiosError, type AxiosRequestConfig, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { AUTH_COOKIE_DAYS, AUTH_COOKIE_NAME } from '../lib/constants';
import { setCookie } from '../lib/cookies';
import { getRegisterInfo, getTenantId } from '../lib/storage';
import { ApiError, isEnvelope, isRecord, isSuccessEnvelope, type ApiEnvelope } from './api-error';
import { createBatchingAdapter } from './batch';
import { failureMessage, reportFailure, type FailureInput } from './error-catalogue';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Do not send tenantId with this call (spec shell §7: the noTenantId flag). */
    noTenantId?: boolean;
    /** Do not show the error catalogue's alerts or redirects; the caller handles the failure. */
    silent?: boolean;
  }
}

/** Options a call may pass besides its params or body. */
export type ApiOptions = Pick<AxiosRequestConfig, 'noTenantId' | 'silent' | 'headers' | 'signal' | 'timeout' | 'batch'>;

/**
 * The one axios instance; tests replace `apiClient.defaults.adapter` instead of the network (and
 * with it the batching, which tests of batching wrap around their fake server).
 */
export const apiClient = axios.create({
  baseURL: import.meta.env.VITE_API_BASE ?? '',
  withCredentials: true,
  headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
  // The GETs of one task travel as one POST /cfg/api/batch (issue 15 point 3; src/api/batch.ts).
  adapter: createBatchingAdapter((config) => axios.getAdapter(axios.defaults.adapter)(config)),
});

function withTenantId(config: InternalAxiosRequestConfig, tenantId: number | null): void {
  const method = (config.method ?? 'get').toLowerCase();
  if (method === 'get' || method === 'delete' || method === 'head') {
    const params: Record<string, unknown> = isRecord(config.params) ? { ...config.params } : {};
    if (config.noTenantId) delete params.tenantId;
    else if (params.tenantId === undefined && tenantId !== null) params.tenantId = tenantId;
    config.params = params;
    return;
  }
  if (typeof FormData !== 'undefined' && config.data instanceof FormData) {
    // Let the browser write the multipart boundary; a JSON content type would make axios re-encode it.
    config.headers.delete('Content-Type');
    if (config.noTenantId) config.data.delete('tenantId');
    else if (!config.data.has('tenantId') && tenantId !== null) config.data.append('tenantId', String(tenantId));
    return;
  }
  if (config.data === undefined || config.data === null || isRecord(config.data)) {
    const body: Record<string, unknown> = isRecord(config.data) ? { ...config.data } : {};
    if (config.noTenantId) delete body.tenantId;
    else if (body.tenantId === undefined && tenantId !== null) body.tenantId = tenantId;
    config.data = body;
  }
}

apiClient.interceptors.request.use((config) => {
  const tenantId = getTenantId();
  withTenantId(config, tenantId);
  const token = tenantId === null ? undefined : getRegisterInfo(tenantId)?.token;
  if (token) config.headers.set('token', token);
  return config;
});

/** The ApiError for a failure: the user-readable text plus the envelope's codes. */
function failureFrom(input: FailureInput & { envelope: ApiEnvelope<unknown> | null }): ApiError {
  const { envelope, status } = input;
  // A 401 keeps the server's words; everything else reads as the catalogue shows it.
  const message = envelope?.flag === 401 && envelope.message ? envelope.message : failureMessage(input);
  return new ApiError(message, { code: envelope?.code ?? status, flag: envelope?.flag ?? null, errorCode: envelope?.errorCode, status });
}

apiClient.interceptors.response.use(
  (response: AxiosResponse) => {
    const body: unknown = response.data;
    if (isEnvelope(body) && isSuccessEnvelope(body)) {
      const token = isRecord(body.data) ? body.data.token : undefined;
      if (typeof token === 'string' && token) setCookie(AUTH_COOKIE_NAME, token, AUTH_COOKIE_DAYS);
      return response;
    }
    const failure = { status: response.status, envelope: isEnvelope(body) ? body : null };
    if (!failure.envelope) console.warn(`The server answered ${response.config.url ?? 'a call'} with something that is not an API envelope; check the API address.`);
    if (!response.config.silent) reportFailure(failure);
    throw failureFrom(failure);
  },
  (error: unknown) => {
    if (error instanceof ApiError) throw error;
    const axiosError = error instanceof AxiosError ? error : null;
    if (axiosError?.code === AxiosError.ERR_CANCELED) throw error;
    const body: unknown = axiosError?.response?.data;
    const failure = { status: axiosError?.response?.status ?? 0, envelope: isEnvelope(body) ? body : null };
    if (!axiosError?.config?.silent) reportFailure(failure);
    throw failureFrom(failure);
  },
);

/** GET a call and resolve to its `data`; rejects with ApiError on any failure. */
export async function apiGet<T>(url: string, params?: Record<string, unknown>, opts: ApiOptions = {}): Promise<T> {
  const response = await apiClient.get<ApiEnvelope<T>>(url, { ...opts, params });
  return response.data.data;
}

/** POST a JSON body and resolve to its `data`; rejects with ApiError on any failure. */
export async function apiPost<T>(url: string, body?: Record<string, unknown> | FormData, opts: ApiOptions = {}): Promise<T> {
  const response = await apiClient.post<ApiEnvelope<T>>(url, body ?? {}, opts);
  return response.data.data;
}
