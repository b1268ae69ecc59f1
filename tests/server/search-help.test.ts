// The calls behind /search and /helpCenter: the title filter of every list the search page asks
// (case-insensitive, % and _ literal, one tenant's rows only), the help list (purpose 99) and
// GET /cm/api/content/info, which opens one help article by id.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCataloguePlan } from '../../server/demo/seed-catalogue';
import { helpBody, writeHelpBodies } from '../../server/demo/seed-help';
import { createTestApp, getJson, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function data(url: string) {
  const { status, body } = await getJson(t.app, url);
  expect(status).toBe(200);
  expect(body, body.message).toMatchObject({ success: true, code: 200, flag: 0 });
  return body.data;
}

const q = (words: string) => encodeURIComponent(words);

describe('search filter on the lists the search page reads', () => {
  const lists = ['/cm/api/course/search', '/cm/api/subject/search', '/cm/api/content/search', '/order/api/product/search'];

  it('finds a title by any part of it, whatever the letter case, on every list', async () => {
    const course = (await data('/cm/api/course/search?tenantId=1002&pageSize=1')).list[0];
    const word = course.title.split(' ').find((w: string) => w.length > 3) as string;
    const found = await data(`/cm/api/course/search?tenantId=1002&pageSize=50&searchValue=${q(word.toUpperCase())}`);
    expect(found.list.map((c: { id: number }) => c.id)).toContain(course.id);
    for (const row of found.list) expect(row.title.toLowerCase()).toContain(word.toLowerCase());
    for (const url of lists) {
      const tenant = url.startsWith('/order') ? 1003 : 1001;
      const all = await data(`${url}?tenantId=${tenant}&pageSize=1`);
      const title: string = all.list[0].title;
      const part = title.slice(1, Math.max(2, Math.min(title.length - 1, 4)));
      const hits = await data(`${url}?tenantId=${tenant}&pageSize=50&searchValue=${q(part)}`);
      expect(hits.total, `${url} ${part}`).toBeGreaterThan(0);
      expect(hits.total).toBeLessThanOrEqual(all.total);
      for (const row of hits.list) expect(row.title.toLowerCase()).toContain(part.toLowerCase());
    }
  });

  it('takes % and _ literally and answers an empty page for no match', async () => {
    for (const url of lists) {
      expect((await data(`${url}?tenantId=1001&searchValue=${q('%')}`)).total, url).toBe(0);
      expect((await data(`${url}?tenantId=1001&searchValue=${q('_')}`)).total, url).toBe(0);
      expect(await data(`${url}?tenantId=1001&searchValue=${q('zzqx-no-such-title')}`)).toMatchObject({ list: [], total: 0 });
    }
  });

  it('never finds another tenant\'s rows', async () => {
    const acme = (await data('/cm/api/course/search?tenantId=1002&pageSize=1')).list[0];
    const inDemo = await data(`/cm/api/course/search?tenantId=1001&searchValue=${q(acme.title)}`);
    expect(inDemo.list.map((c: { title: string }) => c.title)).not.toContain(acme.title);
  });

  it('leaves help articles out of the content search unless purpose 99 is asked', async () => {
    const help = await data('/cm/api/content/search?tenantId=1001&purpose=99&pageSize=20');
    expect(help.total).toBe(8);
    const title: string = help.list[0].title;
    const plain = await data(`/cm/api/content/search?tenantId=1001&searchValue=${q(title)}`);
    expect(plain.list.map((c: { purpose: number }) => c.purpose)).not.toContain(99);
    const asked = await data(`/cm/api/content/search?tenantId=1001&purpose=99&searchValue=${q(title.slice(2, 5))}`);
    expect(asked.list.map((c: { title: string }) => c.title)).toContain(title);
  });
});

describe('GET /cm/api/content/info', () => {
  it('answers one help article with its text address', async () => {
    const first = (await data('/cm/api/content/search?tenantId=1001&purpose=99&pageSize=1')).list[0];
    const info = await data(`/cm/api/content/info?tenantId=1001&id=${first.id}&purpose=99`);
    expect(info).toMatchObject({ id: first.id, title: first.title, purpose: 99, kind: 'article' });
    expect(info.mediaUrl).toMatch(/^\/uploads\/seed\/help\/1001\/\d+\.html$/);
    expect(Date.parse(info.publishTime)).not.toBeNaN();
  });

  it('answers CONTENT_NOT_FOUND for a content of another purpose, an unknown id and another tenant\'s id', async () => {
    const course = (await data('/cm/api/content/search?tenantId=1001&purpose=1&pageSize=1')).list[0];
    expect((await data(`/cm/api/content/info?tenantId=1001&id=${course.id}`)).purpose).toBe(1);
    const acmeHelp = (await data('/cm/api/content/search?tenantId=1002&purpose=99&pageSize=1')).list[0];
    for (const url of [
      `/cm/api/content/info?tenantId=1001&id=${course.id}&purpose=99`,
      '/cm/api/content/info?tenantId=1001&id=99999999&purpose=99',
      `/cm/api/content/info?tenantId=1001&id=${acmeHelp.id}`,
    ]) {
      const { status, body } = await getJson(t.app, url);
      expect(status, url).toBe(200);
      expect(body, url).toMatchObject({ success: false, code: 404, errorCode: 'CONTENT_NOT_FOUND' });
    }
  });

  it('refuses a missing or non-numeric id with a message', async () => {
    const { body } = await getJson(t.app, '/cm/api/content/info?tenantId=1001&id=abc');
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/id/);
  });
});

describe('seeded help texts', () => {
  it('writes a text for every seeded help article, in the tenant\'s language', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'help-'));
    const plans = [1001, 1002, 1533].map((id) => buildCataloguePlan(id, new Date('2026-01-01T00:00:00Z'))!);
    const written = await writeHelpBodies(dir, plans);
    expect(written).toBe(8 + 8 + 3);
    const demo = plans[0]!.contents.filter((c) => c.purpose === 99);
    expect(demo).toHaveLength(8);
    for (const c of demo) {
      const html = await readFile(join(dir, c.mediaUrl!.replace('/uploads/', '')), 'utf8');
      expect(html).toBe(helpBody(c.title, c.summary));
      expect(html).toMatch(/<(p|ol|ul)>/);
    }
    expect(helpBody('如何联系客服', '')).toContain('客服电话');
    expect(helpBody('<b>x</b>', 'a & b')).toBe('<h2>&#60;b&#62;x&#60;/b&#62;</h2><p>a &#38; b</p>');
  });
});
