// The cart's SQL (spec learning §3 Cart; §7 cart/listWithProvider, addCart, mulModify, mulDelete):
// one line per product per user; every total is computed here, on the server, in cents.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import { MAX_CART_LINES, MAX_QUANTITY, type CartGroup, type CartLine, type CartView } from '../../../schemas/api/order';
import { assertCartProduct } from './reservation-guards';

type Trx = Transaction<DB>;

/** Cents of a numeric(12,2) value as pg returns it ("29.80"). */
export const cents = (value: string | number): number => Math.round(Number(value) * 100);
/** Yuan of cents, as the API sends prices. */
export const yuan = (value: number): number => value / 100;

/** spec learning §4: a provider with state 1 or -1 is off shelf. */
export const providerOffShelf = (state: number): boolean => state === 1 || state === -1;

/** A cart line joined with its product and provider, as read for the view. */
export interface CartRow {
  id: number;
  user_id: number;
  product_id: number;
  quantity: number;
  checked: boolean;
  title: string;
  cover: string | null;
  type: number;
  price: string;
  retail_price: string | null;
  stock: number;
  product_state: number;
  provider_id: number;
  provider_name: string;
  provider_state: number;
  org_type: string;
}

/** Why a line cannot be bought now (off shelf, provider off shelf, sold out, short), or null. */
export function unavailableReason(row: Pick<CartRow, 'product_state' | 'provider_state' | 'stock' | 'quantity'>): CartLine['unavailable'] {
  if (row.product_state !== 1) return 'offShelf';
  if (providerOffShelf(row.provider_state)) return 'providerOffShelf';
  if (row.stock <= 0) return 'soldOut';
  if (row.stock < row.quantity) return 'stockShort';
  return null;
}

/** The list price of one in cents: the retail price, or the price when there is none or it is lower. */
const retCents = (row: Pick<CartRow, 'price' | 'retail_price'>) => Math.max(cents(row.price), row.retail_price === null ? 0 : cents(row.retail_price));

/** Groups lines by provider (in first-added order) and works out the totals; pure, so tests can check the sums. */
export function cartViewOf(rows: readonly CartRow[]): CartView {
  const groups = new Map<number, CartGroup>();
  let itemCount = 0; let checkedProductCount = 0; let checkedItemCount = 0; let checkedPrice = 0; let checkedRetPrice = 0;
  for (const row of rows) {
    const price = cents(row.price);
    const ret = retCents(row);
    const unavailable = unavailableReason(row);
    const line: CartLine = {
      id: row.id, prodId: row.product_id, prodSku: null, userId: row.user_id, quantity: row.quantity,
      price: yuan(price), retPrice: yuan(ret), totalPrice: yuan(price * row.quantity), totalRetPrice: yuan(ret * row.quantity),
      checked: row.checked, title: row.title, cover: row.cover, productType: row.type, stock: row.stock, unavailable,
    };
    let group = groups.get(row.provider_id);
    if (!group) {
      group = { providerId: row.provider_id, providerName: row.provider_name, providerState: row.provider_state, orgType: row.org_type, cartList: [] };
      groups.set(row.provider_id, group);
    }
    group.cartList.push(line);
    itemCount += row.quantity;
    // Only checked lines that can be bought count toward checkout.
    if (row.checked && unavailable === null) {
      checkedProductCount += 1;
      checkedItemCount += row.quantity;
      checkedPrice += price * row.quantity;
      checkedRetPrice += ret * row.quantity;
    }
  }
  return {
    cartData: [...groups.values()], productCount: rows.length, itemCount, checkedProductCount, checkedItemCount,
    checkedPrice: yuan(checkedPrice), checkedRetPrice: yuan(checkedRetPrice), checkedSaving: yuan(checkedRetPrice - checkedPrice),
  };
}

/**
 * The user's cart lines with product and provider, oldest first; `ids` narrows to those lines.
 * `lock` takes the lines' row locks (a submit: a second submit of the same lines waits, then finds them gone).
 */
export async function listCartRows(trx: Trx, userId: number, ids?: readonly number[], lock = false): Promise<CartRow[]> {
  let q = trx.selectFrom('cart_item as c')
    .innerJoin('product as p', (j) => j.onRef('p.tenant_id', '=', 'c.tenant_id').onRef('p.id', '=', 'c.product_id'))
    .innerJoin('provider as v', (j) => j.onRef('v.tenant_id', '=', 'p.tenant_id').onRef('v.id', '=', 'p.provider_id'))
    .select([
      'c.id', 'c.user_id', 'c.product_id', 'c.quantity', 'c.checked', 'p.title', 'p.cover', 'p.type', 'p.price', 'p.retail_price', 'p.stock',
      'p.state as product_state', 'p.provider_id', 'v.name as provider_name', 'v.state as provider_state', 'v.org_type',
    ])
    .where('c.user_id', '=', userId);
  if (ids) q = q.where('c.id', 'in', ids.length ? [...ids] : [0]);
  if (lock) q = q.forUpdate('c');
  return q.orderBy('c.created_at').orderBy('c.id').execute();
}

/** The cart as the cart page shows it. */
export async function cartView(trx: Trx, userId: number): Promise<CartView> {
  return cartViewOf(await listCartRows(trx, userId));
}

/** Lines and pieces in the cart, for the navbar badge. */
export async function cartCount(trx: Trx, userId: number): Promise<{ productCount: number; itemCount: number }> {
  const row = await trx.selectFrom('cart_item').where('user_id', '=', userId)
    .select([sql<number>`count(*)::int`.as('lines'), sql<number>`coalesce(sum(quantity), 0)::int`.as('pieces')])
    .executeTakeFirstOrThrow();
  return { productCount: row.lines, itemCount: row.pieces };
}

