// Coalescing of GETs (issue 15 point 3): the GETs issued within one task (until the next macrotask)
// travel as one POST /cfg/api/batch when there are two or more; a lone GET goes out as before. It
// is an axios adapter around another one, so every call still goes through the client's
// interceptors and each caller gets what it would have had alone: its data, its ApiError, its 401
// handling, its `silent`. docs/api.md "Batched GETs".
import axios, { AxiosError, AxiosHeaders, CanceledError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { BATCH_MAX_ITEMS, BATCH_PATH } from '../../schemas/batch-limits';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** false: this GET always goes out on its own, never inside a batch. */
    batch?: boolean;
  }
}

/** One answer of the batch (schemas/api/batch.ts BatchAnswer). */
interface BatchAnswer {
  status: number;
  body: unknown;
}

/** A GET waiting for the flush, or inside a batch on its way. */
interface Pending {
  config: InternalAxiosRequestConfig;
  resolve: (response: AxiosResponse) => void;
  reject: (reason: unknown) => void;
  done: boolean;
  detach: () => void;
}

export interface BatchingOptions {
  /** Most calls in one batch (the server refuses more). */
  maxItems?: number;
  /** Runs the flush after the current task; a macrotask by default. */
  schedule?: (flush: () => void) => void;
}

const ABSOLUTE_URL = /^([a-z][a-z\d+\-.]*:)?\/\//i;

/** A GET of this API that may share a batch. */
function batchable(config: InternalAxiosRequestConfig): boolean {
  if ((config.method ?? 'get').toLowerCase() !== 'get' || config.batch === false) return false;
  if (config.responseType && config.responseType !== 'json') return false;
  if (config.onDownloadProgress || config.onUploadProgress) return false;
  const url = config.url ?? '';
  return url.startsWith('/') && !ABSOLUTE_URL.test(url);
}

/** What must match for calls to share one request: where it goes and the headers it carries. */
function groupKey(config: InternalAxiosRequestConfig): string {
  const headers = AxiosHeaders.from(config.headers).toJSON();
  const sorted = Object.keys(headers).sort().map((name) => [name.toLowerCase(), headers[name]]);
  return JSON.stringify([config.baseURL ?? '', Boolean(config.withCredentials), sorted]);
}

/** The item's relative URL with its query, serialised as axios would have sent it. */
function itemUrl(config: InternalAxiosRequestConfig): string {
  return axios.getUri({ url: config.url, params: config.params, paramsSerializer: config.paramsSerializer });
}

/** The answers of a batch the server understood, or null. */
function answersOf(data: unknown, count: number): BatchAnswer[] | null {
  let body = data;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      return null;
    }
  }
  if (typeof body !== 'object' || body === null) return null;
  const { success, data: answers } = body as { success?: unknown; data?: unknown };
  if (success !== true || !Array.isArray(answers) || answers.length !== count) return null;
  return answers.every((a) => typeof a === 'object' && a !== null && typeof (a as BatchAnswer).status === 'number') ? (answers as BatchAnswer[]) : null;
}

/** The axios response (or rejection) a call gets from its answer, as axios's own settle() makes it. */
function settleAnswer(item: Pending, answer: BatchAnswer, request: unknown): void {
  const { config } = item;
  const response: AxiosResponse = {
    data: answer.body, status: answer.status, statusText: '',
    headers: AxiosHeaders.from({ 'content-type': 'application/json' }), config, request,
  };
  const validate = config.validateStatus;
  if (!answer.status || !validate || validate(answer.status)) {
    item.resolve(response);
    return;
  }
  const code = answer.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
  item.reject(new AxiosError(`Request failed with status code ${answer.status}`, code, config, request, response));
}

/** The batch's failure as the item's own: the same message, code and response, with the item's config. */
function itemFailure(error: unknown, config: InternalAxiosRequestConfig): unknown {
  if (!(error instanceof AxiosError)) return error;
  const response = error.response ? { ...error.response, config } : undefined;
  return new AxiosError(error.message, error.code, config, error.request, response);
}

/**
 * An adapter that sends the GETs of one task as one batch through `inner` (the default adapter,
 * or a test's fake server). Everything else, and a GET alone, goes to `inner` unchanged.
 */
