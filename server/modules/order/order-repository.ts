// Orders' SQL (spec learning §7 "Orders": order/submit, query, detail, cancel, takeDelivery,
// pay/unifiedOrder). States (our decision, spec §4 "not shown"): 1 pending payment → 2 paid and
// shipped (to be received) → 3 completed; 1 → 4 cancelled, by the user or by expiry. Stock is taken
// at submit and given back when a pending order is cancelled or expires; sales count at payment.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import type { Page } from '../../lib/listing';
import { containsPattern } from '../../lib/list-sql';
import { cents, yuan } from './cart-repository';
import { orderLinesOf, productsById, sumsOf, wantedLines, type BuySelection } from './order-lines';
import { ORDER_STATE, type OrderLine, type OrderView } from '../../../schemas/api/order';
import { needsDeliveryFor } from '../../../schemas/api/after-sale';
import { assertPayable } from './reservation-guards';
import { grantOrderCredits } from '../../lib/ai/credits';

type Trx = Transaction<DB>;

/** How long an order may stay unpaid: decided when read, not by a timer (docs/decisions.md). */
export const ORDER_TTL_MINUTES = 30;

/** The one payment channel: simulated, no money moves (docs/decisions.md "Simulated payment"). */
export const SIMULATED_PAY = { payType: 'simulated', name: '模拟支付', nameEn: 'Simulated payment', simulated: true } as const;

const tenantIdSql = sql<number>`current_setting('app.tenant_id')::bigint`;

/** The address snapshot of an order that ships nothing (issue 20 part Q): empty, needs_delivery false. */
const NO_ADDRESS = { receiver: '', phone: '', area: '', detail: '' } as const;

/** The spec's §8 message, for an id that is not one of the caller's orders. */
export const orderNotFound = () => new ApiError('订单不存在', { code: 404, errorCode: 'ORDER_NOT_FOUND' });

/** Gives stock back for the items of these orders, locking products in id order. */
async function restoreStock(trx: Trx, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const sums = await trx.selectFrom('shop_order_item').select(['product_id', sql<number>`sum(quantity)::int`.as('qty')])
    .where('order_id', 'in', [...orderIds]).groupBy('product_id').orderBy('product_id').execute();
  await productsById(trx, sums.map((s) => s.product_id), true);
  for (const s of sums) await trx.updateTable('product').set({ stock: sql<number>`stock + ${s.qty}` }).where('id', '=', s.product_id).execute();
}

/**
 * Cancels this tenant's pending orders whose 30 minutes are over and gives their stock back. Runs
 * at the start of every order call and product read, so an order expires when it is next read.
 * The state = 1 condition makes two overlapping runs give the stock back once.
 */
export async function expireOverdueOrders(trx: Trx): Promise<number[]> {
  const rows = await trx.updateTable('shop_order')
    .set({ state: ORDER_STATE.cancelled, cancel_reason: 'expired', cancelled_at: sql<Date>`expires_at` })
    .where('state', '=', ORDER_STATE.pending).where('expires_at', '<=', sql<Date>`now()`)
    .returning('id').execute();
  const ids = rows.map((r) => r.id);
  await restoreStock(trx, ids);
  return ids;
}

/**
 * Places an order: takes the stock under row locks (refusing when short), snapshots the items and
 * the address, clears the bought cart lines. A second submit with the same token returns the first
 * order: the unique (user, token) insert waits for the first to commit, then finds it.
 */
