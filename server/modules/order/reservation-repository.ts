// Reservations' SQL (issue 20 part R; spec learning §7 orderCustomize/create, orderCustomize/info;
// docs/shop-and-content.md "Reservations, contracts and refunds"). A seat of a slot is held by a
// booked reservation whose order is pending, paid or complete (1, 2, 3): an unpaid order that expires
// (4) or a refunded one (6) frees it without touching the reservation row. Seats are counted under
// the slot's row lock, so two learners never take the last seat twice.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import type { Page } from '../../lib/listing';
import { assertSellable, cents, findProductForSale, yuan } from './cart-repository';
import { expireOverdueOrders, ORDER_TTL_MINUTES, orderNotFound } from './order-repository';
import { closeOrderForRefund } from './refund-repository';
import { contractOfOrder, createContract } from './reservation-contracts';
import { CUSTOM_PRODUCT_TYPE, type CustomizeCreated, type CustomizeInfo, type ReservationTab, type ReservationView, type SlotList } from '../../../schemas/api/reservations';

type Trx = Transaction<DB>;

const tenantIdSql = sql<number>`current_setting('app.tenant_id')::bigint`;
/** Order states that hold a seat: pending payment, to be received, completed. */
export const HOLDING_STATES = [1, 2, 3] as const;

/** Seats held per slot, for some slots. */
async function bookedCounts(trx: Trx, slotIds: readonly number[]): Promise<Map<number, number>> {
  if (slotIds.length === 0) return new Map();
  const rows = await trx.selectFrom('reservation as r')
    .innerJoin('shop_order as o', (j) => j.onRef('o.tenant_id', '=', 'r.tenant_id').onRef('o.id', '=', 'r.order_id'))
    .select(['r.slot_id', sql<number>`count(*)::int`.as('n')])
    .where('r.slot_id', 'in', [...slotIds]).where('r.state', '=', 'booked').where('o.state', 'in', [...HOLDING_STATES])
    .groupBy('r.slot_id').execute();
  return new Map(rows.map((r) => [r.slot_id, r.n]));
}

async function serviceProduct(trx: Trx, prodId: number) {
  const p = await trx.selectFrom('product as p')
    .innerJoin('provider as v', (j) => j.onRef('v.tenant_id', '=', 'p.tenant_id').onRef('v.id', '=', 'p.provider_id'))
    .select(['p.id', 'p.type', 'p.provider_id', 'v.name as provider_name']).where('p.id', '=', prodId).executeTakeFirst();
  if (!p) throw new ApiError(`商品不存在（编号 ${prodId}），请刷新页面后重试。`, { code: 404, errorCode: 'PRODUCT_NOT_FOUND' });
  if (p.type !== CUSTOM_PRODUCT_TYPE.service) throw new ApiError('该商品不是预约类服务，没有可预约的时段。', { errorCode: 'NOT_A_SERVICE' });
  return p;
}

/** The upcoming slots of a service product, earliest first; `userId` marks the caller's own seats. */
export async function listSlots(trx: Trx, prodId: number, userId: number | null): Promise<SlotList> {
  const p = await serviceProduct(trx, prodId);
  await expireOverdueOrders(trx);
  const slots = await trx.selectFrom('service_slot').select(['id', 'start_at', 'end_at', 'capacity', 'state'])
    .where('product_id', '=', prodId).where('start_at', '>', sql<Date>`now()`).orderBy('start_at').limit(200).execute();
  const counts = await bookedCounts(trx, slots.map((s) => s.id));
  const mine = userId === null || slots.length === 0 ? new Set<number>() : new Set((await trx.selectFrom('reservation as r')
    .innerJoin('shop_order as o', (j) => j.onRef('o.tenant_id', '=', 'r.tenant_id').onRef('o.id', '=', 'r.order_id'))
    .select('r.slot_id').where('r.user_id', '=', userId).where('r.state', '=', 'booked').where('o.state', 'in', [...HOLDING_STATES])
    .where('r.slot_id', 'in', slots.map((s) => s.id)).execute()).map((r) => r.slot_id));
  return {
    prodId: p.id, providerId: p.provider_id, providerName: p.provider_name,
    slots: slots.map((s) => {
      const booked = counts.get(s.id) ?? 0;
      const free = Math.max(0, s.capacity - booked);
      return { id: s.id, startAt: s.start_at.toISOString(), endAt: s.end_at.toISOString(), capacity: s.capacity, booked, free, mine: mine.has(s.id), bookable: s.state === 'open' && free > 0 };
    }),
  };
}

