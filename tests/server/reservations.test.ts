// Reservations and contracts (issue 20 part R; spec learning §7 orderCustomize/create and info, §8
// 订单不存在): slots and their seats, a full, started or doubly booked slot refused, the last seat
// taken once under concurrent creates, payment, cancelling (the seat freed, a paid one refunded),
// expiry freeing the seat, contracts confirmed before payment and printed, and tenants and learners
// kept apart. Refunds and the back office: reservations-refunds.test.ts.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';
import { withTenant } from '../../server/db/database';

const SHOP = 1003;
let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let second: { id: number; token: string };
let demo: { id: number; token: string };
let service: number; let free: number; let contract: number;

const get = (path: string, token?: string) => data('GET', `${path}${path.includes('?') ? '&' : '?'}tenantId=${SHOP}`, token);
const post = (path: string, token: string, body: object) => data('POST', path, token, { tenantId: SHOP, ...body });
const fail = async (method: 'GET' | 'POST', path: string, token: string | undefined, body?: object) => {
  const res = method === 'GET' ? await call('GET', `${path}${path.includes('?') ? '&' : '?'}tenantId=${SHOP}`, token) : await call('POST', path, token, { tenantId: SHOP, ...body });
  expect(res.success, `${path} should fail`).toBe(false);
  return res;
};
let n = 0;
const tok = () => `resv-${++n}-${Date.now()}`;
const slotsOf = async (prodId: number, token?: string) => (await get(`/order/api/serviceSlot/list?prodId=${prodId}`, token)).slots as any[];
const reserve = (token: string, prodId: number, slotId: number, extra: object = {}) => post('/order/api/orderCustomize/create', token, { kind: 'reserve', prodId, slotId, submitToken: tok(), ...extra });
const stockOf = async (id: number) => (await t.db.owner.selectFrom('product').select('stock').where('tenant_id', '=', SHOP).where('id', '=', id).executeTakeFirstOrThrow()).stock;
/** A new slot of the service starting `hours` from now (negative: started). */
const addSlot = async (prodId: number, hours: number, capacity: number) => {
  const product = await t.db.owner.selectFrom('product').select('provider_id').where('tenant_id', '=', SHOP).where('id', '=', prodId).executeTakeFirstOrThrow();
  const start = new Date(Date.now() + hours * 3_600_000 + n++ * 1000);
  return (await t.db.owner.insertInto('service_slot').values({
    tenant_id: SHOP, product_id: prodId, provider_id: product.provider_id, start_at: start, end_at: new Date(start.getTime() + 3_600_000), capacity,
  }).returning('id').executeTakeFirstOrThrow()).id;
};

/**
 * Starts the calls while another transaction holds the product's row lock, and lets it go once they
 * have all read what they read before locking: so they really meet at the lock (app.inject on one
 * event loop would otherwise often run them one after the other).
 */
async function whileProductLocked<T>(prodId: number, start: () => Array<Promise<T>>): Promise<T[]> {
  let calls: Array<Promise<T>> = [];
  await t.db.owner.transaction().execute(async (trx) => {
    await sql`select id from product where tenant_id = ${SHOP} and id = ${prodId} for update`.execute(trx);
    calls = start();
    await new Promise((resolve) => setTimeout(resolve, 400));
  });
  return Promise.all(calls);
}

beforeAll(async () => {
  t = await createTestApp();
  const seeded = await t.db.owner.selectFrom('user_account').selectAll().where('tenant_id', '=', SHOP).where('account', '=', 'learner').executeTakeFirstOrThrow();
  await t.db.owner.insertInto('user_account').values({ tenant_id: SHOP, account: 'learner2', password_hash: seeded.password_hash, password_salt: seeded.password_salt, real_name: '李读者' }).execute();
  learner = await signIn(SHOP, 'learner', 'Study@2026');
  second = await signIn(SHOP, 'learner2', 'Study@2026');
  demo = await signIn(1001, 'learner', 'Study@2026');
  const products = await t.db.owner.selectFrom('product').select(['id', 'type', 'price']).where('tenant_id', '=', SHOP).where('type', 'in', [11, 12]).orderBy('id').execute();
  service = products.find((p) => p.type === 11 && Number(p.price) > 0)!.id;
  free = products.find((p) => p.type === 11 && Number(p.price) === 0)!.id;
  contract = products.find((p) => p.type === 12)!.id;
});
afterAll(() => t.close());

