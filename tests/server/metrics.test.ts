// Prometheus metrics at /metrics (issue 22 point 5; docs/operations.md "Metrics"): counters per
// route pattern (never the raw URL), the progress-save batches, the pool and database gauges, and
// the settings that switch the endpoint off or put it behind a bearer token.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { metricsOptionsFromEnv } from '../../server/plugins/metrics';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, signIn } = apiOf(() => t.app);
const extra: FastifyInstance[] = [];

beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      // A route with a path parameter: its label must be the pattern, whatever id is asked for.
      app.get('/um/api/test/item/:id', async (request) => ({ id: (request.params as { id: string }).id }));
    },
  });
});
afterAll(async () => {
  for (const app of extra) await app.close();
  await t.close();
});

/** Every sample of the exposition text: name, labels, value. */
function samples(text: string) {
  return text.split('\n').filter((line) => line && !line.startsWith('#')).map((line) => {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`Not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
    return { name: match[1]!, labels, value: Number(match[3]) };
  });
}

/** The value of one series (0 when it does not exist yet). */
function value(text: string, name: string, labels: Record<string, string> = {}): number {
  const found = samples(text).filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return found.reduce((sum, s) => sum + s.value, 0);
}

async function scrape(app: FastifyInstance = t.app, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  return res.body;
}

describe('request metrics', () => {
  it('count requests and their latency per route pattern and status, never per raw URL', async () => {
    const before = await scrape();
    for (const id of ['41', '42', '4711']) expect((await t.app.inject({ method: 'GET', url: `/um/api/test/item/${id}?x=${id}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/um/api/no-such-call/98765' })).statusCode).toBe(404);
    await mkdir(join(t.uploadDir, 'u', '1001'), { recursive: true });
    await writeFile(join(t.uploadDir, 'u', '1001', 'note-123.txt'), 'hello');
    expect((await t.app.inject({ method: 'GET', url: '/uploads/u/1001/note-123.txt' })).statusCode).toBe(200);
    const after = await scrape();

    const item = { method: 'GET', route: '/um/api/test/item/:id' };
    expect(value(after, 'portal_http_requests_total', { ...item, status_code: '200' }) - value(before, 'portal_http_requests_total', { ...item, status_code: '200' })).toBe(3);
    expect(value(after, 'portal_http_request_duration_seconds_count', item) - value(before, 'portal_http_request_duration_seconds_count', item)).toBe(3);
    expect(value(after, 'portal_http_request_duration_seconds_bucket', { ...item, le: '+Inf' })).toBe(value(after, 'portal_http_request_duration_seconds_count', item));
    // A file under a wildcard route is counted under the wildcard; an unknown path as (unmatched).
    expect(value(after, 'portal_http_requests_total', { route: '/uploads/*', status_code: '200' }) - value(before, 'portal_http_requests_total', { route: '/uploads/*', status_code: '200' })).toBe(1);
    const unmatched = { method: 'GET', route: '(unmatched)' };
    expect(value(after, 'portal_http_requests_total', { ...unmatched, status_code: '404' }) - value(before, 'portal_http_requests_total', { ...unmatched, status_code: '404' })).toBe(1);
    expect(value(after, 'portal_http_request_errors_total', { ...unmatched, kind: '4xx' }) - value(before, 'portal_http_request_errors_total', { ...unmatched, kind: '4xx' })).toBe(1);
    for (const raw of ['4711', '98765', 'note-123', 'x=']) expect(after, raw).not.toContain(raw);
  });

  it('count an API failure answered with HTTP 200 as an envelope error', async () => {
    const route = { method: 'POST', route: '/cm/api/hist/save' };
    const before = value(await scrape(), 'portal_http_request_errors_total', { ...route, kind: 'envelope' });
    const body = await call('POST', '/cm/api/hist/save', undefined, { tenantId: 1001, contentId: 1, progress: 1, duration: 10, playTime: 1, state: 1, savedAt: 1 });
    expect(body.flag).toBe(401);
    expect(value(await scrape(), 'portal_http_request_errors_total', { ...route, kind: 'envelope' }) - before).toBe(1);
  });
});

