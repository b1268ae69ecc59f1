// After-sale (issue 20 part Q; spec learning §7 "Orders": buy/query, delivery/detail,
// orderComment/submit; §8 订单不存在): digital orders without an address completed at payment, the
// back office shipping a paid physical order with tracking events, receipt signing the delivery
// for, reviews once per line after receipt, and who may call what; tenants and learners kept apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

const SHOP = 1003;
const DEMO = 1001;
let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let second: { id: number; token: string };
let admin: { id: number; token: string };
let demoAdmin: { id: number; token: string };
let demoLearner: { id: number; token: string };
/** A physical book, a second physical product and an e-book, all on sale from open providers. */
let book: number; let book2: number; let ebook: number;
let addressId: number;

const q = (path: string) => `${path}${path.includes('?') ? '&' : '?'}tenantId=${SHOP}`;
const get = (path: string, token?: string) => data('GET', q(path), token);
const post = (path: string, token: string, body: object) => data('POST', path, token, { tenantId: SHOP, ...body });
const fail = async (method: 'GET' | 'POST', path: string, token: string | undefined, body?: object) => {
  const res = method === 'GET' ? await call('GET', q(path), token) : await call('POST', path, token, { tenantId: SHOP, ...body });
  expect(res.success, `${path} should fail`).toBe(false);
  return res;
};
let tokenNo = 0;
const submitToken = () => `after-sale-${++tokenNo}-${Date.now()}`;
const buy = (tok: string, prodId: number, extra: object = {}) => post('/order/api/order/submit', tok, { prodId, quantity: 1, submitToken: submitToken(), ...extra });
const pay = (tok: string, id: number) => post('/order/api/pay/unifiedOrder', tok, { id, payType: 'simulated' });
/** A physical order of the learner, paid (待发货). */
const paidPhysical = async (tok = learner.token, prodId = book) => {
  const order = await buy(tok, prodId, { addressId: tok === learner.token ? addressId : (await post('/um/umAddress/save', tok, { receiver: '李读者', phone: '13812345670', area: '上海市 浦东新区', detail: '世纪大道 1 号' })).id });
  return pay(tok, order.id);
};
const ship = (orderId: number, extra: object = {}) => post('/order/api/delivery/ship', admin.token, { orderId, carrier: '顺丰速运', trackingNo: 'SF1234567890', ...extra });
const upload = (ext = 'jpg') => `/uploads/u/${SHOP}/2026-11/0b1e2d3c-4f5a-4b6c-8d7e-9f0a1b2c3d4e.${ext}`;

beforeAll(async () => {
  t = await createTestApp();
  const seeded = await t.db.owner.selectFrom('user_account').selectAll().where('tenant_id', '=', SHOP).where('account', '=', 'learner').executeTakeFirstOrThrow();
  await t.db.owner.insertInto('user_account').values({ tenant_id: SHOP, account: 'learner2', password_hash: seeded.password_hash, password_salt: seeded.password_salt, real_name: '李读者' }).execute();
  learner = await signIn(SHOP, 'learner', 'Study@2026');
  second = await signIn(SHOP, 'learner2', 'Study@2026');
  admin = await signIn(SHOP, 'admin', 'Admin@2026');
  demoAdmin = await signIn(DEMO, 'admin', 'Admin@2026');
  demoLearner = await signIn(DEMO, 'learner', 'Study@2026');
  const onSale = await t.db.owner.selectFrom('product as p')
    .innerJoin('provider as v', (j) => j.onRef('v.tenant_id', '=', 'p.tenant_id').onRef('v.id', '=', 'p.provider_id'))
    .select(['p.id', 'p.type']).where('p.tenant_id', '=', SHOP).where('p.state', '=', 1).where('v.state', '=', 0).orderBy('p.id').execute();
  const books = onSale.filter((p) => p.type === 1);
  book = books[0]!.id;
  book2 = books[1]!.id;
  ebook = onSale.find((p) => p.type === 8)!.id;
  await t.db.owner.updateTable('product').set({ stock: 50 }).where('tenant_id', '=', SHOP).where('id', 'in', [book, book2, ebook]).execute();
  addressId = (await post('/um/umAddress/save', learner.token, { receiver: '张读者', phone: '13812345678', area: '浙江省 杭州市 西湖区', detail: '文三路 100 号' })).id;
});
afterAll(() => t.close());