describe('the seed', () => {
  it('gives the shop learner an upcoming and a past reservation and a confirmed contract; other tenants see none of the shop\'s', async () => {
    const upcoming = await get('/order/api/reservation/myList?tab=upcoming', learner.token);
    expect(upcoming.list.length).toBeGreaterThanOrEqual(1);
    expect(upcoming.list[0]).toMatchObject({ status: 'upcoming', cancellable: true });
    expect((await get('/order/api/reservation/myList?tab=past', learner.token)).total).toBeGreaterThanOrEqual(1);
    const contracts = await get('/order/api/contract/myList?tab=confirmed', learner.token);
    expect(contracts.list[0]).toMatchObject({ state: 'confirmed', signerName: '张读者' });
    expect(contracts.list[0].body).toContain(contracts.list[0].orderNo);
    // acme's rows are English.
    const acme = await signIn(1002, 'learner', 'Study@2026');
    const en = await data('GET', '/order/api/contract/myList?tenantId=1002&tab=confirmed', acme.token);
    expect(en.list[0].body).toMatch(/^Party A/);
  });

  it('a day-one slot is already full', async () => {
    const slots = await slotsOf(service);
    expect(slots.some((s) => s.free === 0 && !s.bookable)).toBe(true);
    expect(slots.every((s) => new Date(s.startAt).getTime() > Date.now())).toBe(true);
  });
});

