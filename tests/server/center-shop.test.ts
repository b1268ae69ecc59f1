// The personal center's shop calls (issue 20 part T; docs/api.md "Personal center: shop"): the
// overview's counts, product favourites, the bookshelf's progress and removal, the order search and
// the address book's limit; refusals for guests, another tenant's users and another learner's rows,
// and tenants kept apart.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAVORITES } from '../../schemas/api/center-shop';
import { MAX_ADDRESSES } from '../../schemas/api/um';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

const SHOP = 1003;
const DEMO = 1001;
let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let buyer: { id: number; token: string };
let other: { id: number; token: string };
let demo: { id: number; token: string };
let goods: number[] = [];
let ebook = 0;
/** A product of another tenant. */
let demoProduct = 0;

const q = (path: string, tenantId = SHOP) => `${path}${path.includes('?') ? '&' : '?'}tenantId=${tenantId}`;
const get = (path: string, token: string) => data('GET', q(path), token);
const post = (path: string, token: string, body: object) => data('POST', path, token, { tenantId: SHOP, ...body });
const fail = async (method: 'GET' | 'POST', path: string, token: string | undefined, body?: object) => {
  const res = method === 'GET' ? await call('GET', q(path), token) : await call('POST', path, token, { tenantId: SHOP, ...body });
  expect(res.success, `${path} should fail`).toBe(false);
  return res;
};
let tokenNo = 0;
const address = (token: string) => post('/um/umAddress/save', token, { receiver: '王读者', phone: '13812345678', area: '浙江省 杭州市 西湖区', detail: '文三路 100 号' });
/** Buys one of a product now; pays it unless `pay` is false. Returns the order. */
async function buy(token: string, prodId: number, pay = true) {
  const addr = await address(token);
  const placed = await post('/order/api/order/submit', token, { prodId, quantity: 1, addressId: addr.id, submitToken: `center-shop-${++tokenNo}-${Date.now()}` });
  if (pay) await post('/order/api/pay/unifiedOrder', token, { id: placed.id, payType: 'simulated' });
  return get(`/order/api/order/detail?id=${placed.id}`, token);
}

