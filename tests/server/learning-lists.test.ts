// The learning list pages (/course, /subject, /knowledge, /content, /share) filter each tab by one
// category tree (src/features/learning/api/list-kinds.ts). No parameter was added for them: these
// pin that every listed row sits under its tab's tree, and that the filters combine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** Each tab of the pages: its list call (with its purpose or kind) and its category purpose. */
const TABS = [
  { name: '/course', call: '/cm/api/course/search?', categoryPurpose: 1 },
  { name: '/subject', call: '/cm/api/subject/search?', categoryPurpose: 1 },
  { name: '/knowledge knowledge', call: '/cm/api/content/search?purpose=2&', categoryPurpose: 2 },
  { name: '/knowledge micro-courses', call: '/cm/api/content/search?purpose=1&', categoryPurpose: 3 },
  { name: '/content all', call: '/cm/api/content/search?purpose=1&purpose=3&purpose=4&', categoryPurpose: 3 },
  { name: '/content reading', call: '/cm/api/content/search?purpose=5&purpose=6&purpose=7&', categoryPurpose: 11 },
  { name: '/share', call: '/cm/api/article/search?', categoryPurpose: 10 },
] as const;

describe('learning list tabs and their category trees', () => {
  it.each(TABS)('$name: the roots of its tree together hold every row', async ({ call, categoryPurpose }) => {
    const all = await data(`${call}tenantId=1001&pageSize=1`);
    expect(all.total).toBeGreaterThan(0);
    const roots: { id: number }[] = await data(`/cm/api/cmCategory/categoryList?tenantId=1001&purpose=${categoryPurpose}`);
    expect(roots.length).toBeGreaterThan(0);
    const perRoot = await Promise.all(roots.map((r) => data(`${call}tenantId=1001&pageSize=1&categoryId=${r.id}`)));
    // A learner's own published article (issue 19 part H) has no category: the editor has no picker,
    // so it is listed on /share under 全部 only. Every other row sits under a root.
    const learnersOwn = call.startsWith('/cm/api/article/') ? Number((await t.db.owner.selectFrom('article').select((eb) => eb.fn.countAll<string>().as('n'))
      .where('tenant_id', '=', 1001).where('state', '=', 1).where('owner_id', 'is not', null).where('category_id', 'is', null).executeTakeFirstOrThrow()).n) : 0;
    expect(perRoot.reduce((sum, p) => sum + p.total, 0)).toBe(all.total - learnersOwn);
  });

  it('combines category, purpose, words and popular sort on one content call', async () => {
    const [root] = await data('/cm/api/cmCategory/categoryList?tenantId=1001&purpose=3');
    const base = `/cm/api/content/search?tenantId=1001&purpose=1&categoryId=${root.id}&pageSize=50`;
    const popular = await data(`${base}&sort=popular`);
    expect(popular.total).toBeGreaterThan(0);
    const views = popular.list.map((c: { viewCount: number }) => c.viewCount);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    for (const c of popular.list) expect(c.purpose).toBe(1);
    const word = popular.list[0].title.slice(0, 2);
    const found = await data(`${base}&sort=popular&searchValue=${encodeURIComponent(word)}`);
    expect(found.total).toBeGreaterThan(0);
    for (const c of found.list) expect(c.title.toLowerCase()).toContain(word.toLowerCase());
  });
});
