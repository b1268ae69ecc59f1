// Issue 21 X: dictionaries (tables sys_dict and sys_dict_tenant, migration 0042). The defaults are
// the deployment's; a tenant's rows relabel, reorder or hide them, or add options of its own. The
// caller's transaction is scoped to the tenant: row-level security shows its overrides only.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';
import type { DictOption } from '../../../schemas/api/profile-organ-dict';

export type DictLang = 'zh' | 'en';

/** The tenant's default language: its PcStartup options' language (en), else Chinese (spec shell §1). */
export async function tenantDictLang(db: Kysely<DB>): Promise<DictLang> {
  const row = await db.selectFrom('tenant_config').select('param_value')
    .where('store_id', '=', 0).where('param_group', '=', 'PcStartup').where('param_key', '=', 'options').executeTakeFirst();
  try {
    const options: unknown = row?.param_value ? JSON.parse(row.param_value) : null;
    return typeof options === 'object' && options !== null && (options as { language?: unknown }).language === 'en' ? 'en' : 'zh';
  } catch {
    return 'zh';
  }
}

/**
 * The options of one dictionary in `lang`, the tenant's overrides applied, by sort then value; null
 * when neither the deployment nor the tenant has that dictionary. A label missing in `lang` falls
 * back to the other language.
 */
export async function listDictOptions(db: Kysely<DB>, typeCode: string, lang: DictLang): Promise<DictOption[] | null> {
  const { rows } = await sql<{ value: string; label: string; hidden: boolean }>`
    select coalesce(t.value, g.value) as value,
      ${lang === 'en'
        ? sql`coalesce(t.label_en, g.label_en, t.label_zh, g.label_zh)`
        : sql`coalesce(t.label_zh, g.label_zh, t.label_en, g.label_en)`} as label,
      coalesce(t.hidden, false) as hidden
    from (select * from sys_dict where type_code = ${typeCode}) g
    full join (select * from sys_dict_tenant where type_code = ${typeCode}) t on t.value = g.value
    order by coalesce(t.sort, g.sort, 1000), coalesce(t.value, g.value)`.execute(db);
  if (rows.length === 0) return null;
  return rows.filter((r) => !r.hidden).map((r) => ({ value: r.value, label: r.label ?? r.value }));
}