export async function submitOrder(trx: Trx, userId: number, input: BuySelection & { addressId?: number | undefined; submitToken: string; remark?: string | undefined }): Promise<{ id: number; orderNo: string; repeated: boolean }> {
  const earlier = await findByToken(trx, userId, input.submitToken);
  if (earlier) return { ...earlier, repeated: true };
  await expireOverdueOrders(trx);
  // Issue 20 part Q: an order that ships nothing needs no address (checked below, once the lines are known).
  const address = input.addressId === undefined ? null
    : await trx.selectFrom('user_address').select(['receiver', 'phone', 'area', 'detail']).where('user_id', '=', userId).where('id', '=', input.addressId).executeTakeFirst() ?? null;
  if (input.addressId !== undefined && !address) throw new ApiError(`收货地址不存在（编号 ${input.addressId}），请重新选择收货地址。`, { code: 404, errorCode: 'ADDRESS_NOT_FOUND' });
  const remark = input.remark?.trim() || null;
  const inserted = await trx.insertInto('shop_order')
    .values({
      tenant_id: tenantIdSql, user_id: userId, submit_token: input.submitToken, remark, ...(address ?? NO_ADDRESS), needs_delivery: address !== null,
      expires_at: sql<Date>`now() + make_interval(mins => ${ORDER_TTL_MINUTES})`,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'submit_token']).doNothing())
    .returning('id').executeTakeFirst();
  if (!inserted) {
    const first = await findByToken(trx, userId, input.submitToken);
    if (!first) throw new ApiError('订单提交冲突，请刷新页面后重试。', { code: 409, errorCode: 'SUBMIT_CONFLICT' });
    return { ...first, repeated: true };
  }
  // After the token is claimed, so a double click waits on the claim above and returns this order;
  // locked, so a second submit of the same lines (another tab) finds them gone (CART_CHANGED).
  const wanted = await wantedLines(trx, userId, input, true);
  // Locks in id order; the check below sees the stock as it is after any earlier submit committed.
  const products = await productsById(trx, [...new Set(wanted.map((w) => w.productId))], true);
  const byProduct = new Map<number, number>();
  for (const w of wanted) byProduct.set(w.productId, (byProduct.get(w.productId) ?? 0) + w.quantity);
  const lines = orderLinesOf(wanted, products);
  const needsDelivery = needsDeliveryFor(lines.map((l) => l.productType));
  // spec learning §5: 'please fill in the complete information' (a physical product ships to an address).
  if (needsDelivery && !address) throw new ApiError('请填写完整信息：订单中有需要配送的商品，请选择收货地址。', { errorCode: 'ADDRESS_REQUIRED' });
  for (const [productId, qty] of byProduct) {
    const p = products.get(productId)!;
    if (qty > p.stock) throw new ApiError(`《${p.title}》库存不足：仅剩 ${p.stock} 件，请减少数量。`, { errorCode: 'STOCK_SHORT' });
    await trx.updateTable('product').set({ stock: sql<number>`stock - ${qty}` }).where('id', '=', productId).execute();
  }
  await trx.insertInto('shop_order_item').values(lines.map((l) => ({
    tenant_id: tenantIdSql, order_id: inserted.id, product_id: l.prodId, provider_id: l.providerId, provider_name: l.providerName,
    product_type: l.productType, title: l.title, cover: l.cover, price: l.price, ret_price: l.retPrice, quantity: l.quantity,
  }))).execute();
  const sums = sumsOf(lines);
  const done = await trx.updateTable('shop_order')
    .set({
      product_count: sums.productCount, item_count: sums.itemCount, total_price: sums.totalPrice, total_ret_price: sums.totalRetPrice,
      freight: sums.freight, pay_price: sums.payPrice, needs_delivery: needsDelivery, ...(needsDelivery ? {} : NO_ADDRESS),
      // The order number: the tenant's local date and time, then the id (unique per tenant).
      order_no: sql<string>`to_char(now() at time zone (select t.time_zone from tenant t where t.id = shop_order.tenant_id), 'YYYYMMDDHH24MISS') || lpad(id::text, 6, '0')`,
    })
    .where('id', '=', inserted.id).returning(['id', 'order_no']).executeTakeFirstOrThrow();
  const cartIds = wanted.flatMap((w) => (w.cartId === null ? [] : [w.cartId]));
  if (cartIds.length) await trx.deleteFrom('cart_item').where('user_id', '=', userId).where('id', 'in', cartIds).execute();
  return { id: done.id, orderNo: done.order_no ?? '', repeated: false };
}

async function findByToken(trx: Trx, userId: number, token: string): Promise<{ id: number; orderNo: string } | null> {
  const row = await trx.selectFrom('shop_order').select(['id', 'order_no']).where('user_id', '=', userId).where('submit_token', '=', token).executeTakeFirst();
  return row ? { id: row.id, orderNo: row.order_no ?? '' } : null;
}