/** Who orders: the name and phone an order without delivery keeps as its receiver. */
async function buyer(trx: Trx, userId: number) {
  const u = await trx.selectFrom('user_account').select(['account', 'real_name', 'nick_name', 'mobile']).where('id', '=', userId).executeTakeFirstOrThrow();
  return { ...u, name: u.real_name || u.nick_name || u.account };
}

const findByToken = (trx: Trx, userId: number, token: string) =>
  trx.selectFrom('shop_order').select(['id', 'order_no', 'state', 'pay_price']).where('user_id', '=', userId).where('submit_token', '=', token).executeTakeFirst();

/** The create answer of an order placed earlier with this token. */
async function repeatedAnswer(trx: Trx, order: { id: number; order_no: string | null; state: number; pay_price: string }): Promise<CustomizeCreated> {
  const r = await trx.selectFrom('reservation').select('id').where('order_id', '=', order.id).executeTakeFirst();
  const c = await trx.selectFrom('order_contract').select('id').where('order_id', '=', order.id).executeTakeFirst();
  return { orderId: order.id, orderNo: order.order_no ?? '', orderState: order.state, needsPay: order.state === 1, reservationId: r?.id ?? null, contractId: c?.id ?? null, repeated: true };
}

export interface CreateInput { kind: 'reserve' | 'contract'; prodId: number; slotId?: number | undefined; note?: string | undefined; submitToken: string }

/**
 * orderCustomize/create: an order of one service or contract product, without delivery. reserve
 * books a seat of the slot (refused when it is full, started, closed or already the caller's); a
 * free one is confirmed at once (order completed). contract fills in the tenant's contract text;
 * the order waits for payment, which the contract's confirmation unlocks.
 */
export async function createCustomOrder(trx: Trx, userId: number, input: CreateInput): Promise<CustomizeCreated> {
  const earlier = await findByToken(trx, userId, input.submitToken);
  if (earlier) return repeatedAnswer(trx, earlier);
  await expireOverdueOrders(trx);
  const wantType = input.kind === 'reserve' ? CUSTOM_PRODUCT_TYPE.service : CUSTOM_PRODUCT_TYPE.contract;
  // Locked: the stock below is taken under the product's row lock, as submit does.
  const product = await findProductForSale(trx, input.prodId, true);
  // A double click waited on that lock: the first create has committed by now, so its order is found.
  const meanwhile = await findByToken(trx, userId, input.submitToken);
  if (meanwhile) return repeatedAnswer(trx, meanwhile);
  assertSellable(product, input.prodId, 1);
  if (product.type !== wantType) {
    throw new ApiError(input.kind === 'reserve' ? '该商品不是预约类服务，请在商品页选择购买方式。' : '该商品不是合同类商品，请在商品页选择购买方式。', { errorCode: 'WRONG_KIND' });
  }
  let slot: { id: number; start_at: Date } | null = null;
  if (input.kind === 'reserve') {
    if (input.slotId === undefined) throw new ApiError('请选择要预约的时段。', { errorCode: 'SLOT_REQUIRED' });
    slot = await takeSeat(trx, userId, input.prodId, input.slotId);
  }
  const price = cents(product.price);
  const ret = Math.max(price, product.retail_price === null ? 0 : cents(product.retail_price));
  const free = input.kind === 'reserve' && price === 0;
  const who = await buyer(trx, userId);
  const inserted = await trx.insertInto('shop_order').values({
    tenant_id: tenantIdSql, user_id: userId, submit_token: input.submitToken,
    // spec learning §7: a service or a contract ships nothing: no address (part Q's needs_delivery false).
    receiver: '', phone: '', area: '', detail: '', needs_delivery: false,
    remark: input.note?.trim() || null,
    product_count: 1, item_count: 1, total_price: yuan(price), total_ret_price: yuan(ret), freight: 0, pay_price: yuan(price),
    expires_at: sql<Date>`now() + make_interval(mins => ${ORDER_TTL_MINUTES})`,
    ...(free ? { state: 3, pay_type: 'free', paid_at: sql<Date>`now()`, received_at: sql<Date>`now()` } : {}),
  }).onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'submit_token']).doNothing()).returning('id').executeTakeFirst();
  if (!inserted) {
    const first = await findByToken(trx, userId, input.submitToken);
    if (!first) throw new ApiError('订单提交冲突，请刷新页面后重试。', { code: 409, errorCode: 'SUBMIT_CONFLICT' });
    return repeatedAnswer(trx, first);
  }
  const order = await trx.updateTable('shop_order')
    .set({ order_no: sql<string>`to_char(now() at time zone (select t.time_zone from tenant t where t.id = shop_order.tenant_id), 'YYYYMMDDHH24MISS') || lpad(id::text, 6, '0')` })
    .where('id', '=', inserted.id).returning(['id', 'order_no', 'state']).executeTakeFirstOrThrow();
  await trx.insertInto('shop_order_item').values({
    tenant_id: tenantIdSql, order_id: order.id, product_id: product.id, provider_id: product.provider_id, provider_name: product.provider_name,
    product_type: product.type, title: product.title, cover: product.cover, price: yuan(price), ret_price: yuan(ret), quantity: 1,
  }).execute();
  await trx.updateTable('product').set({ stock: sql<number>`stock - 1`, ...(free ? { sales_count: sql<number>`sales_count + 1` } : {}) }).where('id', '=', product.id).execute();
  let reservationId: number | null = null;
  let contractId: number | null = null;
  if (slot) {
    const r = await trx.insertInto('reservation').values({
      tenant_id: tenantIdSql, order_id: order.id, user_id: userId, slot_id: slot.id, product_id: product.id, note: input.note?.trim() || null,
    }).returning('id').executeTakeFirstOrThrow();
    reservationId = r.id;
  } else {
    contractId = await createContract(trx, { orderId: order.id, orderNo: order.order_no ?? '', userId, buyer: who, product: { id: product.id, title: product.title, providerName: product.provider_name, price: yuan(price) } });
  }
  return { orderId: order.id, orderNo: order.order_no ?? '', orderState: order.state, needsPay: order.state === 1, reservationId, contractId, repeated: false };
}

