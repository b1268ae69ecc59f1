// Contracts' SQL (issue 20 part R; docs/shop-and-content.md "Reservations, contracts and refunds"):
// ordering a contract product (type 12) fills in the tenant's contract text (the product's own
// template, else the tenant default) with the learner's and the product's details; the learner
// reads it and confirms it with a typed name and a ticked box; until then its order cannot be paid.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import type { Page } from '../../lib/listing';
import { printedDate } from '../../lib/pdf-text';
import { cents, yuan } from './cart-repository';
import { expireOverdueOrders } from './order-repository';
import type { ContractTab, ContractView } from '../../../schemas/api/reservations';
import { tenantLanguage } from '../../lib/tenant-language';

type Trx = Transaction<DB>;

const tenantIdSql = sql<number>`current_setting('app.tenant_id')::bigint`;

/** Fills {name} placeholders; an unknown one stays as written, so a typo shows in the text. */
export function fillContract(body: string, values: Readonly<Record<string, string>>): string {
  return body.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** The tenant's language (its PcStartup options' language, spec shell §1) and time zone: the filled date and the PDF's labels. */
export async function tenantLocale(trx: Trx): Promise<{ lang: 'zh' | 'en'; timeZone: string; name: string }> {
  const t = await trx.selectFrom('tenant').select(['name', 'time_zone']).where('id', '=', tenantIdSql).executeTakeFirstOrThrow();
  const lang = await tenantLanguage(trx);
  return { lang, timeZone: t.time_zone, name: t.name };
}

interface NewContract {
  orderId: number; orderNo: string; userId: number;
  buyer: { name: string; account: string; mobile: string | null };
  product: { id: number; title: string; providerName: string; price: number };
}

/** Makes the order's contract from the product's template (else the tenant default); its id. */
export async function createContract(trx: Trx, c: NewContract): Promise<number> {
  const template = await trx.selectFrom('contract_template').select(['id', 'title', 'body'])
    .where((eb) => eb.or([eb('product_id', '=', c.product.id), eb('product_id', 'is', null)]))
    .orderBy(sql`product_id is null`).limit(1).executeTakeFirst();
  if (!template) throw new ApiError('该商品尚未配置合同文本，暂不能购买；请联系商家。', { errorCode: 'CONTRACT_TEMPLATE_MISSING' });
  const locale = await tenantLocale(trx);
  const values = {
    learnerName: c.buyer.name, learnerAccount: c.buyer.account, learnerPhone: c.buyer.mobile ?? '—', productTitle: c.product.title,
    providerName: c.product.providerName, price: c.product.price.toFixed(2), orderNo: c.orderNo, tenantName: locale.name,
    date: printedDate(new Date(), locale.lang, locale.timeZone),
  };
  const row = await trx.insertInto('order_contract').values({
    tenant_id: tenantIdSql, order_id: c.orderId, user_id: c.userId, product_id: c.product.id, template_id: template.id,
    contract_no: `HT${c.orderNo}`, title: fillContract(template.title, values), body: fillContract(template.body, values),
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

function contractRows(trx: Trx) {
  return trx.selectFrom('order_contract as c')
    .innerJoin('shop_order as o', (j) => j.onRef('o.tenant_id', '=', 'c.tenant_id').onRef('o.id', '=', 'c.order_id'))
    .innerJoin('shop_order_item as i', (j) => j.onRef('i.tenant_id', '=', 'c.tenant_id').onRef('i.order_id', '=', 'c.order_id'))
    .select(['c.id', 'c.order_id', 'c.contract_no', 'c.product_id', 'c.title', 'c.body', 'c.state', 'c.signer_name', 'c.confirmed_at', 'c.created_at',
      'o.order_no', 'o.state as order_state', 'o.pay_price', 'i.title as product_title']);
}
type ContractRow = Awaited<ReturnType<ReturnType<typeof contractRows>['executeTakeFirstOrThrow']>>;

const contractView = (r: ContractRow): ContractView => ({
  id: r.id, orderId: r.order_id, orderNo: r.order_no ?? '', orderState: r.order_state, contractNo: r.contract_no, prodId: r.product_id,
  productTitle: r.product_title, price: yuan(cents(r.pay_price)), title: r.title, body: r.body, state: r.state,
  signerName: r.signer_name, confirmedAt: r.confirmed_at?.toISOString() ?? null, createdAt: r.created_at.toISOString(),
});

/** The contract of an order, or null. */
export async function contractOfOrder(trx: Trx, orderId: number): Promise<ContractView | null> {
  const r = await contractRows(trx).where('c.order_id', '=', orderId).executeTakeFirst();
  return r ? contractView(r) : null;
}

const contractNotFound = () => new ApiError('合同不存在，请刷新后重试。', { code: 404, errorCode: 'CONTRACT_NOT_FOUND' });

/** One of the caller's contracts; 合同不存在 for any other id. */
export async function myContract(trx: Trx, userId: number, id: number): Promise<ContractView> {
  const r = await contractRows(trx).where('c.user_id', '=', userId).where('c.id', '=', id).executeTakeFirst();
  if (!r) throw contractNotFound();
  return contractView(r);
}

/** My contracts of a tab (pending: to confirm, of orders not cancelled; confirmed), newest first. */
export async function myContracts(trx: Trx, userId: number, q: { tab: ContractTab; pageNo: number; pageSize: number }): Promise<Page<ContractView>> {
  let base = contractRows(trx).where('c.user_id', '=', userId).where('c.state', '=', q.tab);
  if (q.tab === 'pending') base = base.where('o.state', '=', 1);
  const rows = await base.orderBy('c.id', 'desc').limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute();
  const count = await base.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return { list: rows.map(contractView), total: count.n, pageNo: q.pageNo, pageSize: q.pageSize };
}

/**
 * Confirms one of the caller's contracts: the typed name (2–30 characters) and the ticked box are
 * both required; an order that is no longer pending (cancelled or expired) cannot be confirmed.
 * Confirming again is harmless and keeps the first signature.
 */
export async function confirmContract(trx: Trx, userId: number, input: { id: number; signerName: string; agreed: boolean }): Promise<ContractView> {
  // An order past its 30 minutes is cancelled first, so its contract is refused like a cancelled one's.
  await expireOverdueOrders(trx);
  const current = await trx.selectFrom('order_contract as c')
    .innerJoin('shop_order as o', (j) => j.onRef('o.tenant_id', '=', 'c.tenant_id').onRef('o.id', '=', 'c.order_id'))
    .select(['c.id', 'c.state', 'o.state as order_state']).where('c.user_id', '=', userId).where('c.id', '=', input.id).forUpdate('c').executeTakeFirst();
  if (!current) throw contractNotFound();
  if (current.state === 'confirmed') return myContract(trx, userId, input.id);
  if (!input.agreed) throw new ApiError('请先勾选“我已阅读并同意本合同”。', { errorCode: 'CONTRACT_NOT_AGREED' });
  const name = input.signerName.trim();
  if (name.length < 2) throw new ApiError('请输入您的姓名（2 到 30 个字）以确认合同。', { errorCode: 'SIGNER_NAME' });
  if (current.order_state !== 1) throw new ApiError('该合同的订单已取消（超时未支付或已手动取消），不能再确认；请重新下单。', { errorCode: 'ORDER_STATE' });
  await trx.updateTable('order_contract').set({ state: 'confirmed', signer_name: name, agreed: true, confirmed_at: sql<Date>`now()` })
    .where('id', '=', input.id).where('state', '=', 'pending').execute();
  return myContract(trx, userId, input.id);
}
