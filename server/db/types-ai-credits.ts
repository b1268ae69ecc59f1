// The tables of migration 0049-ai-credits (issue 21 part F: AI credits, their ledger and top-ups through the shop, and the digital human), as Kysely sees them;
// collected in types.ts `DB`. docs/ai.md section F explains them.
import type { ColumnType, Generated } from 'kysely';

type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A tenant's prices of AI work in credits (one row per tenant; defaults when absent). */
export interface AiCreditRuleTable {
  tenant_id: number;
  price_answer: Generated<number>;
  price_image: Generated<number>;
  price_application: Generated<number>;
  price_writing: Generated<number>;
  price_speech: Generated<number>;
  welcome_grant: Generated<number>;
  daily_free_answers: Generated<number>;
  updated_at: Stamp;
}

/** A learner's balance, never negative. */
export interface AiCreditAccountTable {
  tenant_id: number;
  user_id: number;
  balance: Generated<number>;
  created_at: Stamp;
  updated_at: Stamp;
}

export type AiCreditKind = 'grant' | 'topup' | 'charge' | 'refund' | 'adjust' | 'reversal';

/** Every change of a learner's credits. */
export interface AiCreditLedgerTable {
  tenant_id: number;
  id: Generated<number>;
  user_id: number;
  kind: AiCreditKind;
  use: string | null;
  units: Generated<number>;
  amount: number;
  balance_after: number;
  note: Generated<string>;
  order_id: number | null;
  refund_of: number | null;
  admin_id: number | null;
  day: ColumnType<string, string, string>;
  created_at: Stamp;
}

/** The column 0049 adds to product: credits per unit of an AI credits package. */
export interface ProductAiCreditsColumns {
  ai_credits: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface AiCreditsTables {
  ai_credit_rule: AiCreditRuleTable;
  ai_credit_account: AiCreditAccountTable;
  ai_credit_ledger: AiCreditLedgerTable;
}
