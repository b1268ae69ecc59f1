// Prometheus metrics at GET /metrics (issue 22 point 5; docs/operations.md "Metrics"): requests,
// latency and errors per route pattern, the app pool's connections, database up/down, and the
// progress-save batches. Each app has its own registry (tests build many apps in one process); the
// process-wide default metrics (CPU, memory, event loop) live in one shared registry.
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Told of each committed batch of study-progress saves: its size, and each save's wait from arrival to commit (server/modules/cm/hist-batcher.ts). */
export type BatchObserver = (size: number, waitsMs: readonly number[]) => void;

/** `off`: no /metrics route and no instrumentation; `on`: open to anyone; `token`: needs `Authorization: Bearer <METRICS_TOKEN>`. */
export type MetricsMode = 'off' | 'on' | 'token';

export interface MetricsOptions {
  mode: MetricsMode;
  /** The bearer token of `token` mode. */
  token?: string;
}

/** What the rest of the app reports into (app.metrics; null when metrics are off). */
export interface AppMetrics {
  /** Progress-save batches (server/modules/cm/hist-batcher.ts). */
  progressBatches: BatchObserver;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics, or null when METRICS=off. */
    metrics: AppMetrics | null;
  }
}

/** A scrape waits at most this long for `select 1` before reporting the database down. */
export const DB_PROBE_TIMEOUT_MS = 1_000;

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The settings from the environment. METRICS unset: `token` when METRICS_TOKEN is set, else `off`
 * under NODE_ENV=production (metrics tell an outsider a lot about the system) and `on` elsewhere.
 */
export function metricsOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): MetricsOptions {
  const raw = (env.METRICS ?? '').trim().toLowerCase();
  const token = env.METRICS_TOKEN?.trim() || undefined;
  if (raw === '') {
    if (token) return { mode: 'token', token };
    return { mode: env.NODE_ENV === 'production' ? 'off' : 'on' };
  }
  if (raw !== 'off' && raw !== 'on' && raw !== 'token') {
    throw new Error(`METRICS is "${env.METRICS}"; set it to off, on or token (docs/operations.md "Metrics").`);
  }
  if (raw === 'token' && !token) throw new Error('METRICS=token needs METRICS_TOKEN, the bearer token scrapers must send; set it or choose METRICS=on or off.');
  return raw === 'token' ? { mode: 'token', token: token! } : { mode: raw };
}

let processRegistry: Registry | undefined;

/** CPU, memory, event loop and GC of this process: one registry for the process, made on first use. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Compares a presented bearer token with the configured one in constant time. */
function tokenMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];
  return presented !== undefined && timingSafeEqual(sha256(presented), sha256(token));
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The route label: the pattern the request matched (`/cm/api/course/:id`), never the raw URL, so
 * the number of series stays bounded whatever clients send. The SPA's history fallback is
 * `/study/*`; anything else that matched no route is `(unmatched)`.
 */
function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  const path = request.url.split('?')[0] ?? '';
  return path === '/study' || path.startsWith('/study/') ? '/study/*' : '(unmatched)';
}

/** Registers /metrics and the hooks that feed it; options default to the environment's. */
export async function metricsPlugin(app: FastifyInstance, options: { settings?: MetricsOptions | undefined }): Promise<void> {
  const settings = options.settings ?? metricsOptionsFromEnv();
  if (settings.mode === 'off') {
    app.decorate('metrics', null);
    return;
  }
  const registry = new Registry();
  const registers = [registry];
  const requests = new Counter({
    name: 'portal_http_requests_total', help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const, registers,
  });
  const failures = new Counter({
    name: 'portal_http_request_errors_total',
    help: 'Requests that failed: kind 5xx or 4xx by HTTP status, or envelope for an API answer with success false under HTTP 200 (business failures travel as 200).',
    labelNames: ['method', 'route', 'kind'] as const, registers,
  });
  const duration = new Histogram({
    name: 'portal_http_request_duration_seconds', help: 'Time from receiving a request to sending its answer, by method and route pattern.',
    labelNames: ['method', 'route'] as const, buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10], registers,
  });
  const batchSize = new Histogram({
    name: 'portal_progress_batch_size', help: 'Progress saves written per batch (one transaction and one commit per batch).',
    buckets: [1, 2, 4, 8, 16, 32, 64], registers,
  });
  const batchWait = new Histogram({
    name: 'portal_progress_save_wait_seconds', help: 'Per progress save: the time from its arrival at the batcher to the commit of its batch.',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5], registers,
  });
  new Gauge({
    name: 'portal_db_pool_connections', help: 'The app-role pool: total open connections, idle ones, and requests waiting for one.',
    labelNames: ['state'] as const, registers,
    collect() {
      const stats = app.db.poolStats?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'portal_db_up', help: `1 when the database answered select 1 within ${DB_PROBE_TIMEOUT_MS} ms at this scrape, else 0.`, registers,
    async collect() {
      // The owner pool: a busy app pool (all connections in use) is not a database that is down.
      const up = await withTimeout(sql`select 1`.execute(app.db.owner), DB_PROBE_TIMEOUT_MS).then(() => 1, () => 0);
      this.set(up);
    },
  });

  const envelopeFailures = new WeakSet<FastifyRequest>();
  app.addHook('onSend', async (request, reply, payload) => {
    // The envelope's first field (failure() and the route serializers both start with success).
    if (reply.statusCode < 400 && typeof payload === 'string' && payload.startsWith('{"success":false')) envelopeFailures.add(request);
    return payload;
  });
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const method = METHODS.has(request.method) ? request.method : 'OTHER';
    const route = routeLabel(request);
    const status = reply.statusCode;
    requests.inc({ method, route, status_code: String(status) });
    duration.observe({ method, route }, reply.elapsedTime / 1000);
    const kind = status >= 500 ? '5xx' : status >= 400 ? '4xx' : envelopeFailures.has(request) ? 'envelope' : undefined;
    if (kind) failures.inc({ method, route, kind });
  });

  app.decorate<AppMetrics | null>('metrics', {
    progressBatches: (size, waitsMs) => {
      batchSize.observe(size);
      for (const ms of waitsMs) batchWait.observe(ms / 1000);
    },
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (settings.mode === 'token' && !tokenMatches(request.headers.authorization, settings.token ?? '')) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      return reply.status(401).send({ status: 'unauthorized', message: 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.' });
    }
    const text = (await registry.metrics()) + (await processMetrics().metrics());
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
}

// Not encapsulated: the hooks must see every route, and app.metrics every module.
(metricsPlugin as unknown as Record<symbol, unknown>)[Symbol.for('skip-override')] = true;
(metricsPlugin as unknown as Record<symbol, unknown>)[Symbol.for('fastify.display-name')] = 'metrics';