const ORDER_COLUMNS = [
  'id', 'order_no', 'state', 'cancel_reason', 'created_at', 'expires_at', 'paid_at', 'shipped_at', 'received_at', 'cancelled_at', 'pay_type', 'remark',
  'receiver', 'phone', 'area', 'detail', 'product_count', 'item_count', 'total_price', 'total_ret_price', 'freight', 'pay_price', 'needs_delivery',
] as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Orders with their items, in the given order. */
async function viewsOf(trx: Trx, rows: Array<Record<(typeof ORDER_COLUMNS)[number], any>>): Promise<OrderView[]> {
  const ids = rows.map((r) => r.id as number);
  const items = ids.length
    ? await trx.selectFrom('shop_order_item').selectAll().where('order_id', 'in', ids).orderBy('order_id').orderBy('id').execute()
    : [];
  const byOrder = new Map<number, OrderLine[]>();
  // Issue 20 part Q: which lines of completed orders are reviewed (评价 / 已评价 on the order).
  const reviewed = new Set((items.length
    ? await trx.selectFrom('product_comment').select('order_item_id').where('order_item_id', 'in', items.map((i) => i.id)).execute()
    : []).map((r) => Number(r.order_item_id)));
  const unreviewed = new Map<number, number>();
  for (const i of items) {
    if (!reviewed.has(Number(i.id))) unreviewed.set(i.order_id, (unreviewed.get(i.order_id) ?? 0) + 1);
    const list = byOrder.get(i.order_id) ?? [];
    list.push({
      cartId: null, prodId: i.product_id, title: i.title, cover: i.cover, productType: i.product_type, providerId: i.provider_id,
      providerName: i.provider_name, price: yuan(cents(i.price)), retPrice: yuan(cents(i.ret_price)), quantity: i.quantity,
      totalPrice: yuan(cents(i.price) * i.quantity),
    });
    byOrder.set(i.order_id, list);
  }
  return rows.map((r) => ({
    id: r.id, orderNo: r.order_no ?? '', state: r.state, cancelReason: r.cancel_reason,
    createdAt: r.created_at.toISOString(), expiresAt: r.expires_at.toISOString(), paidAt: iso(r.paid_at), shippedAt: iso(r.shipped_at),
    receivedAt: iso(r.received_at), cancelledAt: iso(r.cancelled_at), payType: r.pay_type, remark: r.remark,
    address: { receiver: r.receiver, phone: r.phone, area: r.area, detail: r.detail }, items: byOrder.get(r.id) ?? [],
    productCount: r.product_count, itemCount: r.item_count, totalPrice: yuan(cents(r.total_price)), totalRetPrice: yuan(cents(r.total_ret_price)),
    freight: yuan(cents(r.freight)), payPrice: yuan(cents(r.pay_price)),
    needsDelivery: r.needs_delivery,
    reviewState: r.state !== ORDER_STATE.completed ? 'none' : (unreviewed.get(r.id) ?? 0) > 0 ? 'open' : 'done',
  }));
}

/** A page of the user's orders, newest first; `state` is the tab (none: all). */
export async function queryOrders(trx: Trx, userId: number, q: { state?: number | undefined; searchValue?: string | undefined; pageNo: number; pageSize: number }): Promise<Page<OrderView>> {
  let base = trx.selectFrom('shop_order').where('user_id', '=', userId);
  if (q.state !== undefined) base = base.where('state', '=', q.state);
  const words = q.searchValue?.trim();
  if (words) {
    // issue 20 part T: the center's search finds an order by its number or by a product title in it.
    const like = containsPattern(words);
    base = base.where((eb) => eb.or([
      eb('order_no', 'ilike', like),
      eb.exists(eb.selectFrom('shop_order_item as i').select('i.id').whereRef('i.order_id', '=', 'shop_order.id').where('i.title', 'ilike', like)),
    ]));
  }
  const rows = await base.select(ORDER_COLUMNS).orderBy('id', 'desc').limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute();
  const count = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return { list: await viewsOf(trx, rows), total: count.n, pageNo: q.pageNo, pageSize: q.pageSize };
}

/** One of the user's orders; 订单不存在 for any other id (spec learning §8). */
export async function orderDetail(trx: Trx, userId: number, id: number): Promise<OrderView> {
  const row = await trx.selectFrom('shop_order').select(ORDER_COLUMNS).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  if (!row) throw orderNotFound();
  return (await viewsOf(trx, [row]))[0]!;
}

/** What an order's state says, for the refusals the server words (docs/api.md ORDER_STATE: 6 is part R's refunded). */
export const STATE_WORDS: Record<number, string> = { 1: '待付款', 2: '待收货', 3: '已完成', 4: '已取消', 6: '已退款' };

