// Refunds (issue 20 part R): a learner asks for a refund of a paid order with a reason; the back
// office (asBackOfficeAdmin) approves it (the order refunded, stock and sales back, a reservation's
// seat freed) or rejects it with a note the learner sees; and who may do what, per tenant.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { closeOrderForRefund } from '../../server/modules/order/refund-repository';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

const SHOP = 1003;
/** acme: a tenant without a back office. */
const ACME = 1002;
let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let admin: { id: number; token: string };
let other: { id: number; token: string };
let acmeLearner: { id: number; token: string };
let service: number; let contract: number;

const get = (path: string, token?: string) => data('GET', `${path}${path.includes('?') ? '&' : '?'}tenantId=${SHOP}`, token);
const post = (path: string, token: string, body: object) => data('POST', path, token, { tenantId: SHOP, ...body });
const fail = async (method: 'GET' | 'POST', path: string, token: string | undefined, body?: object, tenantId = SHOP) => {
  const res = method === 'GET' ? await call('GET', `${path}${path.includes('?') ? '&' : '?'}tenantId=${tenantId}`, token) : await call('POST', path, token, { tenantId, ...body });
  expect(res.success, `${path} should fail`).toBe(false);
  return res;
};
let n = 0;
const tok = () => `refund-${++n}-${Date.now()}`;
const productRow = (id: number) => t.db.owner.selectFrom('product').select(['stock', 'sales_count']).where('tenant_id', '=', SHOP).where('id', '=', id).executeTakeFirstOrThrow();

/** A paid contract order of the learner. */
async function paidContractOrder(token = learner.token): Promise<number> {
  const created = await post('/order/api/orderCustomize/create', token, { kind: 'contract', prodId: contract, submitToken: tok() });
  await post('/order/api/contract/confirm', token, { id: created.contractId, signerName: '王同学', agreed: true });
  await post('/order/api/pay/unifiedOrder', token, { id: created.orderId, payType: 'simulated' });
  return created.orderId as number;
}

beforeAll(async () => {
  t = await createTestApp();
  const seeded = await t.db.owner.selectFrom('user_account').selectAll().where('tenant_id', '=', SHOP).where('account', '=', 'learner').executeTakeFirstOrThrow();
  await t.db.owner.insertInto('user_account').values({ tenant_id: SHOP, account: 'learner2', password_hash: seeded.password_hash, password_salt: seeded.password_salt }).execute();
  learner = await signIn(SHOP, 'learner', 'Study@2026');
  other = await signIn(SHOP, 'learner2', 'Study@2026');
  admin = await signIn(SHOP, 'admin', 'Admin@2026');
  acmeLearner = await signIn(ACME, 'learner', 'Study@2026');
  const products = await t.db.owner.selectFrom('product').select(['id', 'type', 'price']).where('tenant_id', '=', SHOP).where('type', 'in', [11, 12]).orderBy('id').execute();
  service = products.find((p) => p.type === 11 && Number(p.price) > 0)!.id;
  contract = products.find((p) => p.type === 12)!.id;
});
afterAll(() => t.close());

