// Made to order (issue 20 part S; server/modules/order/make-*.ts): the seeded kinds and requests,
// the journey (submit, quote, accept into an order of the shop, pay), decline and withdraw, the
// bounds and their messages, the refusals (guest, another tenant's user, another learner's
// request, a learner on back-office calls) and row-level security on part S's tables.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../server/db/database';
import { hashToken, newToken } from '../../server/plugins/auth';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
const { call, data, signIn } = apiOf(() => t.app);
let learner: { id: number; token: string };
let admin: { id: number; token: string };
let acmeLearner: { id: number; token: string };
let other: { id: number; token: string };

const DAY = 86_400_000;
const day = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const q = (path: string, params: Record<string, string | number> = {}, tenantId = 1001) =>
  `${path}?${new URLSearchParams(Object.entries({ tenantId, ...params }).map(([k, v]) => [k, String(v)]))}`;
const post = (path: string, token: string | undefined, body: object, tenantId = 1001) => call('POST', path, token, { tenantId, ...body });
const upload = (tenantId = 1001) => ({ name: '参考样张.pdf', url: `/uploads/u/${tenantId}/2026-11/${crypto.randomUUID()}.pdf`, size: 2048, contentType: 'application/pdf' });

/** A new user of a tenant with a token. */
async function makeUser(account: string, tenantId = 1001) {
  const user = await t.db.owner.insertInto('user_account').values({
    tenant_id: tenantId, account, password_hash: 'locked', password_salt: '', real_name: account, nick_name: null,
    mobile: null, email: null, gender: null, birthday: null, summary: null, avatar_img: null,
  }).returning('id').executeTakeFirstOrThrow();
  const token = newToken(tenantId);
  await t.db.owner.insertInto('user_token').values({ tenant_id: tenantId, token_hash: hashToken(token), user_id: Number(user.id), expires_at: new Date(Date.now() + DAY) }).execute();
  return { id: Number(user.id), token };
}

let kindId: number;
const request = (extra: object = {}) => ({
  kindId, title: '部门年度培训', description: '为销售部 20 人安排为期三天的沟通与谈判培训。', budgetMin: 5000, budgetMax: 9000,
  deadline: day(40), contactName: '李学员', contactPhone: '13900139000', attachments: [upload()], ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  learner = await signIn(1001, 'learner', 'Study@2026');
  admin = await signIn(1001, 'admin', 'Admin@2026');
  acmeLearner = await signIn(1002, 'learner', 'Study@2026');
  other = await makeUser(`other_${Date.now()}`);
  const kinds = await data('GET', q('/order/api/make/kinds'), undefined);
  kindId = kinds[0].id;
}, 120_000);

afterAll(async () => t?.close());

describe('the seeded rows', () => {
  it('offers three kinds on demo and shop, each made by a store of the tenant', async () => {
    for (const tenantId of [1001, 1003]) {
      const kinds = await data('GET', q('/order/api/make/kinds', {}, tenantId), undefined);
      expect(kinds.map((k: { code: string }) => k.code)).toEqual(['training', 'company_course', 'custom_book']);
      for (const k of kinds) {
        const store = await data('GET', q('/order/api/provider/detail', { id: k.providerId }, tenantId), undefined);
        expect(store.storeName).toBe(k.providerName);
      }
    }
  });

  it('gives the demo learner one quoted request with messages both ways and one waiting for a quote', async () => {
    const mine = await data('GET', q('/order/api/make/mine'), learner.token);
    expect(mine.list.map((r: { state: string }) => r.state).sort()).toEqual(['quoted', 'submitted']);
    const quoted = mine.list.find((r: { state: string }) => r.state === 'quoted');
    const detail = await data('GET', q('/order/api/make/detail', { id: quoted.id }), learner.token);
    expect(detail.quote).toMatchObject({ price: 4200 });
    expect(detail.messages.map((m: { fromStaff: boolean }) => m.fromStaff)).toEqual([false, true]);
  });

  it('seeds acme in English, with a pending application to open a shop', async () => {
    const kinds = await data('GET', q('/order/api/make/kinds', {}, 1002), undefined);
    const mine = await data('GET', q('/order/api/make/mine', {}, 1002), acmeLearner.token);
    const apps = await data('GET', q('/order/api/storeApply/mine', {}, 1002), acmeLearner.token);
    const texts = [...kinds.map((k: { title: string; summary: string }) => k.title + k.summary), ...mine.list.map((r: { title: string; description: string }) => r.title + r.description), apps[0].shopName];
    expect(apps[0].state).toBe('pending');
    for (const text of texts) expect(text).not.toMatch(/[\u4e00-\u9fff]/);
  });
});

