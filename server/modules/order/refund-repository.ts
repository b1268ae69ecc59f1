// Refunds' SQL (issue 20 part R; docs/shop-and-content.md "Reservations, contracts and refunds").
// A learner asks for a refund of a paid order (state 2 or 3) with a reason; the back office approves
// (the order becomes 6 refunded, its stock and sales are given back, a reservation's seat is freed)
// or rejects with a note (the order stays; the learner may ask again). Cancelling a paid reservation
// refunds at once through the same path, as an automatic approved request.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import type { Page } from '../../lib/listing';
import { cents, yuan } from './cart-repository';
import { orderNotFound } from './order-repository';
import { assertTopUpRefundable, reverseTopUp } from '../../lib/ai/credits';
import { ORDER_REFUNDED, type AdminRefundRow, type RefundInfo, type RefundState, type RefundView } from '../../../schemas/api/reservations';

type Trx = Transaction<DB>;

const tenantIdSql = sql<number>`current_setting('app.tenant_id')::bigint`;
const PAID_STATES = [2, 3] as const;
/** The note an automatic refund carries (a cancelled paid reservation). */
export const AUTOMATIC_NOTE = '预约已取消，款项已按原支付方式退回（模拟支付，无真实资金）。';

/** Gives back the stock of an order's items (and the sales, when it was paid), locking products in id order. */
async function giveBack(trx: Trx, orderId: number, sold: boolean): Promise<void> {
  const sums = await trx.selectFrom('shop_order_item').select(['product_id', sql<number>`sum(quantity)::int`.as('qty')])
    .where('order_id', '=', orderId).groupBy('product_id').orderBy('product_id').execute();
  if (sums.length === 0) return;
  await trx.selectFrom('product').select('id').where('id', 'in', sums.map((s) => s.product_id)).orderBy('id').forUpdate().execute();
  for (const s of sums) {
    await trx.updateTable('product').set({
      stock: sql<number>`stock + ${s.qty}`,
      ...(sold ? { sales_count: sql<number>`greatest(sales_count - ${s.qty}, 0)` } : {}),
    }).where('id', '=', s.product_id).execute();
  }
}

/** Marks a paid order refunded: state 6, stock and sales back, its reservation's seat freed. */
async function refundPaidOrder(trx: Trx, orderId: number): Promise<void> {
  const done = await trx.updateTable('shop_order').set({ state: ORDER_REFUNDED }).where('id', '=', orderId).where('state', 'in', [...PAID_STATES]).returning('id').execute();
  if (done.length === 0) return;
  // Issue 21 F (docs/ai.md F): a top-up order's credits are taken back while unspent; when spent,
  // reverseTopUp refuses (AI_CREDITS_SPENT) and the whole refund rolls back.
  await reverseTopUp(trx, { orderId });
  await giveBack(trx, orderId, true);
  await trx.updateTable('reservation').set({ state: 'cancelled', cancelled_at: sql<Date>`now()` }).where('order_id', '=', orderId).where('state', '=', 'booked').execute();
}

/**
 * Ends an order whose reservation is cancelled: a pending one is cancelled (stock back); a paid one
 * with money is refunded at once (an approved automatic request, or the open request approved); a
 * free one is cancelled (stock and sales back).
 */
