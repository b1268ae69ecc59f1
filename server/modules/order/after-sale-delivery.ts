// Deliveries' SQL (issue 20 part Q; spec learning §7 GET /order/api/delivery/detail; shipping by
// the back office is ours, docs/shop-and-content.md "After-sale"). A paid order that ships
// something (needs_delivery) waits as 待发货 (state 2, shipped_at null); the back office ships it
// with a carrier and tracking number (a delivery row and its first event; shipped_at set: 待收货),
// adds tracking events, and the buyer's receipt signs the delivery for.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import { orderNotFound, STATE_WORDS } from './order-repository';
import { DELIVERY_STATE, type DeliveryEvent, type DeliveryView } from '../../../schemas/api/after-sale';
import { ORDER_STATE } from '../../../schemas/api/order';

type Trx = Transaction<DB>;

const tenantIdSql = sql<number>`current_setting('app.tenant_id')::bigint`;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** What a delivery's state says, for the texts the server writes itself. */
export const DELIVERY_WORDS: Record<number, string> = { 1: '已发货', 2: '运输中', 3: '派送中', 4: '已签收' };

/** The timeline of a delivery, newest first. */
async function eventsOf(trx: Trx, orderId: number): Promise<DeliveryEvent[]> {
  const rows = await trx.selectFrom('order_delivery_event').select(['id', 'happened_at', 'place', 'content', 'state'])
    .where('order_id', '=', orderId).orderBy('happened_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((r) => ({ id: Number(r.id), time: iso(r.happened_at)!, place: r.place, text: r.content, state: r.state }));
}

/**
 * The delivery of an order: the buyer's own (`userId`), or any of the tenant's for the back office
 * (`userId` null). 订单不存在 for another's or a missing order (spec learning §8).
 */
export async function deliveryOf(trx: Trx, orderId: number, userId: number | null): Promise<DeliveryView> {
  let q = trx.selectFrom('shop_order as o')
    .leftJoin('order_delivery as d', (j) => j.onRef('d.tenant_id', '=', 'o.tenant_id').onRef('d.order_id', '=', 'o.id'))
    .select(['o.id', 'o.order_no', 'o.state', 'o.needs_delivery', 'o.receiver', 'o.phone', 'o.area', 'o.detail', 'o.shipped_at as order_shipped_at', 'o.received_at',
      'd.carrier', 'd.tracking_no', 'd.state as delivery_state', 'd.shipped_at', 'd.signed_at'])
    .where('o.id', '=', orderId);
  if (userId !== null) q = q.where('o.user_id', '=', userId);
  const row = await q.executeTakeFirst();
  if (!row) throw orderNotFound();
  const items = await trx.selectFrom('shop_order_item').select(['product_id', 'title', 'cover', 'quantity'])
    .where('order_id', '=', orderId).orderBy('id').execute();
  // An order shipped before deliveries were recorded (older or seeded rows) has shipped_at but no
  // delivery row: shipped, with no carrier or events, signed for once received.
  const shipped = row.carrier !== null || row.order_shipped_at !== null;
  const legacyState = row.order_shipped_at === null ? null : row.state === ORDER_STATE.completed ? DELIVERY_STATE.signed : DELIVERY_STATE.shipped;
  return {
    orderId: Number(row.id), orderNo: row.order_no ?? '', orderState: row.state, needsDelivery: row.needs_delivery, shipped,
    carrier: row.carrier, trackingNo: row.tracking_no, state: row.delivery_state ?? legacyState,
    shippedAt: iso(row.shipped_at ?? row.order_shipped_at),
    signedAt: iso(row.signed_at ?? (row.delivery_state === null && row.state === ORDER_STATE.completed ? row.received_at : null)),
    address: { receiver: row.receiver, phone: row.phone, area: row.area, detail: row.detail },
    items: items.map((i) => ({ prodId: Number(i.product_id), title: i.title, cover: i.cover, quantity: i.quantity })),
    events: row.carrier !== null ? await eventsOf(trx, orderId) : [],
  };
}

/**
 * Ships a paid physical order (the back office): the delivery row, its first event, and the
 * order's shipped_at (待收货). Refused for an unpaid, cancelled, completed, digital or shipped order.
 */
export async function shipOrder(trx: Trx, adminId: number, input: { orderId: number; carrier: string; trackingNo: string; place?: string | undefined }): Promise<void> {
  const order = await trx.selectFrom('shop_order').select(['id', 'state', 'needs_delivery', 'shipped_at'])
    .where('id', '=', input.orderId).forUpdate().executeTakeFirst();
  if (!order) throw orderNotFound();
  if (!order.needs_delivery) throw new ApiError('该订单的商品无需配送（电子书、有声书、课程等），付款后即已完成，不能发货。', { errorCode: 'NO_DELIVERY' });
  if (order.state === ORDER_STATE.pending) throw new ApiError('该订单还未付款，付款后才能发货。', { errorCode: 'ORDER_STATE' });
  // Cancelled, completed or refunded (6): said as it is.
  if (order.state !== ORDER_STATE.toReceive) throw new ApiError(`该订单${STATE_WORDS[order.state]}，不能发货。`, { errorCode: 'ORDER_STATE' });
  if (order.shipped_at !== null) throw new ApiError('该订单已发货，不能重复发货；物流进展请用“添加物流”记录。', { errorCode: 'ALREADY_SHIPPED' });
  const carrier = input.carrier.trim();
  if (!carrier) throw new ApiError('请填写快递公司。', { errorCode: 'VALIDATION' });
  const shipped = await trx.updateTable('shop_order').set({ shipped_at: sql<Date>`now()` })
    .where('id', '=', order.id).returning('shipped_at').executeTakeFirstOrThrow();
  await trx.insertInto('order_delivery').values({
    tenant_id: tenantIdSql, order_id: order.id, carrier, tracking_no: input.trackingNo, shipped_by: adminId, shipped_at: shipped.shipped_at!,
  }).execute();
  await trx.insertInto('order_delivery_event').values({
    tenant_id: tenantIdSql, order_id: order.id, happened_at: shipped.shipped_at!, place: input.place?.trim() || null,
    content: `商家已发货，${carrier}，运单号 ${input.trackingNo}`, state: DELIVERY_STATE.shipped,
  }).execute();
}

/** Most a reported time may lie ahead of the server's clock (clock skew between machines). */
const FUTURE_SLACK_MS = 5 * 60_000;

/**
 * Adds a tracking event (the back office) to a shipped, not yet signed-for delivery whose order is
 * still to be received (state 2, not refunded since); a state moves the delivery on (never back).
 * Signing for (4) is the carrier's word: the buyer still confirms receipt.
 */
export async function addDeliveryEvent(trx: Trx, input: { orderId: number; text: string; place?: string | undefined; happenedAt?: string | undefined; state?: number | undefined }): Promise<void> {
  // The order's lock first, as shipOrder and refunds take it: a refund cannot slip in between.
  const order = await trx.selectFrom('shop_order').select('state').where('id', '=', input.orderId).forUpdate().executeTakeFirst();
  if (!order) throw orderNotFound();
  const delivery = await trx.selectFrom('order_delivery').select(['state', 'shipped_at'])
    .where('order_id', '=', input.orderId).forUpdate().executeTakeFirst();
  if (!delivery) throw new ApiError('该订单还未发货，请先发货再添加物流信息。', { errorCode: 'NOT_SHIPPED' });
  if (delivery.state === DELIVERY_STATE.signed) throw new ApiError('该包裹已签收，不能再添加物流信息。', { errorCode: 'DELIVERY_SIGNED' });
  // Tracking belongs to a shipped order still to be received (state 2): not one refunded or cancelled since.
  if (order.state !== ORDER_STATE.toReceive) throw new ApiError(`该订单${STATE_WORDS[order.state]}，不能再添加物流信息。`, { errorCode: 'ORDER_STATE' });
  const text = input.text.trim();
  if (!text) throw new ApiError('请填写物流信息的内容。', { errorCode: 'VALIDATION' });
  const at = input.happenedAt ? new Date(input.happenedAt) : new Date();
  if (at.getTime() > Date.now() + FUTURE_SLACK_MS) throw new ApiError('物流时间不能晚于现在。', { errorCode: 'VALIDATION' });
  if (at.getTime() < new Date(delivery.shipped_at).getTime()) throw new ApiError('物流时间不能早于发货时间。', { errorCode: 'VALIDATION' });
  if (input.state !== undefined && input.state < delivery.state) {
    throw new ApiError(`包裹已是“${DELIVERY_WORDS[delivery.state]}”，不能退回“${DELIVERY_WORDS[input.state]}”。`, { errorCode: 'DELIVERY_STATE' });
  }
  await trx.insertInto('order_delivery_event').values({
    tenant_id: tenantIdSql, order_id: input.orderId, happened_at: at, place: input.place?.trim() || null, content: text, state: input.state ?? null,
  }).execute();
  await trx.updateTable('order_delivery').set({
    updated_at: sql<Date>`now()`,
    ...(input.state !== undefined ? { state: input.state } : {}),
    ...(input.state === DELIVERY_STATE.signed ? { signed_at: at } : {}),
  }).where('order_id', '=', input.orderId).execute();
}

/** The buyer confirmed receipt: the delivery is signed for, with a last event (called by takeDelivery). */
export async function signForDelivery(trx: Trx, orderId: number): Promise<void> {
  const done = await trx.updateTable('order_delivery').set({ state: DELIVERY_STATE.signed, signed_at: sql<Date>`coalesce(signed_at, now())`, updated_at: sql<Date>`now()` })
    .where('order_id', '=', orderId).returning('order_id').execute();
  if (!done.length) return;
  await trx.insertInto('order_delivery_event').values({
    tenant_id: tenantIdSql, order_id: orderId, happened_at: sql<Date>`now()`, place: null, content: '买家已确认收货', state: DELIVERY_STATE.signed,
  }).execute();
}
