// SQL of the tenant back-office: reads the settings of the tenant's default store and writes them
// back into the same rows the start-up call reads (tenant_config, tenant_store.global_style,
// navigate), so a save shows on the portal's next load.
import type { Transaction } from 'kysely';
import { CONFIG_KEYS, PARAM_VALUE_JSON, PARAM_VALUE_TEXT } from '../../../schemas/config-keys';
import type { FooterSettings, GlobalStyle, NavbarOptions, SiteOptions } from '../../../schemas/tenant-settings';
import type { DB } from '../../db/types';
import type { AdminMenu } from '../../../schemas/api/cfg';
import { listConfig } from '../../lib/store-settings';

type Trx = Transaction<DB>;

/** Whether the user holds the back-office right (user_account.admin_auth). */
export async function userHasAdminAuth(trx: Trx, userId: number): Promise<boolean> {
  const row = await trx.selectFrom('user_account').select('admin_auth').where('id', '=', userId).executeTakeFirst();
  return row?.admin_auth === true;
}

/** Every top-level menu of a store, hidden ones too, in navbar order. */
export async function listAllTopMenus(trx: Trx, storeId: number): Promise<AdminMenu[]> {
  const rows = await trx.selectFrom('navigate').select(['id', 'title', 'page_code', 'page_path', 'sort', 'state'])
    .where('store_id', '=', storeId).where('parent_id', 'is', null).orderBy('sort').orderBy('id').execute();
  return rows.map((row) => ({ id: Number(row.id), title: row.title, pageCode: row.page_code, pagePath: row.page_path, sort: row.sort, state: row.state }));
}

/** Parses a JSON setting; a broken stored value reads as empty, so the form can repair it. */
function parseJson<T extends object>(text: string | undefined): T | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as T) : null;
  } catch {
    return null;
  }
}

/** The settings the back-office edits, as the store's merged configList has them. */
export async function readEditableConfig(trx: Trx, storeId: number) {
  const items = await listConfig(trx, storeId);
  const value = ([group, key]: readonly [string, string]) => items.find((item) => item.paramGroup === group && item.paramKey === key)?.paramValue;
  return {
    appName: value(CONFIG_KEYS.appName) ?? '',
    logoImg: value(CONFIG_KEYS.logoImg) ?? '',
    navbar: parseJson<NavbarOptions>(value(CONFIG_KEYS.navbarOptions)) ?? {},
    footer: parseJson<FooterSettings>(value(CONFIG_KEYS.footer)),
    siteOptions: parseJson<SiteOptions>(value(CONFIG_KEYS.siteOptions)) ?? {},
  };
}

/**
 * Writes one setting where the store reads it from: the store's own row when it has one (it
 * overrides the tenant-wide row), otherwise the tenant-wide row (store 0), created if missing.
 */
export async function writeConfig(trx: Trx, storeId: number, [group, key]: readonly [string, string], value: string | object): Promise<void> {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const type = typeof value === 'string' ? PARAM_VALUE_TEXT : PARAM_VALUE_JSON;
  const own = await trx.updateTable('tenant_config').set({ param_value: text, param_value_type: type })
    .where('store_id', '=', storeId).where('param_group', '=', group).where('param_key', '=', key).executeTakeFirst();
  if (Number(own.numUpdatedRows) > 0) return;
  await trx.insertInto('tenant_config')
    .values({ tenant_id: Number(await currentTenant(trx)), store_id: 0, param_group: group, param_key: key, param_value: text, param_value_type: type })
    .onConflict((oc) => oc.columns(['tenant_id', 'store_id', 'param_group', 'param_key']).doUpdateSet({ param_value: text, param_value_type: type }))
    .execute();
}

/** The tenant of this transaction (set by withTenant), for inserts. */
async function currentTenant(trx: Trx): Promise<string> {
  const row = await trx.selectNoFrom((eb) => eb.fn<string>('current_setting', [eb.val('app.tenant_id')]).as('id')).executeTakeFirstOrThrow();
  return row.id;
}

export async function writeGlobalStyle(trx: Trx, storeId: number, style: GlobalStyle): Promise<void> {
  await trx.updateTable('tenant_store').set({ global_style: JSON.stringify(style) }).where('id', '=', storeId).execute();
}

/** Titles, visibility and order of the top-level menus; `menus` is in the new order. */
export async function writeMenus(trx: Trx, menus: readonly { id: number; title: string; state: number }[]): Promise<void> {
  for (const [index, menu] of menus.entries()) {
    await trx.updateTable('navigate').set({ title: menu.title, state: menu.state, sort: (index + 1) * 10 }).where('id', '=', menu.id).execute();
  }
}
