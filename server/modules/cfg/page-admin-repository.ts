// SQL of the page designer (issue 16): pages with their draft, revision and versions (migration
// 0019), the navbar menu of a tab page, and the audit trail. Every function runs inside the
// tenant's transaction (withTenant), so row-level security scopes it to the tenant.
import { sql, type Transaction } from 'kysely';
import type { AdminPageSummary, PageVersionSummary } from '../../../schemas/api/page-admin';
import type { DB } from '../../db/types';
import type { PageAuditAction } from '../../db/types-pages';

type Trx = Transaction<DB>;

/** page.purpose of a home page (the switcher lists purpose 2); tab pages are written with 1, as the seed's. */
export const HOME_PURPOSE = 2;
export const TAB_PURPOSE = 1;

/** The link a tab page's navbar menu opens (spec shell: /tabBarIndex/:pageCode is a runtime page). */
export const tabPagePath = (pageCode: string) => `/tabBarIndex/${pageCode}`;

/** A page row as the designer needs it. */
export interface DesignerPage {
  pageId: number;
  pageCode: string;
  name: string;
  purpose: number;
  state: number;
  storeId: number | null;
  template: unknown;
}

/** The page row, locked until the transaction ends: every change of one page runs one after another. */
export async function lockPage(trx: Trx, pageId: number): Promise<DesignerPage | undefined> {
  const row = await trx.selectFrom('page').select(['id', 'page_code', 'name', 'purpose', 'state', 'store_id', 'template'])
    .where('id', '=', pageId).forUpdate().executeTakeFirst();
  return row && {
    pageId: Number(row.id), pageCode: row.page_code, name: row.name, purpose: row.purpose, state: row.state,
    storeId: row.store_id === null ? null : Number(row.store_id), template: row.template ?? null,
  };
}

/** The page's revision and draft (revision 0 and no draft for a page the designer never touched). */
export async function readDraft(trx: Trx, pageId: number): Promise<{ revision: number; template: unknown }> {
  const row = await trx.selectFrom('page_draft').select(['revision', 'template']).where('page_id', '=', pageId).executeTakeFirst();
  return { revision: row?.revision ?? 0, template: row?.template ?? null };
}

/** Writes the page's revision and draft (null: none) and who changed it now. */
export async function writeDraft(trx: Trx, pageId: number, draft: { revision: number; template: unknown; userId: number }): Promise<void> {
  const template = draft.template === null ? null : JSON.stringify(draft.template);
  const values = { revision: draft.revision, template, updated_by: draft.userId, updated_at: sql<Date>`now()` };
  await trx.insertInto('page_draft').values({ tenant_id: sql<number>`current_setting('app.tenant_id')::bigint`, page_id: pageId, ...values })
    .onConflict((oc) => oc.columns(['tenant_id', 'page_id']).doUpdateSet(values)).execute();
}

/** The newest published version number, or null when the page was never published. */
export async function latestVersion(trx: Trx, pageId: number): Promise<number | null> {
  const row = await trx.selectFrom('page_version').select((eb) => eb.fn.max('version').as('v')).where('page_id', '=', pageId).executeTakeFirst();
  return row?.v === null || row?.v === undefined ? null : Number(row.v);
}

/** Publishes: the template becomes what learners get (page.template) and the next version. */
export async function publishTemplate(trx: Trx, page: DesignerPage, template: unknown, userId: number, opts: { show: boolean }): Promise<{ version: number; publishedAt: string }> {
  const version = ((await latestVersion(trx, page.pageId)) ?? 0) + 1;
  const json = JSON.stringify(template);
  const row = await trx.insertInto('page_version')
    .values({ tenant_id: sql<number>`current_setting('app.tenant_id')::bigint`, page_id: page.pageId, version, template: json, published_by: userId })
    .returning('published_at').executeTakeFirstOrThrow();
  await trx.updateTable('page').set({ template: json, ...(opts.show ? { state: 1 } : {}) }).where('id', '=', page.pageId).execute();
  if (opts.show && page.purpose !== HOME_PURPOSE) {
    await trx.updateTable('navigate').set({ state: 1 }).where('parent_id', 'is', null).where('page_path', '=', tabPagePath(page.pageCode)).execute();
  }
  return { version, publishedAt: new Date(row.published_at).toISOString() };
}

/** Blocks of a template, nested ones included (format 2 blocks/slots, format 1 components/children). */
export function countBlocks(template: unknown): number {
  let count = 0;
  const stack: unknown[] = [template];
  while (stack.length) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    const record = node as Record<string, unknown>;
    for (const key of ['blocks', 'components', 'children']) {
      const list = record[key];
      if (Array.isArray(list)) { count += list.length; stack.push(...list); }
    }
    if (typeof record.slots === 'object' && record.slots !== null) {
      for (const list of Object.values(record.slots as Record<string, unknown>)) {
        if (Array.isArray(list)) { count += list.length; stack.push(...list); }
      }
    }
  }
  return count;
}

