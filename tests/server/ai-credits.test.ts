// Issue 21 part F: AI credits (docs/ai.md F; docs/api.md "AI credits"). The kernel charges under
// the account's row lock (never overdrawn, even by two charges at once), refunds a charge once, and
// gives a tenant's daily free answers; the learner reads the balance and the ledger; the back office
// sets the rules and adjusts; a tenant never sees another's rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { chargeCredits, refundCredits } from '../../server/lib/ai/credits';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
const AI = 1004;
const DEMO = 1001;
let learner: { id: number; token: string };
let admin: { id: number; token: string };
let demoLearner: { id: number; token: string };
let demoAdmin: { id: number; token: string };

const balanceOf = async (tenantId: number, userId: number) =>
  (await t.db.owner.selectFrom('ai_credit_account').select('balance').where('tenant_id', '=', tenantId).where('user_id', '=', userId).executeTakeFirst())?.balance;
/** Gives the user an account holding exactly `balance` (after the welcome grant). */
async function setBalance(tenantId: number, userId: number, balance: number) {
  await withTenant(t.db.app, tenantId, (trx) => chargeCredits(trx, { userId, use: 'speech', units: 1, note: 'open' }).catch(() => undefined));
  await t.db.owner.updateTable('ai_credit_account').set({ balance }).where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
}

beforeAll(async () => {
  t = await createTestApp();
  learner = await signIn(AI, 'learner', 'Study@2026');
  admin = await signIn(AI, 'admin', 'Admin@2026');
  demoLearner = await signIn(DEMO, 'learner', 'Study@2026');
  demoAdmin = await signIn(DEMO, 'admin', 'Admin@2026');
});
afterAll(() => t.close());

describe('the learner\'s balance and ledger', () => {
  it('shows the seeded balance, the tenant\'s prices and today\'s free answers', async () => {
    const b = await data('GET', `/cm/api/ai/credits/balance?tenantId=${AI}`, learner.token);
    // 100 welcome − 1 − 2 − 8 + 8 (refunded) − 2 + 20 (reward) − 1.
    expect(b).toEqual({ balance: 114, prices: { answer: 1, image: 4, application: 2, writing: 2, speech: 1 }, welcomeGrant: 100, dailyFreeAnswers: 3, freeAnswersLeft: 3 });
  });

  it('pages the ledger newest first, each row with the balance after it', async () => {
    const first = await data('GET', `/cm/api/ai/credits/ledger?tenantId=${AI}&pageSize=3`, learner.token);
    expect(first.total).toBe(8);
    expect(first.list.map((r: { balanceAfter: number }) => r.balanceAfter)).toEqual([114, 115, 95]);
    const last = await data('GET', `/cm/api/ai/credits/ledger?tenantId=${AI}&pageSize=3&pageNo=3`, learner.token);
    expect(last.list.map((r: { kind: string }) => r.kind)).toEqual(['charge', 'grant']);
    expect(last.list[1]).toMatchObject({ kind: 'grant', amount: 100, balanceAfter: 100, note: '新用户赠送 AI 点数', use: null });
  });

  it('gives the welcome grant on first use, once', async () => {
    expect(await balanceOf(DEMO, demoAdmin.id)).toBeUndefined();
    expect((await data('GET', `/cm/api/ai/credits/balance?tenantId=${DEMO}`, demoAdmin.token)).balance).toBe(50);
    expect((await data('GET', `/cm/api/ai/credits/balance?tenantId=${DEMO}`, demoAdmin.token)).balance).toBe(50);
    expect((await data('GET', `/cm/api/ai/credits/ledger?tenantId=${DEMO}`, demoAdmin.token)).total).toBe(1);
  });

  it('refuses guests and another tenant\'s session', async () => {
    for (const url of [`/cm/api/ai/credits/balance?tenantId=${AI}`, `/cm/api/ai/credits/ledger?tenantId=${AI}`]) {
      expect(await call('GET', url)).toMatchObject({ success: false, flag: 401 });
      expect(await call('GET', url, demoLearner.token)).toMatchObject({ success: false, flag: 401 });
    }
  });

  it('isolates tenants: each learner reads only their own tenant\'s ledger', async () => {
    const demo = await data('GET', `/cm/api/ai/credits/ledger?tenantId=${DEMO}&pageSize=50`, demoLearner.token);
    const ai = await data('GET', `/cm/api/ai/credits/ledger?tenantId=${AI}&pageSize=50`, learner.token);
    const aiIds = new Set(ai.list.map((r: { id: number }) => r.id));
    expect(demo.list.some((r: { id: number }) => aiIds.has(r.id))).toBe(false);
    expect(demo.list.at(-1)).toMatchObject({ kind: 'grant', amount: 50 });
    const rows = await withTenant(t.db.app, DEMO, (trx) => trx.selectFrom('ai_credit_ledger').select('tenant_id').distinct().execute());
    expect(rows.map((r) => Number(r.tenant_id))).toEqual([DEMO]);
  });
});

