// Issue 20 part Q: the demo rows of after-sale. For the `learner` of a tenant that sells physical
// products (the shop tenant, 1003): an order shipped with a tracking timeline (待收货), an order
// received and reviewed with stars, text and a photo (completed, 已评价), and a paid order waiting to
// be shipped (待发货, what the back office's /sub_admin/shopOrders ships first). Tenants without
// products get nothing. Runs once per new tenant inside its seed transaction (server/demo/seed.ts),
// after the shop catalogue; explicit tenant filters throughout (the owner may be a superuser).
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/types';

type Trx = Transaction<DB>;

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** The texts of one tenant's language: acme (1002) is English, every other tenant Chinese. */
function wordsFor(tenantId: number) {
  const en = tenantId === 1002;
  return {
    address: en
      ? { receiver: 'Alex Reader', phone: '13800000011', area: 'Shanghai, Pudong', detail: '88 Century Avenue, Floor 12' }
      : { receiver: '张读者', phone: '13800000011', area: '浙江省 杭州市 西湖区', detail: '文三路 90 号 东部软件园 3 号楼 502 室' },
    carrier: en ? 'SF Express' : '顺丰速运',
    shippedEvents: en
      ? [
        { after: 0, place: 'Hangzhou', text: 'The merchant shipped the parcel', state: 1 },
        { after: 6 * HOUR, place: 'Hangzhou hub', text: 'Arrived at the Hangzhou sorting hub', state: 2 },
        { after: 20 * HOUR, place: 'Shanghai hub', text: 'Left the hub for Shanghai', state: 2 },
        { after: 40 * HOUR, place: 'Pudong station', text: 'Out for delivery; courier Wang, 13900000000', state: 3 },
      ]
      : [
        { after: 0, place: '杭州', text: '商家已发货，顺丰速运', state: 1 },
        { after: 6 * HOUR, place: '杭州转运中心', text: '快件已到达【杭州转运中心】', state: 2 },
        { after: 20 * HOUR, place: '杭州转运中心', text: '快件已从【杭州转运中心】发出，下一站【西湖营业部】', state: 2 },
        { after: 40 * HOUR, place: '西湖营业部', text: '快递员王师傅（13900000000）正在为您派送', state: 3 },
      ],
    receivedEvents: en
      ? [
        { after: 0, place: 'Hangzhou', text: 'The merchant shipped the parcel', state: 1 },
        { after: 24 * HOUR, place: 'Pudong station', text: 'Out for delivery', state: 3 },
        { after: 30 * HOUR, place: 'Pudong station', text: 'Signed for by the recipient', state: 4 },
      ]
      : [
        { after: 0, place: '杭州', text: '商家已发货，顺丰速运', state: 1 },
        { after: 24 * HOUR, place: '西湖营业部', text: '快递员正在为您派送', state: 3 },
        { after: 30 * HOUR, place: '西湖营业部', text: '已签收，签收人：本人', state: 4 },
      ],
    review: en
      ? 'Arrived well packed two days after ordering. The print is sharp and the paper thick; a pleasure to read.'
      : '包装很严实，下单两天就到了。印刷清晰，纸张厚实，读起来很舒服，推荐！',
  };
}

interface Bought { id: number; title: string; cover: string | null; images: string[]; type: number; price: string; retail_price: string | null; provider_id: number; provider_name: string }

