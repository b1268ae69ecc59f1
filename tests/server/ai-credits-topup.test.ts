// Issue 21 part F: top-ups through the shop's simulated payment (docs/ai.md F). A credits package is
// a product of type 13 with product.ai_credits; paying its order grants the credits once, in the
// payment's transaction (paying again or replaying grants nothing); refunding the order takes them
// back while unspent and is refused with a clear message once they are spent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { chargeCredits, grantOrderCredits } from '../../server/lib/ai/credits';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
const AI = 1004;
let learner: { id: number; token: string };
let admin: { id: number; token: string };
let n = 0;
const token = () => `topup-${++n}-${Date.now()}`;
const balance = async () => (await data('GET', `/cm/api/ai/credits/balance?tenantId=${AI}`, learner.token)).balance as number;

/** Places an order for `quantity` of a package and returns its id (not paid yet). */
async function order(prodId: number, quantity = 1): Promise<number> {
  const submitted = await data('POST', '/order/api/order/submit', learner.token, { tenantId: AI, prodId, quantity, submitToken: token() });
  return submitted.id as number;
}
const pay = (id: number) => call('POST', '/order/api/pay/unifiedOrder', learner.token, { tenantId: AI, id, payType: 'simulated' });

beforeAll(async () => {
  t = await createTestApp();
  learner = await signIn(AI, 'learner', 'Study@2026');
  admin = await signIn(AI, 'admin', 'Admin@2026');
});
afterAll(() => t.close());

describe('packages and paying for them', () => {
  it('lists the ai tenant\'s three packages, cheapest first, to anyone', async () => {
    const packages = await data('GET', `/cm/api/ai/credits/packages?tenantId=${AI}`, undefined);
    expect(packages.map((p: { credits: number; price: number }) => [p.credits, p.price])).toEqual([[100, 9.9], [500, 39], [1200, 79]]);
    // Another tenant sells none of them.
    expect(await data('GET', '/cm/api/ai/credits/packages?tenantId=1001', undefined)).toEqual([]);
  });

  it('needs no address, and paying grants the credits once (paying again and replaying grant nothing)', async () => {
    const packages = await data('GET', `/cm/api/ai/credits/packages?tenantId=${AI}`, undefined);
    const five = packages.find((p: { credits: number }) => p.credits === 500);
    const confirm = await data('POST', '/order/api/order/confirm', learner.token, { tenantId: AI, prodId: five.prodId, quantity: 2 });
    expect(confirm.needsDelivery).toBe(false);
    const before = await balance();
    const id = await order(five.prodId, 2);
    expect(await balance()).toBe(before);
    expect((await pay(id)).success).toBe(true);
    expect(await balance()).toBe(before + 1000);
    expect((await pay(id)).success).toBe(true);
    expect(await withTenant(t.db.app, AI, (trx) => grantOrderCredits(trx, { userId: learner.id, orderId: id }))).toBe(0);
    expect(await balance()).toBe(before + 1000);
    const top = (await data('GET', `/cm/api/ai/credits/ledger?tenantId=${AI}&pageSize=5`, learner.token)).list;
    expect(top.filter((r: { orderId: number | null }) => r.orderId === id)).toEqual([expect.objectContaining({ kind: 'topup', amount: 1000, balanceAfter: before + 1000, note: expect.stringMatching(/^充值 1000 点（订单 \S+）$/) })]);
    const detail = await data('GET', `/order/api/order/detail?tenantId=${AI}&id=${id}`, learner.token);
    expect(detail.state).toBe(3);
  });

  it('an ordinary order grants no credits', async () => {
    expect(await withTenant(t.db.app, 1003, async (trx) => {
      const o = await trx.selectFrom('shop_order').select(['id', 'user_id']).where('state', 'in', [2, 3]).executeTakeFirst();
      return o ? grantOrderCredits(trx, { userId: o.user_id, orderId: o.id }) : 0;
    })).toBe(0);
  });
});

describe('refunding a top-up order', () => {
  async function paidPackage(credits: number): Promise<number> {
    const packages = await data('GET', `/cm/api/ai/credits/packages?tenantId=${AI}`, undefined);
    const id = await order(packages.find((p: { credits: number }) => p.credits === credits).prodId);
    expect((await pay(id)).success).toBe(true);
    return id;
  }

  it('takes the credits back when the refund is approved while they are unspent, once', async () => {
    const id = await paidPackage(100);
    const before = await balance();
    await data('POST', '/order/api/refund/apply', learner.token, { tenantId: AI, orderId: id, reason: '买错了套餐' });
    const request = (await data('GET', `/order/api/refund/adminList?tenantId=${AI}&state=requested`, admin.token)).list.find((r: { orderId: number }) => r.orderId === id);
    await data('POST', '/order/api/refund/audit', admin.token, { tenantId: AI, id: request.id, approve: true });
    expect(await balance()).toBe(before - 100);
    const top = (await data('GET', `/cm/api/ai/credits/ledger?tenantId=${AI}&pageSize=1`, learner.token)).list[0];
    expect(top).toMatchObject({ kind: 'reversal', amount: -100, orderId: id, note: '订单退款，收回充值的 100 点' });
  });

  it('refuses the refund with the numbers once the credits are spent, and the order stays paid', async () => {
    const id = await paidPackage(100);
    // Spend all but 50 of the balance.
    const now = await balance();
    await withTenant(t.db.app, AI, (trx) => chargeCredits(trx, { userId: learner.id, use: 'image', units: Math.ceil((now - 50) / 4), note: 'spent' }));
    const left = await balance();
    expect(left).toBeLessThan(100);
    expect(await call('POST', '/order/api/refund/apply', learner.token, { tenantId: AI, orderId: id, reason: '不想要了' }))
      .toMatchObject({ success: false, errorCode: 'AI_CREDITS_SPENT', message: `这笔订单充值的 100 点已被使用（余额 ${left} 点），不能退款。` });
    expect((await data('GET', `/order/api/order/detail?tenantId=${AI}&id=${id}`, learner.token)).state).toBe(3);
    expect(await balance()).toBe(left);
  });

  it('refuses the approval too when the credits were spent after the request, and changes nothing', async () => {
    await data('POST', '/cm/api/ai/credits/adjust', admin.token, { tenantId: AI, userId: learner.id, amount: 200, reason: '测试补足余额' });
    const id = await paidPackage(100);
    await data('POST', '/order/api/refund/apply', learner.token, { tenantId: AI, orderId: id, reason: '不需要了' });
    const now = await balance();
    await withTenant(t.db.app, AI, (trx) => chargeCredits(trx, { userId: learner.id, use: 'image', units: Math.floor(now / 4), note: 'spent' }));
    const left = await balance();
    const request = (await data('GET', `/order/api/refund/adminList?tenantId=${AI}&state=requested`, admin.token)).list.find((r: { orderId: number }) => r.orderId === id);
    expect(await call('POST', '/order/api/refund/audit', admin.token, { tenantId: AI, id: request.id, approve: true })).toMatchObject({ success: false, errorCode: 'AI_CREDITS_SPENT' });
    expect((await data('GET', `/order/api/order/detail?tenantId=${AI}&id=${id}`, learner.token)).state).toBe(3);
    expect(await balance()).toBe(left);
  });
});