const userName = sql<string | null>`coalesce(nullif(u.nick_name, ''), nullif(u.real_name, ''), u.account)`;

/** Every published version of a page, newest first, with who published it. */
export async function listVersions(trx: Trx, pageId: number): Promise<PageVersionSummary[]> {
  const rows = await trx.selectFrom('page_version as v')
    .leftJoin('user_account as u', (join) => join.onRef('u.tenant_id', '=', 'v.tenant_id').onRef('u.id', '=', 'v.published_by'))
    .select(['v.version', 'v.template', 'v.published_at', userName.as('published_by')])
    .where('v.page_id', '=', pageId).orderBy('v.version', 'desc').execute();
  return rows.map((row) => ({
    version: row.version, publishedBy: row.published_by, publishedAt: new Date(row.published_at).toISOString(), blockCount: countBlocks(row.template),
  }));
}

/** One published version's template, or undefined. */
export async function readVersion(trx: Trx, pageId: number, version: number): Promise<unknown> {
  const row = await trx.selectFrom('page_version').select('template').where('page_id', '=', pageId).where('version', '=', version).executeTakeFirst();
  return row?.template;
}

/** Adds a row to the designer's audit trail. */
export async function writeAudit(trx: Trx, entry: { page: { pageId: number; pageCode: string }; userId: number; action: PageAuditAction; version?: number | null; revision?: number | null }): Promise<void> {
  await trx.insertInto('page_audit').values({
    tenant_id: sql<number>`current_setting('app.tenant_id')::bigint`, page_id: entry.page.pageId, page_code: entry.page.pageCode,
    user_id: entry.userId, action: entry.action, version: entry.version ?? null, revision: entry.revision ?? null,
  }).execute();
}

