// Issue 20 part R (reservations, contracts and refunds): the demo rows. On the shop (1003) and acme
// (1002, in English) tenants: a service product with a week of slots (one already
// full), a free consultation, a contract product with its contract text and the tenant's default
// text; for the `learner`, a paid upcoming reservation, a past one, a confirmed and paid contract
// and a refund request waiting for the back office. Other tenants sell nothing and get nothing.
// Runs once per new tenant inside its seed transaction (server/demo/seed.ts); explicit tenant
// filters throughout (the owner may be a superuser, which row-level security does not bind).
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/types';

type Trx = Transaction<DB>;

const DAY = 86_400_000;
const HOUR = 3_600_000;
const SERVICE = 11;
const CONTRACT = 12;
// The shop tenant (with its back office since issue 20) and acme; demo sells nothing (part P's rule).
const TENANTS = [1002, 1003];

const ZH = {
  provider: { name: '学习服务中心', summary: '一对一辅导、学习规划与培训报名。' },
  service: { title: '一对一阅读辅导（60 分钟）', summary: '资深老师线上一对一，制定你的阅读计划。', price: 99, description: '预约一个时段，老师将在开始前 10 分钟通过站内消息发送会议链接。\n\n开始前可随时取消，已支付的款项原路退回。' },
  free: { title: '新生选书咨询（30 分钟）', summary: '免费咨询，帮你挑选适合的书单。', description: '免费预约，名额有限；不能到场请提前取消，把名额留给其他同学。' },
  contract: { title: '年度阅读会员（签约）', summary: '签订会员协议后支付，全年畅读精选电子书。', price: 365, description: '下单后请阅读并确认会员协议（输入姓名、勾选同意），确认后即可支付。' },
  template: {
    title: '{productTitle}服务协议',
    body: '甲方：{providerName}（{tenantName}）\n乙方：{learnerName}（账号 {learnerAccount}，电话 {learnerPhone}）\n\n'
      + '一、服务内容：甲方向乙方提供“{productTitle}”，服务期自乙方支付之日起一年。\n\n'
      + '二、费用：乙方应支付人民币 {price} 元（订单编号 {orderNo}），支付前本协议须经乙方确认。\n\n'
      + '三、退款：服务期内乙方可在订单详情中申请退款，甲方审核同意后按原支付方式退回。\n\n'
      + '四、本协议自乙方确认之日起生效，签订日期：{date}。',
  },
  defaultTemplate: { title: '商品购买协议', body: '甲方：{providerName}\n乙方：{learnerName}\n\n乙方购买“{productTitle}”，金额 {price} 元，订单编号 {orderNo}。\n\n本协议自乙方确认之日起生效，日期：{date}。' },
  note: '想提高孩子的阅读速度，请老师推荐书目。',
  refundReason: '课程时间与工作冲突，无法继续参加。',
  signer: '张读者',
};
const EN: typeof ZH = {
  provider: { name: 'Study Services', summary: 'One-to-one tutoring, study planning and course enrolment.' },
  service: { title: 'One-to-one reading tutor (60 min)', summary: 'A senior tutor online, one to one: your reading plan.', price: 99, description: 'Book a slot; the tutor sends the meeting link by message 10 minutes before it starts.\n\nCancel any time before the start: a paid booking is refunded.' },
  free: { title: 'Book-picking consultation (30 min)', summary: 'Free: we help you choose your reading list.', description: 'Free to book, seats are limited; cancel early if you cannot come, so another learner may.' },
  contract: { title: 'Annual reading membership (contract)', summary: 'Sign the membership agreement, then pay: a year of e-books.', price: 365, description: 'After ordering, read and confirm the membership agreement (type your name, tick the box); then pay.' },
  template: {
    title: '{productTitle} agreement',
    body: 'Party A: {providerName} ({tenantName})\nParty B: {learnerName} (account {learnerAccount}, phone {learnerPhone})\n\n'
      + '1. Service: Party A provides "{productTitle}" to Party B for one year from payment.\n\n'
      + '2. Fee: Party B pays {price} (order {orderNo}); Party B confirms this agreement before paying.\n\n'
      + '3. Refunds: Party B may ask for a refund on the order page; once Party A approves, the payment is returned.\n\n'
      + '4. This agreement takes effect when Party B confirms it. Date: {date}.',
  },
  defaultTemplate: { title: 'Purchase agreement', body: 'Party A: {providerName}\nParty B: {learnerName}\n\nParty B buys "{productTitle}" for {price}, order {orderNo}.\n\nThis agreement takes effect when Party B confirms it. Date: {date}.' },
  note: 'I would like to read faster; please suggest a reading list.',
  refundReason: 'The schedule clashes with my work; I cannot continue.',
  signer: 'Alex Reader',
};

