import type { Transaction } from 'kysely';
import type { HomePageEntry } from '../../../schemas/tenant-settings';
import type { DB } from '../../db/types';

type Trx = Transaction<DB>;

/** A page row with its template exactly as stored (null when the page has none yet). */
export interface StoredPage {
  pageId: number;
  pageCode: string;
  name: string;
  type: number;
  purpose: number;
  state: number;
  storeId: number | null;
  template: unknown;
}

const PAGE_COLUMNS = ['id', 'page_code', 'name', 'type', 'purpose', 'state', 'store_id', 'template'] as const;

function toStoredPage(row: { id: number; page_code: string; name: string; type: number; purpose: number; state: number; store_id: number | null; template: unknown }): StoredPage {
  return {
    pageId: Number(row.id), pageCode: row.page_code, name: row.name, type: row.type, purpose: row.purpose, state: row.state,
    storeId: row.store_id === null ? null : Number(row.store_id), template: row.template ?? null,
  };
}

/** The page with this code in the current tenant (row-level security scopes the query). */
export async function findPageByCode(trx: Trx, pageCode: string): Promise<StoredPage | undefined> {
  const row = await trx.selectFrom('page').select(PAGE_COLUMNS).where('page_code', '=', pageCode).executeTakeFirst();
  return row ? toStoredPage(row) : undefined;
}

/** The page with this id in the current tenant. */
export async function findPageById(trx: Trx, pageId: number): Promise<StoredPage | undefined> {
  const row = await trx.selectFrom('page').select(PAGE_COLUMNS).where('id', '=', pageId).executeTakeFirst();
  return row ? toStoredPage(row) : undefined;
}

/** Ids of the stores of an organisation: by org path, by store id, or both (a store of that org). */
export async function findOrgStoreIds(trx: Trx, opts: { orgPath?: string; storeId?: number }): Promise<number[]> {
  let query = trx.selectFrom('tenant_store').select('id');
  if (opts.orgPath !== undefined) query = query.where('org_path', '=', opts.orgPath);
  if (opts.storeId !== undefined) query = query.where('id', '=', opts.storeId);
  const rows = await query.orderBy('sort').orderBy('id').execute();
  return rows.map((r) => Number(r.id));
}

/** Published home pages (purpose 2, state 1) of these stores, in page order, as home-page entries. */
export async function listHomePagesOfStores(trx: Trx, storeIds: number[]): Promise<HomePageEntry[]> {
  if (storeIds.length === 0) return [];
  const rows = await trx.selectFrom('page')
    .leftJoin('tenant_store', (join) => join.onRef('tenant_store.tenant_id', '=', 'page.tenant_id').onRef('tenant_store.id', '=', 'page.store_id'))
    .select([
      'page.id', 'page.name', 'page.type', 'page.page_code', 'page.state', 'page.thumb_img', 'page.store_id',
      'tenant_store.name as store_name', 'tenant_store.thumb_img as store_thumb', 'tenant_store.org_path',
    ])
    .where('page.store_id', 'in', storeIds)
    .where('page.purpose', '=', 2)
    .where('page.state', '=', 1)
    .orderBy('page.sort').orderBy('page.id')
    .execute();
  return rows.map((row) => {
    const entry: HomePageEntry = { pageId: Number(row.id), name: row.name, type: row.type, pageCode: row.page_code, state: row.state };
    if (row.thumb_img) entry.thumbImg = row.thumb_img;
    if (row.store_id !== null) entry.storeId = Number(row.store_id);
    // spec shell §3 "Home page entry": type 1 is a store and carries its name, picture and org path.
    if (row.type === 1) {
      if (row.store_name) entry.storeName = row.store_name;
      if (row.store_thumb) entry.storeThumbImg = row.store_thumb;
      if (row.org_path) entry.orgPath = row.org_path;
    }
    return entry;
  });
}