/** The tenant's default home page: the first published home page in page order, the one /home shows with no choice made. */
export async function defaultHomePageId(trx: Trx): Promise<number | null> {
  const row = await trx.selectFrom('page').select('id').where('purpose', '=', HOME_PURPOSE).where('state', '=', 1)
    .orderBy('sort').orderBy('id').limit(1).executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** Every page of the tenant (or one), as the designer's list shows it, in page order. */
export async function listAdminPages(trx: Trx, pageId?: number): Promise<AdminPageSummary[]> {
  let query = trx.selectFrom('page as p')
    .leftJoin('page_draft as d', (join) => join.onRef('d.tenant_id', '=', 'p.tenant_id').onRef('d.page_id', '=', 'p.id'))
    .leftJoin('user_account as u', (join) => join.onRef('u.tenant_id', '=', 'd.tenant_id').onRef('u.id', '=', 'd.updated_by'))
    .select([
      'p.id', 'p.page_code', 'p.name', 'p.purpose', 'p.store_id', 'd.revision', 'd.updated_at', userName.as('updated_by'),
      sql<boolean>`d.template is not null`.as('has_draft'),
      sql<number | null>`(select max(v.version) from page_version v where v.tenant_id = p.tenant_id and v.page_id = p.id)`.as('published_version'),
      sql<string | null>`(select max(v.published_at)::text from page_version v where v.tenant_id = p.tenant_id and v.page_id = p.id)`.as('published_at'),
    ]);
  if (pageId !== undefined) query = query.where('p.id', '=', pageId);
  const [rows, defaultId, menus] = await Promise.all([
    query.orderBy('p.purpose', 'desc').orderBy('p.sort').orderBy('p.id').execute(),
    defaultHomePageId(trx),
    trx.selectFrom('navigate').select(['id', 'title', 'page_path']).where('parent_id', 'is', null).where('page_path', 'like', '/tabBarIndex/%').orderBy('id').execute(),
  ]);
  const menuOf = new Map<string, { navigateId: number; name: string }>();
  for (const menu of menus) if (menu.page_path && !menuOf.has(menu.page_path)) menuOf.set(menu.page_path, { navigateId: Number(menu.id), name: menu.title });
  return rows.map((row) => {
    const home = row.purpose === HOME_PURPOSE;
    // The last change: the draft row's time covers saves, restores and publishes by the designer;
    // a page never touched by it shows when its version 1 was recorded.
    const updatedAt = row.updated_at ? new Date(row.updated_at).toISOString() : row.published_at ? new Date(row.published_at).toISOString() : null;
    return {
      pageId: Number(row.id), pageCode: row.page_code, name: row.name, kind: home ? 'home' : 'tab',
      storeId: home && row.store_id !== null ? Number(row.store_id) : null,
      isDefault: home && Number(row.id) === defaultId,
      publishedVersion: row.published_version === null ? null : Number(row.published_version),
      hasDraft: row.has_draft === true, revision: row.revision ?? 0,
      updatedBy: row.updated_at ? row.updated_by : null, updatedAt,
      menu: home ? null : menuOf.get(tabPagePath(row.page_code)) ?? null,
    };
  });
}

/** Serialises page and menu creation in the tenant, so the next free ids below cannot be taken twice. */
export async function lockPageCreation(trx: Trx): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('page-designer-create'), current_setting('app.tenant_id')::int)`.execute(trx);
}

export async function pageCodeTaken(trx: Trx, pageCode: string): Promise<boolean> {
  return (await trx.selectFrom('page').select('id').where('page_code', '=', pageCode).executeTakeFirst()) !== undefined;
}

export async function storeExists(trx: Trx, storeId: number): Promise<boolean> {
  return (await trx.selectFrom('tenant_store').select('id').where('id', '=', storeId).executeTakeFirst()) !== undefined;
}

/**
 * Inserts a page the designer made: hidden (state 0) and with no template until its first publish,
 * so neither the home switcher nor a navbar menu offers a page that has nothing to show yet.
 */
export async function insertPage(trx: Trx, page: { pageCode: string; name: string; purpose: number; storeId: number | null }): Promise<number> {
  const next = await trx.selectFrom('page').select([
    sql<string>`coalesce(max(id), 0) + 1`.as('id'), sql<number>`coalesce(max(sort), 0) + 1`.as('sort'),
  ]).executeTakeFirstOrThrow();
  const id = Number(next.id);
  await trx.insertInto('page').values({
    tenant_id: sql<number>`current_setting('app.tenant_id')::bigint`, id, store_id: page.storeId, page_code: page.pageCode, name: page.name,
    type: 0, purpose: page.purpose, state: 0, thumb_img: null, sort: Number(next.sort), template: null,
  }).execute();
  return id;
}

/** Adds a top-level navbar menu of a store opening the tab page, last in the navbar, hidden until the page is published. */
export async function insertTabMenu(trx: Trx, menu: { storeId: number; title: string; pageCode: string }): Promise<number> {
  const next = await trx.selectFrom('navigate').select([
    sql<string>`coalesce(max(id), 0) + 1`.as('id'),
    sql<number>`coalesce(max(sort) filter (where parent_id is null and store_id = ${menu.storeId}), 0) + 1`.as('sort'),
  ]).executeTakeFirstOrThrow();
  const id = Number(next.id);
  await trx.insertInto('navigate').values({
    tenant_id: sql<number>`current_setting('app.tenant_id')::bigint`, id, store_id: menu.storeId, parent_id: null, title: menu.title,
    page_code: menu.pageCode, page_path: tabPagePath(menu.pageCode), link: null, sort: Number(next.sort), state: 0,
  }).execute();
  return id;
}

/** The top-level menus opening this tab page, with how many submenus each has. */
export async function menusOfTabPage(trx: Trx, pageCode: string): Promise<{ id: number; title: string; children: number }[]> {
  const rows = await trx.selectFrom('navigate as n').select([
    'n.id', 'n.title',
    sql<string>`(select count(*) from navigate c where c.tenant_id = n.tenant_id and c.parent_id = n.id)`.as('children'),
  ]).where('n.parent_id', 'is', null).where('n.page_path', '=', tabPagePath(pageCode)).orderBy('n.id').execute();
  return rows.map((row) => ({ id: Number(row.id), title: row.title, children: Number(row.children) }));
}

/** Deletes menus and their submenus. */
export async function deleteMenus(trx: Trx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx.deleteFrom('navigate').where('parent_id', 'in', ids).execute();
  await trx.deleteFrom('navigate').where('id', 'in', ids).execute();
}

/** Deletes a page with its draft and versions (its audit rows stay). */
export async function deletePage(trx: Trx, pageId: number): Promise<void> {
  await trx.deleteFrom('page_draft').where('page_id', '=', pageId).execute();
  await trx.deleteFrom('page_version').where('page_id', '=', pageId).execute();
  await trx.deleteFrom('page').where('id', '=', pageId).execute();
}

/** The designer's audit rows of a page, oldest first (tests and operators read them). */
export async function listAudit(trx: Trx, pageId: number) {
  return trx.selectFrom('page_audit').select(['user_id', 'action', 'version', 'revision', 'at', 'page_code'])
    .where('page_id', '=', pageId).orderBy('id').execute();
}
