// The shop's buying path (spec learning §3 Cart, Address and order fields; §4 cart and provider
// rules; §7 "Orders" and the um address calls; §8 订单不存在): totals computed on the server, stock
// under concurrent submits, the order states, cancel and expiry giving stock back, and tenants and
// users kept apart.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

const SHOP = 1003;
let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let second: { id: number; token: string };
let demo: { id: number; token: string };
/** Products of the shop on sale from providers on shelf, of two providers, and one of an off-shelf provider. */
let a: number; let b: number; let c: number; let offShelf: number;

const get = (path: string, token?: string) => data('GET', `${path}${path.includes('?') ? '&' : '?'}tenantId=${SHOP}`, token);
const post = (path: string, token: string, body: object) => data('POST', path, token, { tenantId: SHOP, ...body });
const fail = async (method: 'GET' | 'POST', path: string, token: string, body?: object) => {
  const res = method === 'GET' ? await call('GET', `${path}${path.includes('?') ? '&' : '?'}tenantId=${SHOP}`, token) : await call('POST', path, token, { tenantId: SHOP, ...body });
  expect(res.success, `${path} should fail`).toBe(false);
  return res;
};
const setStock = (id: number, stock: number) => t.db.owner.updateTable('product').set({ stock }).where('tenant_id', '=', SHOP).where('id', '=', id).execute();
const stockOf = async (id: number) => (await t.db.owner.selectFrom('product').select('stock').where('tenant_id', '=', SHOP).where('id', '=', id).executeTakeFirstOrThrow()).stock;
const priceOf = async (id: number) => {
  const r = await t.db.owner.selectFrom('product').select(['price', 'retail_price']).where('tenant_id', '=', SHOP).where('id', '=', id).executeTakeFirstOrThrow();
  const price = Math.round(Number(r.price) * 100);
  return { price, ret: Math.max(price, r.retail_price === null ? 0 : Math.round(Number(r.retail_price) * 100)) };
};
let tokenNo = 0;
const token = () => `test-token-${++tokenNo}-${Date.now()}`;
const newAddress = (tok: string, extra: object = {}) => post('/um/umAddress/save', tok, { receiver: '张读者', phone: '13812345678', area: '浙江省 杭州市 西湖区', detail: '文三路 100 号', ...extra });
const buyNow = async (tok: string, prodId: number, quantity: number, addressId: number) =>
  post('/order/api/order/submit', tok, { prodId, quantity, addressId, submitToken: token() });

beforeAll(async () => {
  t = await createTestApp();
  // A second shop learner: the seeded learner's password, another account.
  const seeded = await t.db.owner.selectFrom('user_account').selectAll().where('tenant_id', '=', SHOP).where('account', '=', 'learner').executeTakeFirstOrThrow();
  await t.db.owner.insertInto('user_account').values({ tenant_id: SHOP, account: 'learner2', password_hash: seeded.password_hash, password_salt: seeded.password_salt, real_name: '李读者' }).execute();
  learner = await signIn(SHOP, 'learner', 'Study@2026');
  second = await signIn(SHOP, 'learner2', 'Study@2026');
  demo = await signIn(1001, 'learner', 'Study@2026');
  const onSale = await t.db.owner.selectFrom('product as p')
    .innerJoin('provider as v', (j) => j.onRef('v.tenant_id', '=', 'p.tenant_id').onRef('v.id', '=', 'p.provider_id'))
    .select(['p.id', 'p.provider_id', 'v.state']).where('p.tenant_id', '=', SHOP).where('p.state', '=', 1).orderBy('p.id').execute();
  const open = onSale.filter((p) => p.state === 0);
  a = open[0]!.id;
  b = open.find((p) => p.provider_id !== open[0]!.provider_id)!.id;
  c = open.find((p) => p.id !== a && p.id !== b)!.id;
  offShelf = onSale.find((p) => p.state === 1 || p.state === -1)!.id;
  for (const id of [a, b, c]) await setStock(id, 50);
});
afterAll(() => t.close());

