// Issue 20 part T (the personal center's shop section): the demo rows. Runs once per new tenant inside its seed
// transaction, after issue 19's seeds (server/demo/seed.ts). On every tenant with the demo
// `learner`: two addresses (home, the default, and work) in the tenant's language (acme, 1002, is
// English); where the tenant sells goods (the shop), orders in each of the four states of the buying
// path (a pending one due in 30 minutes, like any new order, one to be received, a completed one
// with an e-book, a cancelled one), three saved products and the e-book read to its second chapter. Explicit tenant filters: the owner may be a
// superuser, which row-level security does not bind.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/types';

const ENGLISH_TENANTS: ReadonlySet<number> = new Set([1002]);
const HOUR = 3600_000;
const DAY = 24 * HOUR;

const ADDRESSES = {
  zh: [
    { receiver: '李同学', phone: '13800138000', area: '浙江省 杭州市 西湖区', detail: '文三路 90 号 3 幢 502 室', label: 'home' as const, is_default: true },
    { receiver: '李同学', phone: '13800138000', area: '浙江省 杭州市 滨江区', detail: '网商路 699 号 1 号楼 8 层', label: 'company' as const, is_default: false },
  ],
  en: [
    { receiver: 'Alex Lee', phone: '13800138000', area: 'Pudong, Shanghai', detail: 'Flat 502, Building 3, 90 Century Avenue', label: 'home' as const, is_default: true },
    { receiver: 'Alex Lee', phone: '13800138000', area: 'Xuhui, Shanghai', detail: 'Floor 8, 699 Caoxi Road', label: 'company' as const, is_default: false },
  ],
};

const REMARKS = { zh: '工作日白天送到公司即可', en: 'Weekday deliveries to the office, please' };

type Product = { id: number; title: string; cover: string | null; type: number; price: string; retail_price: string | null; provider_id: number; provider_name: string };

