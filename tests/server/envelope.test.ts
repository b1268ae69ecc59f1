import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, getJson, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      app.get('/um/api/test/explode', async () => {
        throw new Error('secret internal detail at /srv/app.ts:42');
      });
    },
  });
});
afterAll(() => t.close());

describe('the envelope', () => {
  it('wraps success as success true, code 200, flag 0', async () => {
    const { status, body } = await getJson(t.app, '/um/api/tenant/get?tenantId=1001');
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, code: 200, flag: 0, data: { id: 1001, code: 'demo' } });
    expect(body.errorCode).toBeUndefined();
  });

  it('names the missing field in a validation error', async () => {
    const { body } = await getJson(t.app, '/um/api/tenant/get');
    expect(body).toMatchObject({ success: false, code: 400, flag: -1, errorCode: 'VALIDATION', data: null });
    expect(body.message).toBe('Invalid query parameter: tenantId is required.');
  });

  it('names the field whose type is wrong', async () => {
    const { body } = await getJson(t.app, '/cfg/api/page/list?tenantId=1001&pageSize=abc');
    expect(body.errorCode).toBe('VALIDATION');
    expect(body.message).toContain('pageSize');
  });

  it('answers an unknown API path with an envelope 404', async () => {
    const { status, body } = await getJson(t.app, '/cfg/api/nothing/here?x=1');
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, code: 404, errorCode: 'NOT_FOUND', data: null });
    expect(body.message).toContain('/cfg/api/nothing/here');
  });

  it('never leaks a stack trace or internal message on an unexpected error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/um/api/test/explode' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ success: false, code: 500, errorCode: 'INTERNAL' });
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toMatch(/\bat .*\.ts:\d+/);
  });

  it('publishes the OpenAPI document built from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([
      '/um/api/tenant/get', '/um/api/tenant/getByCode', '/cfg/api/store/getTenantStoreSetting', '/cfg/api/config/getGroupConfig',
    ]));
  });
});
