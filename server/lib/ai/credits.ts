// Part F of issue 21: AI credits per learner (each answer, image, writing and application run
// costs credits by the tenant's rules), the ledger, and top-ups paid through the shop
// (docs/ai.md "F. Credits, top-ups and the digital human"). The one way any AI route charges.
// Callers pass a transaction scoped to the tenant (app.tenant_id); every change locks the learner's
// account row, so two charges at once never overdraw (the balance also has a check >= 0).
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { ApiError } from '../../plugins/envelope';
import { tenantLanguage } from '../tenant-language';

/** What a learner spends credits on; the tenant's rules price each. */
export type CreditUse = 'answer' | 'image' | 'application' | 'writing' | 'speech';
export const CREDIT_USES: readonly CreditUse[] = ['answer', 'image', 'application', 'writing', 'speech'];

export interface Charge {
  /** The ledger row, for a refund when the work then fails. */
  ledgerId: number;
  cost: number;
  balance: number;
}

/** A tenant's prices and grants (ai_credit_rule, or these defaults when the tenant saved none). */
export interface CreditRules {
  prices: Record<CreditUse, number>;
  welcomeGrant: number;
  dailyFreeAnswers: number;
}

export const DEFAULT_RULES: CreditRules = {
  prices: { answer: 1, image: 5, application: 2, writing: 2, speech: 1 },
  welcomeGrant: 50,
  dailyFreeAnswers: 0,
};

type Lang = 'zh' | 'en';

const MESSAGES = {
  zh: {
    exhausted: (cost: number, balance: number) => `AI 点数不足：本次需要 ${cost} 点，余额 ${balance} 点。请先充值。`,
    welcome: '新用户赠送 AI 点数',
    topUp: (credits: number, order: string) => `充值 ${credits} 点（订单 ${order}）`,
    reversalShort: (credits: number, balance: number) => `这笔订单充值的 ${credits} 点已被使用（余额 ${balance} 点），不能退款。`,
  },
  en: {
    exhausted: (cost: number, balance: number) => `Not enough AI credits: this needs ${cost}, your balance is ${balance}. Please top up first.`,
    welcome: 'Welcome credits',
    topUp: (credits: number, order: string) => `Top-up of ${credits} credits (order ${order})`,
    reversalShort: (credits: number, balance: number) => `The ${credits} credits of this order have been spent (balance ${balance}); it cannot be refunded.`,
  },
} as const;

/** The tenant of the transaction and its calendar day (tenant.time_zone). */
async function tenantDay(trx: Transaction<DB>): Promise<{ tenantId: number; today: string }> {
  const { rows: [row] } = await sql<{ id: number; today: string }>`
    select id, to_char(now() at time zone time_zone, 'YYYY-MM-DD') as today from tenant
    where id = nullif(current_setting('app.tenant_id', true), '')::bigint`.execute(trx);
  if (!row) throw new Error('chargeCredits needs a transaction scoped to a tenant (withTenant)');
  return { tenantId: Number(row.id), today: row.today };
}

/** The tenant's rules (explicit tenant filter: a seed's owner may bypass row-level security). */
export async function creditRules(trx: Transaction<DB>, tenantId: number): Promise<CreditRules> {
  const row = await trx.selectFrom('ai_credit_rule').selectAll().where('tenant_id', '=', tenantId).executeTakeFirst();
  if (!row) return DEFAULT_RULES;
  return {
    prices: { answer: row.price_answer, image: row.price_image, application: row.price_application, writing: row.price_writing, speech: row.price_speech },
    welcomeGrant: row.welcome_grant,
    dailyFreeAnswers: row.daily_free_answers,
  };
}

/**
 * The learner's account, created on first use with the tenant's welcome grant (a ledger row), and
 * locked for the rest of the transaction. Returns the balance.
 */