describe('cart', () => {
  it('needs a token of the call\'s tenant', async () => {
    expect((await call('GET', `/order/api/cart/listWithProvider?tenantId=${SHOP}`)).flag).toBe(401);
    expect((await call('GET', `/order/api/cart/listWithProvider?tenantId=${SHOP}`, demo.token)).flag).toBe(401);
    expect((await call('POST', '/um/umAddress/save', demo.token, { tenantId: SHOP, receiver: 'x', phone: '13812345678', area: 'x', detail: 'x' })).flag).toBe(401);
  });

  it('groups lines by provider and computes the totals of the checked lines on the server', async () => {
    await post('/order/api/cart/addCart', learner.token, { prodId: a, quantity: 2 });
    await post('/order/api/cart/addCart', learner.token, { prodId: b });
    const count = await post('/order/api/cart/addCart', learner.token, { prodId: a, quantity: 1 });
    expect(count).toEqual({ productCount: 2, itemCount: 4 });
    const cart = await get('/order/api/cart/listWithProvider', learner.token);
    expect(cart.cartData).toHaveLength(2);
    const lineA = cart.cartData.flatMap((g: any) => g.cartList).find((l: any) => l.prodId === a);
    const pa = await priceOf(a); const pb = await priceOf(b);
    expect(lineA).toMatchObject({ quantity: 3, checked: true, prodSku: null, userId: learner.id, price: pa.price / 100, totalPrice: (pa.price * 3) / 100, unavailable: null });
    expect(cart).toMatchObject({
      productCount: 2, itemCount: 4, checkedProductCount: 2, checkedItemCount: 4,
      checkedPrice: (pa.price * 3 + pb.price) / 100, checkedRetPrice: (pa.ret * 3 + pb.ret) / 100,
    });
    // Unchecking a line takes it out of the checked totals only.
    const lineB = cart.cartData.flatMap((g: any) => g.cartList).find((l: any) => l.prodId === b);
    const after = await post('/order/api/cart/mulModify', learner.token, { list: [{ id: lineB.id, checked: false }] });
    expect(after).toMatchObject({ itemCount: 4, checkedProductCount: 1, checkedItemCount: 3, checkedPrice: (pa.price * 3) / 100 });
    expect(await get('/order/api/cart/count', learner.token)).toEqual({ productCount: 2, itemCount: 4 });
    // Another user's cart is their own.
    expect(await get('/order/api/cart/count', second.token)).toEqual({ productCount: 0, itemCount: 0 });
  });

  it('refuses a provider off shelf, more than the stock, more than 99, and products of another tenant', async () => {
    expect((await fail('POST', '/order/api/cart/addCart', learner.token, { prodId: offShelf })).errorCode).toBe('PROVIDER_OFF_SHELF');
    await setStock(c, 2);
    const short = await fail('POST', '/order/api/cart/addCart', learner.token, { prodId: c, quantity: 3 });
    expect(short).toMatchObject({ errorCode: 'STOCK_SHORT' });
    expect(short.message).toContain('仅剩 2 件');
    expect((await fail('POST', '/order/api/cart/addCart', learner.token, { prodId: c, quantity: 100 })).errorCode).toBe('VALIDATION');
    const demoProduct = await t.db.owner.selectFrom('product').select('id').where('tenant_id', '<>', SHOP).executeTakeFirst();
    if (demoProduct) expect((await fail('POST', '/order/api/cart/addCart', learner.token, { prodId: demoProduct.id })).errorCode).toBe('PRODUCT_NOT_FOUND');
    await setStock(c, 50);
  });

  it('keeps the old quantity when a raise does not fit the stock, and lets a short line be lowered', async () => {
    const cart = await get('/order/api/cart/listWithProvider', learner.token);
    const lineA = cart.cartData.flatMap((g: any) => g.cartList).find((l: any) => l.prodId === a);
    await setStock(a, 2);
    expect((await fail('POST', '/order/api/cart/mulModify', learner.token, { list: [{ id: lineA.id, quantity: 5 }] })).errorCode).toBe('STOCK_SHORT');
    const now = await get('/order/api/cart/listWithProvider', learner.token);
    const stillA = now.cartData.flatMap((g: any) => g.cartList).find((l: any) => l.prodId === a);
    expect(stillA).toMatchObject({ quantity: 3, unavailable: 'stockShort' });
    // A short line is out of the checked totals until it fits.
    expect(now.checkedProductCount).toBe(0);
    const lowered = await post('/order/api/cart/mulModify', learner.token, { list: [{ id: lineA.id, quantity: 2 }] });
    expect(lowered.checkedItemCount).toBe(2);
    await setStock(a, 50);
    // Another user's line ids are unknown to this user.
    expect((await fail('POST', '/order/api/cart/mulModify', second.token, { list: [{ id: lineA.id, quantity: 1 }] })).errorCode).toBe('CART_LINE_NOT_FOUND');
  });
});