/** A product with its provider, or null; `lock` takes its row lock (stock changes). */
export async function findProductForSale(trx: Trx, productId: number, lock = false) {
  let q = trx.selectFrom('product as p')
    .innerJoin('provider as v', (j) => j.onRef('v.tenant_id', '=', 'p.tenant_id').onRef('v.id', '=', 'p.provider_id'))
    .select(['p.id', 'p.title', 'p.cover', 'p.type', 'p.price', 'p.retail_price', 'p.stock', 'p.state', 'p.provider_id', 'v.name as provider_name', 'v.state as provider_state'])
    .where('p.id', '=', productId);
  if (lock) q = q.forUpdate('p');
  return (await q.executeTakeFirst()) ?? null;
}
type ProductForSale = NonNullable<Awaited<ReturnType<typeof findProductForSale>>>;

/** Throws the clear failure for a product that cannot be sold `quantity` of now. */
export function assertSellable(product: ProductForSale | null, productId: number, quantity: number): asserts product is ProductForSale {
  if (!product) throw new ApiError(`商品不存在（编号 ${productId}），请刷新页面后重试。`, { code: 404, errorCode: 'PRODUCT_NOT_FOUND' });
  if (product.state !== 1) throw new ApiError(`《${product.title}》已下架，暂不能购买。`, { errorCode: 'PRODUCT_OFF_SHELF' });
  // spec learning §4: the provider off-shelf warning.
  if (providerOffShelf(product.provider_state)) throw new ApiError(`商家「${product.provider_name}」已下架，暂不能购买其商品。`, { errorCode: 'PROVIDER_OFF_SHELF' });
  if (product.stock <= 0) throw new ApiError(`《${product.title}》已售罄。`, { errorCode: 'SOLD_OUT' });
  if (quantity > product.stock) throw new ApiError(`《${product.title}》库存不足：仅剩 ${product.stock} 件，请减少数量。`, { errorCode: 'STOCK_SHORT' });
}

const quantityLimit = () => new ApiError(`每件商品最多购买 ${MAX_QUANTITY} 件。`, { errorCode: 'QUANTITY_LIMIT' });

/** Adds `quantity` of a product (to the line it already has, checked again); returns the new count. */
export async function addToCart(trx: Trx, userId: number, productId: number, quantity: number): Promise<{ productCount: number; itemCount: number }> {
  const product = await findProductForSale(trx, productId);
  const line = await trx.selectFrom('cart_item').select(['id', 'quantity']).where('user_id', '=', userId).where('product_id', '=', productId).forUpdate().executeTakeFirst();
  const next = (line?.quantity ?? 0) + quantity;
  if (next > MAX_QUANTITY) throw quantityLimit();
  assertSellable(product, productId, next);
  // issue 20 part R: service and contract products are ordered from their product page, never the cart.
  assertCartProduct(product);
  if (line) {
    await trx.updateTable('cart_item').set({ quantity: next, checked: true, updated_at: sql<Date>`now()` }).where('id', '=', line.id).execute();
  } else {
    const { productCount } = await cartCount(trx, userId);
    if (productCount >= MAX_CART_LINES) throw new ApiError(`购物车最多放 ${MAX_CART_LINES} 种商品，请先结算或删除一些。`, { errorCode: 'CART_FULL' });
    await trx.insertInto('cart_item').values({ tenant_id: sql<number>`current_setting('app.tenant_id')::bigint`, user_id: userId, product_id: productId, quantity })
      .onConflict((oc) => oc.columns(['tenant_id', 'user_id', 'product_id']).doUpdateSet({ quantity: sql<number>`least(cart_item.quantity + excluded.quantity, ${MAX_QUANTITY})`, checked: true }))
      .execute();
  }
  return cartCount(trx, userId);
}

/** Changes quantities and checked flags; a raised quantity must fit the stock. Unknown ids fail the whole change. */
export async function modifyCartLines(trx: Trx, userId: number, changes: ReadonlyArray<{ id: number; quantity?: number; checked?: boolean }>): Promise<void> {
  const rows = await listCartRows(trx, userId, changes.map((c) => c.id));
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const change of changes) {
    const row = byId.get(change.id);
    if (!row) throw new ApiError('购物车中没有这件商品（可能已在其他页面删除），请刷新购物车。', { code: 404, errorCode: 'CART_LINE_NOT_FOUND' });
    const set: { quantity?: number; checked?: boolean } = {};
    if (change.quantity !== undefined && change.quantity !== row.quantity) {
      // Lowering is always allowed (so a short line can be fixed); raising must fit the stock.
      if (change.quantity > row.quantity) {
        if (row.stock <= 0) throw new ApiError(`《${row.title}》已售罄。`, { errorCode: 'SOLD_OUT' });
        if (change.quantity > row.stock) throw new ApiError(`《${row.title}》库存不足：仅剩 ${row.stock} 件，请减少数量。`, { errorCode: 'STOCK_SHORT' });
      }
      set.quantity = change.quantity;
    }
    if (change.checked !== undefined) set.checked = change.checked;
    if (Object.keys(set).length) await trx.updateTable('cart_item').set({ ...set, updated_at: sql<Date>`now()` }).where('id', '=', row.id).execute();
  }
}

/** Removes the user's lines with these ids (others' ids are ignored); returns how many went. */
export async function deleteCartLines(trx: Trx, userId: number, ids: readonly number[]): Promise<number> {
  const result = await trx.deleteFrom('cart_item').where('user_id', '=', userId).where('id', 'in', [...ids]).executeTakeFirst();
  return Number(result.numDeletedRows);
}