describe('digital goods: no address, completed at payment', () => {
  it('a reading product asks no address and its paid order completes without delivery', async () => {
    const preview = await post('/order/api/order/confirm', learner.token, { prodId: ebook, quantity: 1 });
    expect(preview.needsDelivery).toBe(false);
    const order = await buy(learner.token, ebook);
    const paid = await pay(learner.token, order.id);
    expect(paid).toMatchObject({ state: 3, needsDelivery: false, shippedAt: null, reviewState: 'open', address: { receiver: '', phone: '', area: '', detail: '' } });
    expect(paid.receivedAt).not.toBeNull();
    const delivery = await get(`/order/api/delivery/detail?orderId=${order.id}`, learner.token);
    expect(delivery).toMatchObject({ needsDelivery: false, shipped: false, events: [] });
    expect((await fail('POST', '/order/api/delivery/ship', admin.token, { orderId: order.id, carrier: '顺丰速运', trackingNo: 'SF1234567890' })).errorCode).toBe('NO_DELIVERY');
  });

  it('an order with a physical product still needs an address: refused whole, nothing left behind', async () => {
    const preview = await post('/order/api/order/confirm', learner.token, { prodId: book, quantity: 1 });
    expect(preview.needsDelivery).toBe(true);
    const before = await t.db.owner.selectFrom('product').select('stock').where('tenant_id', '=', SHOP).where('id', '=', book).executeTakeFirstOrThrow();
    const orders = async () => (await t.db.owner.selectFrom('shop_order').select('id').where('tenant_id', '=', SHOP).where('user_id', '=', learner.id).execute()).length;
    const count = await orders();
    const refused = await fail('POST', '/order/api/order/submit', learner.token, { prodId: book, quantity: 1, submitToken: submitToken() });
    expect(refused.errorCode).toBe('ADDRESS_REQUIRED');
    expect(refused.message).toContain('请填写完整信息');
    expect(await orders()).toBe(count);
    expect((await t.db.owner.selectFrom('product').select('stock').where('tenant_id', '=', SHOP).where('id', '=', book).executeTakeFirstOrThrow()).stock).toBe(before.stock);
  });

  it('a reading product bought with an address keeps none', async () => {
    const order = await buy(learner.token, ebook, { addressId });
    expect((await get(`/order/api/order/detail?id=${order.id}`, learner.token)).address).toEqual({ receiver: '', phone: '', area: '', detail: '' });
  });
});