async function currentState(trx: Trx, userId: number, id: number): Promise<number> {
  const row = await trx.selectFrom('shop_order').select('state').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  if (!row) throw orderNotFound();
  return row.state;
}

/** Cancels a pending order and gives its stock back; cancelling a cancelled order again is harmless. */
export async function cancelOrder(trx: Trx, userId: number, id: number): Promise<void> {
  const done = await trx.updateTable('shop_order').set({ state: ORDER_STATE.cancelled, cancel_reason: 'user', cancelled_at: sql<Date>`now()` })
    .where('user_id', '=', userId).where('id', '=', id).where('state', '=', ORDER_STATE.pending).returning('id').execute();
  if (done.length) return restoreStock(trx, [id]);
  const state = await currentState(trx, userId, id);
  if (state === ORDER_STATE.cancelled) return;
  throw new ApiError(`该订单的状态是“${STATE_WORDS[state]}”，只有待付款的订单可以取消。`, { errorCode: 'ORDER_STATE' });
}

/**
 * Pays a pending order by the simulated channel. Issue 20 part Q: an order that ships something is
 * then 待发货 (state 2, not shipped) until the back office ships it; one that ships nothing (reading
 * products, courses) is completed at once. Paying twice is harmless.
 */
export async function payOrder(trx: Trx, userId: number, id: number, payType: string): Promise<void> {
  if (payType !== SIMULATED_PAY.payType) throw new ApiError(`不支持的支付方式“${payType}”，请选择模拟支付。`, { errorCode: 'PAY_TYPE' });
  // issue 20 part R: a contract is confirmed before paying; a reservation is paid before its slot starts.
  await assertPayable(trx, userId, id);
  const done = await trx.updateTable('shop_order')
    .set({
      pay_type: payType, paid_at: sql<Date>`now()`,
      state: sql<number>`case when needs_delivery then ${ORDER_STATE.toReceive}::int else ${ORDER_STATE.completed}::int end`,
      received_at: sql<Date | null>`case when needs_delivery then null else now() end`,
    })
    .where('user_id', '=', userId).where('id', '=', id).where('state', '=', ORDER_STATE.pending).where('expires_at', '>', sql<Date>`now()`)
    .returning('id').execute();
  if (done.length) {
    const sums = await trx.selectFrom('shop_order_item').select(['product_id', sql<number>`sum(quantity)::int`.as('qty')])
      .where('order_id', '=', id).groupBy('product_id').orderBy('product_id').execute();
    await productsById(trx, sums.map((s) => s.product_id), true);
    for (const s of sums) await trx.updateTable('product').set({ sales_count: sql<number>`sales_count + ${s.qty}` }).where('id', '=', s.product_id).execute();
    // Issue 21 F (docs/ai.md F): an order of AI credits packages grants its credits in this
    // payment's transaction, once per order (a replay finds the top-up and grants nothing).
    await grantOrderCredits(trx, { userId, orderId: id });
    return;
  }
  const state = await currentState(trx, userId, id);
  if (state === ORDER_STATE.toReceive || state === ORDER_STATE.completed) return;
  throw new ApiError('订单已取消（超时未支付或已手动取消），不能再支付；请重新下单。', { errorCode: 'ORDER_STATE' });
}

/** Confirms receipt of a shipped order (issue 20 part Q: only once shipped); confirming twice is harmless. True when it completed the order now. */
export async function takeDelivery(trx: Trx, userId: number, id: number): Promise<boolean> {
  const done = await trx.updateTable('shop_order').set({ state: ORDER_STATE.completed, received_at: sql<Date>`now()` })
    .where('user_id', '=', userId).where('id', '=', id).where('state', '=', ORDER_STATE.toReceive).where('shipped_at', 'is not', null).returning('id').execute();
  if (done.length) return true;
  const state = await currentState(trx, userId, id);
  if (state === ORDER_STATE.completed) return false;
  if (state === ORDER_STATE.toReceive) throw new ApiError('商家还未发货，发货后才能确认收货。', { errorCode: 'NOT_SHIPPED' });
  throw new ApiError(`该订单的状态是“${STATE_WORDS[state]}”，只有待收货的订单可以确认收货。`, { errorCode: 'ORDER_STATE' });
}