export async function lockAccount(trx: Transaction<DB>, tenantId: number, today: string, userId: number, lang: Lang = 'zh'): Promise<number> {
  const created = await trx.insertInto('ai_credit_account').values({ tenant_id: tenantId, user_id: userId, balance: 0 })
    .onConflict((oc) => oc.columns(['tenant_id', 'user_id']).doNothing()).returning('user_id').executeTakeFirst();
  if (created) {
    const { welcomeGrant } = await creditRules(trx, tenantId);
    if (welcomeGrant > 0) await applyChange(trx, tenantId, today, userId, 0, { kind: 'grant', amount: welcomeGrant, note: MESSAGES[lang].welcome });
  }
  const row = await trx.selectFrom('ai_credit_account').select('balance')
    .where('tenant_id', '=', tenantId).where('user_id', '=', userId).forUpdate().executeTakeFirstOrThrow();
  return row.balance;
}

interface Change {
  kind: 'grant' | 'topup' | 'charge' | 'refund' | 'adjust' | 'reversal';
  amount: number;
  note: string;
  use?: CreditUse;
  units?: number;
  orderId?: number;
  refundOf?: number;
  adminId?: number;
}

/** Writes one ledger row and the new balance; the caller holds the account's lock. */
async function applyChange(trx: Transaction<DB>, tenantId: number, today: string, userId: number, balance: number, change: Change): Promise<{ id: number; balance: number }> {
  const after = balance + change.amount;
  const row = await trx.insertInto('ai_credit_ledger').values({
    tenant_id: tenantId, user_id: userId, kind: change.kind, use: change.use ?? null, units: change.units ?? 1,
    amount: change.amount, balance_after: after, note: change.note.slice(0, 200), order_id: change.orderId ?? null,
    refund_of: change.refundOf ?? null, admin_id: change.adminId ?? null, day: today,
  }).returning('id').executeTakeFirstOrThrow();
  await trx.updateTable('ai_credit_account').set({ balance: after, updated_at: new Date() })
    .where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
  return { id: row.id, balance: after };
}

/** Free answers the learner has used on the tenant's day (free charges not refunded). */
export async function freeAnswersUsed(trx: Transaction<DB>, tenantId: number, userId: number, today: string): Promise<number> {
  const { rows: [row] } = await sql<{ n: number }>`
    select count(*)::int as n from ai_credit_ledger c
    where c.tenant_id = ${tenantId}::bigint and c.user_id = ${userId}::bigint and c.kind = 'charge' and c.use = 'answer'
      and c.amount = 0 and c.day = ${today}::date
      and not exists (select 1 from ai_credit_ledger r where r.tenant_id = c.tenant_id and r.refund_of = c.id)`.execute(trx);
  return row?.n ?? 0;
}

/**
 * Charges one use in the caller's transaction before the work starts, and refuses with a clear
 * ApiError (errorCode AI_CREDITS_EXHAUSTED) when the balance does not cover it. `units` multiplies
 * the price (e.g. 4 images). A guest is never charged (the caller applies the guest limits).
 * `lang` (optional) picks the refusal's language; Chinese by default.
 */
export async function chargeCredits(trx: Transaction<DB>, charge: { userId: number; use: CreditUse; units?: number; note: string; lang?: Lang }): Promise<Charge> {
  const units = Math.max(1, Math.floor(charge.units ?? 1));
  const lang = charge.lang ?? 'zh';
  const { tenantId, today } = await tenantDay(trx);
  const balance = await lockAccount(trx, tenantId, today, charge.userId, lang);
  const rules = await creditRules(trx, tenantId);
  let cost = rules.prices[charge.use] * units;
  // docs/ai.md F: a tenant may give each learner some answers a day for free (one answer each).
  if (charge.use === 'answer' && units === 1 && rules.dailyFreeAnswers > 0
    && (await freeAnswersUsed(trx, tenantId, charge.userId, today)) < rules.dailyFreeAnswers) cost = 0;
  if (cost > balance) {
    throw new ApiError(MESSAGES[lang].exhausted(cost, balance), { code: 402, errorCode: 'AI_CREDITS_EXHAUSTED' });
  }
  const row = await applyChange(trx, tenantId, today, charge.userId, balance, { kind: 'charge', use: charge.use, units, amount: -cost, note: charge.note });
  return { ledgerId: row.id, cost, balance: row.balance };
}