describe('shipping and tracking', () => {
  it('a paid physical order waits to be shipped: no receipt, no tracking yet, listed to ship', async () => {
    const paid = await paidPhysical();
    expect(paid).toMatchObject({ state: 2, needsDelivery: true, shippedAt: null, reviewState: 'none' });
    expect((await fail('GET', `/order/api/order/takeDelivery?id=${paid.id}`, learner.token)).errorCode).toBe('NOT_SHIPPED');
    expect(await get(`/order/api/delivery/detail?orderId=${paid.id}`, learner.token)).toMatchObject({ shipped: false, carrier: null, events: [], orderState: 2 });
    const toShip = await get('/order/api/delivery/adminOrders?stage=toShip&pageSize=50', admin.token);
    expect(toShip.list.map((o: { id: number }) => o.id)).toContain(paid.id);
    expect(toShip.list.every((o: { stage: string }) => o.stage === 'toShip')).toBe(true);
    expect(toShip.counts.toShip).toBe(toShip.total);
  });

  it('the back office ships it with carrier and number; the buyer tracks it, newest event first, and receipt signs it for', async () => {
    const paid = await paidPhysical();
    expect((await fail('POST', '/order/api/delivery/ship', admin.token, { orderId: paid.id, carrier: '顺丰速运', trackingNo: 'SF 12' })).success).toBe(false);
    const shipped = await ship(paid.id, { place: '杭州仓' });
    expect(shipped).toMatchObject({ shipped: true, carrier: '顺丰速运', trackingNo: 'SF1234567890', state: 1 });
    expect(shipped.events).toHaveLength(1);
    expect(shipped.events[0]).toMatchObject({ place: '杭州仓', state: 1 });
    expect((await fail('POST', '/order/api/delivery/ship', admin.token, { orderId: paid.id, carrier: '中通快递', trackingNo: 'ZT999999' })).errorCode).toBe('ALREADY_SHIPPED');
    const order = await get(`/order/api/order/detail?id=${paid.id}`, learner.token);
    expect(order.state).toBe(2);
    expect(order.shippedAt).not.toBeNull();

    await post('/order/api/delivery/addEvent', admin.token, { orderId: paid.id, text: '快件已到达【杭州转运中心】', place: '杭州转运中心', state: 2 });
    await post('/order/api/delivery/addEvent', admin.token, { orderId: paid.id, text: '快递员正在为您派送', state: 3 });
    expect((await fail('POST', '/order/api/delivery/addEvent', admin.token, { orderId: paid.id, text: '退回运输中', state: 2 })).errorCode).toBe('DELIVERY_STATE');
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await fail('POST', '/order/api/delivery/addEvent', admin.token, { orderId: paid.id, text: '明天的事', happenedAt: future })).errorCode).toBe('VALIDATION');
    const tracking = await get(`/order/api/delivery/detail?orderId=${paid.id}`, learner.token);
    expect(tracking.state).toBe(3);
    expect(tracking.events.map((e: { text: string }) => e.text)).toEqual(['快递员正在为您派送', '快件已到达【杭州转运中心】', expect.stringContaining('商家已发货')]);

    const received = await get(`/order/api/order/takeDelivery?id=${paid.id}`, learner.token);
    expect(received).toMatchObject({ state: 3, reviewState: 'open' });
    const signed = await get(`/order/api/delivery/detail?orderId=${paid.id}`, learner.token);
    expect(signed.state).toBe(4);
    expect(signed.signedAt).not.toBeNull();
    expect(signed.events[0]).toMatchObject({ text: '买家已确认收货', state: 4 });
    // Confirming twice adds nothing; a signed delivery takes no more events.
    await get(`/order/api/order/takeDelivery?id=${paid.id}`, learner.token);
    expect((await get(`/order/api/delivery/detail?orderId=${paid.id}`, learner.token)).events).toHaveLength(signed.events.length);
    expect((await fail('POST', '/order/api/delivery/addEvent', admin.token, { orderId: paid.id, text: '再次派送' })).errorCode).toBe('DELIVERY_SIGNED');
  });

  it('refuses shipping an unpaid order and tracking events before shipping', async () => {
    const pending = await buy(learner.token, book2, { addressId });
    expect((await fail('POST', '/order/api/delivery/ship', admin.token, { orderId: pending.id, carrier: '顺丰速运', trackingNo: 'SF1234567890' })).errorCode).toBe('ORDER_STATE');
    const paid = await pay(learner.token, pending.id);
    expect((await fail('POST', '/order/api/delivery/addEvent', admin.token, { orderId: paid.id, text: '到达' })).errorCode).toBe('NOT_SHIPPED');
    expect((await fail('POST', '/order/api/delivery/ship', admin.token, { orderId: 999_999_999, carrier: '顺丰速运', trackingNo: 'SF1234567890' })).errorCode).toBe('ORDER_NOT_FOUND');
  });

  // A refunded order (state 6) was said to be 已完成 when shipped, took tracking events, and was
  // listed under 'cancelled' while that tab's filter and count left it out.
  it('a refunded order is named so when shipped, takes no tracking events, and has a refunded stage of its own', async () => {
    const refund = (id: number) => t.db.owner.updateTable('shop_order').set({ state: 6 }).where('tenant_id', '=', SHOP).where('id', '=', id).execute();
    const unshipped = await paidPhysical();
    await refund(unshipped.id);
    expect(await fail('POST', '/order/api/delivery/ship', admin.token, { orderId: unshipped.id, carrier: '顺丰速运', trackingNo: 'SF1234567890' }))
      .toMatchObject({ errorCode: 'ORDER_STATE', message: '该订单已退款，不能发货。' });
    const shipped = await paidPhysical();
    await ship(shipped.id);
    await refund(shipped.id);
    expect(await fail('POST', '/order/api/delivery/addEvent', admin.token, { orderId: shipped.id, text: '快件已到达【杭州转运中心】', state: 2 }))
      .toMatchObject({ errorCode: 'ORDER_STATE', message: '该订单已退款，不能再添加物流信息。' });
    expect((await get(`/order/api/delivery/detail?orderId=${shipped.id}`, learner.token)).events).toHaveLength(1);

    const refunded = await get('/order/api/delivery/adminOrders?stage=refunded&pageSize=50', admin.token);
    expect(refunded.list.map((o: { id: number }) => o.id)).toEqual(expect.arrayContaining([unshipped.id, shipped.id]));
    expect(refunded.list.every((o: { stage: string; state: number }) => o.stage === 'refunded' && o.state === 6)).toBe(true);
    expect(refunded.counts.refunded).toBe(refunded.total);
    const cancelled = await get('/order/api/delivery/adminOrders?stage=cancelled&pageSize=50', admin.token);
    expect(cancelled.list.every((o: { stage: string; state: number }) => o.stage === 'cancelled' && o.state === 4)).toBe(true);
    // Every order is under exactly one stage: the stages' counts add up to all orders.
    const all = await get('/order/api/delivery/adminOrders?pageSize=1', admin.token);
    expect(Object.values(all.counts as Record<string, number>).reduce((n, k) => n + k, 0)).toBe(all.total);
  });

  it('only the back office ships: a learner, a guest, and another tenant\'s admin are refused', async () => {
    const paid = await paidPhysical();
    expect((await fail('POST', '/order/api/delivery/ship', learner.token, { orderId: paid.id, carrier: '顺丰速运', trackingNo: 'SF1234567890' })).errorCode).toBe('NO_ADMIN_AUTH');
    expect((await fail('GET', '/order/api/delivery/adminOrders', learner.token)).errorCode).toBe('NO_ADMIN_AUTH');
    expect((await fail('POST', '/order/api/delivery/ship', undefined, { orderId: paid.id, carrier: '顺丰速运', trackingNo: 'SF1234567890' })).flag).toBe(401);
    expect((await fail('POST', '/order/api/delivery/ship', demoAdmin.token, { orderId: paid.id, carrier: '顺丰速运', trackingNo: 'SF1234567890' })).flag).toBe(401);
    // The demo admin's own back office holds none of the shop's orders, and cannot ship one by id.
    const demoOrders = await data('GET', `/order/api/delivery/adminOrders?tenantId=${DEMO}&pageSize=50`, demoAdmin.token);
    expect(demoOrders.list.map((o: { id: number }) => o.id)).not.toContain(paid.id);
    const cross = await call('POST', '/order/api/delivery/ship', demoAdmin.token, { tenantId: DEMO, orderId: paid.id, carrier: '顺丰速运', trackingNo: 'SF1234567890' });
    expect(cross).toMatchObject({ success: false, errorCode: 'ORDER_NOT_FOUND' });
    expect((await get(`/order/api/delivery/detail?orderId=${paid.id}`, learner.token)).shipped).toBe(false);
  });

  it('the delivery of another learner\'s or a missing order does not exist (spec §8); a guest must sign in', async () => {
    const paid = await paidPhysical();
    await ship(paid.id);
    for (const orderId of [paid.id, 999_999_999]) {
      const res = await fail('GET', `/order/api/delivery/detail?orderId=${orderId}`, second.token);
      expect(res).toMatchObject({ errorCode: 'ORDER_NOT_FOUND', message: '订单不存在' });
    }
    expect((await fail('GET', `/order/api/delivery/detail?orderId=${paid.id}`, undefined)).flag).toBe(401);
    expect((await fail('GET', `/order/api/delivery/detail?orderId=${paid.id}`, demoLearner.token)).flag).toBe(401);
  });

  it('row-level security: a tenant never sees another tenant\'s deliveries or events', async () => {
    const shop = await withTenant(t.db.app, SHOP, (trx) => trx.selectFrom('order_delivery_event').select('tenant_id').execute());
    expect(shop.length).toBeGreaterThan(0);
    const demo = await withTenant(t.db.app, DEMO, async (trx) => [
      ...(await trx.selectFrom('order_delivery').select('tenant_id').execute()),
      ...(await trx.selectFrom('order_delivery_event').select('tenant_id').execute()),
    ]);
    expect(demo.every((r) => Number(r.tenant_id) === DEMO)).toBe(true);
    expect(demo.some((r) => Number(r.tenant_id) === SHOP)).toBe(false);
  });
});

