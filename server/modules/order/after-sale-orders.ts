// Orders as after-sale reads them (issue 20 part Q): whether the caller bought a product (spec
// learning §7 GET /order/api/buy/query) and the back office's list of all buyers' orders by stage.
import { sql, type RawBuilder, type SqlBool, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { containsPattern } from '../../lib/list-sql';
import { cents, yuan } from './cart-repository';
import { ORDER_STATE } from '../../../schemas/api/order';
import { ORDER_REFUNDED } from '../../../schemas/api/reservations';
import { ORDER_STAGES, type AdminOrderPage, type BuyState, type OrderStage } from '../../../schemas/api/after-sale';

type Trx = Transaction<DB>;

/** Whether the caller bought the product: their newest paid (to be received or completed) order holding it. */
export async function buyState(trx: Trx, userId: number, productId: number): Promise<BuyState> {
  const row = await trx.selectFrom('shop_order as o')
    .innerJoin('shop_order_item as i', (j) => j.onRef('i.tenant_id', '=', 'o.tenant_id').onRef('i.order_id', '=', 'o.id'))
    .select(['o.id', 'o.order_no', 'o.state', 'o.paid_at'])
    .where('o.user_id', '=', userId).where('i.product_id', '=', productId)
    .where('o.state', 'in', [ORDER_STATE.toReceive, ORDER_STATE.completed])
    .orderBy('o.paid_at', 'desc').orderBy('o.id', 'desc').limit(1).executeTakeFirst();
  if (!row) return { bought: false, orderId: null, orderNo: null, orderState: null, paidAt: null };
  return { bought: true, orderId: Number(row.id), orderNo: row.order_no ?? '', orderState: row.state, paidAt: row.paid_at ? row.paid_at.toISOString() : null };
}

/** The condition of a stage on `o` (shop_order): pending payment, paid and to ship, shipped and to be received, completed, cancelled, refunded. */
function stageSql(stage: OrderStage): RawBuilder<SqlBool> {
  switch (stage) {
    case 'pending': return sql<SqlBool>`o.state = ${ORDER_STATE.pending}`;
    case 'toShip': return sql<SqlBool>`(o.state = ${ORDER_STATE.toReceive} and o.shipped_at is null)`;
    case 'shipped': return sql<SqlBool>`(o.state = ${ORDER_STATE.toReceive} and o.shipped_at is not null)`;
    case 'completed': return sql<SqlBool>`o.state = ${ORDER_STATE.completed}`;
    case 'cancelled': return sql<SqlBool>`o.state = ${ORDER_STATE.cancelled}`;
    case 'refunded': return sql<SqlBool>`o.state = ${ORDER_REFUNDED}`;
  }
}

/** The stage of an order row: the one whose stageSql holds for it, so a row is listed under its own tab. */
function stageOf(state: number, shipped: boolean): OrderStage {
  if (state === ORDER_STATE.pending) return 'pending';
  if (state === ORDER_STATE.toReceive) return shipped ? 'shipped' : 'toShip';
  if (state === ORDER_STATE.completed) return 'completed';
  return state === ORDER_REFUNDED ? 'refunded' : 'cancelled';
}

const BUYER = sql<string>`coalesce(nullif(btrim(u.nick_name), ''), nullif(btrim(u.real_name), ''), u.account)`;

/** A page of the tenant's orders for the back office, oldest paid first when shipping (first come, first shipped), else newest first. */
export async function adminOrders(trx: Trx, q: { stage?: OrderStage | undefined; keyword?: string | undefined; pageNo: number; pageSize: number }): Promise<AdminOrderPage> {
  const words = q.keyword?.trim();
  const filtered = (stage: OrderStage | undefined): RawBuilder<SqlBool> => {
    const parts = [sql<SqlBool>`true`];
    if (stage) parts.push(stageSql(stage));
    if (words) parts.push(sql<SqlBool>`(o.order_no ilike ${containsPattern(words)} or o.receiver ilike ${containsPattern(words)})`);
    return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
  };
  const base = trx.selectFrom('shop_order as o')
    .innerJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'o.tenant_id').onRef('u.id', '=', 'o.user_id'))
    .where(filtered(q.stage));
  let rows = base.select(['o.id', 'o.order_no', 'o.state', 'o.needs_delivery', 'o.created_at', 'o.paid_at', 'o.shipped_at', 'o.pay_price',
    'o.receiver', 'o.phone', 'o.area', 'o.detail', BUYER.as('buyer')]);
  rows = q.stage === 'toShip' ? rows.orderBy('o.paid_at', 'asc').orderBy('o.id', 'asc') : rows.orderBy('o.id', 'desc');
  const list = await rows.limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute();
  const total = (await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
  const ids = list.map((r) => Number(r.id));
  const items = ids.length ? await trx.selectFrom('shop_order_item').select(['order_id', 'title', 'quantity']).where('order_id', 'in', ids).orderBy('id').execute() : [];
  const deliveries = ids.length ? await trx.selectFrom('order_delivery').select(['order_id', 'carrier', 'tracking_no', 'state', 'shipped_at']).where('order_id', 'in', ids).execute() : [];
  const byDelivery = new Map(deliveries.map((d) => [Number(d.order_id), d]));
  const counts: Record<string, number> = {};
  for (const stage of ORDER_STAGES) {
    counts[stage] = (await trx.selectFrom('shop_order as o').where(filtered(stage)).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
  }
  return {
    list: list.map((r) => {
      const d = byDelivery.get(Number(r.id));
      return {
        id: Number(r.id), orderNo: r.order_no ?? '', stage: stageOf(r.state, r.shipped_at !== null), state: r.state, needsDelivery: r.needs_delivery,
        buyerName: r.buyer, createdAt: r.created_at.toISOString(), paidAt: r.paid_at ? r.paid_at.toISOString() : null, payPrice: yuan(cents(r.pay_price)),
        address: { receiver: r.receiver, phone: r.phone, area: r.area, detail: r.detail },
        items: items.filter((i) => Number(i.order_id) === Number(r.id)).map((i) => ({ title: i.title, quantity: i.quantity })),
        delivery: d ? { carrier: d.carrier, trackingNo: d.tracking_no, state: d.state, shippedAt: new Date(d.shipped_at).toISOString() } : null,
      };
    }),
    total, pageNo: q.pageNo, pageSize: q.pageSize, counts,
  };
}
