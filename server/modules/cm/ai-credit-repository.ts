// AI credits' reads for the pages and the back office (issue 21 part F; docs/ai.md F). The writes
// (charge, refund, top-up, adjust) are the kernel's, server/lib/ai/credits.ts.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { Page } from '../../lib/listing';
import { containsPattern } from '../../lib/list-sql';
import { PRODUCT_TYPE } from '../../lib/purposes';
import type { CreditAccountRow, CreditPackage, LedgerRow } from '../../../schemas/api/ai-credits';

type Trx = Transaction<DB>;

/** A page of the learner's ledger, newest first. */
export async function ledgerPage(trx: Trx, userId: number, q: { pageNo: number; pageSize: number }): Promise<Page<LedgerRow>> {
  const base = trx.selectFrom('ai_credit_ledger').where('user_id', '=', userId);
  const rows = await base.select(['id', 'kind', 'use', 'units', 'amount', 'balance_after', 'note', 'order_id', 'created_at'])
    .orderBy('id', 'desc').limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute();
  const count = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return {
    list: rows.map((r) => ({
      id: r.id, kind: r.kind, use: r.use as LedgerRow['use'], units: r.units, amount: r.amount, balanceAfter: r.balance_after,
      note: r.note, orderId: r.order_id, createdAt: new Date(r.created_at).toISOString(),
    })),
    total: count.n, pageNo: q.pageNo, pageSize: q.pageSize,
  };
}

/** The credits packages on sale (type 13 with ai_credits, on shelf), cheapest first. */
export async function packagesOnSale(trx: Trx): Promise<CreditPackage[]> {
  const rows = await trx.selectFrom('product')
    .select(['id', 'title', 'ai_credits', 'price', 'retail_price', 'summary', 'stock'])
    .where('type', '=', PRODUCT_TYPE.aiCredits).where('ai_credits', 'is not', null).where('state', '=', 1)
    .orderBy('price').orderBy('id').execute();
  return rows.map((r) => ({
    prodId: r.id, title: r.title, credits: r.ai_credits ?? 0, price: Number(r.price),
    retailPrice: r.retail_price === null ? null : Number(r.retail_price), summary: r.summary, stock: r.stock,
  }));
}

/** Back office: learners of the tenant with their balances, by account; a search matches account, names or mobile. */
export async function accountsPage(trx: Trx, q: { searchValue?: string | undefined; pageNo: number; pageSize: number }): Promise<Page<CreditAccountRow>> {
  let base = trx.selectFrom('user_account as u')
    .leftJoin('ai_credit_account as a', (j) => j.onRef('a.tenant_id', '=', 'u.tenant_id').onRef('a.user_id', '=', 'u.id'));
  const words = q.searchValue?.trim();
  if (words) {
    const like = containsPattern(words);
    base = base.where((eb) => eb.or([eb('u.account', 'ilike', like), eb('u.real_name', 'ilike', like), eb('u.nick_name', 'ilike', like), eb('u.mobile', 'ilike', like)]));
  }
  const rows = await base.select([
    'u.id', 'u.account', 'u.real_name', 'u.nick_name', 'a.balance', 'a.updated_at',
    sql<number>`coalesce((select -sum(l.amount) from ai_credit_ledger l where l.tenant_id = u.tenant_id and l.user_id = u.id and l.kind in ('charge', 'refund')), 0)::int`.as('spent'),
  ]).orderBy('a.updated_at', (ob) => ob.desc().nullsLast()).orderBy('u.id').limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute();
  const count = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return {
    list: rows.map((r) => ({
      userId: r.id, account: r.account, name: r.real_name || r.nick_name || r.account, balance: r.balance ?? 0, spent: r.spent,
      updatedAt: r.updated_at ? new Date(r.updated_at).toISOString() : null,
    })),
    total: count.n, pageNo: q.pageNo, pageSize: q.pageSize,
  };
}

/** Saves the tenant's rules (one row per tenant). */
export async function saveRules(trx: Trx, rules: { prices: Record<string, number>; welcomeGrant: number; dailyFreeAnswers: number }): Promise<void> {
  const values = {
    price_answer: rules.prices.answer!, price_image: rules.prices.image!, price_application: rules.prices.application!,
    price_writing: rules.prices.writing!, price_speech: rules.prices.speech!, welcome_grant: rules.welcomeGrant,
    daily_free_answers: rules.dailyFreeAnswers, updated_at: new Date(),
  };
  await trx.insertInto('ai_credit_rule').values({ tenant_id: sql<number>`current_setting('app.tenant_id')::bigint`, ...values })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet(values)).execute();
}