/** Gives a charge back (the provider failed, or produced nothing), once. */
export async function refundCredits(trx: Transaction<DB>, charge: { userId: number; ledgerId: number; note: string }): Promise<void> {
  const { tenantId, today } = await tenantDay(trx);
  const balance = await lockAccount(trx, tenantId, today, charge.userId);
  // Under the account's lock: a second refund of the same charge sees the first and does nothing.
  const original = await trx.selectFrom('ai_credit_ledger').select(['amount', 'use', 'units', 'kind'])
    .where('tenant_id', '=', tenantId).where('user_id', '=', charge.userId).where('id', '=', charge.ledgerId).executeTakeFirst();
  if (!original || original.kind !== 'charge') return;
  const done = await trx.selectFrom('ai_credit_ledger').select('id')
    .where('tenant_id', '=', tenantId).where('refund_of', '=', charge.ledgerId).executeTakeFirst();
  if (done) return;
  await applyChange(trx, tenantId, today, charge.userId, balance, {
    kind: 'refund', use: original.use as CreditUse, units: original.units, amount: -original.amount, refundOf: charge.ledgerId, note: charge.note,
  });
}

/** The balance, prices and today's free answers left, for the pages where the learner acts. */
export async function creditSummary(trx: Transaction<DB>, userId: number, lang: Lang = 'zh'): Promise<{ balance: number; rules: CreditRules; freeAnswersLeft: number }> {
  const { tenantId, today } = await tenantDay(trx);
  const balance = await lockAccount(trx, tenantId, today, userId, lang);
  const rules = await creditRules(trx, tenantId);
  const used = rules.dailyFreeAnswers > 0 ? await freeAnswersUsed(trx, tenantId, userId, today) : 0;
  return { balance, rules, freeAnswersLeft: Math.max(0, rules.dailyFreeAnswers - used) };
}

/**
 * An admin's grant (positive) or deduction (negative) with a reason; a deduction larger than the
 * balance is refused (the balance never goes negative).
 */
export async function adjustCredits(trx: Transaction<DB>, adjust: { userId: number; amount: number; note: string; adminId: number; lang?: Lang }): Promise<{ ledgerId: number; balance: number }> {
  const lang = adjust.lang ?? 'zh';
  const { tenantId, today } = await tenantDay(trx);
  const balance = await lockAccount(trx, tenantId, today, adjust.userId, lang);
  if (balance + adjust.amount < 0) {
    throw new ApiError(lang === 'en'
      ? `Cannot deduct ${-adjust.amount} credits: the learner has ${balance}.`
      : `不能扣除 ${-adjust.amount} 点：该学员余额只有 ${balance} 点。`, { errorCode: 'AI_CREDITS_ADJUST_TOO_LARGE' });
  }
  const row = await applyChange(trx, tenantId, today, adjust.userId, balance, { kind: 'adjust', amount: adjust.amount, note: adjust.note, adminId: adjust.adminId });
  return { ledgerId: row.id, balance: row.balance };
}

/** The credits an order's lines of AI credits packages grant (product.ai_credits × quantity); 0 for other orders. */
export async function orderCredits(trx: Transaction<DB>, orderId: number): Promise<number> {
  const { rows: [row] } = await sql<{ credits: number }>`
    select coalesce(sum(p.ai_credits * i.quantity), 0)::int as credits
    from shop_order_item i join product p on p.tenant_id = i.tenant_id and p.id = i.product_id
    where i.tenant_id = nullif(current_setting('app.tenant_id', true), '')::bigint and i.order_id = ${orderId}::bigint and p.ai_credits is not null`.execute(trx);
  return row?.credits ?? 0;
}

/**
 * The order module's pay path calls this in the payment's transaction, once the order is paid:
 * an order of AI credits packages grants its credits once (a replayed payment finds the top-up row
 * and grants nothing). Returns the credits granted now (0 on a replay or for other orders).
 */