describe('addresses', () => {
  it('checks the fields, keeps one default, and moves the default when it is deleted', async () => {
    const bad = await fail('POST', '/um/umAddress/save', second.token, { receiver: '李', phone: '1234', area: '北京市', detail: '一号' });
    expect(bad.message).toContain('手机号格式不正确');
    expect((await fail('POST', '/um/umAddress/save', second.token, { receiver: ' ', phone: '13812345678', area: '北京市', detail: '一号' })).message).toBe('请填写收货人姓名。');
    const first = await newAddress(second.token);
    expect(first.isDefault).toBe(true);
    const next = await newAddress(second.token, { receiver: '王', label: 'company', isDefault: true });
    let list = await get('/um/umAddress/list2', second.token);
    expect(list.map((x: any) => [x.id, x.isDefault])).toEqual([[next.id, true], [first.id, false]]);
    await post('/um/umAddress/update', second.token, { id: first.id, receiver: '李', phone: '139 1234 5678', area: '北京市', detail: '二号', isDefault: true });
    list = await get('/um/umAddress/list2', second.token);
    expect(list[0]).toMatchObject({ id: first.id, isDefault: true, phone: '13912345678', detail: '二号' });
    expect(list.filter((x: any) => x.isDefault)).toHaveLength(1);
    await post('/um/umAddress/delete', second.token, { id: first.id });
    list = await get('/um/umAddress/list2', second.token);
    expect(list).toEqual([expect.objectContaining({ id: next.id, isDefault: true })]);
    // Another user cannot touch it.
    expect((await fail('POST', '/um/umAddress/delete', learner.token, { id: next.id })).errorCode).toBe('ADDRESS_NOT_FOUND');
  });
});

