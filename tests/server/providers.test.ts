// Issue 20 (first bullet of "Shop"): the provider and school pages' server side. The shop home
// linked to pages with no call behind them: GET /order/api/provider/detail (ours) gives the header
// (product count, rating from the products' reviews, categories) and the product list takes the
// provider's price range (spec learning §5), refused when min is above max; other tenants never
// see a provider (row-level security).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

const SHOP = 1003;
const DEMO = 1001;
let t: TestApp;
const { call, data } = apiOf(() => t.app);
let own: number; // 书虫自营, the merchant with the most products
let school: number;
let offShelf: number;

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db.owner.selectFrom('provider').select(['id', 'name', 'org_type', 'state']).where('tenant_id', '=', SHOP).orderBy('id').execute();
  own = rows.find((r) => r.name === '书虫自营')!.id;
  school = rows.find((r) => r.org_type === 'SCHOOL')!.id;
  offShelf = rows.find((r) => r.state === 1 || r.state === -1)!.id;
});
afterAll(() => t.close());

describe('the provider page had no call: GET /order/api/provider/detail', () => {
  it('gives the provider with its products on sale, the rating of their visible reviews and their categories', async () => {
    const p = await data('GET', `/order/api/provider/detail?tenantId=${SHOP}&id=${own}`, undefined);
    expect(p).toMatchObject({ id: own, storeId: own, storeName: '书虫自营', orgType: 'MERCHANT', state: 0 });
    const db = t.db.owner;
    const onSale = await db.selectFrom('product').select(['id', 'category_id']).where('tenant_id', '=', SHOP).where('provider_id', '=', own).where('state', '=', 1).execute();
    expect(onSale.length).toBeGreaterThan(0);
    expect(p.productCount).toBe(onSale.length);
    const scores = await db.selectFrom('product_comment').select('score').where('tenant_id', '=', SHOP).where('state', '=', 1)
      .where('product_id', 'in', onSale.map((r) => r.id)).execute();
    expect(scores.length).toBeGreaterThan(0);
    expect(p.rating.count).toBe(scores.length);
    expect(p.rating.average).toBe(Math.round((scores.reduce((s, r) => s + r.score, 0) / scores.length) * 10) / 10);
    // Categories: each category of its products on sale, once, with its count; counts add up.
    const byCategory = new Map<number, number>();
    for (const r of onSale) if (r.category_id !== null) byCategory.set(r.category_id, (byCategory.get(r.category_id) ?? 0) + 1);
    expect(p.categories).toHaveLength(byCategory.size);
    for (const c of p.categories) expect(c.productCount).toBe(byCategory.get(c.id));
    expect(p.categories.map((c: { productCount: number }) => c.productCount)).toEqual([...p.categories.map((c: { productCount: number }) => c.productCount)].sort((a, b) => b - a));
  });

  it('gives a school and an off-shelf provider too (the page says it is off shelf)', async () => {
    expect(await data('GET', `/order/api/provider/detail?tenantId=${SHOP}&id=${school}`, undefined)).toMatchObject({ orgType: 'SCHOOL' });
    const off = await data('GET', `/order/api/provider/detail?tenantId=${SHOP}&id=${offShelf}`, undefined);
    expect([1, -1]).toContain(off.state);
  });

  it('an unknown provider is PROVIDER_NOT_FOUND', async () => {
    const res = await call('GET', `/order/api/provider/detail?tenantId=${SHOP}&id=999999`);
    expect(res).toMatchObject({ success: false, code: 404, errorCode: 'PROVIDER_NOT_FOUND' });
  });

  it('another tenant never sees the shop\'s provider or its products', async () => {
    const res = await call('GET', `/order/api/provider/detail?tenantId=${DEMO}&id=${own}`);
    expect(res).toMatchObject({ success: false, code: 404, errorCode: 'PROVIDER_NOT_FOUND' });
    const list = await data('GET', `/order/api/product/search?tenantId=${DEMO}&providerId=${own}&pageSize=50`, undefined);
    expect(list.total).toBe(0);
  });
});

describe('the provider\'s products could not be filtered by price', () => {
  const products = (q: string) => data('GET', `/order/api/product/search?tenantId=${SHOP}&providerId=${own}&pageSize=50${q}`, undefined);

  it('keeps the products priced within min and max, bounds included, of that provider only', async () => {
    const all = await products('');
    const prices = all.list.map((p: { price: number }) => p.price).sort((a: number, b: number) => a - b);
    const min = prices[1]!;
    const max = prices[prices.length - 2]!;
    const page = await products(`&minPrice=${min}&maxPrice=${max}`);
    expect(page.total).toBe(prices.filter((v: number) => v >= min && v <= max).length);
    expect(page.total).toBeLessThan(all.total);
    for (const p of page.list) {
      expect(p.providerId).toBe(own);
      expect(p.price).toBeGreaterThanOrEqual(min);
      expect(p.price).toBeLessThanOrEqual(max);
    }
    expect((await products(`&minPrice=${prices[prices.length - 1]}`)).list.every((p: { price: number }) => p.price === prices[prices.length - 1])).toBe(true);
  });

  it('filters by category and sorts by price either way', async () => {
    const detail = await data('GET', `/order/api/provider/detail?tenantId=${SHOP}&id=${own}`, undefined);
    const cat = detail.categories[0];
    const inCat = await products(`&categoryId=${cat.id}`);
    expect(inCat.total).toBe(cat.productCount);
    const up = (await products('&priceOrder=asc')).list.map((p: { price: number }) => p.price);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    const down = (await products('&priceOrder=desc')).list.map((p: { price: number }) => p.price);
    expect(down).toEqual([...down].sort((a, b) => b - a));
  });

  it('refuses a minimum above the maximum with 请输入正确的价格区间, and prices that are not numbers', async () => {
    const res = await call('GET', `/order/api/product/search?tenantId=${SHOP}&providerId=${own}&minPrice=50&maxPrice=10`);
    expect(res).toMatchObject({ success: false, code: 400, errorCode: 'PRICE_RANGE_INVALID' });
    expect(res.message).toContain('请输入正确的价格区间');
    for (const bad of ['minPrice=abc', 'maxPrice=-1']) {
      const r = await t.app.inject({ method: 'GET', url: `/order/api/product/search?tenantId=${SHOP}&providerId=${own}&${bad}` });
      expect(r.json().success, bad).toBe(false);
    }
  });
});