/** Writes one order of one product for the user, with the given times and state; returns its id and line id. */
async function writeOrder(trx: Trx, tenantId: number, userId: number, p: Bought, o: {
  key: string; address: ReturnType<typeof wordsFor>['address']; createdAt: Date; state: number; shippedAt: Date | null; receivedAt: Date | null;
}): Promise<{ id: number; itemId: number }> {
  const price = Number(p.price);
  const ret = Math.max(price, p.retail_price === null ? 0 : Number(p.retail_price));
  const order = await trx.insertInto('shop_order').values({
    tenant_id: tenantId, user_id: userId, submit_token: `seed-after-sale-${o.key}`, state: o.state, ...o.address,
    product_count: 1, item_count: 1, total_price: price, total_ret_price: ret, freight: 0, pay_price: price, pay_type: 'simulated',
    created_at: o.createdAt, expires_at: new Date(o.createdAt.getTime() + 30 * 60_000), paid_at: new Date(o.createdAt.getTime() + 2 * 60_000),
    shipped_at: o.shippedAt, received_at: o.receivedAt, needs_delivery: true,
  }).returning('id').executeTakeFirstOrThrow();
  await trx.updateTable('shop_order')
    .set({ order_no: sql<string>`to_char(${o.createdAt}::timestamptz at time zone (select t.time_zone from tenant t where t.id = ${tenantId}), 'YYYYMMDDHH24MISS') || lpad(id::text, 6, '0')` })
    .where('tenant_id', '=', tenantId).where('id', '=', order.id).execute();
  const item = await trx.insertInto('shop_order_item').values({
    tenant_id: tenantId, order_id: order.id, product_id: p.id, provider_id: p.provider_id, provider_name: p.provider_name,
    product_type: p.type, title: p.title, cover: p.cover, price, ret_price: ret, quantity: 1,
  }).returning('id').executeTakeFirstOrThrow();
  await trx.updateTable('product').set({ sales_count: sql<number>`sales_count + 1` }).where('tenant_id', '=', tenantId).where('id', '=', p.id).execute();
  return { id: Number(order.id), itemId: Number(item.id) };
}

/** Writes a delivery and its events (each `after` ms from shipping). */
async function writeDelivery(trx: Trx, tenantId: number, orderId: number, carrier: string, trackingNo: string, shippedAt: Date,
  events: ReadonlyArray<{ after: number; place: string; text: string; state: number }>): Promise<void> {
  const last = events.at(-1)!;
  await trx.insertInto('order_delivery').values({
    tenant_id: tenantId, order_id: orderId, carrier, tracking_no: trackingNo, state: last.state, shipped_by: null, shipped_at: shippedAt,
    signed_at: last.state === 4 ? new Date(shippedAt.getTime() + last.after) : null, updated_at: new Date(shippedAt.getTime() + last.after),
  }).execute();
  await trx.insertInto('order_delivery_event').values(events.map((e) => ({
    tenant_id: tenantId, order_id: orderId, happened_at: new Date(shippedAt.getTime() + e.after), place: e.place, content: e.text, state: e.state,
  }))).execute();
}

/**
 * The shop's school sells courses only, which ship nothing; a school also sells its textbook, so a
 * visitor who opens the school from the shop home can buy something that is shipped and tracked
 * (the shop journey). Its category and cover come from the tenant's first book on sale.
 */
async function seedSchoolTextbook(trx: Trx, tenantId: number): Promise<void> {
  const school = await trx.selectFrom('provider').select(['id', 'name']).where('tenant_id', '=', tenantId)
    .where('org_type', '=', 'SCHOOL').where('state', '=', 0).orderBy('id').executeTakeFirst();
  const template = await trx.selectFrom('product').selectAll().where('tenant_id', '=', tenantId)
    .where('type', '=', 1).where('state', '=', 1).orderBy('id').executeTakeFirst();
  if (!school || !template) return;
  const { id: _id, ...rest } = template;
  const en = tenantId === 1002;
  await trx.insertInto('product').values({
    ...rest, tenant_id: tenantId, provider_id: school.id, stock: 200, sales_count: 0, retail_price: null, price: 36, publish_time: new Date(),
    title: en ? `${school.name} textbook: Reading and Writing` : `${school.name}校本教材·阅读与写作`,
    summary: en ? 'The school\'s own reading and writing textbook, shipped within 48 hours.' : '学校自编的阅读与写作校本教材，下单后 48 小时内发货。',
    description: en
      ? 'Written by the school\'s teachers for its reading and writing lessons: 24 units of texts, exercises and writing tasks.\n\nA paper book, shipped by the shop within 48 hours of payment.'
      : '学校语文组老师编写，配合阅读与写作课程使用：24 个单元，每单元含精读文章、练习与写作任务。\n\n纸质图书，付款后 48 小时内由商城发货。',
    specs: JSON.stringify(en ? [{ name: 'Pages', value: '186' }, { name: 'Binding', value: 'Paperback' }] : [{ name: '页数', value: '186' }, { name: '装帧', value: '平装' }]),
  }).execute();
}