export async function grantOrderCredits(trx: Transaction<DB>, topUp: { userId: number; orderId: number }): Promise<number> {
  const credits = await orderCredits(trx, topUp.orderId);
  if (credits <= 0) return 0;
  const { tenantId, today } = await tenantDay(trx);
  const balance = await lockAccount(trx, tenantId, today, topUp.userId);
  const seen = await trx.selectFrom('ai_credit_ledger').select('id')
    .where('tenant_id', '=', tenantId).where('order_id', '=', topUp.orderId).where('kind', '=', 'topup').executeTakeFirst();
  if (seen) return 0;
  const { rows: [order] } = await sql<{ order_no: string | null }>`
    select order_no from shop_order where tenant_id = ${tenantId}::bigint and id = ${topUp.orderId}::bigint`.execute(trx);
  await applyChange(trx, tenantId, today, topUp.userId, balance, {
    // Written inside the payment, which carries no language: the tenant's own.
    kind: 'topup', amount: credits, orderId: topUp.orderId, note: MESSAGES[await tenantLanguage(trx)].topUp(credits, order?.order_no ?? String(topUp.orderId)),
  });
  return credits;
}

/** The top-up an order granted and whether it was taken back already; null when it granted none. */
async function topUpOf(trx: Transaction<DB>, tenantId: number, orderId: number): Promise<{ userId: number; credits: number; reversed: boolean } | null> {
  const rows = await trx.selectFrom('ai_credit_ledger').select(['user_id', 'amount', 'kind'])
    .where('tenant_id', '=', tenantId).where('order_id', '=', orderId).execute();
  const topUp = rows.find((row) => row.kind === 'topup');
  return topUp ? { userId: topUp.user_id, credits: topUp.amount, reversed: rows.some((row) => row.kind === 'reversal') } : null;
}

const spent = (credits: number, balance: number, lang: Lang) => new ApiError(MESSAGES[lang].reversalShort(credits, balance), { errorCode: 'AI_CREDITS_SPENT' });

/** Refuses (AI_CREDITS_SPENT) a refund request of a top-up order whose credits are partly spent. */
export async function assertTopUpRefundable(trx: Transaction<DB>, orderId: number, lang: Lang = 'zh'): Promise<void> {
  const { tenantId } = await tenantDay(trx);
  const topUp = await topUpOf(trx, tenantId, orderId);
  if (!topUp || topUp.reversed) return;
  const account = await trx.selectFrom('ai_credit_account').select('balance').where('tenant_id', '=', tenantId).where('user_id', '=', topUp.userId).executeTakeFirst();
  const balance = account?.balance ?? 0;
  if (balance < topUp.credits) throw spent(topUp.credits, balance, lang);
}

/**
 * A refund of a top-up order takes its credits back while they are unspent; when the balance is
 * below them it refuses (ApiError AI_CREDITS_SPENT) and the order's refund must not go ahead (the
 * caller's transaction rolls back). Returns the credits taken back (0: none granted, or already).
 */
export async function reverseTopUp(trx: Transaction<DB>, reversal: { orderId: number; lang?: Lang }): Promise<number> {
  const { tenantId, today } = await tenantDay(trx);
  const first = await topUpOf(trx, tenantId, reversal.orderId);
  if (!first) return 0;
  // Locked, then read again: two refunds at once see each other's reversal.
  const balance = await lockAccount(trx, tenantId, today, first.userId);
  const topUp = await topUpOf(trx, tenantId, reversal.orderId);
  if (!topUp || topUp.reversed) return 0;
  if (balance < topUp.credits) throw spent(topUp.credits, balance, reversal.lang ?? 'zh');
  const lang = reversal.lang ?? 'zh';
  await applyChange(trx, tenantId, today, topUp.userId, balance, {
    kind: 'reversal', amount: -topUp.credits, orderId: reversal.orderId,
    note: lang === 'en' ? `Refunded top-up: ${topUp.credits} credits taken back` : `订单退款，收回充值的 ${topUp.credits} 点`,
  });
  return topUp.credits;
}