describe('reviews', () => {
  /** A physical order of the learner, shipped and received. */
  const receivedOrder = async (prodId = book) => {
    const paid = await paidPhysical(learner.token, prodId);
    await ship(paid.id);
    await get(`/order/api/order/takeDelivery?id=${paid.id}`, learner.token);
    return get(`/order/api/orderComment/orderInfo?orderId=${paid.id}`, learner.token);
  };

  it('only after receipt: a paid order not received cannot be reviewed', async () => {
    const paid = await paidPhysical();
    const info = await get(`/order/api/orderComment/orderInfo?orderId=${paid.id}`, learner.token);
    expect(info).toMatchObject({ orderState: 2, reviewState: 'none' });
    const res = await fail('POST', '/order/api/orderComment/submit', learner.token, { orderId: paid.id, items: [{ orderItemId: info.lines[0].orderItemId, score: 5, content: '好' }] });
    expect(res.errorCode).toBe('ORDER_STATE');
  });

  it('the buyer reviews a received line once, with stars, plain text and own photos; the product page shows it', async () => {
    const info = await receivedOrder(book2);
    const line = info.lines[0];
    expect(info.reviewState).toBe('open');
    const bad = [
      { score: 6, content: '好书' },
      { score: 5, content: '<b></b>' },
      { score: 5, content: '好书', images: ['https://elsewhere.example/x.jpg'] },
      { score: 5, content: '好书', images: [upload('svg')] },
      { score: 5, content: '好书', images: Array.from({ length: 7 }, () => upload()) },
    ];
    for (const item of bad) expect((await fail('POST', '/order/api/orderComment/submit', learner.token, { orderId: info.orderId, items: [{ orderItemId: line.orderItemId, ...item }] })).success).toBe(false);
    const done = await post('/order/api/orderComment/submit', learner.token, {
      orderId: info.orderId, items: [{ orderItemId: line.orderItemId, score: 4, content: '  <script>alert(1)</script>纸张很好，\n\n\n\n物流也快  ', images: [upload(), upload('png')] }],
    });
    expect(done.reviewState).toBe('done');
    expect(done.lines[0].review).toMatchObject({ score: 4, content: 'alert(1)纸张很好，\n\n物流也快', images: [upload(), upload('png')] });
    expect((await fail('POST', '/order/api/orderComment/submit', learner.token, { orderId: info.orderId, items: [{ orderItemId: line.orderItemId, score: 5, content: '再评一次' }] })).errorCode).toBe('ALREADY_REVIEWED');
    expect((await get(`/order/api/order/detail?id=${info.orderId}`, learner.token)).reviewState).toBe('done');
    const page = await get(`/order/api/orderComment/prodCommentList?prodId=${book2}&pageSize=20`);
    expect(page.list.find((r: { content: string }) => r.content === 'alert(1)纸张很好，\n\n物流也快')).toMatchObject({ score: 4, images: [upload(), upload('png')] });
  });

  it('a line of another order is refused, and another learner\'s or a missing order does not exist', async () => {
    const info = await receivedOrder();
    const other = await receivedOrder(book2);
    const res = await fail('POST', '/order/api/orderComment/submit', learner.token, { orderId: info.orderId, items: [{ orderItemId: other.lines[0].orderItemId, score: 5, content: '不是这单的' }] });
    expect(res.errorCode).toBe('VALIDATION');
    for (const orderId of [info.orderId, 999_999_999]) {
      expect(await fail('POST', '/order/api/orderComment/submit', second.token, { orderId, items: [{ orderItemId: info.lines[0].orderItemId, score: 5, content: '冒名' }] }))
        .toMatchObject({ errorCode: 'ORDER_NOT_FOUND', message: '订单不存在' });
      expect((await fail('GET', `/order/api/orderComment/orderInfo?orderId=${orderId}`, second.token)).errorCode).toBe('ORDER_NOT_FOUND');
    }
    expect((await fail('POST', '/order/api/orderComment/submit', undefined, { orderId: info.orderId, items: [{ orderItemId: info.lines[0].orderItemId, score: 5, content: '游客' }] })).flag).toBe(401);
  });
});