describe('the made-to-order journey', () => {
  it('submits, is quoted, accepts into an order of the shop and pays it like any other', async () => {
    const sent = await data('POST', '/order/api/make/submit', learner.token, { tenantId: 1001, ...request() });
    expect(sent).toMatchObject({ state: 'submitted', quote: null, orderId: null, budgetMin: 5000, budgetMax: 9000, deadline: day(40) });
    expect(sent.attachments).toHaveLength(1);

    // Not quoted yet: nothing to accept.
    expect(await post('/order/api/make/accept', learner.token, { id: sent.id, quotedAt: new Date().toISOString() })).toMatchObject({ success: false, errorCode: 'MAKE_STATE' });
    await data('POST', '/order/api/make/message', learner.token, { tenantId: 1001, id: sent.id, body: '可以安排在周末吗？' });
    const queue = await data('GET', q('/order/api/make/admin/list', { state: 'submitted', pageSize: 50 }), admin.token);
    expect(queue.list.some((r: { id: number }) => r.id === sent.id)).toBe(true);
    await data('POST', '/order/api/make/admin/message', admin.token, { tenantId: 1001, id: sent.id, body: '可以，周六周日各一天半。' });
    const quoted = await data('POST', '/order/api/make/admin/quote', admin.token, { tenantId: 1001, id: sent.id, price: 7800.5, deliveryDate: day(30), note: '含讲师与教材' });
    expect(quoted).toMatchObject({ state: 'quoted', quote: { price: 7800.5, deliveryDate: day(30), note: '含讲师与教材' } });
    expect(quoted.messages.map((m: { fromStaff: boolean }) => m.fromStaff)).toEqual([false, true]);

    const accepted = await data('POST', '/order/api/make/accept', learner.token, { tenantId: 1001, id: sent.id, quotedAt: quoted.quote.quotedAt });
    expect(accepted).toMatchObject({ state: 'accepted', orderState: 1 });
    // Accepting twice keeps the one order.
    const again = await data('POST', '/order/api/make/accept', learner.token, { tenantId: 1001, id: sent.id, quotedAt: quoted.quote.quotedAt });
    expect(again.orderId).toBe(accepted.orderId);

    const order = await data('GET', q('/order/api/order/detail', { id: accepted.orderId }), learner.token);
    expect(order).toMatchObject({ state: 1, payPrice: 7800.5, itemCount: 1, address: { receiver: '李学员', phone: '13900139000' } });
    expect(order.items[0]).toMatchObject({ title: '部门年度培训', quantity: 1, price: 7800.5, productType: 20 });
    // The made-to-order product is never listed.
    const listed = await data('GET', q('/order/api/product/search', { pageSize: 50, searchValue: '部门年度培训' }), undefined);
    expect(listed.list.some((p: { id: number }) => p.id === order.items[0].prodId)).toBe(false);

    const paid = await data('POST', '/order/api/pay/unifiedOrder', learner.token, { tenantId: 1001, id: accepted.orderId, payType: 'simulated' });
    // No address: a service, completed at payment (part Q's rule for orders that ship nothing).
    expect(paid.state).toBe(3);
    const after = await data('GET', q('/order/api/make/detail', { id: sent.id }), learner.token);
    expect(after.orderState).toBe(3);
    // Final: no new quote, no withdrawal.
    expect(await post('/order/api/make/admin/quote', admin.token, { id: sent.id, price: 1, deliveryDate: day(5) })).toMatchObject({ success: false, errorCode: 'MAKE_STATE' });
    expect(await post('/order/api/make/withdraw', learner.token, { id: sent.id })).toMatchObject({ success: false, errorCode: 'MAKE_STATE' });
  });

  it('ships to an address of the address book, and makes a new order at the same quote when the first was cancelled', async () => {
    const sent = await data('POST', '/order/api/make/submit', learner.token, { tenantId: 1001, ...request({ attachments: [] }) });
    const { quote } = await data('POST', '/order/api/make/admin/quote', admin.token, { tenantId: 1001, id: sent.id, price: 100, deliveryDate: day(10) });
    const { quotedAt } = quote;
    const addresses = await data('GET', q('/um/umAddress/list2'), learner.token);
    expect(await post('/order/api/make/accept', other.token, { id: sent.id, quotedAt, addressId: addresses[0].id })).toMatchObject({ errorCode: 'MAKE_NOT_FOUND' });
    const notMine = await data('POST', '/um/umAddress/save', other.token, { tenantId: 1001, receiver: '王五', phone: '13700137000', area: '浙江省 杭州市', detail: '文一路 1 号', label: 'home' });
    expect(await post('/order/api/make/accept', learner.token, { id: sent.id, quotedAt, addressId: notMine.id })).toMatchObject({ success: false, errorCode: 'ADDRESS_NOT_FOUND' });
    const first = await data('POST', '/order/api/make/accept', learner.token, { tenantId: 1001, id: sent.id, quotedAt, addressId: addresses[0].id });
    const shipped = await data('GET', q('/order/api/order/detail', { id: first.orderId }), learner.token);
    expect(shipped.address).toEqual({ receiver: addresses[0].receiver, phone: addresses[0].phone, area: addresses[0].area, detail: addresses[0].detail });
    expect(shipped.needsDelivery).toBe(true);
    await data('POST', '/order/api/order/cancel', learner.token, { tenantId: 1001, id: first.orderId });
    const lapsed = await data('GET', q('/order/api/make/detail', { id: sent.id }), learner.token);
    expect(lapsed).toMatchObject({ state: 'accepted', orderState: 4 });
    const second = await data('POST', '/order/api/make/accept', learner.token, { tenantId: 1001, id: sent.id, quotedAt: lapsed.quote.quotedAt });
    expect(second.orderId).not.toBe(first.orderId);
    expect(second.orderState).toBe(1);
  });

  it('declines with a reason, withdraws, and closes the thread', async () => {
    const a = await data('POST', '/order/api/make/submit', learner.token, { tenantId: 1001, ...request({ attachments: [] }) });
    await data('POST', '/order/api/make/admin/quote', admin.token, { tenantId: 1001, id: a.id, price: 20000, deliveryDate: day(20) });
    const declined = await data('POST', '/order/api/make/decline', learner.token, { tenantId: 1001, id: a.id, reason: '超出预算' });
    expect(declined).toMatchObject({ state: 'declined', declineReason: '超出预算' });
    expect(await post('/order/api/make/message', learner.token, { id: a.id, body: '还在吗' })).toMatchObject({ success: false, errorCode: 'MAKE_STATE' });
    const b = await data('POST', '/order/api/make/submit', learner.token, { tenantId: 1001, ...request({ attachments: [] }) });
    expect((await data('POST', '/order/api/make/withdraw', learner.token, { tenantId: 1001, id: b.id })).state).toBe('withdrawn');
    expect(await post('/order/api/make/admin/quote', admin.token, { id: b.id, price: 1, deliveryDate: day(5) })).toMatchObject({ success: false, errorCode: 'MAKE_STATE' });
  });

  // The accept body named only the request: a quote replaced after the learner read it was accepted
  // at a price the learner never saw.
  it('refuses accepting a quote the back office replaced since the learner read it', async () => {
    const sent = await data('POST', '/order/api/make/submit', learner.token, { tenantId: 1001, ...request({ attachments: [] }) });
    const seen = await data('POST', '/order/api/make/admin/quote', admin.token, { tenantId: 1001, id: sent.id, price: 3000, deliveryDate: day(20) });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newer = await data('POST', '/order/api/make/admin/quote', admin.token, { tenantId: 1001, id: sent.id, price: 3600, deliveryDate: day(20) });
    expect(newer.quote.quotedAt).not.toBe(seen.quote.quotedAt);
    const stale = await post('/order/api/make/accept', learner.token, { id: sent.id, quotedAt: seen.quote.quotedAt });
    expect(stale).toMatchObject({ success: false, errorCode: 'MAKE_QUOTE_CHANGED', message: '报价已更新，请查看新的报价后再确认。' });
    expect((await data('GET', q('/order/api/make/detail', { id: sent.id }), learner.token))).toMatchObject({ state: 'quoted', orderId: null });
    // Without the quote it saw, nothing is accepted.
    expect(await post('/order/api/make/accept', learner.token, { id: sent.id })).toMatchObject({ success: false });
    const accepted = await data('POST', '/order/api/make/accept', learner.token, { tenantId: 1001, id: sent.id, quotedAt: newer.quote.quotedAt });
    expect((await data('GET', q('/order/api/order/detail', { id: accepted.orderId }), learner.token)).payPrice).toBe(3600);
  });

  // orderForRequest never looked at the store: a quote of an off-shelf store was still turned into an order.
  it('refuses accepting the quote of a store taken off shelf, worded 商家 or 学校 by makeForSchool', async () => {
    const sent = await data('POST', '/order/api/make/submit', learner.token, { tenantId: 1001, ...request({ attachments: [] }) });
    const { quote } = await data('POST', '/order/api/make/admin/quote', admin.token, { tenantId: 1001, id: sent.id, price: 500, deliveryDate: day(15) });
    const kind = (await data('GET', q('/order/api/make/kinds'), undefined)).find((k: { id: number }) => k.id === kindId);
    const store = await t.db.owner.selectFrom('provider').select(['state', 'org_type']).where('tenant_id', '=', 1001).where('id', '=', kind.providerId).executeTakeFirstOrThrow();
    const options = t.db.owner.selectFrom('tenant_config').where('tenant_id', '=', 1001).where('store_id', '=', 0)
      .where('param_group', '=', 'PcStartup').where('param_key', '=', 'options');
    const saved = (await options.select('param_value').executeTakeFirstOrThrow()).param_value;
    const setStore = (state: number, orgType: string) => t.db.owner.updateTable('provider').set({ state, org_type: orgType }).where('tenant_id', '=', 1001).where('id', '=', kind.providerId).execute();
    const setOptions = (value: string) => t.db.owner.updateTable('tenant_config').set({ param_value: value }).where('tenant_id', '=', 1001).where('store_id', '=', 0)
      .where('param_group', '=', 'PcStartup').where('param_key', '=', 'options').execute();
    try {
      await setOptions(JSON.stringify({ ...JSON.parse(saved), makeForSchool: false }));
      await setStore(1, 'MERCHANT');
      expect(await post('/order/api/make/accept', learner.token, { id: sent.id, quotedAt: quote.quotedAt }))
        .toMatchObject({ success: false, errorCode: 'PROVIDER_OFF_SHELF', message: `商家「${kind.providerName}」已下架，暂不能接受其报价。` });
      await setOptions(JSON.stringify({ ...JSON.parse(saved), makeForSchool: true }));
      await setStore(-1, 'MERCHANT');
      expect(await post('/order/api/make/accept', learner.token, { id: sent.id, quotedAt: quote.quotedAt }))
        .toMatchObject({ success: false, errorCode: 'PROVIDER_OFF_SHELF', message: `学校「${kind.providerName}」已下架，暂不能接受其报价。` });
      expect((await data('GET', q('/order/api/make/detail', { id: sent.id }), learner.token))).toMatchObject({ state: 'quoted', orderId: null });
    } finally {
      await setOptions(saved);
      await setStore(store.state, store.org_type);
    }
    expect((await data('POST', '/order/api/make/accept', learner.token, { tenantId: 1001, id: sent.id, quotedAt: quote.quotedAt })).state).toBe('accepted');
  });

  // An accepted request whose order was cancelled or expired could only be ordered again: neither
  // withdrawn nor declined, it stayed open for ever.
  it('lets a request whose order lapsed be withdrawn or declined', async () => {
    const acceptedRequest = async () => {
      const sent = await data('POST', '/order/api/make/submit', learner.token, { tenantId: 1001, ...request({ attachments: [] }) });
      const { quote } = await data('POST', '/order/api/make/admin/quote', admin.token, { tenantId: 1001, id: sent.id, price: 800, deliveryDate: day(15) });
      return data('POST', '/order/api/make/accept', learner.token, { tenantId: 1001, id: sent.id, quotedAt: quote.quotedAt });
    };
    const live = await acceptedRequest();
    expect(await post('/order/api/make/withdraw', learner.token, { id: live.id })).toMatchObject({ success: false, errorCode: 'MAKE_STATE' });
    expect(await post('/order/api/make/decline', learner.token, { id: live.id })).toMatchObject({ success: false, errorCode: 'MAKE_STATE' });
    // Cancelled by the learner: withdrawn.
    await data('POST', '/order/api/order/cancel', learner.token, { tenantId: 1001, id: live.orderId });
    expect((await data('POST', '/order/api/make/withdraw', learner.token, { tenantId: 1001, id: live.id })).state).toBe('withdrawn');
    // Past its 30 minutes, not read since: declined (the call expires it first).
    const expired = await acceptedRequest();
    await t.db.owner.updateTable('shop_order').set({ expires_at: sql<Date>`now() - interval '1 second'` }).where('tenant_id', '=', 1001).where('id', '=', expired.orderId).execute();
    expect(await data('POST', '/order/api/make/decline', learner.token, { tenantId: 1001, id: expired.id, reason: '改期了' })).toMatchObject({ state: 'declined', declineReason: '改期了' });
  });
});

