// Issue 20 part P: the product category tree (spec learning §7 GET /pm/pmCategory/list2), a product's
// content page, what a learner bought and the product center (ours; docs/api.md "Shop: categories,
// product content, bought"). Paid orders grant (an unpaid or cancelled one does not), guests and
// other learners are refused or see nothing of another's, and tenants never meet each other's rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { SHOP_FEATURED } from '../../server/demo/seed-shop-catalogue';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

const SHOP = 1003;
const ACME = 1002;
const DEMO = 1001;
let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let second: { id: number; token: string };
let acme: { id: number; token: string };
/** Shop products: course products (type 2) in id order, an e-book, a paper book. */
let courses: number[];
let ebook: number;
let paperBook: number;

const q = (path: string, tenantId = SHOP) => `${path}${path.includes('?') ? '&' : '?'}tenantId=${tenantId}`;
const post = (path: string, token: string, body: object) => data('POST', path, token, { tenantId: SHOP, ...body });
let tokenNo = 0;

/** Places a buy-now order of one product with a fresh address; returns the order id. */
async function order(token: string, prodId: number): Promise<number> {
  const address = await post('/um/umAddress/save', token, { receiver: '张同学', phone: '13812345678', area: '浙江省 杭州市 西湖区', detail: '文三路 100 号' });
  const placed = await post('/order/api/order/submit', token, { prodId, quantity: 1, addressId: address.id, submitToken: `catalogue-${++tokenNo}-${Date.now()}` });
  return placed.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const seeded = await t.db.owner.selectFrom('user_account').selectAll().where('tenant_id', '=', SHOP).where('account', '=', 'learner').executeTakeFirstOrThrow();
  await t.db.owner.insertInto('user_account').values({ tenant_id: SHOP, account: 'buyer2', password_hash: seeded.password_hash, password_salt: seeded.password_salt, real_name: '李同学' }).execute();
  learner = await signIn(SHOP, 'learner', 'Study@2026');
  second = await signIn(SHOP, 'buyer2', 'Study@2026');
  acme = await signIn(ACME, 'learner', 'Study@2026');
  const products = await t.db.owner.selectFrom('product').select(['id', 'type']).where('tenant_id', '=', SHOP).where('state', '=', 1).orderBy('id').execute();
  courses = products.filter((p) => p.type === 2).map((p) => p.id);
  ebook = products.find((p) => p.type === 8)!.id;
  paperBook = products.find((p) => p.type === 1)!.id;
});
afterAll(() => t.close());

describe('GET /pm/pmCategory/list2', () => {
  it('gives the shop\'s product categories as a tree in menu order, each counting the products on sale in it and under it', async () => {
    const tree = await data('GET', q('/pm/pmCategory/list2'), undefined);
    // The catalogue's four roots in their order (other seeds may add roots of their own).
    const SHOP_ROOTS = ['图书', '课程', '文创', '数字阅读'];
    expect(tree.map((n: { name: string }) => n.name).filter((name: string) => SHOP_ROOTS.includes(name))).toEqual(SHOP_ROOTS);
    expect(tree.map((n: { sort: number }) => n.sort)).toEqual([...tree.map((n: { sort: number }) => n.sort)].sort((a, b) => a - b));
    for (const root of tree) {
      expect(root.parentId).toBeNull();
      if (SHOP_ROOTS.includes(root.name)) expect(root.children.length).toBeGreaterThan(0);
      const listed = await data('GET', q(`/order/api/product/search?categoryId=${root.id}&pageSize=1`), undefined);
      expect(root.productCount).toBe(listed.total);
      expect(root.productCount).toBe(root.children.reduce((n: number, c: { productCount: number }) => n + c.productCount, 0));
      for (const child of root.children) {
        expect(child.parentId).toBe(root.id);
        expect(child.featured).toBe(SHOP_FEATURED.includes(child.name));
      }
    }
  });

  it('gives one category\'s subtree under parentId, and nothing under an id that is no product category', async () => {
    const [root] = await data('GET', q('/pm/pmCategory/list2'), undefined);
    const sub = await data('GET', q(`/pm/pmCategory/list2?parentId=${root.id}`), undefined);
    expect(sub.map((n: { id: number }) => n.id)).toEqual(root.children.map((n: { id: number }) => n.id));
    expect(await data('GET', q('/pm/pmCategory/list2?parentId=999999'), undefined)).toEqual([]);
  });

  it('keeps tenants apart: acme has its own English tree, demo sells nothing, and the shop\'s ids mean nothing elsewhere', async () => {
    const shopIds = (await data('GET', q('/pm/pmCategory/list2'), undefined)).flatMap((n: { id: number; children: { id: number }[] }) => [n.id, ...n.children.map((c) => c.id)]);
    const acmeTree = await data('GET', q('/pm/pmCategory/list2', ACME), undefined);
    expect(acmeTree.map((n: { name: string }) => n.name)).toEqual(['Courses', 'Learning paths', 'Resources']);
    expect(acmeTree.flatMap((n: { id: number; children: { id: number }[] }) => [n.id, ...n.children.map((c) => c.id)]).some((id: number) => shopIds.includes(id))).toBe(false);
    expect(await data('GET', q(`/pm/pmCategory/list2?parentId=${shopIds[0]}`, ACME), undefined)).toEqual([]);
    const demo = await data('GET', q('/pm/pmCategory/list2', DEMO), undefined);
    expect(demo.every((n: { productCount: number }) => n.productCount === 0)).toBe(true);
  });
});