describe('buy/query', () => {
  it('tells whether the caller bought a product: a paid order, not a pending one nor another learner\'s', async () => {
    const fresh = await t.db.owner.selectFrom('product as p')
      .innerJoin('provider as v', (j) => j.onRef('v.tenant_id', '=', 'p.tenant_id').onRef('v.id', '=', 'p.provider_id'))
      .select('p.id').where('p.tenant_id', '=', SHOP).where('p.state', '=', 1).where('v.state', '=', 0).where('p.type', '=', 3)
      .orderBy('p.id', 'desc').executeTakeFirstOrThrow();
    await t.db.owner.updateTable('product').set({ stock: 50 }).where('tenant_id', '=', SHOP).where('id', '=', fresh.id).execute();
    expect(await get(`/order/api/buy/query?prodId=${fresh.id}`, second.token)).toEqual({ bought: false, orderId: null, orderNo: null, orderState: null, paidAt: null });
    const addr = (await post('/um/umAddress/save', second.token, { receiver: '李读者', phone: '13812345670', area: '上海市', detail: '世纪大道 1 号' })).id;
    const pending = await buy(second.token, fresh.id, { addressId: addr });
    expect((await get(`/order/api/buy/query?prodId=${fresh.id}`, second.token)).bought).toBe(false);
    await pay(second.token, pending.id);
    expect(await get(`/order/api/buy/query?prodId=${fresh.id}`, second.token)).toMatchObject({ bought: true, orderId: pending.id, orderState: 2 });
    expect((await get(`/order/api/buy/query?prodId=${fresh.id}`, learner.token)).bought).toBe(false);
    expect((await fail('GET', `/order/api/buy/query?prodId=${fresh.id}`, undefined)).flag).toBe(401);
  });
});

