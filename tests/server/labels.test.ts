// Labels (GET /cfg/api/label/listLabel, listClass; the label filter of the course, subject and
// content lists; docs/api.md "Labels").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call } = apiOf(() => t.app);
const get = (url: string) => call('GET', url).then((res) => {
  expect(res.success, `${url}: ${res.message}`).toBe(true);
  return res.data;
});

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('labels', () => {
  it('lists the labels of published courses, most used first, with exact counts', async () => {
    const labels: { name: string; count: number }[] = await get('/cfg/api/label/listLabel?tenantId=1001&type=course');
    expect(labels.length).toBeGreaterThan(1);
    const counts = labels.map((l) => l.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const rows = await t.db.owner.selectFrom('course').select('labels').where('tenant_id', '=', 1001).where('state', '=', 1).execute();
    for (const l of labels) expect(l.count, l.name).toBe(rows.filter((r) => r.labels.includes(l.name)).length);
    expect((await get('/cfg/api/label/listLabel?tenantId=1001&type=course&pageSize=1'))).toEqual(labels.slice(0, 1));
  });

  it('filters the course, subject and content lists by one label, exactly', async () => {
    for (const type of ['course', 'subject', 'content'] as const) {
      const [top] = await get(`/cfg/api/label/listLabel?tenantId=1001&type=${type}`);
      expect(top, type).toBeTruthy();
      const page = await get(`/cm/api/${type}/search?tenantId=1001&pageSize=50&label=${encodeURIComponent(top.name)}`);
      expect(page.total, type).toBe(top.count);
      for (const item of page.list) expect(item.labels, type).toContain(top.name);
    }
    const none = await get(`/cm/api/course/search?tenantId=1001&label=${encodeURIComponent('没有这个标签')}`);
    expect(none.total).toBe(0);
    // A label is matched whole: a part of one matches nothing.
    const [top] = await get('/cfg/api/label/listLabel?tenantId=1001&type=course');
    if (top.name.length > 1) expect((await get(`/cm/api/course/search?tenantId=1001&label=${encodeURIComponent(top.name.slice(0, -1))}`)).total).toBe(0);
  });

  it('counts content labels of the asked purposes, or of the library', async () => {
    const micro: { name: string; count: number }[] = await get('/cfg/api/label/listLabel?tenantId=1001&type=content&purpose=1');
    const rows = await t.db.owner.selectFrom('content').select('labels').where('tenant_id', '=', 1001).where('state', '=', 1).where('purpose', '=', 1).execute();
    for (const l of micro) expect(l.count, l.name).toBe(rows.filter((r) => r.labels.includes(l.name)).length);
  });

  it('names the kinds that carry labels, and refuses another kind', async () => {
    const classes = await get('/cfg/api/label/listClass?tenantId=1001');
    expect(classes.map((c: { type: string }) => c.type)).toEqual(['course', 'subject', 'content']);
    for (const c of classes) expect(c.labelCount).toBeGreaterThan(0);
    expect((await call('GET', '/cfg/api/label/listLabel?tenantId=1001&type=article')).errorCode).toBe('VALIDATION');
    expect((await call('GET', '/cfg/api/label/listLabel?tenantId=1001&type=course&pageSize=51')).errorCode).toBe('VALIDATION');
  });

  it('keeps each tenant\'s labels to itself', async () => {
    const demo: { name: string }[] = await get('/cfg/api/label/listLabel?tenantId=1001&type=course&pageSize=50');
    const acme: { name: string }[] = await get('/cfg/api/label/listLabel?tenantId=1002&type=course&pageSize=50');
    const acmeRows = await t.db.owner.selectFrom('course').select('labels').where('tenant_id', '=', 1002).where('state', '=', 1).execute();
    const acmeNames = new Set(acmeRows.flatMap((r) => r.labels));
    for (const l of acme) expect(acmeNames.has(l.name)).toBe(true);
    expect(demo.some((l) => !acmeNames.has(l.name))).toBe(true);
  });
});