describe('GET /order/api/product/content', () => {
  it('shows what a course product grants: its course with the lessons by chapter, opened at /course/detail/{id}', async () => {
    const content = await data('GET', q(`/order/api/product/content?id=${courses[0]}`), undefined);
    expect(content).toMatchObject({ owned: false, boughtAt: null, product: { id: courses[0], productType: 2 } });
    expect(content.grants).toHaveLength(1);
    const [grant] = content.grants;
    expect(grant).toMatchObject({ kind: 'course', title: content.product.title, outlineTotal: 6, link: { path: `/course/detail/${grant.targetId}`, query: {} } });
    expect(grant.outline.map((l: { group: string }) => l.group)).toEqual(['第 1 章 入门', '第 1 章 入门', '第 1 章 入门', '第 2 章 进阶', '第 2 章 进阶', '第 2 章 进阶']);
    expect(grant.outline.every((l: { duration: number }) => l.duration > 0)).toBe(true);
  });

  it('shows a reading product\'s book with its chapters, the free samples marked, opened in the reader', async () => {
    const content = await data('GET', q(`/order/api/product/content?id=${ebook}`), learner.token);
    const chapters = await data('GET', q(`/order/api/reading/chapters?productId=${ebook}`), undefined);
    expect(content.grants).toHaveLength(1);
    expect(content.grants[0]).toMatchObject({ kind: 'book', targetId: ebook, outlineTotal: chapters.chapters.length, link: { path: `/sub_shop/noval/${ebook}` } });
    expect(content.grants[0].outline.map((l: { free: boolean }) => l.free)).toEqual(chapters.chapters.map((c: { free: boolean }) => c.free));
  });

  it('shows no grants for shipped goods', async () => {
    expect((await data('GET', q(`/order/api/product/content?id=${paperBook}`), undefined)).grants).toEqual([]);
  });

  it('answers PRODUCT_NOT_FOUND for an unknown product and for another tenant\'s', async () => {
    for (const url of [q('/order/api/product/content?id=999999'), q(`/order/api/product/content?id=${courses[0]}`, ACME)]) {
      expect(await call('GET', url)).toMatchObject({ success: false, code: 404, errorCode: 'PRODUCT_NOT_FOUND' });
    }
  });

  it('acme sells access to its own courses, subjects and contents, in English', async () => {
    // The Acme Academy Store's products (other seeds may sell other things on acme).
    const acmeProducts = await t.db.owner.selectFrom('product as p').innerJoin('provider as v', (j) => j.onRef('v.tenant_id', '=', 'p.tenant_id').onRef('v.id', '=', 'p.provider_id'))
      .select('p.id').where('p.tenant_id', '=', ACME).where('v.name', '=', 'Acme Academy Store').orderBy('p.id').execute();
    expect(acmeProducts.length).toBeGreaterThanOrEqual(6);
    const kinds = new Set<string>();
    for (const { id } of acmeProducts) {
      const content = await data('GET', q(`/order/api/product/content?id=${id}`, ACME), undefined);
      expect(content.product.title).toMatch(/\(full access\)$/);
      for (const g of content.grants) kinds.add(g.kind);
    }
    expect(kinds).toEqual(new Set(['course', 'subject', 'content']));
  });
});