/** Locks the slot and checks a seat is free for the caller; the refusals say which rule. */
async function takeSeat(trx: Trx, userId: number, prodId: number, slotId: number): Promise<{ id: number; start_at: Date }> {
  const slot = await trx.selectFrom('service_slot').select(['id', 'product_id', 'start_at', 'capacity', 'state', sql<boolean>`start_at <= now()`.as('started')])
    .where('id', '=', slotId).forUpdate().executeTakeFirst();
  if (!slot || slot.product_id !== prodId) throw new ApiError('该预约时段不存在，请刷新后重新选择。', { code: 404, errorCode: 'SLOT_NOT_FOUND' });
  if (slot.started) throw new ApiError('该时段已开始或已结束，不能再预约；请选择其他时段。', { errorCode: 'SLOT_PAST' });
  if (slot.state !== 'open') throw new ApiError('该时段已停止预约，请选择其他时段。', { errorCode: 'SLOT_CLOSED' });
  const counts = await bookedCounts(trx, [slot.id]);
  const mine = await trx.selectFrom('reservation as r')
    .innerJoin('shop_order as o', (j) => j.onRef('o.tenant_id', '=', 'r.tenant_id').onRef('o.id', '=', 'r.order_id'))
    .select('r.id').where('r.slot_id', '=', slot.id).where('r.user_id', '=', userId).where('r.state', '=', 'booked').where('o.state', 'in', [...HOLDING_STATES])
    .executeTakeFirst();
  if (mine) throw new ApiError('您已预约了这个时段，无需重复预约；可在“我的预约”中查看。', { errorCode: 'SLOT_ALREADY_MINE' });
  if ((counts.get(slot.id) ?? 0) >= slot.capacity) throw new ApiError('该时段已约满，请选择其他时段。', { errorCode: 'SLOT_FULL' });
  return slot;
}

const RESERVATION_SELECT = [
  'r.id', 'r.order_id', 'r.slot_id', 'r.product_id', 'r.note', 'r.state', 'r.created_at', 'r.cancelled_at',
  'o.order_no', 'o.state as order_state', 'o.pay_price', 'o.cancelled_at as order_cancelled_at',
  's.start_at', 's.end_at', 'i.title', 'i.cover', 'i.provider_name',
] as const;

function reservationRows(trx: Trx) {
  return trx.selectFrom('reservation as r')
    .innerJoin('shop_order as o', (j) => j.onRef('o.tenant_id', '=', 'r.tenant_id').onRef('o.id', '=', 'r.order_id'))
    .innerJoin('service_slot as s', (j) => j.onRef('s.tenant_id', '=', 'r.tenant_id').onRef('s.id', '=', 'r.slot_id'))
    .innerJoin('shop_order_item as i', (j) => j.onRef('i.tenant_id', '=', 'r.tenant_id').onRef('i.order_id', '=', 'r.order_id'))
    .select(RESERVATION_SELECT);
}
type ReservationRow = Awaited<ReturnType<ReturnType<typeof reservationRows>['executeTakeFirstOrThrow']>>;