describe('charge and refund (server/lib/ai/credits.ts)', () => {
  it('refuses a charge the balance does not cover with AI_CREDITS_EXHAUSTED and the numbers', async () => {
    await setBalance(AI, admin.id, 1);
    const refused = await withTenant(t.db.app, AI, (trx) => chargeCredits(trx, { userId: admin.id, use: 'application', note: 'plan' })).catch((e: unknown) => e);
    expect(refused).toMatchObject({ errorCode: 'AI_CREDITS_EXHAUSTED', message: 'AI 点数不足：本次需要 2 点，余额 1 点。请先充值。' });
    const english = await withTenant(t.db.app, AI, (trx) => chargeCredits(trx, { userId: admin.id, use: 'image', units: 2, note: 'x', lang: 'en' })).catch((e: unknown) => e);
    expect(english).toMatchObject({ errorCode: 'AI_CREDITS_EXHAUSTED', message: 'Not enough AI credits: this needs 8, your balance is 1. Please top up first.' });
    expect(await balanceOf(AI, admin.id)).toBe(1);
  });

  it('never overdraws: two charges at once on a balance of one, one passes and one is refused', async () => {
    await setBalance(AI, admin.id, 1);
    // The first charge's transaction stays open while the second starts: without the account's row
    // lock the second would read the balance of 1 too and both would pass.
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    let charged!: () => void;
    const firstCharged = new Promise<void>((resolve) => { charged = resolve; });
    const first = withTenant(t.db.app, AI, async (trx) => {
      const c = await chargeCredits(trx, { userId: admin.id, use: 'speech', note: 'race 1' });
      charged();
      await held;
      return c;
    });
    await firstCharged;
    const second = withTenant(t.db.app, AI, (trx) => chargeCredits(trx, { userId: admin.id, use: 'speech', note: 'race 2' }));
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    const results = await Promise.allSettled([first, second]);
    expect(results[0].status).toBe('fulfilled');
    expect(results[1]).toMatchObject({ status: 'rejected', reason: { errorCode: 'AI_CREDITS_EXHAUSTED' } });
    expect(await balanceOf(AI, admin.id)).toBe(0);
  });

  it('refunds a charge once, however often it is asked', async () => {
    await setBalance(AI, admin.id, 10);
    const charge = await withTenant(t.db.app, AI, (trx) => chargeCredits(trx, { userId: admin.id, use: 'image', units: 2, note: 'two images' }));
    expect(charge).toMatchObject({ cost: 8, balance: 2 });
    for (let i = 0; i < 3; i += 1) await withTenant(t.db.app, AI, (trx) => refundCredits(trx, { userId: admin.id, ledgerId: charge.ledgerId, note: 'failed' }));
    expect(await balanceOf(AI, admin.id)).toBe(10);
    const refunds = await t.db.owner.selectFrom('ai_credit_ledger').select('amount').where('tenant_id', '=', AI).where('refund_of', '=', charge.ledgerId).execute();
    expect(refunds).toEqual([{ amount: 8 }]);
  });

  it('does not refund another learner\'s charge', async () => {
    await setBalance(AI, admin.id, 5);
    const charge = await withTenant(t.db.app, AI, (trx) => chargeCredits(trx, { userId: admin.id, use: 'writing', note: 'mine' }));
    await withTenant(t.db.app, AI, (trx) => refundCredits(trx, { userId: learner.id, ledgerId: charge.ledgerId, note: 'not mine' }));
    expect(await balanceOf(AI, admin.id)).toBe(3);
  });

  it('gives the tenant\'s free answers a day, then charges; a refunded free answer is free again', async () => {
    await setBalance(AI, admin.id, 5);
    const charge = () => withTenant(t.db.app, AI, (trx) => chargeCredits(trx, { userId: admin.id, use: 'answer', note: 'q' }));
    const costs = [];
    const first = await charge();
    costs.push(first.cost);
    await withTenant(t.db.app, AI, (trx) => refundCredits(trx, { userId: admin.id, ledgerId: first.ledgerId, note: 'empty' }));
    for (let i = 0; i < 4; i += 1) costs.push((await charge()).cost);
    expect(costs).toEqual([0, 0, 0, 0, 1]);
    expect((await data('GET', `/cm/api/ai/credits/balance?tenantId=${AI}`, admin.token)).freeAnswersLeft).toBe(0);
  });
});