describe('the bounds', () => {
  it('refuses a budget range upside down, a bad phone, a past or unreal deadline, outside files and an unknown kind, each with a clear message', async () => {
    const cases: Array<[object, string, RegExp]> = [
      [{ budgetMin: 900, budgetMax: 100 }, 'BUDGET_RANGE', /预算区间不正确/],
      [{ contactPhone: '12345' }, 'PHONE_INVALID', /联系电话/],
      [{ deadline: day(0) }, 'DATE_INVALID', /须晚于今天/],
      [{ deadline: '2027-02-30' }, 'DATE_INVALID', /不是有效日期/],
      [{ deadline: day(800) }, 'DATE_INVALID', /730 天/],
      [{ attachments: [{ ...upload(), url: 'https://evil.example/x.pdf' }] }, 'FILE_NOT_UPLOADED', /不是通过本站上传/],
      [{ attachments: [upload(1002)] }, 'FILE_NOT_UPLOADED', /不是通过本站上传/],
      [{ kindId: 999_999 }, 'MAKE_KIND_NOT_FOUND', /定制类型不存在/],
      [{ description: '          太短了          ' }, 'VALIDATION', /至少 10 个字/],
    ];
    for (const [extra, errorCode, message] of cases) {
      const res = await post('/order/api/make/submit', learner.token, request(extra));
      expect(res, JSON.stringify(extra)).toMatchObject({ success: false, errorCode });
      expect(res.message).toMatch(message);
    }
    // A phone with an area code is a phone.
    expect((await post('/order/api/make/submit', learner.token, request({ contactPhone: '+44 20 7946 0958', attachments: [] }))).success).toBe(true);
  });

  // Ajv's multipleOf: 0.01 divides, so 19.9, 1.15, 4.35 and 0.07 were refused as "must be multiple of 0.01".
  it('takes budgets and quotes of up to two decimals, and refuses three with a clear message', async () => {
    const sent = await data('POST', '/order/api/make/submit', learner.token, { tenantId: 1001, ...request({ budgetMin: 1.15, budgetMax: 19.9, attachments: [] }) });
    expect(sent).toMatchObject({ budgetMin: 1.15, budgetMax: 19.9 });
    for (const price of [4.35, 0.07, 19.9]) {
      expect((await data('POST', '/order/api/make/admin/quote', admin.token, { tenantId: 1001, id: sent.id, price, deliveryDate: day(10) })).quote.price).toBe(price);
    }
    const budget = await post('/order/api/make/submit', learner.token, request({ budgetMin: 1.005, attachments: [] }));
    expect(budget).toMatchObject({ success: false, errorCode: 'AMOUNT_CENTS', message: '最低预算“1.005”最多保留两位小数（精确到分），请修改后再提交。' });
    const quote = await post('/order/api/make/admin/quote', admin.token, { id: sent.id, price: 4.351, deliveryDate: day(10) });
    expect(quote).toMatchObject({ success: false, errorCode: 'AMOUNT_CENTS', message: expect.stringMatching(/^报价金额“4.351”最多保留两位小数/) });
  });

  // The e2e journey sent 1380013 (a mobile number cut short) and it was taken as a phone: a bare
  // local number is refused, one with its area or country code is not.
  it('refuses a short number without an area code as a contact phone', async () => {
    for (const phone of ['1380013', '6543210', '138001380001']) {
      expect(await post('/order/api/make/submit', learner.token, request({ contactPhone: phone, attachments: [] })), phone).toMatchObject({ success: false, errorCode: 'PHONE_INVALID' });
    }
    for (const phone of ['021-6543 2100', '0571 8888 6666', '+1 415 555 2671']) {
      expect((await post('/order/api/make/submit', learner.token, request({ contactPhone: phone, attachments: [] }))).success, phone).toBe(true);
    }
  });
});