function reservationView(r: ReservationRow, now = new Date()): ReservationView {
  const cancelled = r.state === 'cancelled' || !(HOLDING_STATES as readonly number[]).includes(r.order_state);
  const started = r.start_at <= now;
  const status = cancelled ? 'cancelled' : started ? 'past' : r.order_state === 1 ? 'toPay' : 'upcoming';
  return {
    id: r.id, orderId: r.order_id, orderNo: r.order_no ?? '', orderState: r.order_state, prodId: r.product_id, title: r.title, cover: r.cover,
    providerName: r.provider_name, slotId: r.slot_id, startAt: r.start_at.toISOString(), endAt: r.end_at.toISOString(), note: r.note,
    price: yuan(cents(r.pay_price)), status, cancellable: !cancelled && !started,
    createdAt: r.created_at.toISOString(), cancelledAt: (r.cancelled_at ?? (cancelled ? r.order_cancelled_at : null))?.toISOString() ?? null,
  };
}

/** My reservations of a tab: upcoming (to pay or confirmed, not started) earliest first; past and cancelled newest first. */
export async function myReservations(trx: Trx, userId: number, q: { tab: ReservationTab; pageNo: number; pageSize: number }): Promise<Page<ReservationView>> {
  let base = reservationRows(trx).where('r.user_id', '=', userId);
  if (q.tab === 'cancelled') base = base.where((eb) => eb.or([eb('r.state', '=', 'cancelled'), eb('o.state', 'not in', [...HOLDING_STATES])]));
  else base = base.where('r.state', '=', 'booked').where('o.state', 'in', [...HOLDING_STATES]).where('s.start_at', q.tab === 'upcoming' ? '>' : '<=', sql<Date>`now()`);
  const rows = await base.orderBy('s.start_at', q.tab === 'upcoming' ? 'asc' : 'desc').orderBy('r.id', 'desc')
    .limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute();
  const count = await base.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return { list: rows.map((r) => reservationView(r)), total: count.n, pageNo: q.pageNo, pageSize: q.pageSize };
}

/** orderCustomize/info: the reservation or contract of one of the caller's orders; 订单不存在 for any other (spec learning §8). */
export async function customizeInfo(trx: Trx, userId: number, orderId: number): Promise<CustomizeInfo> {
  const order = await trx.selectFrom('shop_order').select('id').where('user_id', '=', userId).where('id', '=', orderId).executeTakeFirst();
  if (!order) throw orderNotFound();
  const r = await reservationRows(trx).where('r.order_id', '=', orderId).executeTakeFirst();
  const contract = r ? null : await contractOfOrder(trx, orderId);
  return { orderId, kind: r ? 'reserve' : contract ? 'contract' : 'none', reservation: r ? reservationView(r) : null, contract };
}

/**
 * Cancels one of the caller's reservations before its start and frees the seat: an unpaid order is
 * cancelled (stock back), a paid one is refunded at once (state 6, an approved automatic request),
 * a free one is cancelled. Cancelling a cancelled reservation again is harmless.
 */
export async function cancelReservation(trx: Trx, userId: number, id: number): Promise<ReservationView> {
  const row = await trx.selectFrom('reservation').select(['id', 'order_id', 'state']).where('user_id', '=', userId).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw new ApiError('预约不存在，请刷新后重试。', { code: 404, errorCode: 'RESERVATION_NOT_FOUND' });
  await expireOverdueOrders(trx);
  const before = await reservationRows(trx).where('r.id', '=', id).executeTakeFirstOrThrow();
  const view = reservationView(before);
  if (view.status === 'cancelled') return view;
  if (view.status === 'past') throw new ApiError('该预约的时段已开始，不能再取消；如需退款请在订单详情中申请。', { errorCode: 'RESERVATION_STARTED' });
  await closeOrderForRefund(trx, row.order_id, { reason: '取消预约', automatic: true });
  await trx.updateTable('reservation').set({ state: 'cancelled', cancelled_at: sql<Date>`now()` }).where('id', '=', id).where('state', '=', 'booked').execute();
  return reservationView(await reservationRows(trx).where('r.id', '=', id).executeTakeFirstOrThrow());
}