describe('progress-save batches', () => {
  it('observe every committed save in the batch-size and wait histograms', async () => {
    const learner = await signIn(1001, 'learner', 'Study@2026');
    const contents = await t.db.owner.selectFrom('content').select('id').where('tenant_id', '=', 1001).orderBy('id').limit(5).execute();
    expect(contents.length).toBe(5);
    const before = await scrape();
    const saves = await Promise.all(contents.map((c, i) => call('POST', '/cm/api/hist/save', learner.token, {
      tenantId: 1001, contentId: Number(c.id), progress: 5 + i, duration: 60, playTime: 5, state: 1, savedAt: Date.now(),
    })));
    for (const save of saves) expect(save, save.message).toMatchObject({ success: true });
    const after = await scrape();
    const delta = (name: string) => value(after, name) - value(before, name);
    // Five saves committed, in one to five batches.
    expect(delta('portal_progress_batch_size_sum')).toBe(5);
    expect(delta('portal_progress_batch_size_count')).toBeGreaterThanOrEqual(1);
    expect(delta('portal_progress_batch_size_count')).toBeLessThanOrEqual(5);
    expect(delta('portal_progress_save_wait_seconds_count')).toBe(5);
    expect(delta('portal_progress_save_wait_seconds_sum')).toBeGreaterThan(0);
  });
});

describe('database gauges', () => {
  it('report the database up and the app pool\'s connections', async () => {
    const text = await scrape();
    expect(value(text, 'portal_db_up')).toBe(1);
    const stats = t.db.poolStats();
    expect(samples(text).filter((s) => s.name === 'portal_db_pool_connections').map((s) => s.labels.state).sort()).toEqual(['idle', 'total', 'waiting']);
    expect(value(text, 'portal_db_pool_connections', { state: 'total' })).toBe(stats.total);
    expect(stats.total).toBeGreaterThan(0);
    // Process metrics come along, from the one process-wide registry.
    expect(value(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });
});

describe('settings', () => {
  it('protected mode refuses a scrape without the right bearer token', async () => {
    const token = 'metrics-test-token-0123456789';
    const app = await buildApp({ db: t.db, metrics: { mode: 'token', token } });
    extra.push(app);
    await app.ready();
    for (const headers of [{}, { authorization: 'Bearer wrong-token' }, { authorization: token }]) {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.body).not.toContain('portal_http_requests_total');
    }
    // Each app has its registry: this app counts its own requests only, and two apps in one process do not collide.
    const text = await scrape(app, { authorization: `Bearer ${token}` });
    expect(value(text, 'portal_http_requests_total', { route: '/um/api/test/item/:id' })).toBe(0);
    expect(value(text, 'portal_http_requests_total', { route: '/metrics', status_code: '401' })).toBe(3);
  });

  it('off: no /metrics route and nothing recorded', async () => {
    const app = await buildApp({ db: t.db, metrics: { mode: 'off' } });
    extra.push(app);
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect(app.metrics).toBeNull();
  });

  it('default to open in development, off in production, and protected whenever a token is set', () => {
    expect(metricsOptionsFromEnv({ NODE_ENV: 'development' })).toEqual({ mode: 'on' });
    expect(metricsOptionsFromEnv({})).toEqual({ mode: 'on' });
    expect(metricsOptionsFromEnv({ NODE_ENV: 'production' })).toEqual({ mode: 'off' });
    expect(metricsOptionsFromEnv({ NODE_ENV: 'production', METRICS_TOKEN: 'abc' })).toEqual({ mode: 'token', token: 'abc' });
    expect(metricsOptionsFromEnv({ NODE_ENV: 'development', METRICS_TOKEN: 'abc' })).toEqual({ mode: 'token', token: 'abc' });
    expect(metricsOptionsFromEnv({ NODE_ENV: 'production', METRICS: 'on' })).toEqual({ mode: 'on' });
    expect(metricsOptionsFromEnv({ METRICS: 'OFF', METRICS_TOKEN: 'abc' })).toEqual({ mode: 'off' });
    expect(() => metricsOptionsFromEnv({ METRICS: 'token' })).toThrow(/METRICS_TOKEN/);
    expect(() => metricsOptionsFromEnv({ METRICS: 'yes' })).toThrow(/off, on or token/);
  });
});