describe('asking for a refund', () => {
  it('only a paid order with money paid, one open request at a time, with a reason', async () => {
    const created = await post('/order/api/orderCustomize/create', learner.token, { kind: 'contract', prodId: contract, submitToken: tok() });
    expect((await get(`/order/api/refund/info?orderId=${created.orderId}`, learner.token)).canApply).toBe(false);
    expect(await fail('POST', '/order/api/refund/apply', learner.token, { orderId: created.orderId, reason: '不想要了' })).toMatchObject({ errorCode: 'ORDER_STATE' });
    const orderId = await paidContractOrder();
    expect(await get(`/order/api/refund/info?orderId=${orderId}`, learner.token)).toMatchObject({ canApply: true, latest: null });
    expect(await fail('POST', '/order/api/refund/apply', learner.token, { orderId, reason: ' 啊 ' })).toMatchObject({ errorCode: 'REFUND_REASON' });
    const asked = await post('/order/api/refund/apply', learner.token, { orderId, reason: '时间冲突，无法参加' });
    expect(asked).toMatchObject({ canApply: false, latest: { state: 'requested', reason: '时间冲突，无法参加', note: null } });
    expect(await fail('POST', '/order/api/refund/apply', learner.token, { orderId, reason: '再申请一次' })).toMatchObject({ errorCode: 'REFUND_PENDING' });
  });

  it('another learner\'s or a missing order is 订单不存在; a guest or another tenant\'s session is refused', async () => {
    const orderId = await paidContractOrder();
    expect(await fail('POST', '/order/api/refund/apply', other.token, { orderId, reason: '别人的订单' })).toMatchObject({ errorCode: 'ORDER_NOT_FOUND', message: '订单不存在' });
    expect(await fail('GET', `/order/api/refund/info?orderId=${orderId}`, other.token)).toMatchObject({ errorCode: 'ORDER_NOT_FOUND' });
    expect(await fail('GET', '/order/api/refund/info?orderId=99999999', learner.token)).toMatchObject({ errorCode: 'ORDER_NOT_FOUND' });
    expect((await fail('POST', '/order/api/refund/apply', undefined, { orderId, reason: '游客' })).flag).toBe(401);
    expect((await fail('POST', '/order/api/refund/apply', acmeLearner.token, { orderId, reason: '别的租户' })).flag).toBe(401);
  });
});