describe('reserving', () => {
  it('needs a signed-in learner of the call\'s tenant', async () => {
    const slot = await addSlot(service, 48, 2);
    expect((await fail('POST', '/order/api/orderCustomize/create', undefined, { kind: 'reserve', prodId: service, slotId: slot, submitToken: tok() })).flag).toBe(401);
    expect((await fail('POST', '/order/api/orderCustomize/create', demo.token, { kind: 'reserve', prodId: service, slotId: slot, submitToken: tok() })).flag).toBe(401);
    expect((await fail('GET', '/order/api/reservation/myList', undefined)).flag).toBe(401);
  });

  it('books a priced slot: the order waits for payment, the seat is held, the page shows it as mine; the same token returns the same order', async () => {
    const slot = await addSlot(service, 30, 2);
    const stock = await stockOf(service);
    const submitToken = tok();
    const created = await post('/order/api/orderCustomize/create', learner.token, { kind: 'reserve', prodId: service, slotId: slot, note: '  请推荐书目  ', submitToken });
    expect(created).toMatchObject({ orderState: 1, needsPay: true, contractId: null, repeated: false });
    expect(await post('/order/api/orderCustomize/create', learner.token, { kind: 'reserve', prodId: service, slotId: slot, submitToken })).toMatchObject({ orderId: created.orderId, repeated: true });
    expect(await stockOf(service)).toBe(stock - 1);
    const mine = (await slotsOf(service, learner.token)).find((s) => s.id === slot);
    expect(mine).toMatchObject({ booked: 1, free: 1, mine: true });
    expect((await slotsOf(service)).find((s) => s.id === slot)).toMatchObject({ mine: false });
    const info = await get(`/order/api/orderCustomize/info?orderId=${created.orderId}`, learner.token);
    expect(info).toMatchObject({ kind: 'reserve', contract: null, reservation: { id: created.reservationId, status: 'toPay', note: '请推荐书目', cancellable: true, slotId: slot } });
    // The order is an ordinary order of the shop, with no address to ship to.
    const order = await get(`/order/api/order/detail?id=${created.orderId}`, learner.token);
    expect(order).toMatchObject({ state: 1, items: [{ prodId: service, quantity: 1 }] });
  });

  it('refuses a full slot, a started slot, a slot booked twice by one learner and the wrong kind, each with its reason', async () => {
    const one = await addSlot(service, 50, 1);
    await reserve(second.token, service, one);
    expect(await fail('POST', '/order/api/orderCustomize/create', learner.token, { kind: 'reserve', prodId: service, slotId: one, submitToken: tok() })).toMatchObject({ errorCode: 'SLOT_FULL' });
    expect(await fail('POST', '/order/api/orderCustomize/create', second.token, { kind: 'reserve', prodId: service, slotId: one, submitToken: tok() })).toMatchObject({ errorCode: 'SLOT_ALREADY_MINE' });
    const started = await addSlot(service, -0.5, 3);
    expect(await fail('POST', '/order/api/orderCustomize/create', learner.token, { kind: 'reserve', prodId: service, slotId: started, submitToken: tok() })).toMatchObject({ errorCode: 'SLOT_PAST' });
    expect((await slotsOf(service)).some((s) => s.id === started)).toBe(false);
    expect(await fail('POST', '/order/api/orderCustomize/create', learner.token, { kind: 'reserve', prodId: service, submitToken: tok() })).toMatchObject({ errorCode: 'SLOT_REQUIRED' });
    expect(await fail('POST', '/order/api/orderCustomize/create', learner.token, { kind: 'contract', prodId: service, submitToken: tok() })).toMatchObject({ errorCode: 'WRONG_KIND' });
    const otherSlot = await addSlot(free, 50, 3);
    expect(await fail('POST', '/order/api/orderCustomize/create', learner.token, { kind: 'reserve', prodId: service, slotId: otherSlot, submitToken: tok() })).toMatchObject({ errorCode: 'SLOT_NOT_FOUND' });
  });

  it('service and contract products never go through the cart or buy-now', async () => {
    expect(await fail('POST', '/order/api/cart/addCart', learner.token, { prodId: service })).toMatchObject({ errorCode: 'RESERVE_ONLY' });
    expect(await fail('POST', '/order/api/order/confirm', learner.token, { prodId: contract, quantity: 1 })).toMatchObject({ errorCode: 'CONTRACT_ONLY' });
  });

  it('the last seat goes to one of two learners booking at once', async () => {
    const last = await addSlot(service, 60, 1);
    const results = await whileProductLocked(service, () => [learner, second].map((u) => call('POST', '/order/api/orderCustomize/create', u.token, { tenantId: SHOP, kind: 'reserve', prodId: service, slotId: last, submitToken: tok() })));
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(results.find((r) => !r.success)).toMatchObject({ errorCode: 'SLOT_FULL' });
    expect((await slotsOf(service)).find((s) => s.id === last)).toMatchObject({ booked: 1, free: 0, bookable: false });
  });

  it('a double click (the same token twice at once) places one order and holds one seat', async () => {
    const slot = await addSlot(service, 62, 2);
    const submitToken = tok();
    const results = await whileProductLocked(service, () => [0, 1].map(() => call('POST', '/order/api/orderCustomize/create', learner.token, { tenantId: SHOP, kind: 'reserve', prodId: service, slotId: slot, submitToken })));
    expect(results.every((r) => r.success), results.map((r) => r.message).join(' / ')).toBe(true);
    expect(results[0]!.data.orderId).toBe(results[1]!.data.orderId);
    expect(results.filter((r) => r.data.repeated)).toHaveLength(1);
    expect((await slotsOf(service)).find((s) => s.id === slot)).toMatchObject({ booked: 1 });
  });

  it('a free slot is confirmed at once; cancelling it frees the seat and cancels the order', async () => {
    const slot = await addSlot(free, 20, 2);
    const created = await reserve(learner.token, free, slot);
    expect(created).toMatchObject({ needsPay: false, orderState: 3 });
    const cancelled = await post('/order/api/reservation/cancel', learner.token, { id: created.reservationId });
    expect(cancelled).toMatchObject({ status: 'cancelled', cancellable: false });
    expect((await slotsOf(free)).find((s) => s.id === slot)).toMatchObject({ booked: 0 });
    expect((await get(`/order/api/order/detail?id=${created.orderId}`, learner.token)).state).toBe(4);
    // Again is harmless.
    expect(await post('/order/api/reservation/cancel', learner.token, { id: created.reservationId })).toMatchObject({ status: 'cancelled' });
  });

  it('a paid reservation cancelled before its start is refunded at once: order refunded, seat and stock back', async () => {
    const slot = await addSlot(service, 26, 2);
    const created = await reserve(learner.token, service, slot);
    await post('/order/api/pay/unifiedOrder', learner.token, { id: created.orderId, payType: 'simulated' });
    expect((await get(`/order/api/orderCustomize/info?orderId=${created.orderId}`, learner.token)).reservation.status).toBe('upcoming');
    const stock = await stockOf(service);
    await post('/order/api/reservation/cancel', learner.token, { id: created.reservationId });
    expect((await get(`/order/api/order/detail?id=${created.orderId}`, learner.token)).state).toBe(6);
    expect(await stockOf(service)).toBe(stock + 1);
    expect((await slotsOf(service)).find((s) => s.id === slot)).toMatchObject({ booked: 0, free: 2 });
    const refund = await get(`/order/api/refund/info?orderId=${created.orderId}`, learner.token);
    expect(refund).toMatchObject({ canApply: false, latest: { state: 'approved', automatic: true } });
    expect((await get('/order/api/reservation/myList?tab=cancelled', learner.token)).list.some((r: any) => r.id === created.reservationId)).toBe(true);
  });

  it('a started reservation cannot be cancelled, nor its unpaid order paid', async () => {
    const slot = await addSlot(service, 40, 2);
    const created = await reserve(learner.token, service, slot);
    await t.db.owner.updateTable('service_slot').set({ start_at: sql<Date>`now() - interval '1 minute'` }).where('tenant_id', '=', SHOP).where('id', '=', slot).execute();
    expect(await fail('POST', '/order/api/pay/unifiedOrder', learner.token, { id: created.orderId, payType: 'simulated' })).toMatchObject({ errorCode: 'SLOT_PAST' });
    expect(await fail('POST', '/order/api/reservation/cancel', learner.token, { id: created.reservationId })).toMatchObject({ errorCode: 'RESERVATION_STARTED' });
  });

  it('an unpaid order that expires frees its seat', async () => {
    const slot = await addSlot(service, 70, 1);
    const created = await reserve(learner.token, service, slot);
    await t.db.owner.updateTable('shop_order').set({ expires_at: sql<Date>`now() - interval '1 second'` }).where('tenant_id', '=', SHOP).where('id', '=', created.orderId).execute();
    expect((await slotsOf(service)).find((s) => s.id === slot)).toMatchObject({ booked: 0, bookable: true });
    expect((await get(`/order/api/orderCustomize/info?orderId=${created.orderId}`, learner.token)).reservation.status).toBe('cancelled');
    await reserve(second.token, service, slot);
  });

  it('another learner\'s or a missing order is 订单不存在; another\'s reservation cannot be cancelled', async () => {
    const slot = await addSlot(service, 80, 2);
    const created = await reserve(learner.token, service, slot);
    const res = await fail('GET', `/order/api/orderCustomize/info?orderId=${created.orderId}`, second.token);
    expect(res).toMatchObject({ code: 404, errorCode: 'ORDER_NOT_FOUND', message: '订单不存在' });
    expect(await fail('GET', '/order/api/orderCustomize/info?orderId=99999999', learner.token)).toMatchObject({ errorCode: 'ORDER_NOT_FOUND' });
    expect(await fail('POST', '/order/api/reservation/cancel', second.token, { id: created.reservationId })).toMatchObject({ errorCode: 'RESERVATION_NOT_FOUND' });
  });

  it('another tenant sees none of the shop\'s slots, reservations or contracts', async () => {
    const res = await call('GET', `/order/api/serviceSlot/list?tenantId=1001&prodId=${service}`);
    expect(res).toMatchObject({ success: false, errorCode: 'PRODUCT_NOT_FOUND' });
    const mine = await data('GET', '/order/api/reservation/myList?tenantId=1001&tab=cancelled', demo.token);
    const shopIds = (await t.db.owner.selectFrom('reservation').select('id').where('tenant_id', '=', SHOP).execute()).map((r) => r.id);
    expect(mine.list.some((r: any) => shopIds.includes(r.id) && r.title.includes('一对一'))).toBe(false);
    // Row-level security: under the demo tenant the app role reads none of the shop's rows of part R's tables.
    for (const table of ['service_slot', 'reservation', 'contract_template', 'order_contract', 'order_refund'] as const) {
      const seen = await withTenant(t.db.app, 1001, (trx) => trx.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).where('tenant_id', '=', SHOP).executeTakeFirstOrThrow());
      expect(seen.n, table).toBe(0);
      const own = await withTenant(t.db.app, SHOP, (trx) => trx.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow());
      expect(own.n, table).toBeGreaterThan(0);
    }
  });
});

