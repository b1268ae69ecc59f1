// Coalescing of GETs (src/api/batch.ts) through the real axios client and its interceptors, with the
// transport replaced by a fake server that answers direct GETs and POST /cfg/api/batch alike.
import axios, { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BATCH_MAX_ITEMS, BATCH_PATH } from '../../schemas/batch-limits';
import { createBatchingAdapter } from '../../src/api/batch';
import { ApiError, apiGet } from '../../src/api/client';
import { apiClient } from '../../src/api/transport';
import { setCatalogueUi, type AlertRequest, type CatalogueUi } from '../../src/api/error-catalogue';
import { getUserData, setRegisterInfo, setTenantId, setUserData } from '../../src/lib/storage';

const ok = (data: unknown) => ({ success: true, code: 200, flag: 0, message: 'success', data });
const fail = (message: string, extra: Record<string, unknown> = {}) => ({ success: false, code: 400, flag: -1, message, data: null, ...extra });
const notSignedIn = { success: false, code: 401, flag: 401, message: '请先登录', data: null, errorCode: 'NOT_SIGNED_IN' };

/** What the fake server answers for a path (query ignored): [HTTP status, body]. */
const routes: Record<string, [number, unknown]> = {
  '/cm/api/course/search': [200, ok({ list: ['course'], total: 1 })],
  '/train/api/classes/search': [200, ok({ list: ['class'], total: 1 })],
  '/exam/api/exam/search': [200, fail('考试列表暂不可用', { errorCode: 'EXAM_CLOSED' })],
  '/um/api/message/getUserUnReadCount': [200, notSignedIn],
};

let requests: InternalAxiosRequestConfig[];
let batchSupported: boolean;
let networkDown: boolean;

/** The server's answer to one GET URL (path + query). */
function answer(url: string): [number, unknown] {
  return routes[url.split('?')[0]!] ?? [404, { success: false, code: 404, flag: -1, message: `No API route GET ${url}.`, data: null, errorCode: 'NOT_FOUND' }];
}

/** The transport: answers as axios's own adapters would (a raw JSON string, settle() on the status). */
const fakeServer: AxiosAdapter = async (config) => {
  requests.push(config);
  if (networkDown) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
  let status: number;
  let body: unknown;
  if (config.method === 'post' && config.url === BATCH_PATH && batchSupported) {
    const { requests: items } = JSON.parse(String(config.data)) as { requests: { url: string }[] };
    status = 200;
    body = ok(items.map(({ url }) => { const [s, b] = answer(url); return { status: s, body: b }; }));
  } else if (config.method === 'get') {
    [status, body] = answer(axios.getUri({ url: config.url, params: config.params }));
  } else {
    [status, body] = [404, { success: false, code: 404, flag: -1, message: 'No API route.', data: null, errorCode: 'NOT_FOUND' }];
  }
  const response = { data: JSON.stringify(body), status, statusText: '', headers: {}, config, request: {} };
  if (config.validateStatus ? config.validateStatus(status) : status >= 200 && status < 300) return response;
  throw new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_REQUEST, config, {}, response);
};

/** The outcome a caller sees: its data, or its error's kind, message and codes. */
async function outcome(call: Promise<unknown>) {
  try {
    return { data: await call };
  } catch (error) {
    if (error instanceof ApiError) return { error: 'ApiError', message: error.message, code: error.code, flag: error.flag, errorCode: error.errorCode, status: error.status };
    return { error: axios.isCancel(error) ? 'cancel' : String(error) };
  }
}

let alerts: AlertRequest[];
let ui: { [K in keyof CatalogueUi]: ReturnType<typeof vi.fn> } & CatalogueUi;

beforeEach(() => {
  requests = [];
  batchSupported = true;
  networkDown = false;
  alerts = [];
  ui = { alert: vi.fn((r: AlertRequest) => alerts.push(r)), navigate: vi.fn(), goBack: vi.fn(), currentPath: vi.fn(() => '/home') } as typeof ui;
  setCatalogueUi(ui);
  setTenantId(1001);
  apiClient.defaults.adapter = createBatchingAdapter(fakeServer);
});

afterEach(() => {
  setCatalogueUi(null);
  setTenantId(null);
});

const three = () => [
  apiGet('/cm/api/course/search', { pageSize: 4 }),
  apiGet('/train/api/classes/search', { pageSize: 4 }),
  apiGet('/exam/api/exam/search', { pageSize: 4 }, { silent: true }),
];

