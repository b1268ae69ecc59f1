import { Ajv } from 'ajv';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_MAX, INT32_MAX, INT32_MIN, NO_CONTROL_CHARS } from '../../schemas/common';
import { withInputLimits } from '../../server/plugins/input-limits';
import { apiOf } from './api';
import { createTestApp, getJson, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    beforeReady: (app) => {
      app.get('/um/api/test/explode', async () => {
        throw new Error('secret internal detail at /srv/app.ts:42');
      });
      // A value the schema let through but PostgreSQL refuses (the last line of defence, issue 14).
      app.get('/um/api/test/int4', async () => sql`select ${'99999999999'}::int4 as n`.execute(app.db.app));
      app.get('/um/api/test/nul', async () => sql`select ${'a\u0000b'}::text as t`.execute(app.db.app));
      app.get('/um/api/test/conflict', async () => {
        throw Object.assign(new Error('secret plugin detail'), { statusCode: 409 });
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

describe('no input breaks it (issue 14)', () => {
  const bad = async (url: string) => {
    const { status, body } = await getJson(t.app, url);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: false, code: 400, flag: -1, errorCode: 'VALIDATION', data: null });
    return body.message;
  };

  it('refuses numbers past bigint or int4 with a 400 envelope naming the field (they were a 500 from PostgreSQL)', async () => {
    expect(await bad('/cfg/api/navigate/search?tenantId=1e30')).toBe(`Invalid query parameter: tenantId must be <= ${ID_MAX}.`);
    expect(await bad('/cfg/api/navigate/search?tenantId=1001&purpose=-2147483649')).toBe(`Invalid query parameter: purpose must be >= ${INT32_MIN}.`);
    expect(await bad('/cfg/api/navigate/search?tenantId=1001&storeId=99999999999999999999999')).toContain('storeId must be <=');
    expect(await bad('/cfg/api/navigate/search?tenantId=1001&parentId=1e30')).toContain('parentId must be <=');
    expect(await bad('/cfg/template/getByPageId?tenantId=1001&pageId=9223372036854775808')).toContain('pageId must be <=');
  });

  it('refuses Infinity in a bounded integer (ajv skipped minimum and maximum for it)', async () => {
    expect(await bad('/cfg/api/navigate/search?tenantId=1001&pageNo=Infinity')).toBe(`Invalid query parameter: pageNo must be <= ${INT32_MAX}.`);
    expect(await bad('/cfg/api/navigate/search?tenantId=1001&pageSize=-Infinity')).toContain('pageSize must be >= 1');
  });

  it('refuses a NUL in a string at the schema edge instead of a 500 "invalid byte sequence"', async () => {
    expect(await bad('/cfg/template/getPage?tenantId=1001&pageCode=a%00b')).toBe('Invalid query parameter: pageCode must not contain control characters (such as NUL).');
    const { token } = await apiOf(() => t.app).signIn(1001, 'learner', 'Study@2026');
    const res = await t.app.inject({ method: 'POST', url: '/um/api/user/modProfile', headers: { token }, payload: { tenantId: 1001, nickName: 'a\u0000b' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, code: 400, errorCode: 'VALIDATION', message: 'Invalid body field: nickName must not contain control characters (such as NUL).' });
  });

  it('bounds every request field that states no bound of its own, and keeps stated ones, enums and patterns', () => {
    const limited = withInputLimits({
      type: 'object',
      properties: {
        id: { type: 'integer' }, courseIds: { type: 'array', items: { type: 'integer' } }, sort: { type: ['integer', 'null'] },
        size: { type: 'integer', minimum: 1, maximum: 200 }, text: { type: 'string' }, code: { type: 'string', pattern: '^[a-z]+$' },
        kind: { type: 'string', enum: ['a', 'b'] }, nested: { anyOf: [{ type: 'object', properties: { score: { type: 'number' } } }, { type: 'null' }] },
      },
    }) as { properties: Record<string, any> };
    expect(limited.properties.id).toMatchObject({ minimum: -ID_MAX, maximum: ID_MAX });
    expect(limited.properties.courseIds.items).toMatchObject({ maximum: ID_MAX });
    expect(limited.properties.sort).toMatchObject({ minimum: INT32_MIN, maximum: INT32_MAX });
    expect(limited.properties.size).toEqual({ type: 'integer', minimum: 1, maximum: 200 });
    expect(limited.properties.text.pattern).toBe(NO_CONTROL_CHARS);
    expect(limited.properties.code.pattern).toBe('^[a-z]+$');
    expect(limited.properties.kind.pattern).toBeUndefined();
    expect(limited.properties.nested.anyOf[0].properties.score).toMatchObject({ maximum: INT32_MAX });
    const text = new Ajv().compile(limited.properties.text);
    expect(text('line one\nline two\tand a tab\r\n, 中文 😀')).toBe(true);
    for (const bad of ['a\u0000b', '\u0001', 'a\u001bb', '\u007f']) expect(text(bad)).toBe(false);
  });

  it('shows the limits in the OpenAPI document at /docs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, { parameters: { name: string; schema: any }[] }>> };
    const params = Object.fromEntries(doc.paths['/cfg/api/navigate/search']!.get!.parameters.map((p) => [p.name, p.schema]));
    expect(params.tenantId).toMatchObject({ minimum: 1, maximum: ID_MAX });
    expect(params.purpose).toMatchObject({ minimum: INT32_MIN, maximum: INT32_MAX });
    const page = Object.fromEntries(doc.paths['/cfg/template/getPage']!.get!.parameters.map((p) => [p.name, p.schema]));
    expect(page.pageCode.pattern).toBe(NO_CONTROL_CHARS);
  });

  it('answers a JSON body over 1 MiB with a 413 envelope (it fell through to a 500)', async () => {
    const payload = JSON.stringify({ tenantId: 1001, content: 'x'.repeat(1.1 * 1024 * 1024) });
    const res = await t.app.inject({ method: 'POST', url: '/cm/api/favorite/add', headers: { 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: false, code: 413, flag: -1, errorCode: 'BODY_TOO_LARGE', data: null, message: 'The request body is larger than the 1024 KiB this call accepts.' });
  });

  it('answers Fastify\'s other refusals as envelopes with their own code: bad JSON, an empty body, an unknown content type', async () => {
    const post = (payload: string, contentType: string) => t.app.inject({ method: 'POST', url: '/cm/api/favorite/add', headers: { 'content-type': contentType }, payload });
    for (const [payload, contentType, code, errorCode] of [
      ['{"tenantId":1001,', 'application/json', 400, 'BAD_JSON'],
      ['', 'application/json', 400, 'BAD_JSON'],
      ['<tenantId>1001</tenantId>', 'application/xml', 415, 'UNSUPPORTED_MEDIA_TYPE'],
    ] as const) {
      const res = await post(payload, contentType);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: false, code, errorCode, data: null });
    }
  });

  it('answers any other 4xx error as an envelope with its code and a plain message (it was a 500)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/um/api/test/conflict' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: false, code: 409, flag: -1, errorCode: 'BAD_REQUEST', data: null, message: 'The request was refused (409).' });
  });

  it('answers a value PostgreSQL refuses (22003 out of range, 22021 NUL) with a 400 envelope and no SQL text', async () => {
    for (const url of ['/um/api/test/int4', '/um/api/test/nul']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: false, code: 400, errorCode: 'VALIDATION', data: null });
      expect(res.body).not.toMatch(/select|int4|byte sequence/i);
    }
  });
});