export function createBatchingAdapter(send: AxiosAdapter, options: BatchingOptions = {}): AxiosAdapter {
  const maxItems = options.maxItems ?? BATCH_MAX_ITEMS;
  const schedule = options.schedule ?? ((flush: () => void) => void setTimeout(flush, 0));
  let queue: Pending[] = [];
  let scheduled = false;
  // A server without the batch call (the portal pointed at another compatible API): stop trying.
  let unsupported = false;

  const settleOnce = (item: Pending, fn: () => void) => {
    if (item.done) return;
    item.done = true;
    item.detach();
    fn();
  };
  const alone = (item: Pending) => {
    if (item.done) return;
    // Its own request now watches its signal (the adapter rejects with a cancel as today).
    item.detach();
    send(item.config).then((r) => settleOnce(item, () => item.resolve(r)), (e: unknown) => settleOnce(item, () => item.reject(e)));
  };

  const sendBatch = (items: Pending[]) => {
    const first = items[0]!.config;
    const controller = new AbortController();
    const timeouts = items.map((i) => i.config.timeout ?? 0);
    const headers = AxiosHeaders.from(first.headers);
    headers.set('Content-Type', 'application/json');
    const config: InternalAxiosRequestConfig = {
      ...first,
      method: 'post', url: BATCH_PATH, params: undefined, headers, signal: controller.signal,
      timeout: timeouts.includes(0) ? 0 : Math.max(...timeouts),
      data: JSON.stringify({ requests: items.map((i) => ({ url: itemUrl(i.config) })) }),
    };
    for (const item of items) {
      const signal = item.config.signal as AbortSignal | undefined;
      if (!signal) continue;
      // After the flush an aborted call rejects with a cancel at once; when every call of the batch
      // is gone, so is the request.
      const onAbort = () => {
        settleOnce(item, () => item.reject(new CanceledError(undefined, item.config)));
        if (items.every((i) => i.done)) controller.abort();
      };
      signal.addEventListener('abort', onAbort, { once: true });
      item.detach = () => signal.removeEventListener('abort', onAbort);
    }
    send(config).then(
      (response) => {
        const answers = answersOf(response.data, items.length);
        if (!answers) {
          // Not a batch answer (an older server, a proxy's page): each call goes on its own.
          for (const item of items) alone(item);
          return;
        }
        items.forEach((item, index) => settleOnce(item, () => settleAnswer(item, answers[index]!, response.request)));
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const status = error instanceof AxiosError ? error.response?.status : undefined;
        if (status === 404 || status === 405) {
          unsupported = true;
          for (const item of items) alone(item);
          return;
        }
        // A network failure, a timeout, a 5xx: each call fails as it would have alone.
        for (const item of items) settleOnce(item, () => item.reject(itemFailure(error, item.config)));
      },
    );
  };

  const flush = () => {
    scheduled = false;
    const taken = queue.filter((item) => !item.done);
    queue = [];
    const groups = new Map<string, Pending[]>();
    for (const item of taken) {
      item.detach();
      const key = groupKey(item.config);
      groups.set(key, [...(groups.get(key) ?? []), item]);
    }
    for (const group of groups.values()) {
      for (let start = 0; start < group.length; start += maxItems) {
        const chunk = group.slice(start, start + maxItems);
        if (chunk.length === 1 || unsupported) chunk.forEach(alone);
        else sendBatch(chunk);
      }
    }
  };

  return (config) => {
    if (unsupported || !batchable(config)) return send(config);
    return new Promise<AxiosResponse>((resolve, reject) => {
      const item: Pending = { config, resolve, reject, done: false, detach: () => undefined };
      const signal = config.signal as AbortSignal | undefined;
      if (signal?.aborted) {
        reject(new CanceledError(undefined, config));
        return;
      }
      if (signal) {
        // Aborted before the flush: the call leaves the queue and rejects with a cancel.
        const onAbort = () => settleOnce(item, () => reject(new CanceledError(undefined, config)));
        signal.addEventListener('abort', onAbort, { once: true });
        item.detach = () => signal.removeEventListener('abort', onAbort);
      }
      queue.push(item);
      if (!scheduled) {
        scheduled = true;
        schedule(flush);
      }
    });
  };
}
