// Health, readiness and "database unavailable" answers (issue 22; docs/operations.md "Health and
// readiness"). The whole outage, with a real PostgreSQL killed under load, is tests/server/outage.test.ts.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isDatabaseUnavailable } from '../../server/db/availability';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    beforeReady: (app) => {
      // Routes that fail the way a query fails when the database restarts, and the way a bad query fails.
      app.get('/um/api/test/adminShutdown', async () => {
        throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
      });
      app.get('/um/api/test/refused', async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      });
      app.get('/um/api/test/badQuery', async () => {
        throw Object.assign(new Error('relation "nope" does not exist'), { code: '42P01' });
      });
    },
  });
});
afterAll(() => t.close());

describe('database unavailable is a 503, not a 500', () => {
  it('answers 503 with errorCode DB_UNAVAILABLE, a retry message and Retry-After when the server went away', async () => {
    for (const url of ['/um/api/test/adminShutdown', '/um/api/test/refused']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ success: false, code: 503, flag: -1, data: null, errorCode: 'DB_UNAVAILABLE', message: expect.stringMatching(/retry/) });
    }
    // The database itself answers: the probe a 503 starts finds it, so there is no outage.
    await t.db.health.suspect(new Error('waits for the probe in flight'));
    expect(t.db.isUp()).toBe(true);
  });

  it('marks the database down when the probe a 503 starts cannot connect either', async () => {
    const real = t.db.health.setProbe(async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/um/api/test/adminShutdown' });
      expect(res.statusCode).toBe(503);
      await vi.waitFor(() => expect(t.db.isUp()).toBe(false));
    } finally {
      t.db.health.setProbe(real);
    }
  });

  it('keeps a wrong query a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/um/api/test/badQuery' });
    expect(res.statusCode).toBe(500);
    expect(res.json().errorCode).toBe('INTERNAL');
  });

  it('tells connection failures from query failures', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '57P03' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([Object.assign(new Error('x'), { code: 'ECONNREFUSED' })]))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: Object.assign(new Error('x'), { code: '57P01' }) }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Invalid body field'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

describe('/healthz and /readyz', () => {
  it('/healthz answers 200 with the pid while the process serves', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', pid: process.pid });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('/readyz answers 200 when the database answers and every migration is applied, and marks it up again', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'up', migrations: 'current' } });
    expect(t.db.isUp()).toBe(true);
  });

  it('/readyz answers 503 naming the migration this build has and the database lacks', async () => {
    const last = (await t.db.owner.selectFrom('kysely_migration' as never).select('name' as never).orderBy('name' as never, 'desc').executeTakeFirstOrThrow()) as unknown as { name: string };
    await t.db.owner.deleteFrom('kysely_migration' as never).where('name' as never, '=', last.name as never).execute();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'unavailable', checks: { database: 'up', migrations: `pending: ${last.name}` } });
    } finally {
      await t.db.owner.insertInto('kysely_migration' as never).values({ name: last.name, timestamp: new Date().toISOString() } as never).execute();
    }
  });
});