export async function seedCenterShop(trx: Transaction<DB>, tenantId: number): Promise<void> {
  const learner = await trx.selectFrom('user_account').select('id').where('tenant_id', '=', tenantId).where('account', '=', 'learner').executeTakeFirst();
  if (!learner) return;
  const onSale = () => trx.selectFrom('product as p')
    .innerJoin('provider as v', (j) => j.onRef('v.tenant_id', '=', 'p.tenant_id').onRef('v.id', '=', 'p.provider_id'))
    .select(['p.id', 'p.title', 'p.cover', 'p.type', 'p.price', 'p.retail_price', 'p.provider_id', 'v.name as provider_name'])
    .where('p.tenant_id', '=', tenantId).where('p.state', '=', 1).where('p.stock', '>', 5).where('v.state', '=', 0);
  // Goods that ship (books, stationery), so each state reads as it would for a real order.
  const products: Product[] = await onSale().where('p.type', 'in', [1, 3]).orderBy('p.id').limit(8).execute();
  // An e-book with chapters, so the shelf has something to continue: the newest, as the reading tests buy the first ones.
  const book: Product | undefined = await onSale().where('p.type', '=', 8)
    .where((eb) => eb.exists(eb.selectFrom('reading_chapter as c').select('c.id').whereRef('c.tenant_id', '=', 'p.tenant_id').whereRef('c.product_id', '=', 'p.id')))
    .orderBy('p.id', 'desc').executeTakeFirst();
  const lang = ENGLISH_TENANTS.has(tenantId) ? 'en' : 'zh';
  const userId = learner.id;

  const existing = await trx.selectFrom('user_address').select('id').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
  if (existing.length === 0) {
    await trx.insertInto('user_address').values(ADDRESSES[lang].map((a) => ({ tenant_id: tenantId, user_id: userId, ...a }))).execute();
  }
  // Orders, saved products and the shelf where the tenant sells goods (the shop; the academies sell none).
  if (products.length < 4) return;
  const address = ADDRESSES[lang][0]!;

  const pick = (i: number) => products[i % products.length]!;
  const now = Date.now();
  // Oldest first, so the ids (and order numbers) rise with the time.
  const orders: Array<{ state: number; at: number; lines: Array<[Product, number]>; cancel?: 'user' | 'expired'; remark?: string }> = [
    { state: 4, at: now - 20 * DAY, lines: [[pick(3), 1]], cancel: 'user' },
    { state: 3, at: now - 12 * DAY, lines: [...(book ? [[book, 1] as [Product, number]] : []), [pick(0), 2]] },
    { state: 2, at: now - 2 * DAY, lines: [[pick(1), 1]], remark: REMARKS[lang] },
    { state: 1, at: now - 5 * 60_000, lines: [[pick(2), 1]] },
  ];
  for (const o of orders) {
    const at = new Date(o.at);
    const lines = o.lines.map(([p, quantity]) => ({ p, quantity, cents: Math.round(Number(p.price) * 100), list: Math.round(Number(p.retail_price ?? p.price) * 100) }));
    const total = lines.reduce((s, l) => s + l.cents * l.quantity, 0);
    const paid = o.state === 2 || o.state === 3;
    const inserted = await trx.insertInto('shop_order').values({
      tenant_id: tenantId, user_id: userId, submit_token: `seed-center-shop-${o.state}`, remark: o.remark ?? null,
      receiver: address.receiver, phone: address.phone, area: address.area, detail: address.detail,
      state: o.state, created_at: at, expires_at: new Date(o.at + 30 * 60_000),
      paid_at: paid ? new Date(o.at + 10 * 60_000) : null, shipped_at: paid ? new Date(o.at + 10 * 60_000) : null, pay_type: paid ? 'simulated' : null,
      received_at: o.state === 3 ? new Date(o.at + 3 * DAY) : null,
      cancelled_at: o.state === 4 ? new Date(o.at + 20 * 60_000) : null, cancel_reason: o.cancel ?? null,
      product_count: lines.length, item_count: lines.reduce((s, l) => s + l.quantity, 0),
      total_price: total / 100, total_ret_price: lines.reduce((s, l) => s + Math.max(l.list, l.cents) * l.quantity, 0) / 100, freight: 0, pay_price: total / 100,
    }).returning('id').executeTakeFirstOrThrow();
    await trx.updateTable('shop_order')
      .set({ order_no: sql<string>`to_char(created_at at time zone (select t.time_zone from tenant t where t.id = shop_order.tenant_id), 'YYYYMMDDHH24MISS') || lpad(id::text, 6, '0')` })
      .where('tenant_id', '=', tenantId).where('id', '=', inserted.id).execute();
    await trx.insertInto('shop_order_item').values(lines.map((l) => ({
      tenant_id: tenantId, order_id: inserted.id, product_id: l.p.id, provider_id: l.p.provider_id, provider_name: l.p.provider_name,
      product_type: l.p.type, title: l.p.title, cover: l.p.cover, price: l.cents / 100, ret_price: Math.max(l.list, l.cents) / 100, quantity: l.quantity,
    }))).execute();
    // As a real order: stock is taken at submit (given back when it is cancelled), sales count at payment.
    if (o.state !== 4) {
      for (const l of lines) {
        await trx.updateTable('product').set({ stock: sql<number>`greatest(stock - ${l.quantity}, 0)`, ...(paid ? { sales_count: sql<number>`sales_count + ${l.quantity}` } : {}) })
          .where('tenant_id', '=', tenantId).where('id', '=', l.p.id).execute();
      }
    }
  }

  // Three saved products, the latest saved first: two of the goods and, when there is one, a book.
  const saved = [pick(4), pick(5), ...(book ? [book] : [])].filter((p, i, all) => all.findIndex((q) => q.id === p.id) === i);
  await trx.insertInto('product_favorite').values(saved.map((p, i) => ({
    tenant_id: tenantId, user_id: userId, product_id: p.id, created_at: new Date(now - (i + 1) * DAY),
  }))).onConflict((oc) => oc.doNothing()).execute();

  // The bought book was read up to its second chapter two days ago.
  if (book) {
    const chapters = await trx.selectFrom('reading_chapter').select('id').where('tenant_id', '=', tenantId).where('product_id', '=', book.id).orderBy('sort').limit(2).execute();
    const last = chapters.at(-1);
    if (last) {
      await trx.insertInto('reading_shelf').values({ tenant_id: tenantId, user_id: userId, product_id: book.id, chapter_id: last.id, read_at: new Date(now - 2 * DAY) }).execute();
    }
  }
}