export async function seedAfterSale(trx: Trx, tenantId: number, now = new Date()): Promise<void> {
  await seedSchoolTextbook(trx, tenantId);
  const learner = await trx.selectFrom('user_account').select('id').where('tenant_id', '=', tenantId).where('account', '=', 'learner').executeTakeFirst();
  // Physical products on sale (books first, then stationery) of open providers.
  const products = await trx.selectFrom('product as p')
    .innerJoin('provider as v', (j) => j.onRef('v.tenant_id', '=', 'p.tenant_id').onRef('v.id', '=', 'p.provider_id'))
    .select(['p.id', 'p.title', 'p.cover', 'p.images', 'p.type', 'p.price', 'p.retail_price', 'p.provider_id', 'v.name as provider_name'])
    .where('p.tenant_id', '=', tenantId).where('p.state', '=', 1).where('v.state', '=', 0).where('p.type', 'in', [1, 3])
    .orderBy('p.type').orderBy('p.id').limit(3).execute();
  if (!learner || products.length < 3) return;
  const userId = Number(learner.id);
  const words = wordsFor(tenantId);
  const [shippedProduct, receivedProduct, toShipProduct] = products.map((p) => ({ ...p, id: Number(p.id), provider_id: Number(p.provider_id), images: p.images ?? [] })) as [Bought, Bought, Bought];

  // Received 8 days ago and reviewed the day after: 已完成, 已评价; the review shows on the product page.
  const receivedAt = new Date(now.getTime() - 8 * DAY);
  const receivedShip = new Date(receivedAt.getTime() - 30 * HOUR);
  const received = await writeOrder(trx, tenantId, userId, receivedProduct, {
    key: 'received', address: words.address, createdAt: new Date(receivedShip.getTime() - 5 * HOUR), state: 3, shippedAt: receivedShip, receivedAt,
  });
  await writeDelivery(trx, tenantId, received.id, words.carrier, 'SF1402958831204', receivedShip, words.receivedEvents);
  const photo = receivedProduct.images[0] ?? receivedProduct.cover;
  await trx.insertInto('product_comment').values({
    tenant_id: tenantId, product_id: receivedProduct.id, user_id: userId, order_id: received.id, order_item_id: received.itemId,
    score: 5, content: words.review, images: photo ? [photo] : [], created_at: new Date(receivedAt.getTime() + DAY),
  }).execute();

  // Shipped two days ago, out for delivery now: 待收货 with four tracking events.
  const shippedAt = new Date(now.getTime() - 2 * DAY);
  const shipped = await writeOrder(trx, tenantId, userId, shippedProduct, {
    key: 'shipped', address: words.address, createdAt: new Date(shippedAt.getTime() - 3 * HOUR), state: 2, shippedAt, receivedAt: null,
  });
  await writeDelivery(trx, tenantId, shipped.id, words.carrier, 'SF1402958839577', shippedAt, words.shippedEvents);

  // Paid an hour ago, not shipped yet: 待发货 (the back office ships it).
  await writeOrder(trx, tenantId, userId, toShipProduct, {
    key: 'to-ship', address: words.address, createdAt: new Date(now.getTime() - HOUR), state: 2, shippedAt: null, receivedAt: null,
  });
}
