// What an order buys: the lines of a buy selection (checked cart lines, chosen cart lines, or one
// product now), checked against the catalogue, and their sums. Shared by confirm and submit.
import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import { assertSellable, cents, findProductForSale, listCartRows, yuan } from './cart-repository';
import { MAX_QUANTITY, type ConfirmView, type OrderLine } from '../../../schemas/api/order';
import { needsDeliveryFor } from '../../../schemas/api/after-sale';
import { assertCartProduct } from './reservation-guards';

type Trx = Transaction<DB>;

/** What to buy, as confirm and submit take it. */
export interface BuySelection {
  cartIds?: number[] | undefined;
  prodId?: number | undefined;
  quantity?: number | undefined;
}

/** A line to buy before the catalogue check: a product and how many, and the cart line it comes from. */
export interface WantedLine {
  productId: number;
  quantity: number;
  cartId: number | null;
}

/** The lines a selection names; fails when the cart changed or nothing is checked. `lock`: a submit locks the cart lines. */
export async function wantedLines(trx: Trx, userId: number, sel: BuySelection, lock = false): Promise<WantedLine[]> {
  if (sel.prodId !== undefined) {
    if (sel.cartIds) throw new ApiError('请只选择一种结算方式：购物车商品或立即购买。', { errorCode: 'VALIDATION' });
    return [{ productId: sel.prodId, quantity: sel.quantity ?? 1, cartId: null }];
  }
  const rows = await listCartRows(trx, userId, sel.cartIds, lock);
  if (sel.cartIds) {
    if (rows.length !== new Set(sel.cartIds).size) {
      throw new ApiError('购物车已变化（有商品在其他页面被删除），请返回购物车重新结算。', { errorCode: 'CART_CHANGED' });
    }
  }
  const chosen = sel.cartIds ? rows : rows.filter((r) => r.checked);
  if (chosen.length === 0) throw new ApiError('请先在购物车中勾选要结算的商品。', { errorCode: 'NOTHING_CHECKED' });
  return chosen.map((r) => ({ productId: r.product_id, quantity: r.quantity, cartId: r.id }));
}

/** A product as an order line needs it (findProductForSale's row). */
export type SaleProduct = NonNullable<Awaited<ReturnType<typeof findProductForSale>>>;

/** The order lines of wanted lines, each checked sellable against its product row. */
export function orderLinesOf(wanted: readonly WantedLine[], products: ReadonlyMap<number, SaleProduct>): OrderLine[] {
  return wanted.map((w) => {
    if (w.quantity > MAX_QUANTITY) throw new ApiError(`每件商品最多购买 ${MAX_QUANTITY} 件。`, { errorCode: 'QUANTITY_LIMIT' });
    const p = products.get(w.productId) ?? null;
    assertSellable(p, w.productId, w.quantity);
    // issue 20 part R: service and contract products are ordered from their product page, never here.
    assertCartProduct(p);
    const price = cents(p.price);
    const ret = Math.max(price, p.retail_price === null ? 0 : cents(p.retail_price));
    return {
      cartId: w.cartId, prodId: p.id, title: p.title, cover: p.cover, productType: p.type, providerId: p.provider_id, providerName: p.provider_name,
      price: yuan(price), retPrice: yuan(ret), quantity: w.quantity, totalPrice: yuan(price * w.quantity),
    };
  });
}

/** The sums of order lines, in cents then yuan; freight is 0 in this shop. */
export function sumsOf(lines: readonly Pick<OrderLine, 'price' | 'retPrice' | 'quantity'>[]): Omit<ConfirmView, 'items'> {
  let total = 0; let ret = 0; let items = 0;
  for (const l of lines) {
    total += Math.round(l.price * 100) * l.quantity;
    ret += Math.round(l.retPrice * 100) * l.quantity;
    items += l.quantity;
  }
  return { productCount: lines.length, itemCount: items, totalPrice: yuan(total), totalRetPrice: yuan(ret), freight: 0, payPrice: yuan(total) };
}

/** The products of some ids with their providers; `lock` takes their row locks in id order (no deadlocks between submits). */
export async function productsById(trx: Trx, ids: readonly number[], lock: boolean): Promise<Map<number, SaleProduct>> {
  let q = trx.selectFrom('product as p')
    .innerJoin('provider as v', (j) => j.onRef('v.tenant_id', '=', 'p.tenant_id').onRef('v.id', '=', 'p.provider_id'))
    .select(['p.id', 'p.title', 'p.cover', 'p.type', 'p.price', 'p.retail_price', 'p.stock', 'p.state', 'p.provider_id', 'v.name as provider_name', 'v.state as provider_state'])
    .where('p.id', 'in', ids.length ? [...ids] : [0])
    .orderBy('p.id');
  if (lock) q = q.forUpdate('p');
  const rows = await q.execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** The confirm page's preview: the lines, each checked, and the sums. */
export async function previewSelection(trx: Trx, userId: number, sel: BuySelection): Promise<ConfirmView> {
  const wanted = await wantedLines(trx, userId, sel);
  const items = orderLinesOf(wanted, await productsById(trx, wanted.map((w) => w.productId), false));
  return { items, ...sumsOf(items), needsDelivery: needsDeliveryFor(items.map((i) => i.productType)) };
}