describe('the back office: rules and adjustments', () => {
  it('refuses the rules, accounts and adjust calls to learners and guests', async () => {
    expect(await call('GET', `/cm/api/ai/credits/rules?tenantId=${AI}`, learner.token)).toMatchObject({ success: false, errorCode: 'NO_ADMIN_AUTH' });
    expect(await call('GET', `/cm/api/ai/credits/accounts?tenantId=${AI}`, learner.token)).toMatchObject({ success: false, errorCode: 'NO_ADMIN_AUTH' });
    expect(await call('POST', '/cm/api/ai/credits/rules', learner.token, { tenantId: AI, rules: { prices: { answer: 0, image: 0, application: 0, writing: 0, speech: 0 }, welcomeGrant: 0, dailyFreeAnswers: 0 } }))
      .toMatchObject({ success: false, errorCode: 'NO_ADMIN_AUTH' });
    expect(await call('POST', '/cm/api/ai/credits/adjust', learner.token, { tenantId: AI, userId: learner.id, amount: 1000, reason: '自己加点' }))
      .toMatchObject({ success: false, errorCode: 'NO_ADMIN_AUTH' });
    expect(await call('POST', '/cm/api/ai/credits/adjust', undefined, { tenantId: AI, userId: learner.id, amount: 1000, reason: '游客' })).toMatchObject({ success: false, flag: 401 });
    expect(await balanceOf(AI, learner.id)).toBe(114);
  });

  it('saves the rules, which the next charge uses', async () => {
    const rules = { prices: { answer: 2, image: 6, application: 3, writing: 3, speech: 1 }, welcomeGrant: 80, dailyFreeAnswers: 0 };
    expect(await data('POST', '/cm/api/ai/credits/rules', demoAdmin.token, { tenantId: DEMO, rules })).toEqual(rules);
    expect(await data('GET', `/cm/api/ai/credits/rules?tenantId=${DEMO}`, demoAdmin.token)).toEqual(rules);
    expect((await data('GET', `/cm/api/ai/credits/balance?tenantId=${DEMO}`, demoLearner.token)).prices.answer).toBe(2);
    // Another tenant's rules are untouched.
    expect((await data('GET', `/cm/api/ai/credits/rules?tenantId=${AI}`, admin.token)).prices.answer).toBe(1);
  });

  it('adjusts a learner with a reason the learner reads, refuses a deduction below zero, 0 and a missing reason', async () => {
    const done = await data('POST', '/cm/api/ai/credits/adjust', admin.token, { tenantId: AI, userId: learner.id, amount: 30, reason: '课程答疑补偿' });
    expect(done.balance).toBe(144);
    const top = (await data('GET', `/cm/api/ai/credits/ledger?tenantId=${AI}&pageSize=1`, learner.token)).list[0];
    expect(top).toMatchObject({ kind: 'adjust', amount: 30, note: '课程答疑补偿', balanceAfter: 144 });
    expect(await call('POST', '/cm/api/ai/credits/adjust', admin.token, { tenantId: AI, userId: learner.id, amount: -1000, reason: '扣除' }))
      .toMatchObject({ success: false, errorCode: 'AI_CREDITS_ADJUST_TOO_LARGE', message: '不能扣除 1000 点：该学员余额只有 144 点。' });
    expect(await call('POST', '/cm/api/ai/credits/adjust', admin.token, { tenantId: AI, userId: learner.id, amount: 0, reason: '没有' })).toMatchObject({ errorCode: 'AI_CREDITS_ADJUST_ZERO' });
    expect(await call('POST', '/cm/api/ai/credits/adjust', admin.token, { tenantId: AI, userId: learner.id, amount: 5, reason: ' ' })).toMatchObject({ errorCode: 'AI_CREDITS_ADJUST_REASON' });
    expect(await data('POST', '/cm/api/ai/credits/adjust', admin.token, { tenantId: AI, userId: learner.id, amount: -30, reason: '撤回补偿' })).toMatchObject({ balance: 114 });
  });

  it('isolates tenants: an admin neither lists nor adjusts another tenant\'s learner', async () => {
    expect(await call('POST', '/cm/api/ai/credits/adjust', demoAdmin.token, { tenantId: DEMO, userId: learner.id, amount: 10, reason: '跨租户' }))
      .toMatchObject({ success: false, errorCode: 'AI_CREDITS_USER_NOT_FOUND' });
    expect(await call('POST', '/cm/api/ai/credits/adjust', demoAdmin.token, { tenantId: AI, userId: learner.id, amount: 10, reason: '跨租户' })).toMatchObject({ success: false, flag: 401 });
    const listed = await data('GET', `/cm/api/ai/credits/accounts?tenantId=${AI}&pageSize=50`, admin.token);
    expect(listed.list.map((r: { account: string }) => r.account).sort()).toEqual(['admin', 'learner']);
    expect(listed.list.find((r: { account: string }) => r.account === 'learner')).toMatchObject({ balance: 114, spent: 6 });
    expect(await balanceOf(AI, learner.id)).toBe(114);
  });
});