describe('the refusals', () => {
  it('asks a guest to sign in and keeps another tenant\'s user out', async () => {
    expect(await post('/order/api/make/submit', undefined, request())).toMatchObject({ success: false, flag: 401 });
    expect(await call('GET', q('/order/api/make/mine'))).toMatchObject({ flag: 401 });
    expect(await post('/order/api/make/submit', acmeLearner.token, request())).toMatchObject({ success: false, flag: 401 });
  });

  it('answers another learner\'s request and a missing one alike', async () => {
    const mine = await data('GET', q('/order/api/make/mine'), learner.token);
    const id = mine.list[0].id;
    for (const [method, path, body] of [
      ['GET', q('/order/api/make/detail', { id }), undefined], ['POST', '/order/api/make/accept', { tenantId: 1001, id, quotedAt: new Date().toISOString() }],
      ['POST', '/order/api/make/decline', { tenantId: 1001, id }], ['POST', '/order/api/make/withdraw', { tenantId: 1001, id }],
      ['POST', '/order/api/make/message', { tenantId: 1001, id, body: 'hi' }], ['GET', q('/order/api/make/detail', { id: 987_654 }), undefined],
    ] as const) {
      expect(await call(method, path, other.token, body), path).toMatchObject({ success: false, errorCode: 'MAKE_NOT_FOUND', message: expect.stringMatching(/定制需求不存在/) });
    }
    // The acme learner asking for a demo id under acme: not found either.
    expect(await call('GET', q('/order/api/make/detail', { id }, 1002), acmeLearner.token)).toMatchObject({ errorCode: 'MAKE_NOT_FOUND' });
  });

  it('keeps the back-office calls to the back office', async () => {
    const id = (await data('GET', q('/order/api/make/mine'), learner.token)).list[0].id;
    expect(await call('GET', q('/order/api/make/admin/list'), learner.token)).toMatchObject({ success: false, errorCode: 'NO_ADMIN_AUTH' });
    expect(await post('/order/api/make/admin/quote', learner.token, { id, price: 1, deliveryDate: day(5) })).toMatchObject({ errorCode: 'NO_ADMIN_AUTH' });
    expect(await post('/order/api/make/admin/message', learner.token, { id, body: 'x' })).toMatchObject({ errorCode: 'NO_ADMIN_AUTH' });
    expect(await call('GET', q('/order/api/make/admin/detail', { id }), undefined)).toMatchObject({ flag: 401 });
    // acme has no back office.
    expect(await call('GET', q('/order/api/make/admin/list', {}, 1002), acmeLearner.token)).toMatchObject({ errorCode: 'ADMIN_NOT_ENABLED' });
  });
});

