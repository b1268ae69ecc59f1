// Shared kernel (issue 14 point 5): a tenant's store and its settings as cfg serves them. um (the
// registration and captcha switches) and sm (the captcha's own switch) read them here too.
import type { Transaction } from 'kysely';
import type { ConfigItem, GlobalStyle, Store } from '../../schemas/tenant-settings';
import type { DB } from '../db/types';

type Trx = Transaction<DB>;

/** The store with this id, or the tenant's first store when no id is given; with its globalStyle. */
export async function findStore(trx: Trx, storeId?: number): Promise<{ store: Store; globalStyle: GlobalStyle } | undefined> {
  let query = trx.selectFrom('tenant_store').selectAll();
  query = storeId === undefined ? query.orderBy('sort').orderBy('id') : query.where('id', '=', storeId);
  const row = await query.limit(1).executeTakeFirst();
  return row && toStore(row);
}

/** A tenant_store row (as Kysely or migration 0018's row_to_json gives it) as the store and its globalStyle. */
export function toStore(row: { id: number; name: string; state: number; thumb_img: string | null; org_path: string | null; global_style: unknown }): { store: Store; globalStyle: GlobalStyle } {
  const store: Store = { id: Number(row.id), name: row.name, state: row.state };
  if (row.thumb_img) store.thumbImg = row.thumb_img;
  if (row.org_path) store.orgPath = row.org_path;
  return { store, globalStyle: row.global_style as GlobalStyle };
}

/** The tenant's settings for a store: tenant-wide rows (store 0) overridden by the store's own rows. */
export async function listConfig(trx: Trx, storeId: number, paramGroup?: string): Promise<ConfigItem[]> {
  let query = trx.selectFrom('tenant_config').selectAll().where('store_id', 'in', [0, storeId]);
  if (paramGroup) query = query.where('param_group', '=', paramGroup);
  return mergeConfigRows(await query.orderBy('param_group').orderBy('param_key').orderBy('store_id').execute());
}

/** Config rows ordered by group, key and store id, merged: a store's own row replaces the tenant-wide one. */
export function mergeConfigRows(rows: readonly { param_group: string; param_key: string; param_value: string; param_value_type: number }[]): ConfigItem[] {
  const merged = new Map<string, ConfigItem>();
  for (const row of rows) {
    // Ordered by store_id, so a store's own row (id > 0) replaces the tenant-wide one.
    merged.set(`${row.param_group}\u0000${row.param_key}`, {
      paramGroup: row.param_group, paramKey: row.param_key, paramValue: row.param_value, paramValueType: row.param_value_type,
    });
  }
  return [...merged.values()];
}