export async function closeOrderForRefund(trx: Trx, orderId: number, how: { reason: string; automatic: true }): Promise<void> {
  const order = await trx.selectFrom('shop_order').select(['id', 'user_id', 'state', 'pay_price']).where('id', '=', orderId).forUpdate().executeTakeFirstOrThrow();
  if (order.state === 1 || (PAID_STATES.includes(order.state as 2) && cents(order.pay_price) === 0)) {
    await trx.updateTable('shop_order').set({ state: 4, cancel_reason: 'user', cancelled_at: sql<Date>`now()` }).where('id', '=', orderId).execute();
    await giveBack(trx, orderId, order.state !== 1);
    return;
  }
  if (!PAID_STATES.includes(order.state as 2)) return;
  const open = await trx.updateTable('order_refund').set({ state: 'approved', note: AUTOMATIC_NOTE, decided_at: sql<Date>`now()` })
    .where('order_id', '=', orderId).where('state', '=', 'requested').returning('id').execute();
  if (open.length === 0) {
    await trx.insertInto('order_refund').values({
      tenant_id: tenantIdSql, order_id: orderId, user_id: order.user_id, reason: how.reason, amount: order.pay_price,
      state: 'approved', note: AUTOMATIC_NOTE, decided_at: sql<Date>`now()`,
    }).execute();
  }
  await refundPaidOrder(trx, orderId);
}

const REFUND_COLUMNS = ['r.id', 'r.order_id', 'r.reason', 'r.amount', 'r.state', 'r.note', 'r.created_at', 'r.decided_at', 'r.decided_by'] as const;
type RefundRow = { id: number; order_id: number; reason: string; amount: string; state: RefundState; note: string | null; created_at: Date; decided_at: Date | null; decided_by: number | null };

const refundView = (r: RefundRow): RefundView => ({
  id: r.id, orderId: r.order_id, reason: r.reason, amount: yuan(cents(r.amount)), state: r.state, note: r.note,
  createdAt: r.created_at.toISOString(), decidedAt: r.decided_at?.toISOString() ?? null,
  automatic: r.state === 'approved' && r.decided_by === null && r.note === AUTOMATIC_NOTE,
});

async function ownOrder(trx: Trx, userId: number, orderId: number, lock: boolean) {
  let q = trx.selectFrom('shop_order').select(['id', 'state', 'pay_price']).where('user_id', '=', userId).where('id', '=', orderId);
  if (lock) q = q.forUpdate();
  const order = await q.executeTakeFirst();
  // spec learning §8: another learner's or a missing order.
  if (!order) throw orderNotFound();
  return order;
}

/** The latest refund request of one of the caller's orders, and whether one may be asked now. */
export async function refundInfo(trx: Trx, userId: number, orderId: number): Promise<RefundInfo> {
  const order = await ownOrder(trx, userId, orderId, false);
  const latest = await trx.selectFrom('order_refund as r').select(REFUND_COLUMNS).where('r.order_id', '=', orderId).orderBy('r.id', 'desc').executeTakeFirst();
  const canApply = PAID_STATES.includes(order.state as 2) && cents(order.pay_price) > 0 && (!latest || latest.state === 'rejected');
  return { orderId, latest: latest ? refundView(latest) : null, canApply };
}

/** Asks for a refund of one of the caller's paid orders; the refusals name the rule. */
export async function applyRefund(trx: Trx, userId: number, input: { orderId: number; reason: string }): Promise<RefundInfo> {
  const order = await ownOrder(trx, userId, input.orderId, true);
  const reason = input.reason.trim();
  if (reason.length < 2) throw new ApiError('请填写退款原因（2 到 200 个字）。', { errorCode: 'REFUND_REASON' });
  if (order.state === ORDER_REFUNDED) throw new ApiError('该订单已退款，无需再次申请。', { errorCode: 'ALREADY_REFUNDED' });
  if (!PAID_STATES.includes(order.state as 2)) throw new ApiError('只有已支付的订单可以申请退款（待付款的订单请直接取消）。', { errorCode: 'ORDER_STATE' });
  if (cents(order.pay_price) === 0) throw new ApiError('该订单实付 0 元，没有可退的款项。', { errorCode: 'NOTHING_TO_REFUND' });
  // Issue 21 F: a top-up whose credits are spent cannot be refunded; said now, not at the audit.
  await assertTopUpRefundable(trx, input.orderId);
  const open = await trx.selectFrom('order_refund').select('id').where('order_id', '=', input.orderId).where('state', '=', 'requested').executeTakeFirst();
  if (open) throw new ApiError('该订单已有待处理的退款申请，请耐心等待商家处理。', { errorCode: 'REFUND_PENDING' });
  await trx.insertInto('order_refund').values({ tenant_id: tenantIdSql, order_id: input.orderId, user_id: userId, reason, amount: order.pay_price }).execute();
  return refundInfo(trx, userId, input.orderId);
}

