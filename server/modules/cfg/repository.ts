import type { Transaction } from 'kysely';
import type { ConfigItem, GlobalStyle, HomePageEntry, NavigateItem, Store } from '../../../schemas/tenant-settings';
import type { LinkItem } from '../../../schemas/link';
import type { DB } from '../../db/types';

type Trx = Transaction<DB>;

/** The store with this id, or the tenant's first store when no id is given; with its globalStyle. */
export async function findStore(trx: Trx, storeId?: number): Promise<{ store: Store; globalStyle: GlobalStyle } | undefined> {
  let query = trx.selectFrom('tenant_store').selectAll();
  query = storeId === undefined ? query.orderBy('sort').orderBy('id') : query.where('id', '=', storeId);
  const row = await query.limit(1).executeTakeFirst();
  if (!row) return undefined;
  const store: Store = { id: Number(row.id), name: row.name, state: row.state };
  if (row.thumb_img) store.thumbImg = row.thumb_img;
  if (row.org_path) store.orgPath = row.org_path;
  return { store, globalStyle: row.global_style as GlobalStyle };
}

/** The tenant's settings for a store: tenant-wide rows (store 0) overridden by the store's own rows. */
export async function listConfig(trx: Trx, storeId: number, paramGroup?: string): Promise<ConfigItem[]> {
  let query = trx.selectFrom('tenant_config').selectAll().where('store_id', 'in', [0, storeId]);
  if (paramGroup) query = query.where('param_group', '=', paramGroup);
  const rows = await query.orderBy('param_group').orderBy('param_key').orderBy('store_id').execute();
  const merged = new Map<string, ConfigItem>();
  for (const row of rows) {
    // Ordered by store_id, so a store's own row (id > 0) replaces the tenant-wide one.
    merged.set(`${row.param_group}\u0000${row.param_key}`, {
      paramGroup: row.param_group, paramKey: row.param_key, paramValue: row.param_value, paramValueType: row.param_value_type,
    });
  }
  return [...merged.values()];
}

function toNavigateItem(row: { id: number; store_id: number; parent_id: number | null; title: string; page_code: string | null; page_path: string | null; sort: number; link: unknown }): NavigateItem {
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