describe('contracts', () => {
  it('a contract order is paid only after its contract is confirmed with a name and the box ticked; the PDF prints it', async () => {
    const created = await post('/order/api/orderCustomize/create', learner.token, { kind: 'contract', prodId: contract, submitToken: tok() });
    expect(created).toMatchObject({ needsPay: true, reservationId: null });
    const info = await get(`/order/api/orderCustomize/info?orderId=${created.orderId}`, learner.token);
    expect(info.kind).toBe('contract');
    expect(info.contract).toMatchObject({ id: created.contractId, state: 'pending', contractNo: `HT${created.orderNo}` });
    // The learner's and the product's details are filled in; no placeholder is left.
    expect(info.contract.body).toContain(created.orderNo);
    expect(info.contract.body).not.toMatch(/\{(learnerName|productTitle|price|orderNo)\}/);
    expect(await fail('POST', '/order/api/pay/unifiedOrder', learner.token, { id: created.orderId, payType: 'simulated' })).toMatchObject({ errorCode: 'CONTRACT_NOT_CONFIRMED' });
    expect(await fail('POST', '/order/api/contract/confirm', learner.token, { id: created.contractId, signerName: '张读者', agreed: false })).toMatchObject({ errorCode: 'CONTRACT_NOT_AGREED' });
    expect(await fail('POST', '/order/api/contract/confirm', learner.token, { id: created.contractId, signerName: ' 张 ', agreed: true })).toMatchObject({ errorCode: 'SIGNER_NAME' });
    expect(await fail('POST', '/order/api/contract/confirm', second.token, { id: created.contractId, signerName: '李读者', agreed: true })).toMatchObject({ errorCode: 'CONTRACT_NOT_FOUND' });
    expect((await get('/order/api/contract/myList?tab=pending', learner.token)).list.some((c: any) => c.id === created.contractId)).toBe(true);
    const confirmed = await post('/order/api/contract/confirm', learner.token, { id: created.contractId, signerName: '张读者', agreed: true });
    expect(confirmed).toMatchObject({ state: 'confirmed', signerName: '张读者' });
    expect(confirmed.confirmedAt).not.toBeNull();
    const paid = await post('/order/api/pay/unifiedOrder', learner.token, { id: created.orderId, payType: 'simulated' });
    expect([2, 3]).toContain(paid.state);
    const pdf = await get(`/order/api/contract/pdf?id=${created.contractId}`, learner.token);
    expect(pdf).toMatchObject({ contentType: 'application/pdf', fileName: `contract-HT${created.orderNo}.pdf` });
    expect(Buffer.from(pdf.data, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(await fail('GET', `/order/api/contract/pdf?id=${created.contractId}`, second.token)).toMatchObject({ errorCode: 'CONTRACT_NOT_FOUND' });
  });

  it('a contract of a cancelled order cannot be confirmed', async () => {
    const created = await post('/order/api/orderCustomize/create', learner.token, { kind: 'contract', prodId: contract, submitToken: tok() });
    await post('/order/api/order/cancel', learner.token, { id: created.orderId });
    expect(await fail('POST', '/order/api/contract/confirm', learner.token, { id: created.contractId, signerName: '张读者', agreed: true })).toMatchObject({ errorCode: 'ORDER_STATE' });
    expect((await get('/order/api/contract/myList?tab=pending', learner.token)).list.some((c: any) => c.id === created.contractId)).toBe(false);
  });

  // Confirm read the order's state without expiring it first: an order past its 30 minutes, not yet
  // cancelled by a read, still said 1 and its contract was confirmed.
  it('a contract of an order past its 30 minutes cannot be confirmed', async () => {
    const created = await post('/order/api/orderCustomize/create', learner.token, { kind: 'contract', prodId: contract, submitToken: tok() });
    await t.db.owner.updateTable('shop_order').set({ expires_at: sql<Date>`now() - interval '1 second'` }).where('tenant_id', '=', SHOP).where('id', '=', created.orderId).execute();
    expect(await fail('POST', '/order/api/contract/confirm', learner.token, { id: created.contractId, signerName: '张读者', agreed: true })).toMatchObject({ errorCode: 'ORDER_STATE' });
    const row = await t.db.owner.selectFrom('order_contract').select('state').where('tenant_id', '=', SHOP).where('id', '=', created.contractId).executeTakeFirstOrThrow();
    expect(row.state).toBe('pending');
  });
});
