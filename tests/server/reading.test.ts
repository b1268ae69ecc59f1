// The shop's reading area (spec learning §2: /sub_shop/noval/{id} for product types 8, 9, 10 and
// /content/bookshelf; docs/api.md "Shop: reading"): the seeded chapters, free versus locked chapters,
// access after a paid order but not after a cancelled one, the bookshelf, and tenants kept apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_CHAPTERS } from '../../server/demo/seed-reading';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

const SHOP = 1003;
let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let second: { id: number; token: string };
let demo: { id: number; token: string };
/** Two e-books, an audiobook and a serial of the shop, on sale. */
let ebook: number; let ebook2: number; let audiobook: number; let serial: number;

const q = (path: string, tenantId = SHOP) => `${path}${path.includes('?') ? '&' : '?'}tenantId=${tenantId}`;
const chapters = (productId: number, token?: string) => data('GET', q(`/order/api/reading/chapters?productId=${productId}`), token);
const chapter = (productId: number, id: number, token?: string) => call('GET', q(`/order/api/reading/chapter?productId=${productId}&id=${id}`), token);
const post = (path: string, token: string, body: object) => data('POST', path, token, { tenantId: SHOP, ...body });
let tokenNo = 0;

/** Places a buy-now order of one product with a fresh address; returns the order id. */
async function order(token: string, prodId: number): Promise<number> {
  const address = await post('/um/umAddress/save', token, { receiver: '张读者', phone: '13812345678', area: '浙江省 杭州市 西湖区', detail: '文三路 100 号' });
  const placed = await post('/order/api/order/submit', token, { prodId, quantity: 1, addressId: address.id, submitToken: `reading-${++tokenNo}-${Date.now()}` });
  return placed.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const seeded = await t.db.owner.selectFrom('user_account').selectAll().where('tenant_id', '=', SHOP).where('account', '=', 'learner').executeTakeFirstOrThrow();
  await t.db.owner.insertInto('user_account').values({ tenant_id: SHOP, account: 'reader2', password_hash: seeded.password_hash, password_salt: seeded.password_salt, real_name: '李读者' }).execute();
  learner = await signIn(SHOP, 'learner', 'Study@2026');
  second = await signIn(SHOP, 'reader2', 'Study@2026');
  demo = await signIn(1001, 'learner', 'Study@2026');
  const books = await t.db.owner.selectFrom('product').select(['id', 'type']).where('tenant_id', '=', SHOP).where('state', '=', 1).where('type', 'in', [8, 9, 10]).orderBy('id').execute();
  [ebook, ebook2] = books.filter((b) => b.type === 8).map((b) => b.id) as [number, number];
  audiobook = books.find((b) => b.type === 9)!.id;
  serial = books.find((b) => b.type === 10)!.id;
});
afterAll(() => t.close());

describe('seeded chapters', () => {
  it('gives every reading product of the shop 4 to 8 chapters, the first two free, and no other product any', async () => {
    const rows = await t.db.owner.selectFrom('reading_chapter as c').innerJoin('product as p', (j) => j.onRef('p.tenant_id', '=', 'c.tenant_id').onRef('p.id', '=', 'c.product_id'))
      .select(['c.tenant_id', 'c.product_id', 'c.sort', 'c.is_free', 'p.type', 'c.audio_url']).execute();
    expect(new Set(rows.map((r) => Number(r.tenant_id)))).toEqual(new Set([SHOP]));
    expect(rows.every((r) => [8, 9, 10].includes(r.type))).toBe(true);
    const readingCount = await t.db.owner.selectFrom('product').select((e) => e.fn.countAll<number>().as('n')).where('tenant_id', '=', SHOP).where('type', 'in', [8, 9, 10]).executeTakeFirstOrThrow();
    const byBook = new Map<number, typeof rows>();
    for (const r of rows) byBook.set(r.product_id, [...(byBook.get(r.product_id) ?? []), r]);
    expect(byBook.size).toBe(Number(readingCount.n));
    for (const list of byBook.values()) {
      expect(list.length).toBeGreaterThanOrEqual(4);
      expect(list.length).toBeLessThanOrEqual(8);
      expect(list.filter((r) => r.is_free).map((r) => r.sort).sort()).toEqual([0, 1]);
    }
    // Audiobook chapters, and only they, have audio.
    expect(rows.every((r) => (r.type === 9) === (r.audio_url !== null))).toBe(true);
  });
});

