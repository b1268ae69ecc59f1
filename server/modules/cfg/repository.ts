import { sql, type Kysely, type Transaction } from 'kysely';
import type { ConfigItem, GlobalStyle, HomePageEntry, NavigateItem, Store, TenantInfo } from '../../../schemas/tenant-settings';
import type { LinkItem } from '../../../schemas/link';
import type { DB } from '../../db/types';
import { mergeConfigRows, toStore } from '../../lib/store-settings';

type Trx = Transaction<DB>;

/** A navigate row (as Kysely or migration 0018's json_agg gives it) as a menu item. */
export function toNavigateItem(row: { id: number; store_id: number; parent_id: number | null; title: string; page_code: string | null; page_path: string | null; sort: number; link: unknown }): NavigateItem {
  const item: NavigateItem = { id: Number(row.id), storeId: Number(row.store_id), parentId: row.parent_id === null ? null : Number(row.parent_id), title: row.title, sort: row.sort };
  if (row.page_code) item.pageCode = row.page_code;
  if (row.page_path) item.pagePath = row.page_path;
  if (row.link) item.link = row.link as LinkItem;
  return item;
}

/** Menus of a store under one parent (null: the top level), enabled ones only, in menu order. */
export async function listNavigate(trx: Trx, opts: { storeId: number; parentId: number | null; purpose?: number; pageNo: number; pageSize: number }) {
  let base = trx.selectFrom('navigate').where('store_id', '=', opts.storeId).where('state', '=', 1);
  base = opts.parentId === null ? base.where('parent_id', 'is', null) : base.where('parent_id', '=', opts.parentId);
  if (opts.purpose !== undefined) base = base.where('purpose', '=', opts.purpose);
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('sort').orderBy('id').limit(opts.pageSize).offset((opts.pageNo - 1) * opts.pageSize).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toNavigateItem), total: Number(count.n), pageNo: opts.pageNo, pageSize: opts.pageSize };
}

/** Home-page entries (spec shell §3) for the switcher: a page of pages filtered by purpose and state. */
export async function listPages(trx: Trx, opts: { purpose?: number; state?: number; storeId?: number; pageNo: number; pageSize: number }) {
  let base = trx.selectFrom('page').leftJoin('tenant_store', (join) =>
    join.onRef('tenant_store.tenant_id', '=', 'page.tenant_id').onRef('tenant_store.id', '=', 'page.store_id'));
  if (opts.purpose !== undefined) base = base.where('page.purpose', '=', opts.purpose);
  if (opts.state !== undefined) base = base.where('page.state', '=', opts.state);
  if (opts.storeId !== undefined) base = base.where('page.store_id', '=', opts.storeId);
  const [rows, count] = await Promise.all([
    base.select([
      'page.id', 'page.name', 'page.type', 'page.page_code', 'page.state', 'page.thumb_img', 'page.store_id',
      'tenant_store.name as store_name', 'tenant_store.thumb_img as store_thumb', 'tenant_store.org_path',
    ]).orderBy('page.sort').orderBy('page.id').limit(opts.pageSize).offset((opts.pageNo - 1) * opts.pageSize).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const list = rows.map((row) => {
    const entry: HomePageEntry = { pageId: Number(row.id), name: row.name, type: row.type, pageCode: row.page_code, state: row.state };
    if (row.thumb_img) entry.thumbImg = row.thumb_img;
    // type 1 is a store (spec shell §3 "Home page entry").
    if (row.type === 1 && row.store_id !== null) {
      entry.storeId = Number(row.store_id);
      if (row.store_name) entry.storeName = row.store_name;
      if (row.store_thumb) entry.storeThumbImg = row.store_thumb;
      if (row.org_path) entry.orgPath = row.org_path;
    }
    return entry;
  });
  return { list, total: Number(count.n), pageNo: opts.pageNo, pageSize: opts.pageSize };
}

/** A user's account name (the {account} placeholder of an external link), or undefined. cfg reads it here rather than through um (issue 14 point 5). */
export async function findAccountName(trx: Trx, userId: number): Promise<string | undefined> {
  const row = await trx.selectFrom('user_account').select('account').where('id', '=', userId).executeTakeFirst();
  return row?.account;
}

/** The settings answer's parts, or which of the tenant and the store is missing. */
export type StoreSettingsRead =
  | { found: 'tenant-missing' }
  | { found: 'store-missing'; tenant: TenantInfo }
  | { found: 'all'; tenant: TenantInfo; store: Store; globalStyle: GlobalStyle; configList: ConfigItem[]; navigateList: NavigateItem[] };

interface StoreSettingsJson {
  tenant: { id: number; code: string; name: string; tenant_type: number } | null;
  store?: Parameters<typeof toStore>[0] | null;
  config?: Parameters<typeof mergeConfigRows>[0];
  navigate?: Parameters<typeof toNavigateItem>[0][];
}

/**
 * The start-up settings of a tenant's store (its first store without an id): the tenant, the store
 * and globalStyle, the merged config and the enabled top-level menus of a purpose (first 200), read
 * in ONE statement (migration 0018's cfg_store_settings, under the tenant's row-level security).
 * Not in a transaction: the function sets the tenant for its own statement only.
 */
export async function readStoreSettings(db: Kysely<DB>, tenantId: number, storeId: number | undefined, purpose: number): Promise<StoreSettingsRead> {
  const { rows } = await sql<{ answer: StoreSettingsJson }>`select cfg_store_settings(${tenantId}, ${storeId ?? null}, ${purpose}) as answer`.execute(db);
  const answer = rows[0]!.answer;
  if (!answer.tenant) return { found: 'tenant-missing' };
  const t = answer.tenant;
  const tenant: TenantInfo = { id: Number(t.id), code: t.code, name: t.name, tenantType: t.tenant_type };
  if (!answer.store) return { found: 'store-missing', tenant };
  return {
    found: 'all', tenant, ...toStore(answer.store),
    configList: mergeConfigRows(answer.config ?? []),
    navigateList: (answer.navigate ?? []).map(toNavigateItem),
  };
}