beforeAll(async () => {
  t = await createTestApp();
  const seeded = await t.db.owner.selectFrom('user_account').selectAll().where('tenant_id', '=', SHOP).where('account', '=', 'learner').executeTakeFirstOrThrow();
  for (const account of ['center-buyer', 'center-other']) {
    await t.db.owner.insertInto('user_account').values({ tenant_id: SHOP, account, password_hash: seeded.password_hash, password_salt: seeded.password_salt, real_name: '王读者' }).execute();
  }
  learner = await signIn(SHOP, 'learner', 'Study@2026');
  buyer = await signIn(SHOP, 'center-buyer', 'Study@2026');
  other = await signIn(SHOP, 'center-other', 'Study@2026');
  demo = await signIn(DEMO, 'learner', 'Study@2026');
  const onSale = await t.db.owner.selectFrom('product as p')
    .innerJoin('provider as v', (j) => j.onRef('v.tenant_id', '=', 'p.tenant_id').onRef('v.id', '=', 'p.provider_id'))
    .select(['p.id', 'p.type']).where('p.tenant_id', '=', SHOP).where('p.state', '=', 1).where('v.state', '=', 0).orderBy('p.id').execute();
  // Goods that ship (books, stationery): digital products complete at payment (part Q).
  goods = onSale.filter((p) => [1, 3].includes(p.type)).slice(0, 4).map((p) => p.id);
  ebook = onSale.find((p) => p.type === 8)!.id;
  for (const id of goods) await t.db.owner.updateTable('product').set({ stock: 50 }).where('tenant_id', '=', SHOP).where('id', '=', id).execute();
  // Another tenant's product (acme has a small store; demo sells nothing).
  demoProduct = (await t.db.owner.selectFrom('product').select('id').where('tenant_id', '!=', SHOP).orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

describe('refusals', () => {
  const calls: Array<['GET' | 'POST', string, object?]> = [
    ['GET', '/order/api/centerShop/summary'],
    ['GET', '/order/api/productFavorite/list'],
    ['GET', '/order/api/productFavorite/get?prodId=1'],
    ['POST', '/order/api/productFavorite/save', { prodId: 1, favorite: true }],
    ['GET', '/order/api/reading/shelf'],
    ['POST', '/order/api/reading/progress', { productId: 1, chapterId: 1 }],
    ['POST', '/order/api/reading/shelfRemove', { productId: 1 }],
  ];
  it('asks a guest and another tenant\'s user to sign in (flag 401)', async () => {
    for (const [method, path, body] of calls) {
      expect((await fail(method, path, undefined, body)).flag, `${path} as a guest`).toBe(401);
      expect((await fail(method, path, demo.token, body)).flag, `${path} with demo's token`).toBe(401);
    }
  });
});

describe('the seed', () => {
  it('gives the shop learner orders in four states, two addresses, three saved products and a book read to chapter 2', async () => {
    const s = await get('/order/api/centerShop/summary', learner.token);
    expect(s.counts.pending).toBeGreaterThanOrEqual(1);
    expect(s.counts.toReceive + s.counts.toShip).toBeGreaterThanOrEqual(1);
    expect(s.counts.completed).toBeGreaterThanOrEqual(1);
    expect(s.counts.cancelled).toBeGreaterThanOrEqual(1);
    expect(s.favoriteCount).toBe(3);
    expect(s.addressCount).toBe(2);
    expect(s.bookshelfCount).toBeGreaterThanOrEqual(1);
    const shelf = await get('/order/api/reading/shelf', learner.token);
    expect(shelf.list.find((b: any) => b.lastChapterNo === 2)).toMatchObject({ productType: 8, percent: expect.any(Number) });
  });

  it('writes the acme learner\'s addresses in English', async () => {
    const acme = await signIn(1002, 'learner', 'Study@2026');
    const list = await data('GET', q('/um/umAddress/list2', 1002), acme.token);
    expect(list[0]).toMatchObject({ receiver: 'Alex Lee', isDefault: true, label: 'home' });
  });
});

describe('summary', () => {
  it('counts my orders by state (待发货 apart from 待收货), the latest three, and my other counts', async () => {
    const empty = await get('/order/api/centerShop/summary', buyer.token);
    expect(empty).toMatchObject({ counts: { pending: 0, toShip: 0, toReceive: 0, completed: 0, cancelled: 0, afterSale: 0 }, orderCount: 0, recent: [], favoriteCount: 0, bookshelfCount: 0, addressCount: 0 });
    const pending = await buy(buyer.token, goods[0]!, false);
    // Paid orders are shipped by the back office (part Q): shipped_at tells 待收货 from 待发货.
    const ship = (id: number, at: Date | null) => t.db.owner.updateTable('shop_order').set({ shipped_at: at }).where('tenant_id', '=', SHOP).where('id', '=', id).execute();
    const received = await buy(buyer.token, goods[1]!);
    await ship(received.id, new Date());
    await post('/order/api/order/takeDelivery', buyer.token, { id: received.id });
    const shipped = await buy(buyer.token, goods[2]!);
    await ship(shipped.id, new Date());
    const toShip = await buy(buyer.token, goods[3]!);
    await ship(toShip.id, null);
    const cancelled = await buy(buyer.token, goods[0]!, false);
    await post('/order/api/order/cancel', buyer.token, { id: cancelled.id });
    const s = await get('/order/api/centerShop/summary', buyer.token);
    expect(s.counts).toEqual({ pending: 1, toShip: 1, toReceive: 1, completed: 1, cancelled: 1, afterSale: 0 });
    expect(s.orderCount).toBe(5);
    expect(s.recent.map((o: any) => o.id)).toEqual([cancelled.id, toShip.id, shipped.id]);
    expect(s.addressCount).toBe(5);
    expect(pending.state).toBe(1);
    // Another learner's orders are not counted.
    expect((await get('/order/api/centerShop/summary', other.token)).orderCount).toBe(0);
  });
});

describe('order search', () => {
  it('finds my orders by order number or product title, never another learner\'s', async () => {
    const all = await get('/order/api/order/query?pageSize=20', buyer.token);
    const target = all.list[2];
    const byNo = await get(`/order/api/order/query?searchValue=${target.orderNo}`, buyer.token);
    expect(byNo.list.map((o: any) => o.id)).toEqual([target.id]);
    const title = target.items[0].title as string;
    const byTitle = await get(`/order/api/order/query?searchValue=${encodeURIComponent(title.slice(0, 4))}`, buyer.token);
    expect(byTitle.list.map((o: any) => o.id)).toContain(target.id);
    expect(byTitle.list.every((o: any) => o.orderNo.includes(title.slice(0, 4)) || o.items.some((i: any) => i.title.includes(title.slice(0, 4))))).toBe(true);
    // With a tab, both must hold.
    const tabbed = await get(`/order/api/order/query?state=${target.state === 4 ? 1 : 4}&searchValue=${target.orderNo}`, buyer.token);
    expect(tabbed.total).toBe(0);
    // % and _ are taken literally, and another learner finds nothing of mine.
    expect((await get('/order/api/order/query?searchValue=%25', buyer.token)).total).toBe(0);
    expect((await get(`/order/api/order/query?searchValue=${target.orderNo}`, other.token)).total).toBe(0);
  });
});

describe('favourites', () => {
  it('saves, lists with price and availability, unsaves; both idempotent', async () => {
    const saved = await post('/order/api/productFavorite/save', other.token, { prodId: goods[0], favorite: true });
    expect(saved).toEqual({ prodId: goods[0], favorite: true, count: 1 });
    expect(await post('/order/api/productFavorite/save', other.token, { prodId: goods[0], favorite: true })).toEqual({ prodId: goods[0], favorite: true, count: 1 });
    await post('/order/api/productFavorite/save', other.token, { prodId: goods[1], favorite: true });
    expect(await get(`/order/api/productFavorite/get?prodId=${goods[1]}`, other.token)).toEqual({ prodId: goods[1], favorite: true, count: 2 });
    expect((await get(`/order/api/productFavorite/get?prodId=${goods[2]}`, other.token)).favorite).toBe(false);
    // Sold out and off shelf show as such, not hidden.
    await t.db.owner.updateTable('product').set({ stock: 0 }).where('tenant_id', '=', SHOP).where('id', '=', goods[0]!).execute();
    const list = await get('/order/api/productFavorite/list', other.token);
    expect(list.total).toBe(2);
    expect(list.list.map((f: any) => f.prodId)).toEqual([goods[1], goods[0]]);
    expect(list.list[1]).toMatchObject({ availability: 'soldOut', stock: 0, price: expect.any(Number), providerName: expect.any(String) });
    expect(list.list[0].availability).toBe('onSale');
    await t.db.owner.updateTable('product').set({ state: 0 }).where('tenant_id', '=', SHOP).where('id', '=', goods[1]!).execute();
    expect((await get('/order/api/productFavorite/list', other.token)).list[0].availability).toBe('offShelf');
    await t.db.owner.updateTable('product').set({ state: 1 }).where('tenant_id', '=', SHOP).where('id', '=', goods[1]!).execute();
    await t.db.owner.updateTable('product').set({ stock: 50 }).where('tenant_id', '=', SHOP).where('id', '=', goods[0]!).execute();
    expect(await post('/order/api/productFavorite/save', other.token, { prodId: goods[0], favorite: false })).toEqual({ prodId: goods[0], favorite: false, count: 1 });
    expect((await post('/order/api/productFavorite/save', other.token, { prodId: goods[0], favorite: false })).count).toBe(1);
    // Another learner's list is their own.
    expect((await get('/order/api/productFavorite/list', buyer.token)).total).toBe(0);
  });

  it('refuses a missing product and another tenant\'s product', async () => {
    expect((await fail('POST', '/order/api/productFavorite/save', other.token, { prodId: 999_999_999, favorite: true })).errorCode).toBe('PRODUCT_NOT_FOUND');
    expect((await fail('POST', '/order/api/productFavorite/save', other.token, { prodId: demoProduct, favorite: true })).errorCode).toBe('PRODUCT_NOT_FOUND');
    expect((await fail('GET', `/order/api/productFavorite/get?prodId=${demoProduct}`, other.token)).errorCode).toBe('PRODUCT_NOT_FOUND');
  });

  it(`keeps at most ${MAX_FAVORITES} saved products`, async () => {
    // The shop sells fewer products than the limit: copies of one make up the rest.
    const have = await t.db.owner.selectFrom('product').select(sql<number>`count(*)::int`.as('n')).where('tenant_id', '=', SHOP).executeTakeFirstOrThrow();
    await sql`insert into product (tenant_id, provider_id, type, price, stock, category_id, title, state)
      select p.tenant_id, p.provider_id, p.type, p.price, 1, p.category_id, p.title || ' ' || n, 1
        from product p, generate_series(1, ${Math.max(0, MAX_FAVORITES + 1 - have.n)}) n where p.tenant_id = ${SHOP} and p.id = ${goods[0]!}`.execute(t.db.owner);
    const ids = await t.db.owner.selectFrom('product').select('id').where('tenant_id', '=', SHOP).orderBy('id').limit(MAX_FAVORITES + 1).execute();
    expect(ids).toHaveLength(MAX_FAVORITES + 1);
    await t.db.owner.deleteFrom('product_favorite').where('tenant_id', '=', SHOP).where('user_id', '=', buyer.id).execute();
    await t.db.owner.insertInto('product_favorite').values(ids.slice(0, MAX_FAVORITES).map((p) => ({ tenant_id: SHOP, user_id: buyer.id, product_id: p.id }))).execute();
    const res = await fail('POST', '/order/api/productFavorite/save', buyer.token, { prodId: ids[MAX_FAVORITES]!.id, favorite: true });
    expect(res).toMatchObject({ errorCode: 'FAVORITE_LIMIT' });
    expect(res.message).toContain(String(MAX_FAVORITES));
    // Saving one already saved still answers, and removing makes room.
    expect((await post('/order/api/productFavorite/save', buyer.token, { prodId: ids[0]!.id, favorite: true })).count).toBe(MAX_FAVORITES);
    await post('/order/api/productFavorite/save', buyer.token, { prodId: ids[0]!.id, favorite: false });
    expect((await post('/order/api/productFavorite/save', buyer.token, { prodId: ids[MAX_FAVORITES]!.id, favorite: true })).count).toBe(MAX_FAVORITES);
    await t.db.owner.deleteFrom('product_favorite').where('tenant_id', '=', SHOP).where('user_id', '=', buyer.id).execute();
  });

  it('keeps tenants apart: demo\'s learner never sees the shop\'s saved rows', async () => {
    const mine = await data('GET', q('/order/api/productFavorite/list', DEMO), demo.token);
    const demoIds = new Set((await t.db.owner.selectFrom('product').select('id').where('tenant_id', '=', DEMO).execute()).map((p) => p.id));
    expect(mine.list.every((f: any) => demoIds.has(f.prodId))).toBe(true);
    // Both tables force row-level security: under demo's tenant the app role sees none of the shop's rows.
    const { rows: rls } = await sql<{ relname: string; relrowsecurity: boolean; relforcerowsecurity: boolean }>`
      select relname, relrowsecurity, relforcerowsecurity from pg_class where relname in ('product_favorite', 'reading_shelf') and relkind = 'r'`.execute(t.db.owner);
    expect(rls).toHaveLength(2);
    for (const r of rls) expect(r, r.relname).toMatchObject({ relrowsecurity: true, relforcerowsecurity: true });
    const seen = await t.db.app.transaction().execute(async (trx) => {
      await sql`select set_config('app.tenant_id', ${String(DEMO)}, true)`.execute(trx);
      return {
        favorites: await trx.selectFrom('product_favorite').select('tenant_id').execute(),
        shelf: await trx.selectFrom('reading_shelf').select('tenant_id').execute(),
      };
    });
    expect([...seen.favorites, ...seen.shelf].every((r) => Number(r.tenant_id) === DEMO)).toBe(true);
    const shopRows = await t.db.owner.selectFrom('product_favorite').select('user_id').where('tenant_id', '=', SHOP).execute();
    expect(shopRows.length).toBeGreaterThan(0);
  });
});

describe('bookshelf', () => {
  it('lists a bought book with its progress, takes it off the shelf, and puts it back when opened', async () => {
    await buy(other.token, ebook);
    const chapters = (await get(`/order/api/reading/chapters?productId=${ebook}`, other.token)).chapters;
    let shelf = await get('/order/api/reading/shelf', other.token);
    expect(shelf.total).toBe(1);
    expect(shelf.list[0]).toMatchObject({ id: ebook, lastChapterId: null, lastChapterNo: null, percent: 0, chapterCount: chapters.length });
    expect(await post('/order/api/reading/progress', other.token, { productId: ebook, chapterId: chapters[1].id })).toEqual({ productId: ebook, onShelf: true });
    shelf = await get('/order/api/reading/shelf', other.token);
    expect(shelf.list[0]).toMatchObject({ lastChapterId: chapters[1].id, lastChapterNo: 2, lastChapterTitle: chapters[1].title, percent: Math.round((2 / chapters.length) * 100) });
    expect(shelf.list[0].readAt).not.toBeNull();
    // Another learner cannot take it off my shelf: it is not on theirs.
    expect((await fail('POST', '/order/api/reading/shelfRemove', buyer.token, { productId: ebook })).errorCode).toBe('READING_NOT_ON_SHELF');
    expect(await post('/order/api/reading/shelfRemove', other.token, { productId: ebook })).toEqual({ productId: ebook, onShelf: false });
    expect((await get('/order/api/reading/shelf', other.token)).total).toBe(0);
    // The shop's own bookshelf (/content/bookshelf) agrees, and the book stays bought.
    expect((await get('/order/api/reading/bookshelf', other.token)).total).toBe(0);
    expect((await get(`/order/api/reading/chapters?productId=${ebook}`, other.token)).owned).toBe(true);
    expect((await fail('POST', '/order/api/reading/shelfRemove', other.token, { productId: ebook })).errorCode).toBe('READING_NOT_ON_SHELF');
    // Opening a chapter again puts it back, at that chapter.
    expect(await post('/order/api/reading/progress', other.token, { productId: ebook, chapterId: chapters[2].id })).toEqual({ productId: ebook, onShelf: true });
    expect((await get('/order/api/reading/shelf', other.token)).list[0]).toMatchObject({ id: ebook, lastChapterNo: 3 });
  });

  it('refuses a chapter of another book, and keeps each learner\'s progress apart', async () => {
    const another = (await t.db.owner.selectFrom('reading_chapter').select('id').where('tenant_id', '=', SHOP).where('product_id', '!=', ebook).orderBy('id').executeTakeFirstOrThrow()).id;
    expect((await fail('POST', '/order/api/reading/progress', other.token, { productId: ebook, chapterId: another })).errorCode).toBe('CHAPTER_NOT_FOUND');
    // A learner who did not buy it may record progress (free chapters), but the shelf lists only bought books.
    const first = (await get(`/order/api/reading/chapters?productId=${ebook}`, buyer.token)).chapters[0];
    expect(await post('/order/api/reading/progress', buyer.token, { productId: ebook, chapterId: first.id })).toEqual({ productId: ebook, onShelf: false });
    expect((await get('/order/api/reading/shelf', buyer.token)).total).toBe(0);
    expect((await get('/order/api/reading/shelf', other.token)).list[0].lastChapterNo).toBe(3);
    // Demo's learner under demo sees no shop book.
    expect((await data('GET', q('/order/api/reading/shelf', DEMO), demo.token)).list.every((b: any) => b.id !== ebook)).toBe(true);
  });
});

describe('address book limit', () => {
  it(`keeps at most ${MAX_ADDRESSES} addresses, with a sentence that says what to do`, async () => {
    const have = (await get('/um/umAddress/list2', other.token)).length;
    for (let i = have; i < MAX_ADDRESSES; i += 1) await address(other.token);
    const res = await fail('POST', '/um/umAddress/save', other.token, { receiver: '王读者', phone: '13812345678', area: '北京市', detail: '一号' });
    expect(res).toMatchObject({ errorCode: 'ADDRESS_LIMIT' });
    expect(res.message).toContain('请先删除');
  });
});
