// POST /cfg/api/batch (issue 15 point 3): up to BATCH_MAX_ITEMS GET calls of this API in one
// request, so a page's widget data travels as one round trip. Each item runs through the normal
// route pipeline in-process (app.inject) with the caller's sign-in, language and address headers:
// auth, tenancy, validation, rate limits, the envelope, logs and metrics are exactly those of a
// direct call. docs/api.md "Batched GETs".
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Envelope } from '../../schemas/common';
import { BATCH_PATH, BatchAnswers, BatchBody, type BatchAnswer, type BatchItem } from '../../schemas/api/batch';
import { ApiError, failure, ok } from './envelope';

/** Items of one batch running at once: enough to overlap their database waits, few enough not to hog the pool. */
export const BATCH_CONCURRENCY = 6;

/** Request headers an item carries over from the batch: who is calling, in which language, from where. */
const FORWARDED_HEADERS = [
  'token', 'authorization', 'cookie', 'accept-language', 'user-agent', 'host', 'origin', 'referer',
  'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host',
] as const;

/** A refused item's answer: the envelope a refused direct call has (HTTP 200, code 400). */
function refused(message: string): BatchAnswer {
  return { status: 200, body: failure(new ApiError(message, { code: 400, errorCode: 'BATCH_ITEM_REFUSED' })) };
}

/** The path and query an item may run, or the refusal naming why not. */
export function batchTarget(item: BatchItem, apiPrefixes: readonly string[]): { url: string } | { refusal: BatchAnswer } {
  const method = (item.method ?? 'GET').toUpperCase();
  if (method !== 'GET') return { refusal: refused(`Only GET calls can be batched; send ${method} ${item.url.split('?')[0]} on its own.`) };
  const raw = item.url;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) {
    return { refusal: refused(`A batched call is a relative URL of this API starting with "/", like /cm/api/course/search?tenantId=1; "${raw.slice(0, 100)}" is not.`) };
  }
  const base = 'http://batch.invalid';
  let parsed: URL;
  try {
    parsed = new URL(raw, base);
  } catch {
    return { refusal: refused(`"${raw.slice(0, 100)}" is not a valid URL.`) };
  }
  if (parsed.origin !== base) return { refusal: refused(`A batched call must stay on this API; "${raw.slice(0, 100)}" leaves it.`) };
  // The normalised path: /cfg/api/x/../batch is the batch too.
  const path = parsed.pathname;
  if (path === BATCH_PATH || path === `${BATCH_PATH}/`) return { refusal: refused('A batch cannot contain another batch.') };
  if (!apiPrefixes.some((prefix) => path.startsWith(prefix))) {
    return { refusal: refused(`${path} is not a call of this API; a batch carries only API calls (${apiPrefixes.join(', ')}).`) };
  }
  return { url: `${path}${parsed.search}` };
}

/** The caller's headers an item carries. */
function forwardedHeaders(req: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = req.headers[name];
    if (typeof value === 'string') headers[name] = value;
    else if (Array.isArray(value)) headers[name] = value.join(', ');
  }
  return headers;
}

/** Runs `task` over the items with at most `limit` at once; the answers keep the items' order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Registers POST /cfg/api/batch; `apiPrefixes` are the paths items may call (app.ts API_PREFIXES). */
export async function batchPlugin(app: FastifyInstance, opts: { apiPrefixes: readonly string[] }): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(BATCH_PATH, {
    schema: {
      tags: ['cfg'], summary: `Several GET calls of this API in one request; each answers as it would alone`,
      body: BatchBody,
      response: { 200: Envelope(BatchAnswers) },
    },
  }, async (req) => {
    const headers = forwardedHeaders(req);
    // The socket's address with the forwarded headers: per-IP limits see the caller, behind a proxy or not.
    const remoteAddress = req.socket.remoteAddress ?? req.ip;
    const answers = await mapLimited(req.body.requests, BATCH_CONCURRENCY, async (item): Promise<BatchAnswer> => {
      const target = batchTarget(item, opts.apiPrefixes);
      if ('refusal' in target) return target.refusal;
      const res = await app.inject({ method: 'GET', url: target.url, headers, remoteAddress });
      let body: unknown = null;
      try {
        body = res.payload ? JSON.parse(res.payload) : null;
      } catch {
        req.log.warn({ url: target.url, status: res.statusCode }, 'a batched call answered something that is not JSON');
      }
      return { status: res.statusCode, body };
    });
    req.log.info({ items: answers.length, statuses: answers.map((a) => a.status) }, 'batch answered');
    return ok(answers);
  });
}