describe('free and locked chapters', () => {
  it('lists the chapters with their lock state: a guest and a buyer-to-be see only the free ones open', async () => {
    for (const token of [undefined, learner.token]) {
      const list = await chapters(ebook, token);
      expect(list).toMatchObject({ productId: ebook, productType: 8, owned: false, freeCount: FREE_CHAPTERS });
      expect(list.chapters.map((c: any) => c.sort)).toEqual(list.chapters.map((_: unknown, i: number) => i + 1));
      expect(list.chapters.map((c: any) => c.locked)).toEqual(list.chapters.map((_: unknown, i: number) => i >= FREE_CHAPTERS));
      expect(list.chapters[0]).not.toHaveProperty('html');
    }
  });

  it('gives a free chapter to a guest, with its text and neighbours', async () => {
    const list = await chapters(ebook);
    const res = await chapter(ebook, list.chapters[0].id);
    expect(res.success).toBe(true);
    expect(res.data).toMatchObject({ id: list.chapters[0].id, sort: 1, free: true, locked: false, prevId: null, nextId: list.chapters[1].id, count: list.chapters.length });
    expect(res.data.html).toMatch(/^<p>/);
  });

  it('refuses a paid chapter to a guest and to a signed-in user who has not bought the book, with 购买后即可阅读全部章节', async () => {
    const third = (await chapters(ebook)).chapters[2].id;
    for (const token of [undefined, learner.token]) {
      const res = await chapter(ebook, third, token);
      expect(res).toMatchObject({ success: false, code: 403, errorCode: 'CHAPTER_LOCKED', message: '购买后即可阅读全部章节', data: null });
    }
  });

  it('gives audiobook chapters an audio address and a duration', async () => {
    const list = await chapters(audiobook);
    expect(list.chapters.every((c: any) => c.hasAudio && c.duration > 0)).toBe(true);
    const first = await chapter(audiobook, list.chapters[0].id);
    expect(first.data.audioUrl).toMatch(/^media:audio\/demo-\d\.wav$/);
  });

  it('says which product or chapter does not exist', async () => {
    const notReading = await t.db.owner.selectFrom('product').select('id').where('tenant_id', '=', SHOP).where('type', '=', 1).executeTakeFirstOrThrow();
    expect(await call('GET', q(`/order/api/reading/chapters?productId=${notReading.id}`))).toMatchObject({ success: false, code: 404, errorCode: 'READING_NOT_FOUND' });
    const otherBook = (await chapters(serial)).chapters[0].id;
    expect(await chapter(ebook, otherBook)).toMatchObject({ success: false, code: 404, errorCode: 'CHAPTER_NOT_FOUND' });
    expect((await call('GET', q('/order/api/reading/chapters?productId=abc'))).success).toBe(false);
  });
});

