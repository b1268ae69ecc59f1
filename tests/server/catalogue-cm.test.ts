import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, getJson, type TestApp } from './harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** GETs a list call and returns its data, failing the test on an envelope failure. */
async function list(url: string) {
  const { status, body } = await getJson(t.app, url);
  expect(status).toBe(200);
  expect(body, body.message).toMatchObject({ success: true, code: 200, flag: 0 });
  return body.data;
}

interface Node { id: number; name: string; path: string; parentId: number | null; children?: Node[] }
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

describe('GET /cm/api/course/search', () => {
  it('returns the seeded courses as cards in the envelope', async () => {
    const data = await list('/cm/api/course/search?tenantId=1001');
    expect(data).toMatchObject({ total: 36, pageNo: 1, pageSize: 10 });
    expect(data.list).toHaveLength(10);
    for (const course of data.list) {
      expect(course.cover).toMatch(/^\/uploads\/seed\/covers\/1001\/course-\d+\.svg$/);
      expect(course.title.length).toBeGreaterThan(0);
      expect(typeof course.categoryName).toBe('string');
      expect(course.chapterCount).toBeGreaterThanOrEqual(3);
      expect(course.lessonCount).toBeGreaterThanOrEqual(course.chapterCount * 2);
      expect(course.duration).toBeGreaterThan(0);
      expect(course.teacherName).toEqual(expect.any(String));
    }
  });

  it('pages through every course exactly once with a stable total', async () => {
    const pages = await Promise.all([1, 2, 3].map((pageNo) => list(`/cm/api/course/search?tenantId=1002&pageSize=15&pageNo=${pageNo}`)));
    expect(pages.map((p) => p.list.length)).toEqual([15, 15, 6]);
    expect(pages.map((p) => p.total)).toEqual([36, 36, 36]);
    const ids = pages.flatMap((p) => p.list.map((c: { id: number }) => c.id));
    expect(new Set(ids).size).toBe(36);
    expect((await list('/cm/api/course/search?tenantId=1002&pageSize=15&pageNo=4')).list).toEqual([]);
  });

  it('sorts newest by publish time and popular by study count', async () => {
    const newest = (await list('/cm/api/course/search?tenantId=1001&pageSize=50')).list.map((c: { publishTime: string }) => Date.parse(c.publishTime));
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
    const popular = (await list('/cm/api/course/search?tenantId=1001&pageSize=50&sort=popular')).list.map((c: { studyCount: number }) => c.studyCount);
    expect(popular).toEqual([...popular].sort((a, b) => b - a));
  });

  it('filters by a category and everything under it, through the category path', async () => {
    const tree: Node[] = await list('/cm/api/cmCategory/categoryList?tenantId=1001&purpose=1');
    // 数字技术 > 人工智能 > 大模型应用 / 机器学习: three levels.
    const root = tree.find((n) => flatten([n]).some((d) => d.path.split('/').length === 5))!;
    const subtree = new Set(flatten([root]).map((n) => n.id));
    const all = await list(`/cm/api/course/search?tenantId=1001&pageSize=50&categoryId=${root.id}`);
    expect(all.total).toBeGreaterThan(0);
    for (const course of all.list) expect(subtree.has(course.categoryId)).toBe(true);
    const perChild = await Promise.all(root.children!.map((c) => list(`/cm/api/course/search?tenantId=1001&pageSize=5&categoryId=${c.id}`)));
    expect(perChild.reduce((sum, page) => sum + page.total, 0)).toBe(all.total);
    const middle = root.children!.find((c) => c.children!.length > 0)!;
    const deep = await list(`/cm/api/course/search?tenantId=1001&pageSize=50&categoryId=${middle.id}`);
    expect(deep.total).toBeGreaterThan(0);
    for (const course of deep.list) expect(middle.children!.map((c) => c.id)).toContain(course.categoryId);
  });

  it('returns nothing for a category that does not exist', async () => {
    expect((await list('/cm/api/course/search?tenantId=1001&categoryId=999999')).total).toBe(0);
  });

  it('searches titles case-insensitively and takes % and _ literally', async () => {
    const every = (await list('/cm/api/course/search?tenantId=1002&pageSize=50')).list.map((c: { title: string }) => c.title);
    const word = every.flatMap((title: string) => title.split(/[^A-Za-z]+/)).find((w: string) => w.length >= 5)!;
    const mixed = [...word].map((ch, i) => (i % 2 ? ch.toUpperCase() : ch.toLowerCase())).join('');
    const found = await list(`/cm/api/course/search?tenantId=1002&pageSize=50&searchValue=${mixed}`);
    expect(found.total).toBe(every.filter((title: string) => title.toLowerCase().includes(word.toLowerCase())).length);
    expect(found.total).toBeGreaterThan(0);
    const zh = await list(`/cm/api/course/search?tenantId=1001&pageSize=50&searchValue=${encodeURIComponent(' 入门 ')}`);
    for (const course of zh.list) expect(course.title).toContain('入门');
    expect((await list('/cm/api/course/search?tenantId=1002&searchValue=%25')).total).toBe(0);
    expect((await list('/cm/api/course/search?tenantId=1002&searchValue=_')).total).toBe(0);
  });

  it('accepts the pager sizes 5, 6, 10, 15, 20 and widget sizes up to 50', async () => {
    for (const size of [5, 6, 10, 15, 20, 8, 50]) {
      const data = await list(`/cm/api/course/search?tenantId=1001&pageSize=${size}`);
      expect(data.list).toHaveLength(Math.min(size, 36));
      expect(data.pageSize).toBe(size);
    }
  });

  it('refuses any other pageSize with a message naming the field', async () => {
    for (const size of ['0', '51', '200', '2.5', 'ten']) {
      const { status, body } = await getJson(t.app, `/cm/api/course/search?tenantId=1001&pageSize=${size}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: false, code: 400, errorCode: 'VALIDATION', data: null });
      expect(body.message).toMatch(/^Invalid query parameter: pageSize /);
    }
    const { body } = await getJson(t.app, '/cm/api/course/search?tenantId=1001&pageNo=0');
    expect(body.message).toMatch(/pageNo/);
  });

  it('answers an unknown tenant with TENANT_NOT_FOUND', async () => {
    const { body } = await getJson(t.app, '/cm/api/course/search?tenantId=424242');
    expect(body).toMatchObject({ success: false, errorCode: 'TENANT_NOT_FOUND' });
  });
});

describe('GET /cm/api/subject/search', () => {
  it('returns subjects that collect courses and contents', async () => {
    const data = await list('/cm/api/subject/search?tenantId=1001&pageSize=20');
    expect(data.total).toBe(12);
    for (const s of data.list) {
      expect(s.itemCount).toBeGreaterThanOrEqual(3);
      expect(s.courseCount).toBeGreaterThanOrEqual(2);
      expect(s.cover).toMatch(/\/subject-\d+\.svg$/);
    }
  });
});

describe('GET /cm/api/content/search', () => {
  it('filters by purpose, one or several', async () => {
    const micro = await list('/cm/api/content/search?tenantId=1001&purpose=1&pageSize=50');
    expect(micro.total).toBeGreaterThanOrEqual(20);
    expect(new Set(micro.list.map((c: { purpose: number }) => c.purpose))).toEqual(new Set([1]));
    const reading = await list('/cm/api/content/search?tenantId=1001&purpose=5&purpose=6&purpose=7&pageSize=50');
    expect(new Set(reading.list.map((c: { purpose: number }) => c.purpose))).toEqual(new Set([5, 6, 7]));
    for (const book of reading.list) expect(book.partCount).toBeGreaterThan(0);
  });

  it('leaves help articles out unless purpose 99 is asked', async () => {
    const all = await list('/cm/api/content/search?tenantId=1002&pageSize=50&pageNo=1');
    const rest = await list('/cm/api/content/search?tenantId=1002&pageSize=50&pageNo=2');
    const purposes = [...all.list, ...rest.list].map((c: { purpose: number }) => c.purpose);
    expect(purposes).toHaveLength(all.total);
    expect(purposes).not.toContain(99);
    const help = await list('/cm/api/content/search?tenantId=1002&purpose=99');
    expect(help.total).toBe(8);
    expect(help.list[0]).toMatchObject({ purpose: 99, kind: 'article', cover: null });
  });

  it('filters by kind, and a link carries its address', async () => {
    const links = await list('/cm/api/content/search?tenantId=1002&kind=link');
    expect(links.total).toBeGreaterThan(0);
    for (const c of links.list) expect(c.mediaUrl).toMatch(/^https:\/\//);
  });

  it('filters contents by a knowledge category and its children', async () => {
    const [root] = await list('/cm/api/cmCategory/categoryList?tenantId=1001&purpose=2');
    const data = await list(`/cm/api/content/search?tenantId=1001&purpose=2&pageSize=50&categoryId=${root.id}`);
    expect(data.total).toBeGreaterThan(0);
    for (const c of data.list) expect(root.children.map((n: Node) => n.id)).toContain(c.categoryId);
  });
});

describe('GET /cm/api/article/search', () => {
  it('lists shared articles and news, each kind on its own', async () => {
    const all = await list('/cm/api/article/search?tenantId=1001');
    const share = await list('/cm/api/article/search?tenantId=1001&kind=share');
    const news = await list('/cm/api/article/search?tenantId=1001&kind=news');
    // The catalogue's 24 and the demo learner's published article (issue 19 part H, seed-sharing.ts).
    expect(all.total).toBe(24 + 1);
    expect(share.total + news.total).toBe(all.total);
    expect(new Set(share.list.map((a: { kind: string }) => a.kind))).toEqual(new Set(['share']));
    // The editors' shared articles have seeded covers; a learner's own (issue 19 part H) has none, as its editor has no cover field.
    const learnersOwn = (await t.db.owner.selectFrom('article').select('id').where('tenant_id', '=', 1001).where('owner_id', 'is not', null).execute()).map((a) => Number(a.id));
    const editors = share.list.find((a: { id: number }) => !learnersOwn.includes(a.id));
    expect(editors).toMatchObject({ author: expect.any(String), cover: expect.stringMatching(/\/share-\d+\.svg$/) });
  });
});

describe('GET /cm/api/notice/searchAuth', () => {
  it('lists only public notices, pinned ones first', async () => {
    const data = await list('/cm/api/notice/searchAuth?tenantId=1001&pageSize=50');
    const stored = await t.db.owner.selectFrom('notice').select((eb) => eb.fn.countAll<string>().as('n')).where('tenant_id', '=', 1001).executeTakeFirstOrThrow();
    expect(data.total).toBeGreaterThan(0);
    expect(data.total).toBeLessThan(Number(stored.n));
    const tops = data.list.map((n: { top: boolean }) => n.top);
    expect(tops.slice(0, 2)).toEqual([true, true]);
    expect(tops.slice(2)).not.toContain(true);
  });
});

describe('categories', () => {
  it('categoryList returns the whole tree of a purpose, roots in menu order', async () => {
    const tree: Node[] = await list('/cm/api/cmCategory/categoryList?tenantId=1002&purpose=1');
    expect(tree.map((n) => n.name)).toEqual(['Digital skills', 'Workplace skills', 'Leadership', 'Finance']);
    for (const node of flatten(tree)) {
      for (const child of node.children ?? []) {
        expect(child.parentId).toBe(node.id);
        expect(child.path).toBe(`${node.path}${child.id}/`);
      }
    }
    expect(flatten(tree).some((n) => n.name === 'Generative AI')).toBe(true);
  });

  it('categoryList without a purpose returns every purpose', async () => {
    const purposes = new Set<number>((await list('/cm/api/cmCategory/categoryList?tenantId=1001')).map((n: { purpose: number }) => n.purpose));
    expect([...purposes].sort((a, b) => a - b)).toEqual([1, 2, 3, 7, 8, 9, 10, 11, 99]);
  });

  it('nav returns the top level with direct children only', async () => {
    const nav = await list('/cm/api/cmCategory/nav?tenantId=1001&purpose=1');
    expect(nav).toHaveLength(4);
    for (const root of nav) {
      expect(root.parentId).toBeNull();
      expect(root.children.length).toBeGreaterThan(0);
      for (const child of root.children) expect(child).not.toHaveProperty('children');
    }
  });

  it('child returns the direct children of a category', async () => {
    const [root] = await list('/cm/api/cmCategory/nav?tenantId=1001&purpose=1');
    const children = await list(`/cm/api/cmCategory/child?tenantId=1001&parentId=${root.id}`);
    expect(children.map((c: Node) => c.id)).toEqual(root.children.map((c: Node) => c.id));
    const { body } = await getJson(t.app, '/cm/api/cmCategory/child?tenantId=1001&parentId=999999');
    expect(body).toMatchObject({ success: false, code: 404, errorCode: 'CATEGORY_NOT_FOUND', message: 'No category has the id 999999 in this tenant.' });
  });

  it('does not let another tenant read a category by id', async () => {
    const [acmeRoot] = await list('/cm/api/cmCategory/nav?tenantId=1002&purpose=1');
    const { body } = await getJson(t.app, `/cm/api/cmCategory/child?tenantId=1001&parentId=${acmeRoot.id}`);
    expect(body.errorCode).toBe('CATEGORY_NOT_FOUND');
    expect((await list(`/cm/api/course/search?tenantId=1001&categoryId=${acmeRoot.id}`)).total).toBe(0);
  });
});