/** Back office: a page of the tenant's refund requests, optionally of one state, newest first. */
export async function adminRefunds(trx: Trx, q: { state?: RefundState | undefined; pageNo: number; pageSize: number }): Promise<Page<AdminRefundRow>> {
  let base = trx.selectFrom('order_refund as r')
    .innerJoin('shop_order as o', (j) => j.onRef('o.tenant_id', '=', 'r.tenant_id').onRef('o.id', '=', 'r.order_id'))
    .innerJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'r.tenant_id').onRef('u.id', '=', 'r.user_id'));
  if (q.state) base = base.where('r.state', '=', q.state);
  const rows = await base.select([...REFUND_COLUMNS, 'o.order_no', 'o.state as order_state', 'u.account', 'u.real_name', 'u.nick_name'])
    .orderBy('r.id', 'desc').limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute();
  const count = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const items = rows.length
    ? await trx.selectFrom('shop_order_item').select(['order_id', 'title', 'quantity']).where('order_id', 'in', rows.map((r) => r.order_id)).orderBy('id').execute()
    : [];
  return {
    list: rows.map((r) => ({
      ...refundView(r), orderNo: r.order_no ?? '', orderState: r.order_state, account: r.account, userName: r.real_name || r.nick_name || r.account,
      items: items.filter((i) => i.order_id === r.order_id).map((i) => ({ title: i.title, quantity: i.quantity })),
    })),
    total: count.n, pageNo: q.pageNo, pageSize: q.pageSize,
  };
}

/** Back office: approves (the order is refunded) or rejects (a note is required) an open request. */
export async function auditRefund(trx: Trx, adminId: number, input: { id: number; approve: boolean; note?: string | undefined }): Promise<RefundView> {
  const notFound = () => new ApiError('退款申请不存在，请刷新列表。', { code: 404, errorCode: 'REFUND_NOT_FOUND' });
  // Locks in the order closeOrderForRefund takes them, the order and then its refund row: the other
  // way round, an audit and a cancelled reservation of the same order deadlock.
  const target = await trx.selectFrom('order_refund').select('order_id').where('id', '=', input.id).executeTakeFirst();
  if (!target) throw notFound();
  const order = await trx.selectFrom('shop_order').select('state').where('id', '=', target.order_id).forUpdate().executeTakeFirstOrThrow();
  const row = await trx.selectFrom('order_refund as r').select(REFUND_COLUMNS).where('r.id', '=', input.id).forUpdate().executeTakeFirst();
  if (!row) throw notFound();
  if (row.state !== 'requested') throw new ApiError(`该退款申请已${row.state === 'approved' ? '同意' : '驳回'}，不能再次处理。`, { errorCode: 'REFUND_DECIDED' });
  const note = input.note?.trim() || null;
  if (!input.approve && !note) throw new ApiError('驳回退款时请填写说明，买家会看到它。', { errorCode: 'REFUND_NOTE_REQUIRED' });
  if (input.approve) {
    if (!PAID_STATES.includes(order.state as 2)) throw new ApiError('该订单已不是已支付状态，不能退款。', { errorCode: 'ORDER_STATE' });
    await refundPaidOrder(trx, row.order_id);
  }
  await trx.updateTable('order_refund').set({ state: input.approve ? 'approved' : 'rejected', note, decided_by: adminId, decided_at: sql<Date>`now()` })
    .where('id', '=', input.id).execute();
  return refundView(await trx.selectFrom('order_refund as r').select(REFUND_COLUMNS).where('r.id', '=', input.id).executeTakeFirstOrThrow());
}
