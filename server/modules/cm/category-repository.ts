import type { Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { CategoryItem, CategoryNavItem, CategoryNode } from '../../../schemas/api/cm/catalogue';

type Trx = Transaction<DB>;

const columns = ['id', 'parent_id', 'name', 'purpose', 'path', 'icon', 'sort'] as const;

function toCategoryItem(row: { id: number; parent_id: number | null; name: string; purpose: number; path: string; icon: string | null; sort: number }): CategoryItem {
  return { id: row.id, parentId: row.parent_id, name: row.name, purpose: row.purpose, path: row.path, icon: row.icon, sort: row.sort };
}

/** Enabled categories of a purpose (every purpose when none), in menu order, as flat rows. */
async function listEnabledCategories(trx: Trx, purpose?: number): Promise<CategoryItem[]> {
  let query = trx.selectFrom('category').select(columns).where('state', '=', 1);
  if (purpose !== undefined) query = query.where('purpose', '=', purpose);
  const rows = await query.orderBy('sort').orderBy('id').execute();
  return rows.map(toCategoryItem);
}

/** The category tree of a purpose: roots in menu order, each with all its descendants. */
export async function listCategoryTree(trx: Trx, purpose?: number): Promise<CategoryNode[]> {
  const flat = await listEnabledCategories(trx, purpose);
  const nodes = new Map<number, CategoryNode>(flat.map((c) => [c.id, { ...c, children: [] }]));
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    // A child of a disabled parent is left out with its parent, rather than promoted to a root.
    if (parent) parent.children.push(node);
    else if (node.parentId === null) roots.push(node);
  }
  return roots;
}

/** The top-level categories of a purpose, each with its direct children: a category nav bar. */
export async function listCategoryNav(trx: Trx, purpose?: number): Promise<CategoryNavItem[]> {
  const flat = (await listEnabledCategories(trx, purpose)).filter((c) => c.path.split('/').length <= 4);
  const roots = flat.filter((c) => c.parentId === null).map((c) => ({ ...c, children: [] as CategoryItem[] }));
  const byId = new Map(roots.map((r) => [r.id, r]));
  for (const c of flat) if (c.parentId !== null) byId.get(c.parentId)?.children.push(c);
  return roots;
}

/** The enabled direct children of a category, in menu order. */
export async function listChildCategories(trx: Trx, parentId: number): Promise<CategoryItem[]> {
  const rows = await trx.selectFrom('category').select(columns)
    .where('parent_id', '=', parentId).where('state', '=', 1)
    .orderBy('sort').orderBy('id').execute();
  return rows.map(toCategoryItem);
}

/** Whether a category with this id exists in the tenant. */
export async function categoryExists(trx: Trx, id: number): Promise<boolean> {
  return (await trx.selectFrom('category').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