describe('paid orders grant: owned and GET /order/api/product/bought', () => {
  it('refuses a guest and a token of another tenant', async () => {
    expect(await call('GET', q('/order/api/product/bought'))).toMatchObject({ success: false, flag: 401 });
    expect(await call('GET', q('/order/api/product/bought'), acme.token)).toMatchObject({ success: false, flag: 401 });
  });

  it('lists the seeded completed order: a course to open and goods to ship, counted by kind', async () => {
    const bought = await data('GET', q('/order/api/product/bought?pageSize=50'), learner.token);
    const { all, ...kinds } = bought.counts;
    expect(all).toBe(Object.values(kinds).reduce((n: number, v) => n + (v as number), 0));
    expect(bought.total).toBe(all);
    const course = bought.list.find((i: { productId: number }) => i.productId === courses.at(-1));
    expect(course.kind).toBe('course');
    expect(course.grants[0].link.path).toMatch(/^\/course\/detail\/\d+$/);
    const paper = bought.list.find((i: { orderId: number; kind: string }) => i.orderId === course.orderId && i.kind === 'goods');
    expect(paper.grants).toEqual([]);
    const goods = await data('GET', q('/order/api/product/bought?kind=goods&pageSize=50'), learner.token);
    expect(goods).toMatchObject({ total: bought.counts.goods, counts: bought.counts });
    expect(new Set(goods.list.map((i: { kind: string }) => i.kind))).toEqual(new Set(['goods']));
  });

  it('grants a product once its order is paid, not while it is unpaid or after it is cancelled', async () => {
    const product = courses[0]!;
    const content = () => data('GET', q(`/order/api/product/content?id=${product}`), second.token);
    const bought = () => data('GET', q('/order/api/product/bought'), second.token);
    const cancelled = await order(second.token, product);
    await post('/order/api/order/cancel', second.token, { id: cancelled });
    const unpaid = await order(second.token, product);
    expect(await content()).toMatchObject({ owned: false, boughtAt: null });
    expect((await bought()).total).toBe(0);
    await post('/order/api/pay/unifiedOrder', second.token, { id: unpaid, payType: 'simulated' });
    const owned = await content();
    expect(owned.owned).toBe(true);
    expect(Date.parse(owned.boughtAt)).toBeGreaterThan(Date.now() - 60_000);
    const list = await bought();
    expect(list.counts).toMatchObject({ all: 1, course: 1 });
    expect(list.list[0]).toMatchObject({ productId: product, kind: 'course', orderId: unpaid });
    // Not the other learner's: the seeded learner's list does not have it.
    expect((await data('GET', q('/order/api/product/bought?pageSize=50'), learner.token)).list.some((i: { orderId: number }) => i.orderId === unpaid)).toBe(false);
    expect((await data('GET', q(`/order/api/product/content?id=${product}`), learner.token)).owned).toBe(false);
  });

  it('pages, and refuses a kind it does not know', async () => {
    const page = await data('GET', q('/order/api/product/bought?pageSize=1&pageNo=2'), learner.token);
    expect(page).toMatchObject({ total: page.counts.all, pageNo: 2, pageSize: 1 });
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.list).toHaveLength(1);
    expect(await call('GET', q('/order/api/product/bought?kind=vip'), learner.token)).toMatchObject({ success: false, code: 400 });
  });

  it('gives the acme learner their English course', async () => {
    const bought = await data('GET', q('/order/api/product/bought?pageSize=50', ACME), acme.token);
    const access = bought.list.filter((i: { title: string }) => /\(full access\)$/.test(i.title));
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({ kind: 'course', grants: [{ kind: 'course' }] });
  });
});

describe('GET /order/api/product/center', () => {
  it('gives the featured categories in menu order with their best sellers, and the newest products', async () => {
    const center = await data('GET', q('/order/api/product/center?top=3'), undefined);
    expect(center.categories.map((c: { name: string }) => c.name).sort()).toEqual([...SHOP_FEATURED].sort());
    for (const c of center.categories) {
      const inside = await data('GET', q(`/order/api/product/search?categoryId=${c.id}&sort=popular&pageSize=3`), undefined);
      expect(c.products.map((p: { id: number }) => p.id)).toEqual(inside.list.map((p: { id: number }) => p.id));
      expect(c.productCount).toBe(inside.total);
    }
    const newest = center.newest.map((p: { publishTime: string }) => Date.parse(p.publishTime));
    expect(newest).toEqual([...newest].sort((a, b) => b - a));
  });

  it('is empty on a tenant that sells nothing', async () => {
    expect(await data('GET', q('/order/api/product/center', DEMO), undefined)).toEqual({ categories: [], newest: [] });
  });
});

describe('product_grant under row-level security', () => {
  it('shows a tenant only its own grants', async () => {
    for (const tenantId of [SHOP, ACME, DEMO]) {
      const rows = await withTenant(t.db.app, tenantId, (trx) => trx.selectFrom('product_grant').select('tenant_id').distinct().execute());
      expect(rows.map((r) => Number(r.tenant_id))).toEqual(tenantId === DEMO ? [] : [tenantId]);
    }
  });

  it('refuses a grant whose target does not match its kind', async () => {
    await expect(withTenant(t.db.app, SHOP, (trx) => trx.insertInto('product_grant').values({ tenant_id: SHOP, product_id: courses[0]!, kind: 'course' }).execute()))
      .rejects.toThrow(/check constraint/);
  });
});