/** The demo rows of part R for one tenant. */
export async function seedReservations(trx: Trx, tenantId: number): Promise<void> {
  if (!TENANTS.includes(tenantId)) return;
  const w = tenantId === 1002 ? EN : ZH;
  const learner = await trx.selectFrom('user_account').select(['id', 'account']).where('tenant_id', '=', tenantId).where('account', '=', 'learner').executeTakeFirst();
  if (!learner) return;
  const other = await trx.selectFrom('user_account').select('id').where('tenant_id', '=', tenantId).where('account', '!=', 'learner').orderBy('id').executeTakeFirst();
  const providerId = (await trx.insertInto('provider').values({
    tenant_id: tenantId, name: w.provider.name, logo: null, summary: w.provider.summary, org_type: 'MERCHANT', org_path: null, state: 0, sort: 90,
  }).returning('id').executeTakeFirstOrThrow()).id;
  const cover = (await trx.selectFrom('product').select('cover').where('tenant_id', '=', tenantId).where('cover', 'is not', null).orderBy('id').executeTakeFirst())?.cover ?? null;
  const product = async (p: { title: string; summary: string; description: string }, type: number, price: number, stock: number) =>
    (await trx.insertInto('product').values({
      tenant_id: tenantId, provider_id: providerId, type, price, retail_price: null, stock, sales_count: 0, title: p.title, cover, summary: p.summary,
      category_id: null, description: p.description, images: [], specs: '[]',
    }).returning('id').executeTakeFirstOrThrow()).id;
  const serviceId = await product(w.service, SERVICE, w.service.price, 500);
  const freeId = await product(w.free, SERVICE, 0, 500);
  const contractId = await product(w.contract, CONTRACT, w.contract.price, 999);

  await trx.insertInto('contract_template').values([
    { tenant_id: tenantId, product_id: contractId, title: w.template.title, body: w.template.body },
    { tenant_id: tenantId, product_id: null, title: w.defaultTemplate.title, body: w.defaultTemplate.body },
  ]).execute();

  // A week of slots from tomorrow at 10:00 and 15:00 (UTC+8 10:00 is 02:00 UTC), and one past slot.
  const tomorrow = new Date(Math.floor(Date.now() / DAY) * DAY + DAY + 2 * HOUR);
  const slots: Array<{ product: number; start: Date; hours: number; capacity: number }> = [];
  for (let d = 0; d < 7; d += 1) {
    slots.push({ product: serviceId, start: new Date(tomorrow.getTime() + d * DAY), hours: 1, capacity: 2 });
    slots.push({ product: serviceId, start: new Date(tomorrow.getTime() + d * DAY + 5 * HOUR), hours: 1, capacity: d === 0 ? 1 : 2 });
    slots.push({ product: freeId, start: new Date(tomorrow.getTime() + d * DAY + 7 * HOUR), hours: 0.5, capacity: 5 });
  }
  slots.push({ product: serviceId, start: new Date(tomorrow.getTime() - 4 * DAY), hours: 1, capacity: 2 });
  const slotIds = (await trx.insertInto('service_slot').values(slots.map((s) => ({
    tenant_id: tenantId, product_id: s.product, provider_id: providerId, start_at: s.start, end_at: new Date(s.start.getTime() + s.hours * HOUR), capacity: s.capacity,
  }))).returning('id').execute()).map((r) => r.id);

  const order = async (key: string, userId: number, productId: number, title: string, price: number, state: number, createdAt: Date) => {
    const paid = state !== 1;
    const row = await trx.insertInto('shop_order').values({
      tenant_id: tenantId, user_id: userId, submit_token: `seed-r-${key}`, state, receiver: '', phone: '', area: '', detail: '', needs_delivery: false,
      product_count: 1, item_count: 1, total_price: price, total_ret_price: price, freight: 0, pay_price: price,
      created_at: createdAt, expires_at: new Date(createdAt.getTime() + 30 * 60_000),
      ...(paid ? { pay_type: price > 0 ? 'simulated' : 'free', paid_at: new Date(createdAt.getTime() + 60_000), received_at: new Date(createdAt.getTime() + 60_000) } : {}),
    }).returning('id').executeTakeFirstOrThrow();
    await trx.updateTable('shop_order')
      .set({ order_no: sql<string>`to_char(created_at at time zone (select t.time_zone from tenant t where t.id = shop_order.tenant_id), 'YYYYMMDDHH24MISS') || lpad(id::text, 6, '0')` })
      .where('tenant_id', '=', tenantId).where('id', '=', row.id).execute();
    await trx.insertInto('shop_order_item').values({
      tenant_id: tenantId, order_id: row.id, product_id: productId, provider_id: providerId, provider_name: w.provider.name,
      product_type: productId === contractId ? CONTRACT : SERVICE, title, cover, price, ret_price: price, quantity: 1,
    }).execute();
    await trx.updateTable('product').set({ stock: sql<number>`stock - 1`, ...(paid ? { sales_count: sql<number>`sales_count + 1` } : {}) })
      .where('tenant_id', '=', tenantId).where('id', '=', productId).execute();
    const done = await trx.selectFrom('shop_order').select('order_no').where('tenant_id', '=', tenantId).where('id', '=', row.id).executeTakeFirstOrThrow();
    return { id: row.id, orderNo: done.order_no ?? '' };
  };
  const reserve = async (key: string, userId: number, slotIndex: number, note: string | null, createdAt: Date) => {
    const o = await order(key, userId, serviceId, w.service.title, w.service.price, 3, createdAt);
    await trx.insertInto('reservation').values({ tenant_id: tenantId, order_id: o.id, user_id: userId, slot_id: slotIds[slotIndex]!, product_id: serviceId, note, created_at: createdAt }).execute();
  };

  const now = Date.now();
  // The learner: an upcoming paid reservation (day 2, 10:00), a past one; someone fills day 1's 15:00 slot.
  await reserve('upcoming', learner.id, 3, w.note, new Date(now - 2 * DAY));
  await reserve('past', learner.id, slots.length - 1, null, new Date(now - 6 * DAY));
  if (other) await reserve('full', other.id, 1, null, new Date(now - DAY));

  // A confirmed and paid contract, with a refund request waiting for the back office.
  const signedAt = new Date(now - 3 * DAY);
  const c = await order('contract', learner.id, contractId, w.contract.title, w.contract.price, 3, signedAt);
  const template = await trx.selectFrom('contract_template').select(['id']).where('tenant_id', '=', tenantId).where('product_id', '=', contractId).executeTakeFirstOrThrow();
  const values: Record<string, string> = {
    learnerName: w.signer, learnerAccount: learner.account, learnerPhone: '—', productTitle: w.contract.title, providerName: w.provider.name,
    price: w.contract.price.toFixed(2), orderNo: c.orderNo, tenantName: w.provider.name, date: signedAt.toISOString().slice(0, 10),
  };
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
  await trx.insertInto('order_contract').values({
    tenant_id: tenantId, order_id: c.id, user_id: learner.id, product_id: contractId, template_id: template.id, contract_no: `HT${c.orderNo}`,
    title: fill(w.template.title), body: fill(w.template.body), state: 'confirmed', signer_name: w.signer, agreed: true, confirmed_at: signedAt, created_at: signedAt,
  }).execute();
  await trx.insertInto('order_refund').values({ tenant_id: tenantId, order_id: c.id, user_id: learner.id, reason: w.refundReason, amount: w.contract.price, created_at: new Date(now - DAY) }).execute();
}