describe('GETs of one task', () => {
  it('3 GETs in one tick make 1 request and each resolves to its own data or error', async () => {
    setRegisterInfo(1001, { token: 'tok' });
    const results = await Promise.all(three().map(outcome));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'post', url: BATCH_PATH });
    expect(requests[0]!.headers.get('token')).toBe('tok');
    expect(JSON.parse(String(requests[0]!.data))).toEqual({ requests: [
      { url: '/cm/api/course/search?pageSize=4&tenantId=1001' },
      { url: '/train/api/classes/search?pageSize=4&tenantId=1001' },
      { url: '/exam/api/exam/search?pageSize=4&tenantId=1001' },
    ] });
    expect(results[0]).toEqual({ data: { list: ['course'], total: 1 } });
    expect(results[1]).toEqual({ data: { list: ['class'], total: 1 } });
    expect(results[2]).toMatchObject({ error: 'ApiError', message: '考试列表暂不可用', errorCode: 'EXAM_CLOSED', code: 400 });
    // The failing call was silent: no alert, as alone.
    expect(alerts).toHaveLength(0);
    setRegisterInfo(1001, null);
  });

  it('give each caller what it would have had alone, alerts included', async () => {
    const calls = () => [
      apiGet('/cm/api/course/search', { pageSize: 4 }),
      apiGet('/exam/api/exam/search', {}),
      apiGet('/cm/api/no/such/call', {}),
    ];
    const batched = await Promise.all(calls().map(outcome));
    const batchedAlerts = alerts.splice(0);
    // The catalogue shows one alert at a time: close these before the direct round.
    for (const a of batchedAlerts) a.afterClose?.();
    expect(requests).toHaveLength(1);
    apiClient.defaults.adapter = fakeServer;
    const direct = await Promise.all(calls().map(outcome));
    expect(requests).toHaveLength(4);
    expect(batched).toEqual(direct);
    expect(batchedAlerts.map((a) => a.message)).toEqual(alerts.map((a) => a.message));
    expect(batchedAlerts.length).toBeGreaterThan(0);
  });

  it('a 401 inside a batch signs the user out and goes to sign-in while the others succeed', async () => {
    setUserData(1001, { userId: 1 });
    const [unread, courses] = await Promise.all([apiGet('/um/api/message/getUserUnReadCount'), apiGet('/cm/api/course/search')].map(outcome));
    expect(requests).toHaveLength(1);
    expect(unread).toMatchObject({ error: 'ApiError', flag: 401, message: '请先登录' });
    expect(courses).toEqual({ data: { list: ['course'], total: 1 } });
    expect(ui.navigate).toHaveBeenCalledWith('/login?returnUrl=%2Fhome');
    expect(getUserData(1001)).toBeNull();
  });

  it('1 GET goes out alone, unchanged', async () => {
    await apiGet('/cm/api/course/search', { pageSize: 4 });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'get', url: '/cm/api/course/search', params: { pageSize: 4, tenantId: 1001 } });
  });

  it('a GET with batch: false goes alone; the others still share one batch', async () => {
    await Promise.all([...three().map(outcome), apiGet('/cm/api/course/search', {}, { batch: false })]);
    expect(requests.map((r) => `${r.method} ${r.url}`).sort()).toEqual([`get /cm/api/course/search`, `post ${BATCH_PATH}`]);
  });

  it(`more than ${BATCH_MAX_ITEMS} GETs are split into batches the server accepts`, async () => {
    const results = await Promise.all(Array.from({ length: BATCH_MAX_ITEMS + 2 }, (_, i) => apiGet('/cm/api/course/search', { pageNo: i + 1 })));
    expect(results.every((r) => (r as { total: number }).total === 1)).toBe(true);
    expect(requests).toHaveLength(2);
    expect(requests.map((r) => (JSON.parse(String(r.data)) as { requests: unknown[] }).requests.length)).toEqual([BATCH_MAX_ITEMS, 2]);
  });
});

describe('aborts', () => {
  it('a call aborted before the flush is dropped from the batch and rejects with a cancel', async () => {
    const controller = new AbortController();
    // The flush waits for the test: the calls are queued in the adapter when the abort comes.
    let flush!: () => void;
    apiClient.defaults.adapter = createBatchingAdapter(fakeServer, { schedule: (f) => { flush = f; } });
    const calls = [apiGet('/cm/api/course/search'), apiGet('/train/api/classes/search', {}, { signal: controller.signal }), apiGet('/exam/api/exam/search', {}, { silent: true })].map(outcome);
    await new Promise((r) => setTimeout(r, 5));
    expect(flush).toBeTypeOf('function');
    controller.abort();
    expect(await calls[1]).toEqual({ error: 'cancel' });
    flush();
    const [courses, classes] = await Promise.all(calls);
    expect(classes).toEqual({ error: 'cancel' });
    expect(courses).toMatchObject({ data: { total: 1 } });
    expect(requests).toHaveLength(1);
    expect((JSON.parse(String(requests[0]!.data)) as { requests: { url: string }[] }).requests.map((r) => r.url.split('?')[0])).toEqual(['/cm/api/course/search', '/exam/api/exam/search']);
  });

  it('a call aborted after the flush rejects with a cancel at once; the others resolve', async () => {
    const controller = new AbortController();
    let release!: () => void;
    const gate = new Promise<void>((r) => { release = r; });
    apiClient.defaults.adapter = createBatchingAdapter(async (config) => { await gate; return fakeServer(config); });
    const calls = [apiGet('/cm/api/course/search'), apiGet('/train/api/classes/search', {}, { signal: controller.signal })].map(outcome);
    await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    expect(await calls[1]).toEqual({ error: 'cancel' });
    release();
    expect(await calls[0]).toMatchObject({ data: { total: 1 } });
    expect(requests).toHaveLength(1);
  });
});

describe('a server without the batch call', () => {
  it('answers each call alone, and later GETs go alone at once', async () => {
    batchSupported = false;
    const results = await Promise.all(three().map(outcome));
    expect(results[0]).toEqual({ data: { list: ['course'], total: 1 } });
    expect(results[2]).toMatchObject({ error: 'ApiError', errorCode: 'EXAM_CLOSED' });
    expect(requests.map((r) => r.method)).toEqual(['post', 'get', 'get', 'get']);
    requests = [];
    await Promise.all(three().map(outcome));
    expect(requests.map((r) => r.method)).toEqual(['get', 'get', 'get']);
  });

  it('a network failure of the batch fails each call as it would alone', async () => {
    networkDown = true;
    const results = await Promise.all([apiGet('/cm/api/course/search', {}, { silent: true }), apiGet('/train/api/classes/search', {}, { silent: true })].map(outcome));
    expect(requests).toHaveLength(1);
    for (const r of results) expect(r).toMatchObject({ error: 'ApiError', status: 0 });
  });
});