describe('row-level security on part S\'s tables', () => {
  it('keeps one tenant\'s rows out of another\'s transactions and refuses a row written for another tenant', async () => {
    for (const table of ['make_kind', 'make_request', 'make_message', 'store_application'] as const) {
      const { rows } = await sql<{ tenant_id: number }>`select distinct tenant_id from ${sql.table(table)}`.execute(t.db.owner);
      expect(rows.map((r) => Number(r.tenant_id)), table).toContain(1002);
      const seen = await withTenant(t.db.app, 1002, (trx) => sql<{ tenant_id: number }>`select distinct tenant_id from ${sql.table(table)}`.execute(trx));
      expect(seen.rows.map((r) => Number(r.tenant_id)), table).toEqual([1002]);
    }
    await expect(withTenant(t.db.app, 1002, (trx) => trx.insertInto('make_message').values({ tenant_id: 1001, request_id: 1, user_id: learner.id, body: 'x' }).execute()))
      .rejects.toThrow(/row-level security/);
    const { rows } = await sql<{ forced: boolean }>`select relforcerowsecurity as forced from pg_class where relname in ('make_kind', 'make_request', 'make_message', 'store_application')`.execute(t.db.owner);
    expect(rows.map((r) => r.forced)).toEqual([true, true, true, true]);
  });
});
