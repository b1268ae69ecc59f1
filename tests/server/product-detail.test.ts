// The product page's server side (issue 13 point 12: product detail had no description, gallery or
// reviews). GET /order/api/product/detail carries the description, gallery and specifications;
// GET /order/api/orderComment/prodCommentList (spec learning §7 "Orders") pages the reviews with
// their summary, kept per tenant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildShopPlan } from '../../server/demo/seed-catalogue-shop';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

const SHOP = 1003;
let t: TestApp;
const { call, data } = apiOf(() => t.app);
/** A seeded book with reviews, and a product with none. */
let book: number;
let quiet: number;

const reviewCount = async (id: number) => Number((await t.db.owner.selectFrom('product_comment').select((eb) => eb.fn.countAll().as('n'))
  .where('tenant_id', '=', SHOP).where('product_id', '=', id).where('state', '=', 1).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  t = await createTestApp();
  const products = await t.db.owner.selectFrom('product').select(['id', 'type']).where('tenant_id', '=', SHOP).orderBy('id').execute();
  const counts = await Promise.all(products.map(async (p) => ({ ...p, n: await reviewCount(p.id) })));
  book = counts.find((p) => p.type === 1 && p.n >= 3)!.id;
  quiet = counts.find((p) => p.n === 0)!.id;
});
afterAll(() => t.close());

describe('product detail had no description, gallery or specifications', () => {
  it('returns the seeded description, gallery images and specifications of a book', async () => {
    const p = await data('GET', `/order/api/product/detail?tenantId=${SHOP}&id=${book}`, undefined);
    expect(p.description).toMatch(/\S[\s\S]*\n\n\S/); // at least two paragraphs
    expect(p.images.length).toBeGreaterThanOrEqual(2);
    for (const src of p.images) expect(src).toMatch(/^\/uploads\/seed\/covers\/1003\/gallery-\d+\.svg$/);
    expect(p.images).not.toContain(p.cover);
    expect(p.specs.map((s: { name: string }) => s.name)).toEqual(expect.arrayContaining(['作者', '出版社', 'ISBN']));
  });

  it('every seeded shop product has a description, a gallery and specifications', () => {
    const plan = buildShopPlan(SHOP, new Date('2026-03-01T00:00:00Z'));
    for (const p of plan.products) {
      expect(p.description, p.title).toBeTruthy();
      expect(p.images?.length, p.title).toBeGreaterThan(0);
      expect(p.specs?.length, p.title).toBeGreaterThan(0);
    }
    // A product's reviews do not repeat one another word for word.
    for (const p of plan.products) {
      const texts = (p.reviews ?? []).map((r) => r.content);
      expect(new Set(texts).size, `${p.title}: ${texts.join(' | ')}`).toBe(texts.length);
    }
    // The gallery's images are drawn with the covers (the upload dir gets every plan cover).
    const files = new Set(plan.covers.map((c) => `/uploads/${c.file}`));
    for (const src of plan.products.flatMap((p) => p.images ?? [])) expect(files.has(src), src).toBe(true);
  });
});

describe('product reviews came from nowhere: GET /order/api/orderComment/prodCommentList', () => {
  it('pages the visible reviews newest first, with the average, count and per-score counts of all of them', async () => {
    const n = await reviewCount(book);
    const page = await data('GET', `/order/api/orderComment/prodCommentList?tenantId=${SHOP}&prodId=${book}&pageNo=1&pageSize=2`, undefined);
    expect(page.summary.count).toBe(n);
    expect(page.total).toBe(n);
    expect(page.list).toHaveLength(2);
    const times = page.list.map((c: { createTime: string }) => Date.parse(c.createTime));
    expect(times[0]).toBeGreaterThanOrEqual(times[1]);
    const rows = await t.db.owner.selectFrom('product_comment').select('score').where('tenant_id', '=', SHOP).where('product_id', '=', book).execute();
    const mean = Math.round((rows.reduce((s, r) => s + r.score, 0) / rows.length) * 10) / 10;
    expect(page.summary.average).toBe(mean);
    expect(Object.values(page.summary.distribution).reduce((s: number, v) => s + (v as number), 0)).toBe(n);
    for (const c of page.list) {
      expect(c.userName).toBeTruthy();
      expect(c.score).toBeGreaterThanOrEqual(1);
      expect(c.content).toBeTruthy();
    }
  });

  it('leaves out a hidden review from the list and the summary', async () => {
    const before = await data('GET', `/order/api/orderComment/prodCommentList?tenantId=${SHOP}&prodId=${book}&pageSize=20`, undefined);
    const hidden = before.list[0].id as number;
    await t.db.owner.updateTable('product_comment').set({ state: 0 }).where('tenant_id', '=', SHOP).where('id', '=', hidden).execute();
    const after = await data('GET', `/order/api/orderComment/prodCommentList?tenantId=${SHOP}&prodId=${book}&pageSize=20`, undefined);
    expect(after.summary.count).toBe(before.summary.count - 1);
    expect(after.list.map((c: { id: number }) => c.id)).not.toContain(hidden);
    await t.db.owner.updateTable('product_comment').set({ state: 1 }).where('tenant_id', '=', SHOP).where('id', '=', hidden).execute();
  });

  it('gives an empty page and a zero summary for a product nobody reviewed', async () => {
    const page = await data('GET', `/order/api/orderComment/prodCommentList?tenantId=${SHOP}&prodId=${quiet}`, undefined);
    expect(page).toMatchObject({ summary: { average: 0, count: 0 }, list: [], total: 0 });
  });

  it('says the product does not exist for an unknown id, and for another tenant\'s product', async () => {
    const unknown = await call('GET', `/order/api/orderComment/prodCommentList?tenantId=${SHOP}&prodId=999999`);
    expect(unknown).toMatchObject({ success: false, errorCode: 'PRODUCT_NOT_FOUND' });
    const other = await call('GET', `/order/api/orderComment/prodCommentList?tenantId=1001&prodId=${book}`);
    expect(other).toMatchObject({ success: false, errorCode: 'PRODUCT_NOT_FOUND' });
  });
});