describe('the seed', () => {
  it('gives the shop learner a shipped order with its tracking, a received order reviewed with a photo, and one to ship', async () => {
    const seeded = await t.db.owner.selectFrom('shop_order').select(['id', 'submit_token']).where('tenant_id', '=', SHOP)
      .where('user_id', '=', learner.id).where('submit_token', 'like', 'seed-after-sale-%').execute();
    const idOf = (key: string) => Number(seeded.find((o) => o.submit_token === `seed-after-sale-${key}`)!.id);
    const shipped = await get(`/order/api/delivery/detail?orderId=${idOf('shipped')}`, learner.token);
    expect(shipped).toMatchObject({ orderState: 2, shipped: true, carrier: '顺丰速运', state: 3 });
    expect(shipped.events).toHaveLength(4);
    const received = await get(`/order/api/orderComment/orderInfo?orderId=${idOf('received')}`, learner.token);
    expect(received).toMatchObject({ orderState: 3, reviewState: 'done' });
    expect(received.lines[0].review).toMatchObject({ score: 5 });
    expect(received.lines[0].review.images).toHaveLength(1);
    expect(await get(`/order/api/order/detail?id=${idOf('to-ship')}`, learner.token)).toMatchObject({ state: 2, shippedAt: null });
    // The shop's school sells a textbook that ships.
    const school = await t.db.owner.selectFrom('provider').select('id').where('tenant_id', '=', SHOP).where('org_type', '=', 'SCHOOL').executeTakeFirstOrThrow();
    const books = await t.db.owner.selectFrom('product').select('type').where('tenant_id', '=', SHOP).where('provider_id', '=', school.id).where('type', '=', 1).execute();
    expect(books.length).toBeGreaterThan(0);
  });
});
