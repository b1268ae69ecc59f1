// The rules part R adds to the existing buying path (issue 20 part R): a contract order is paid only
// once its contract is confirmed, a reservation only before its slot starts, and service and
// contract products are ordered from their product page (orderCustomize/create), never the cart.
// Kept apart from the repositories so order-repository and the cart can call them without a cycle.
import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import { CUSTOM_PRODUCT_TYPE } from '../../../schemas/api/reservations';

type Trx = Transaction<DB>;

/** Refuses paying a pending order whose contract is unconfirmed, or whose reserved slot has started. */
export async function assertPayable(trx: Trx, userId: number, orderId: number): Promise<void> {
  const contract = await trx.selectFrom('order_contract as c')
    .innerJoin('shop_order as o', (j) => j.onRef('o.tenant_id', '=', 'c.tenant_id').onRef('o.id', '=', 'c.order_id'))
    .select('c.id').where('c.order_id', '=', orderId).where('o.user_id', '=', userId).where('o.state', '=', 1).where('c.state', '=', 'pending')
    .executeTakeFirst();
  if (contract) throw new ApiError('请先阅读并确认合同（输入姓名并勾选同意），确认后才能支付。', { errorCode: 'CONTRACT_NOT_CONFIRMED' });
  const started = await trx.selectFrom('reservation as r')
    .innerJoin('shop_order as o', (j) => j.onRef('o.tenant_id', '=', 'r.tenant_id').onRef('o.id', '=', 'r.order_id'))
    .innerJoin('service_slot as s', (j) => j.onRef('s.tenant_id', '=', 'r.tenant_id').onRef('s.id', '=', 'r.slot_id'))
    .select('r.id').where('r.order_id', '=', orderId).where('o.user_id', '=', userId).where('o.state', '=', 1).where('s.start_at', '<=', new Date())
    .executeTakeFirst();
  if (started) throw new ApiError('该预约的时段已开始，不能再支付；请取消订单后重新预约其他时段。', { errorCode: 'SLOT_PAST' });
}

/** Refuses a service or contract product in the cart or the buy-now path: they are ordered from the product page. */
export function assertCartProduct(product: { type: number; title: string }): void {
  if (product.type === CUSTOM_PRODUCT_TYPE.service) throw new ApiError(`《${product.title}》是预约类服务，请在商品页选择时段预约。`, { errorCode: 'RESERVE_ONLY' });
  if (product.type === CUSTOM_PRODUCT_TYPE.contract) throw new ApiError(`《${product.title}》需要签订合同，请在商品页点击“签约购买”。`, { errorCode: 'CONTRACT_ONLY' });
}