describe('access after buying', () => {
  it('opens every chapter after a paid order, and puts the book on the bookshelf', async () => {
    const id = await order(learner.token, ebook);
    const third = (await chapters(ebook)).chapters[2].id;
    // Pending payment (state 1) does not open anything yet.
    expect((await chapter(ebook, third, learner.token)).errorCode).toBe('CHAPTER_LOCKED');
    // The seeded learner already has a book on the shelf (issue 20 part T's seed): this one is not on it yet.
    const before = await data('GET', q('/order/api/reading/bookshelf'), learner.token);
    expect(before.list.map((b: any) => b.id)).not.toContain(ebook);
    await post('/order/api/pay/unifiedOrder', learner.token, { id, payType: 'simulated' });
    const list = await chapters(ebook, learner.token);
    expect(list.owned).toBe(true);
    expect(list.chapters.every((c: any) => !c.locked)).toBe(true);
    const res = await chapter(ebook, third, learner.token);
    expect(res).toMatchObject({ success: true, data: { id: third, sort: 3, free: false, locked: false } });
    // Completed (state 3) keeps it open.
    await post('/order/api/order/takeDelivery', learner.token, { id });
    expect((await chapter(ebook, third, learner.token)).success).toBe(true);
    const shelf = await data('GET', q('/order/api/reading/bookshelf'), learner.token);
    expect(shelf).toMatchObject({ total: before.total + 1, pageNo: 1 });
    expect(shelf.list[0]).toMatchObject({ id: ebook, productType: 8, orderId: id, chapterCount: list.chapters.length });
    // Buying opens only that book, and only for the buyer.
    expect((await chapter(ebook2, (await chapters(ebook2)).chapters[2].id, learner.token)).errorCode).toBe('CHAPTER_LOCKED');
    expect((await chapter(ebook, third, second.token)).errorCode).toBe('CHAPTER_LOCKED');
    expect((await chapter(ebook, third)).errorCode).toBe('CHAPTER_LOCKED');
  });

  it('keeps the chapters locked after a cancelled order, and the bookshelf empty', async () => {
    const id = await order(second.token, serial);
    await post('/order/api/order/cancel', second.token, { id });
    const list = await chapters(serial, second.token);
    expect(list.owned).toBe(false);
    expect((await chapter(serial, list.chapters[2].id, second.token)).errorCode).toBe('CHAPTER_LOCKED');
    expect((await data('GET', q('/order/api/reading/bookshelf'), second.token)).total).toBe(0);
  });

  it('lists a book bought twice once on the shelf, and only reading products', async () => {
    // A paper book on sale from a provider on shelf (ordered: seeds update product rows, so an unordered scan's first row moves).
    const book = await t.db.owner.selectFrom('product as p')
      .innerJoin('provider as v', (j) => j.onRef('v.tenant_id', '=', 'p.tenant_id').onRef('v.id', '=', 'p.provider_id'))
      .select('p.id').where('p.tenant_id', '=', SHOP).where('p.type', '=', 1).where('p.state', '=', 1).where('p.stock', '>', 0).where('v.state', '=', 0)
      .orderBy('p.id').executeTakeFirstOrThrow();
    for (const prodId of [audiobook, audiobook, book.id]) {
      const id = await order(second.token, prodId);
      await post('/order/api/pay/unifiedOrder', second.token, { id, payType: 'simulated' });
    }
    const shelf = await data('GET', q('/order/api/reading/bookshelf'), second.token);
    expect(shelf.list.map((b: any) => b.id)).toEqual([audiobook]);
  });

  it('needs a signed-in user for the bookshelf', async () => {
    expect((await call('GET', q('/order/api/reading/bookshelf'))).flag).toBe(401);
  });
});

describe('tenant isolation', () => {
  it('keeps the chapters in their tenant: another tenant does not see them, and its token is a guest here', async () => {
    expect(await call('GET', q(`/order/api/reading/chapters?productId=${ebook}`, 1001))).toMatchObject({ success: false, errorCode: 'READING_NOT_FOUND' });
    const third = (await chapters(ebook)).chapters[2].id;
    expect(await call('GET', q(`/order/api/reading/chapter?productId=${ebook}&id=${third}`, 1001), learner.token)).toMatchObject({ success: false, errorCode: 'READING_NOT_FOUND' });
    // The shop buyer's token with another tenant's id gives nothing; a 1001 token at the shop is a guest.
    expect((await call('GET', q('/order/api/reading/bookshelf', 1001), learner.token)).flag).toBe(401);
    expect((await chapter(ebook, third, demo.token)).errorCode).toBe('CHAPTER_LOCKED');
    expect((await chapters(ebook, demo.token)).owned).toBe(false);
  });

  it('hides the chapter rows from the app role without the tenant set (row-level security)', async () => {
    const rows = await t.db.app.selectFrom('reading_chapter').select('id').execute();
    expect(rows).toHaveLength(0);
  });
});