describe('the back office', () => {
  it('only a back-office admin of the tenant lists and decides refunds', async () => {
    expect(await fail('GET', '/order/api/refund/adminList', learner.token)).toMatchObject({ code: 403, errorCode: 'NO_ADMIN_AUTH' });
    expect((await fail('GET', '/order/api/refund/adminList', undefined)).flag).toBe(401);
    // acme has no back office.
    expect(await fail('GET', '/order/api/refund/adminList', acmeLearner.token, undefined, ACME)).toMatchObject({ errorCode: 'ADMIN_NOT_ENABLED' });
    const list = await get('/order/api/refund/adminList?state=requested', admin.token);
    // The seeded request and nothing of another tenant's.
    expect(list.total).toBeGreaterThanOrEqual(1);
    const acmeOrderIds = (await t.db.owner.selectFrom('order_refund').select('order_id').where('tenant_id', '=', ACME).execute()).map((r) => r.order_id);
    const shopOrderIds = (await t.db.owner.selectFrom('order_refund').select('order_id').where('tenant_id', '=', SHOP).execute()).map((r) => r.order_id);
    expect(list.list.every((r: any) => shopOrderIds.includes(r.orderId))).toBe(true);
    expect(acmeOrderIds.length).toBeGreaterThan(0);
    const id = list.list[0].id;
    expect(await fail('POST', '/order/api/refund/audit', learner.token, { id, approve: true })).toMatchObject({ errorCode: 'NO_ADMIN_AUTH' });
  });

  it('rejecting needs a note the learner then sees, and the learner may ask again; approving refunds the order and restores the stock and sales', async () => {
    const orderId = await paidContractOrder();
    await post('/order/api/refund/apply', learner.token, { orderId, reason: '买错了商品' });
    const row = (await get('/order/api/refund/adminList?state=requested&pageSize=50', admin.token)).list.find((r: any) => r.orderId === orderId);
    expect(row).toMatchObject({ state: 'requested', reason: '买错了商品', account: 'learner', items: [{ quantity: 1 }] });
    expect(await fail('POST', '/order/api/refund/audit', admin.token, { id: row.id, approve: false })).toMatchObject({ errorCode: 'REFUND_NOTE_REQUIRED' });
    await post('/order/api/refund/audit', admin.token, { id: row.id, approve: false, note: '服务已开通，不支持退款' });
    expect(await get(`/order/api/refund/info?orderId=${orderId}`, learner.token)).toMatchObject({ canApply: true, latest: { state: 'rejected', note: '服务已开通，不支持退款' } });
    expect(await fail('POST', '/order/api/refund/audit', admin.token, { id: row.id, approve: true })).toMatchObject({ errorCode: 'REFUND_DECIDED' });

    await post('/order/api/refund/apply', learner.token, { orderId, reason: '再次申请：确实无法参加' });
    const again = (await get('/order/api/refund/adminList?state=requested&pageSize=50', admin.token)).list.find((r: any) => r.orderId === orderId);
    const before = await productRow(contract);
    const approved = await post('/order/api/refund/audit', admin.token, { id: again.id, approve: true, note: '已退款' });
    expect(approved).toMatchObject({ state: 'approved', note: '已退款', automatic: false });
    const after = await productRow(contract);
    expect(after.stock).toBe(before.stock + 1);
    expect(after.sales_count).toBe(before.sales_count - 1);
    expect((await get(`/order/api/order/detail?id=${orderId}`, learner.token)).state).toBe(6);
    expect(await fail('POST', '/order/api/refund/apply', learner.token, { orderId, reason: '已经退过了' })).toMatchObject({ errorCode: 'ALREADY_REFUNDED' });
  });

  // The audit locked the refund row and then the order; a cancelled reservation (closeOrderForRefund)
  // locks the order and then the refund row: the two met in a deadlock and the audit answered 500.
  it('an audit meeting a cancelled reservation of the same order waits its turn instead of deadlocking', async () => {
    const orderId = await paidContractOrder();
    await post('/order/api/refund/apply', learner.token, { orderId, reason: '临时有事，无法参加' });
    const row = (await get('/order/api/refund/adminList?state=requested&pageSize=50', admin.token)).list.find((r: any) => r.orderId === orderId);
    const waitingOnLocks = async () => (await sql<{ n: number }>`select count(*)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid where not l.granted and a.datname = current_database()`.execute(t.db.owner)).rows[0]!.n;
    let audit: ReturnType<typeof call> | undefined;
    await withTenant(t.db.app, SHOP, async (trx) => {
      // closeOrderForRefund's first step: the order's lock. The audit starts and waits on a lock.
      await trx.selectFrom('shop_order').select('id').where('id', '=', orderId).forUpdate().execute();
      audit = call('POST', '/order/api/refund/audit', admin.token, { tenantId: SHOP, id: row.id, approve: true });
      for (let i = 0; i < 100 && (await waitingOnLocks()) === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await waitingOnLocks()).toBeGreaterThan(0);
      // Then its refund row: the open request approved automatically, the order refunded.
      await closeOrderForRefund(trx, orderId, { reason: '预约已取消', automatic: true });
    });
    // The audit then finds the request decided: a clear refusal, not a deadlock's 500.
    expect(await audit!).toMatchObject({ success: false, errorCode: 'REFUND_DECIDED' });
    expect((await get(`/order/api/order/detail?id=${orderId}`, learner.token)).state).toBe(6);
  });

  it('approving the refund of a paid reservation frees its seat', async () => {
    const slots = (await get(`/order/api/serviceSlot/list?prodId=${service}`)).slots as any[];
    const slot = slots.find((s) => s.bookable && s.free >= 1)!;
    const created = await post('/order/api/orderCustomize/create', learner.token, { kind: 'reserve', prodId: service, slotId: slot.id, submitToken: tok() });
    await post('/order/api/pay/unifiedOrder', learner.token, { id: created.orderId, payType: 'simulated' });
    const held = (await get(`/order/api/serviceSlot/list?prodId=${service}`)).slots.find((s: any) => s.id === slot.id);
    expect(held.booked).toBe(slot.booked + 1);
    await post('/order/api/refund/apply', learner.token, { orderId: created.orderId, reason: '临时有事' });
    const row = (await get('/order/api/refund/adminList?state=requested&pageSize=50', admin.token)).list.find((r: any) => r.orderId === created.orderId);
    await post('/order/api/refund/audit', admin.token, { id: row.id, approve: true });
    expect((await get(`/order/api/serviceSlot/list?prodId=${service}`)).slots.find((s: any) => s.id === slot.id).booked).toBe(slot.booked);
    expect((await get(`/order/api/orderCustomize/info?orderId=${created.orderId}`, learner.token)).reservation.status).toBe('cancelled');
  });
});
