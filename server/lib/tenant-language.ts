// The language a tenant's own texts are written in, for what the server writes without a request's
// language: printed certificates, ledger notes written inside a payment. It is the tenant's
// PcStartup options' `language` (en), else Chinese (spec shell: the startup options).
import type { Transaction } from 'kysely';
import type { DB } from '../db/types';

/** The tenant's language; the transaction is scoped to the tenant (row-level security). */
export async function tenantLanguage(trx: Transaction<DB>): Promise<'zh' | 'en'> {
  const row = await trx.selectFrom('tenant_config').select('param_value')
    .where('store_id', '=', 0).where('param_group', '=', 'PcStartup').where('param_key', '=', 'options').executeTakeFirst();
  try {
    const options: unknown = row?.param_value ? JSON.parse(row.param_value) : null;
    return typeof options === 'object' && options !== null && (options as { language?: unknown }).language === 'en' ? 'en' : 'zh';
  } catch {
    return 'zh';
  }
}