describe('orders', () => {
  let addressId: number;
  beforeAll(async () => {
    addressId = (await newAddress(learner.token)).id;
  });

  it('previews the checked cart, submits it once for a double click, takes the stock and clears the bought lines', async () => {
    const cart = await get('/order/api/cart/listWithProvider', learner.token);
    const lines = cart.cartData.flatMap((g: any) => g.cartList);
    // Check every line again: a (2) and b (1).
    await post('/order/api/cart/mulModify', learner.token, { list: lines.map((l: any) => ({ id: l.id, checked: true })) });
    const preview = await post('/order/api/order/confirm', learner.token, {});
    const pa = await priceOf(a); const pb = await priceOf(b);
    expect(preview).toMatchObject({ productCount: 2, itemCount: 3, totalPrice: (pa.price * 2 + pb.price) / 100, freight: 0, payPrice: (pa.price * 2 + pb.price) / 100 });
    const before = { a: await stockOf(a), b: await stockOf(b) };
    const submitToken = token();
    const body = { cartIds: lines.map((l: any) => l.id), addressId, submitToken, remark: '请尽快发货' };
    const [one, two] = await Promise.all([post('/order/api/order/submit', learner.token, body), post('/order/api/order/submit', learner.token, body)]);
    expect(one.id).toBe(two.id);
    expect([one.repeated, two.repeated].sort()).toEqual([false, true]);
    expect(await stockOf(a)).toBe(before.a - 2);
    expect(await stockOf(b)).toBe(before.b - 1);
    expect(await get('/order/api/cart/count', learner.token)).toEqual({ productCount: 0, itemCount: 0 });
    const order = await get(`/order/api/order/detail?id=${one.id}`, learner.token);
    expect(order).toMatchObject({ state: 1, remark: '请尽快发货', payPrice: preview.payPrice, address: { receiver: '张读者', phone: '13812345678' } });
    expect(order.orderNo).toMatch(/^\d{14}\d{6,}$/);
    expect(order.items.map((i: any) => [i.prodId, i.quantity])).toEqual([[a, 2], [b, 1]]);
    // The title and price are snapshots: a later catalogue edit does not change the order.
    await t.db.owner.updateTable('product').set({ title: '改名后的商品', price: 1 }).where('tenant_id', '=', SHOP).where('id', '=', a).execute();
    const again = await get(`/order/api/order/detail?id=${one.id}`, learner.token);
    expect(again.items[0]).toMatchObject({ title: order.items[0].title, price: order.items[0].price });
  });

  it('places one order when the same cart lines are submitted from two tabs at once', async () => {
    await post('/order/api/cart/addCart', learner.token, { prodId: c, quantity: 1 });
    const cart = await get('/order/api/cart/listWithProvider', learner.token);
    const cartIds = cart.cartData.flatMap((g: any) => g.cartList).map((l: any) => l.id);
    const before = await stockOf(c);
    const results = await Promise.all([1, 2].map(() => call('POST', '/order/api/order/submit', learner.token, { tenantId: SHOP, cartIds, addressId, submitToken: token() })));
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(results.find((r) => !r.success)).toMatchObject({ errorCode: 'CART_CHANGED' });
    expect(await stockOf(c)).toBe(before - 1);
  });

  it('removes cart lines with mulDelete, ignoring ids that are not the caller\'s', async () => {
    await post('/order/api/cart/addCart', learner.token, { prodId: a });
    await post('/order/api/cart/addCart', second.token, { prodId: b });
    const mine = (await get('/order/api/cart/listWithProvider', learner.token)).cartData[0].cartList[0].id;
    const theirs = (await get('/order/api/cart/listWithProvider', second.token)).cartData[0].cartList[0].id;
    const after = await post('/order/api/cart/mulDelete', learner.token, { ids: [mine, theirs] });
    expect(after).toMatchObject({ cartData: [], productCount: 0, itemCount: 0, checkedPrice: 0 });
    expect(await get('/order/api/cart/count', second.token)).toEqual({ productCount: 1, itemCount: 1 });
    await post('/order/api/cart/mulDelete', second.token, { ids: [theirs] });
  });

  it('sells the last pieces once when two buyers submit at the same time', async () => {
    await setStock(c, 3);
    const itemsOfC = async () => (await t.db.owner.selectFrom('shop_order_item').select(sql<number>`count(*)::int`.as('n')).where('tenant_id', '=', SHOP).where('product_id', '=', c).executeTakeFirstOrThrow()).n;
    const itemsBefore = await itemsOfC();
    const secondAddress = (await get('/um/umAddress/list2', second.token))[0].id;
    const results = await Promise.all([
      call('POST', '/order/api/order/submit', learner.token, { tenantId: SHOP, prodId: c, quantity: 2, addressId, submitToken: token() }),
      call('POST', '/order/api/order/submit', second.token, { tenantId: SHOP, prodId: c, quantity: 2, addressId: secondAddress, submitToken: token() }),
    ]);
    const ok = results.filter((r) => r.success);
    const refused = results.filter((r) => !r.success);
    expect(ok).toHaveLength(1);
    expect(refused[0]).toMatchObject({ errorCode: 'STOCK_SHORT' });
    expect(refused[0]!.message).toContain('仅剩 1 件');
    expect(await stockOf(c)).toBe(1);
    // The refused order left nothing behind.
    expect(await itemsOfC()).toBe(itemsBefore + 1);
    await setStock(c, 50);
  });

  it('moves pending → paid → shipped by the back office → completed, and refuses the moves the state does not allow', async () => {
    const types = await get('/order/api/payment/getType');
    expect(types).toEqual([{ payType: 'simulated', name: '模拟支付', nameEn: 'Simulated payment', simulated: true }]);
    const order = await buyNow(learner.token, b, 1, addressId);
    expect((await fail('GET', `/order/api/order/takeDelivery?id=${order.id}`, learner.token)).errorCode).toBe('ORDER_STATE');
    expect((await fail('POST', '/order/api/pay/unifiedOrder', learner.token, { id: order.id, payType: 'wechat' })).errorCode).toBe('PAY_TYPE');
    const sales = (await t.db.owner.selectFrom('product').select('sales_count').where('tenant_id', '=', SHOP).where('id', '=', b).executeTakeFirstOrThrow()).sales_count;
    const paid = await post('/order/api/pay/unifiedOrder', learner.token, { id: order.id, payType: 'simulated' });
    expect(paid).toMatchObject({ state: 2, payType: 'simulated' });
    expect(paid.paidAt).not.toBeNull();
    // Issue 20 part Q: paid is 待发货 until the back office ships it; receipt waits for the shipping.
    expect(paid.shippedAt).toBeNull();
    expect((await fail('GET', `/order/api/order/takeDelivery?id=${order.id}`, learner.token)).errorCode).toBe('NOT_SHIPPED');
    const admin = await signIn(SHOP, 'admin', 'Admin@2026');
    await post('/order/api/delivery/ship', admin.token, { orderId: order.id, carrier: '顺丰速运', trackingNo: 'SF1234567890' });
    expect((await get(`/order/api/order/detail?id=${order.id}`, learner.token)).shippedAt).not.toBeNull();
    // Paying twice is harmless and counts the sale once.
    await post('/order/api/pay/unifiedOrder', learner.token, { id: order.id, payType: 'simulated' });
    expect((await t.db.owner.selectFrom('product').select('sales_count').where('tenant_id', '=', SHOP).where('id', '=', b).executeTakeFirstOrThrow()).sales_count).toBe(sales + 1);
    expect((await fail('POST', '/order/api/order/cancel', learner.token, { id: order.id })).errorCode).toBe('ORDER_STATE');
    const done = await get(`/order/api/order/takeDelivery?id=${order.id}`, learner.token);
    expect(done.state).toBe(3);
    expect(done.receivedAt).not.toBeNull();
  });

  it('cancels only a pending order and gives its stock back; a cancelled order cannot be paid', async () => {
    const before = await stockOf(c);
    const order = await buyNow(learner.token, c, 4, addressId);
    expect(await stockOf(c)).toBe(before - 4);
    const cancelled = await post('/order/api/order/cancel', learner.token, { id: order.id });
    expect(cancelled).toMatchObject({ state: 4, cancelReason: 'user' });
    expect(await stockOf(c)).toBe(before);
    // Cancelling again is harmless and gives nothing back twice.
    await post('/order/api/order/cancel', learner.token, { id: order.id });
    expect(await stockOf(c)).toBe(before);
    expect((await fail('POST', '/order/api/pay/unifiedOrder', learner.token, { id: order.id, payType: 'simulated' })).errorCode).toBe('ORDER_STATE');
  });

  // A refunded order (state 6, part R) was named “undefined” by cancel and takeDelivery.
  it('names a refunded order 已退款 when it cannot be cancelled or received', async () => {
    const order = await buyNow(learner.token, c, 1, addressId);
    await post('/order/api/pay/unifiedOrder', learner.token, { id: order.id, payType: 'simulated' });
    await t.db.owner.updateTable('shop_order').set({ state: 6 }).where('tenant_id', '=', SHOP).where('id', '=', order.id).execute();
    const cancel = await fail('POST', '/order/api/order/cancel', learner.token, { id: order.id });
    expect(cancel).toMatchObject({ errorCode: 'ORDER_STATE', message: '该订单的状态是“已退款”，只有待付款的订单可以取消。' });
    const receive = await fail('GET', `/order/api/order/takeDelivery?id=${order.id}`, learner.token);
    expect(receive).toMatchObject({ errorCode: 'ORDER_STATE', message: '该订单的状态是“已退款”，只有待收货的订单可以确认收货。' });
  });

  it('expires an order unpaid for 30 minutes when it is next read, giving its stock back', async () => {
    const before = await stockOf(c);
    const order = await buyNow(learner.token, c, 5, addressId);
    const fresh = await get(`/order/api/order/detail?id=${order.id}`, learner.token);
    expect(new Date(fresh.expiresAt).getTime() - new Date(fresh.createdAt).getTime()).toBe(30 * 60 * 1000);
    await t.db.owner.updateTable('shop_order').set({ expires_at: sql<Date>`now() - interval '1 second'` }).where('tenant_id', '=', SHOP).where('id', '=', order.id).execute();
    expect(await stockOf(c)).toBe(before - 5);
    // Another user's read expires it too: the stock is the tenant's.
    await get('/order/api/order/query', second.token);
    expect(await stockOf(c)).toBe(before);
    const expired = await get(`/order/api/order/detail?id=${order.id}`, learner.token);
    expect(expired).toMatchObject({ state: 4, cancelReason: 'expired' });
    expect((await fail('POST', '/order/api/pay/unifiedOrder', learner.token, { id: order.id, payType: 'simulated' })).errorCode).toBe('ORDER_STATE');
  });

  it('lists orders by tab, newest first', async () => {
    const all = await get('/order/api/order/query?pageSize=50', learner.token);
    const states = all.list.map((o: any) => o.state);
    expect(all.total).toBe(all.list.length);
    for (const state of [1, 2, 3, 4]) {
      const tab = await get(`/order/api/order/query?state=${state}&pageSize=50`, learner.token);
      expect(tab.total, `tab ${state}`).toBe(states.filter((s: number) => s === state).length);
    }
    const ids = all.list.map((o: any) => o.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
  });

  it('says 订单不存在 for an unknown id, another user\'s order and another tenant\'s call', async () => {
    const mine = (await get('/order/api/order/query', learner.token)).list[0].id;
    expect((await fail('GET', '/order/api/order/detail?id=999999', learner.token)).message).toBe('订单不存在');
    expect((await fail('GET', `/order/api/order/detail?id=${mine}`, second.token))).toMatchObject({ message: '订单不存在', errorCode: 'ORDER_NOT_FOUND' });
    expect((await fail('POST', '/order/api/order/cancel', second.token, { id: mine })).message).toBe('订单不存在');
    // demo's learner sees none of the shop's orders under demo's tenant (row-level security).
    const res = await call('GET', `/order/api/order/detail?tenantId=1001&id=${mine}`, demo.token);
    expect(res).toMatchObject({ success: false, message: '订单不存在' });
    expect((await data('GET', '/order/api/order/query?tenantId=1001', demo.token)).total).toBe(0);
  });
});
