// Accepting a made-to-order quote (issue 20 part S): the quote becomes an order of the shop, so it
// is paid, cancelled or expires like any other (order-repository.ts). The order buys one unlisted
// product made for this request (type MADE_TO_ORDER_PRODUCT_TYPE, state 2: never listed nor sold
// through the cart), made by the kind's store.
import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import { ORDER_TTL_MINUTES } from './order-repository';
import { providerOffShelf } from './cart-repository';
import type { RequestRow } from './make-repository';
import { MADE_TO_ORDER_PRODUCT_TYPE } from '../../../schemas/api/make';
import { ORDER_STATE } from '../../../schemas/api/order';

type Trx = Transaction<DB>;

const tenantIdSql = sql<number>`current_setting('app.tenant_id')::bigint`;

/** The product state of a made-to-order product: outside the lists (1 on sale) and the cart. */
export const MADE_TO_ORDER_PRODUCT_STATE = 2;

/**
 * Whether an off-shelf message says 学校 rather than 商家: the site's makeForSchool option (its
 * PcStartup options, store 0), or a SCHOOL provider (docs/decisions.md "Off-shelf wording", as the
 * product and provider pages word it).
 */
async function schoolWording(trx: Trx, orgType: string): Promise<boolean> {
  if (orgType.toUpperCase() === 'SCHOOL') return true;
  const row = await trx.selectFrom('tenant_config').select('param_value')
    .where('store_id', '=', 0).where('param_group', '=', 'PcStartup').where('param_key', '=', 'options').executeTakeFirst();
  try {
    const options: unknown = row?.param_value ? JSON.parse(row.param_value) : null;
    return typeof options === 'object' && options !== null && (options as { makeForSchool?: unknown }).makeForSchool === true;
  } catch {
    return false;
  }
}

/**
 * Makes the order of a quoted (or accepted, whose order was cancelled or expired) request and marks
 * it accepted; returns the order id. With addressId the order ships there; without, it carries the
 * request's contact and no address (a training programme needs none). The caller holds the row lock.
 */
export async function orderForRequest(trx: Trx, userId: number, r: RequestRow, addressId: number | null): Promise<number> {
  if (r.quote_price === null) throw new ApiError('该定制需求还没有报价，暂不能接受。', { errorCode: 'MAKE_STATE' });
  // spec learning §4: a provider with state 1 or -1 is off shelf, "school/merchant" by makeForSchool;
  // its quotes are no more for sale than its products (cart-repository.ts assertSellable).
  if (providerOffShelf(r.provider_state)) {
    const who = await schoolWording(trx, r.provider_org_type) ? '学校' : '商家';
    throw new ApiError(`${who}「${r.provider_name}」已下架，暂不能接受其报价。`, { errorCode: 'PROVIDER_OFF_SHELF' });
  }
  let ship = { receiver: r.contact_name, phone: r.contact_phone, area: '', detail: '' };
  if (addressId !== null) {
    const address = await trx.selectFrom('user_address').select(['receiver', 'phone', 'area', 'detail'])
      .where('user_id', '=', userId).where('id', '=', addressId).executeTakeFirst();
    if (!address) throw new ApiError(`收货地址不存在（编号 ${addressId}），请重新选择收货地址。`, { code: 404, errorCode: 'ADDRESS_NOT_FOUND' });
    ship = address;
  }
  let productId = r.product_id;
  if (productId === null) {
    const made = await trx.insertInto('product').values({
      tenant_id: tenantIdSql, provider_id: r.provider_id, type: MADE_TO_ORDER_PRODUCT_TYPE, price: r.quote_price, retail_price: null,
      stock: 0, category_id: null, title: r.title, cover: null, summary: r.kind_title, state: MADE_TO_ORDER_PRODUCT_STATE,
    }).returning('id').executeTakeFirstOrThrow();
    productId = made.id;
  }
  const order = await trx.insertInto('shop_order').values({
    tenant_id: tenantIdSql, user_id: userId, submit_token: `make-${r.id}-${randomUUID()}`, remark: `定制需求 #${r.id}`.slice(0, 200), ...ship,
    // Issue 20 part Q's rule: an order that ships nothing is completed at payment; one with an address waits for shipping.
    needs_delivery: addressId !== null,
    product_count: 1, item_count: 1, total_price: r.quote_price, total_ret_price: r.quote_price, freight: 0, pay_price: r.quote_price,
    expires_at: sql<Date>`now() + make_interval(mins => ${ORDER_TTL_MINUTES})`,
  }).returning('id').executeTakeFirstOrThrow();
  await trx.insertInto('shop_order_item').values({
    tenant_id: tenantIdSql, order_id: order.id, product_id: productId, provider_id: r.provider_id, provider_name: r.provider_name,
    product_type: MADE_TO_ORDER_PRODUCT_TYPE, title: r.title, cover: null, price: r.quote_price, ret_price: r.quote_price, quantity: 1,
  }).execute();
  // The order number as order/submit makes it: the tenant's local date and time, then the id.
  await trx.updateTable('shop_order')
    .set({ order_no: sql<string>`to_char(now() at time zone (select t.time_zone from tenant t where t.id = shop_order.tenant_id), 'YYYYMMDDHH24MISS') || lpad(id::text, 6, '0')` })
    .where('id', '=', order.id).execute();
  await trx.updateTable('make_request').set({
    state: 'accepted', product_id: productId, order_id: order.id, decided_at: sql<Date>`coalesce(decided_at, now())`, updated_at: sql<Date>`now()`,
  }).where('id', '=', r.id).execute();
  return order.id;
}

/** Whether an accepted request's order is gone (cancelled or expired unpaid), so accepting again makes a new one. */
export const orderLapsed = (r: RequestRow) => r.state === 'accepted' && (r.order_id === null || r.order_state === ORDER_STATE.cancelled);
