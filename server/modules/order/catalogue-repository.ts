// The product category tree, what a learner bought, and the product center (issue 20 part P;
// docs/shop-and-content.md "Product lists, product content, bought"). Run under the tenant's
// row-level security (readTenant).
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { CATEGORY_PURPOSE } from '../../lib/purposes';
import { offsetOf } from '../../lib/list-sql';
import { searchProducts } from './repository';
import { PAID_STATES, READING_TYPES } from './reading-repository';
import { grantLink, grantRefs, grantTargets } from './catalogue-grants';
import type { BoughtItem, BoughtKind, BoughtPage, ProductCategoryNode, ProductCenter } from '../../../schemas/api/shop-catalogue';

type Trx = Transaction<DB>;
type Node = Omit<ProductCategoryNode, 'children'> & { children: Node[]; path: string };

/** The tree's depth: root, child, grandchild (schemas/api/shop-catalogue.ts). */
const TREE_DEPTH = 3;

/**
 * The tenant's product categories (purpose 4, state 1) as a tree in menu order, each with the
 * products on sale in it and under it; under `parentId` only that category's subtree (its children
 * as roots), empty when it is no product category of the tenant.
 */
export async function productCategoryTree(trx: Trx, parentId?: number): Promise<ProductCategoryNode[]> {
  const rows = await trx.selectFrom('category')
    .select(['id', 'parent_id', 'name', 'icon', 'sort', 'state', 'featured', 'path'])
    .where('purpose', '=', CATEGORY_PURPOSE.product).where('state', '=', 1)
    .orderBy('sort').orderBy('id').execute();
  const onSale = await trx.selectFrom('product').select(['category_id', sql<number>`count(*)`.as('n')])
    .where('state', '=', 1).where('category_id', 'is not', null).groupBy('category_id').execute();
  const own = new Map(onSale.map((r) => [Number(r.category_id), Number(r.n)]));
  const nodes = new Map<number, Node>(rows.map((r) => [Number(r.id), {
    id: Number(r.id), parentId: r.parent_id === null ? null : Number(r.parent_id), name: r.name, icon: r.icon, sort: r.sort,
    state: r.state, featured: r.featured, path: r.path, children: [],
    // Products in it and every category under it (a category's descendants are the paths starting with its own).
    productCount: rows.filter((d) => d.path.startsWith(r.path)).reduce((n, d) => n + (own.get(Number(d.id)) ?? 0), 0),
  }]));
  const roots: Node[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    // A category whose parent is hidden (state not 1) is hidden with it.
    if (node.parentId === null) roots.push(node);
    else if (parent) parent.children.push(node);
  }
  const top = parentId === undefined ? roots : (nodes.get(parentId)?.children ?? []);
  const shape = (node: Node, depth: number): ProductCategoryNode => {
    const { path: _path, children, ...fields } = node;
    return { ...fields, children: depth < TREE_DEPTH ? children.map((c) => shape(c, depth + 1)) as ProductCategoryNode['children'] : [] };
  };
  return top.map((n) => shape(n, 1));
}

/** A bought product's kind, by its type and grants (schemas/api/shop-catalogue.ts BoughtKind). */
const KIND_SQL = sql<BoughtKind>`case
  when p.type in (${sql.join([...READING_TYPES])}) then 'book'
  when exists (select 1 from product_grant g where g.tenant_id = p.tenant_id and g.product_id = p.id and g.kind in ('course', 'subject')) then 'course'
  when exists (select 1 from product_grant g where g.tenant_id = p.tenant_id and g.product_id = p.id and g.kind = 'content') then 'content'
  when exists (select 1 from product_grant g where g.tenant_id = p.tenant_id and g.product_id = p.id and g.kind = 'book') then 'book'
  else 'goods' end`;

/**
 * A page of the products the user has paid for (a paid order, state 2 or 3), the latest bought
 * first, of one kind or all, each once with what it grants; with the count of every kind.
 */
export async function boughtPage(trx: Trx, userId: number, q: { kind?: BoughtKind; pageNo: number; pageSize: number }): Promise<BoughtPage> {
  const bought = trx.selectFrom('shop_order_item as i')
    .innerJoin('shop_order as o', (j) => j.onRef('o.tenant_id', '=', 'i.tenant_id').onRef('o.id', '=', 'i.order_id'))
    .where('o.user_id', '=', userId).where('o.state', 'in', [...PAID_STATES])
    .select(['i.product_id', sql<Date>`max(coalesce(o.paid_at, o.created_at))`.as('bought_at'), sql<number>`max(o.id)`.as('order_id')])
    .groupBy('i.product_id');
  const rows = trx.selectFrom(bought.as('b'))
    .innerJoin('product as p', 'p.id', 'b.product_id')
    .innerJoin('provider as v', (j) => j.onRef('v.tenant_id', '=', 'p.tenant_id').onRef('v.id', '=', 'p.provider_id'))
    .select(['p.id', 'p.title', 'p.cover', 'p.type', 'v.name as provider_name', 'b.bought_at', 'b.order_id', KIND_SQL.as('kind')]);
  const all = trx.selectFrom(rows.as('r'));
  const counts = await all.select(['r.kind', sql<number>`count(*)`.as('n')]).groupBy('r.kind').execute();
  const countOf = (kind: BoughtKind) => Number(counts.find((c) => c.kind === kind)?.n ?? 0);
  const page = await (q.kind ? all.where('r.kind', '=', q.kind) : all).selectAll('r')
    .orderBy('r.bought_at', 'desc').orderBy('r.id', 'desc').limit(q.pageSize).offset(offsetOf(q)).execute();

  const refs = await grantRefs(trx, page.map((r) => ({ id: Number(r.id), type: r.type })));
  const targets = await grantTargets(trx, refs);
  const list: BoughtItem[] = page.map((r) => ({
    productId: Number(r.id), title: r.title, cover: r.cover, productType: r.type, providerName: r.provider_name, kind: r.kind,
    boughtAt: new Date(r.bought_at).toISOString(), orderId: Number(r.order_id),
    grants: refs.filter((g) => g.productId === Number(r.id)).flatMap((g) => {
      const target = targets.get(`${g.kind}:${g.targetId}`);
      return target ? [{ kind: g.kind, targetId: g.targetId, title: target.title, link: grantLink(g.kind, g.targetId, target.purpose) }] : [];
    }),
  }));
  const total = counts.reduce((n, c) => n + Number(c.n), 0);
  return {
    list, total: q.kind ? countOf(q.kind) : total, pageNo: q.pageNo, pageSize: q.pageSize,
    counts: { all: total, course: countOf('course'), book: countOf('book'), content: countOf('content'), goods: countOf('goods') },
  };
}

/** At most this many categories on the product center. */
const CENTER_CATEGORIES = 8;

/**
 * The product center: the featured product categories (the roots when none is featured) in menu
 * order, each with its best sellers, and the newest products; categories without products on sale
 * are left out.
 */
export async function productCenter(trx: Trx, top: number): Promise<ProductCenter> {
  const tree = await productCategoryTree(trx);
  const flat = tree.flatMap((root) => [root, ...root.children]);
  const featured = flat.filter((c) => c.featured);
  const chosen = (featured.length ? featured : tree).filter((c) => c.productCount > 0).slice(0, CENTER_CATEGORIES);
  const categories: ProductCenter['categories'] = [];
  for (const c of chosen) {
    const products = await searchProducts(trx, { pageNo: 1, pageSize: top, sort: 'popular', categoryId: c.id });
    categories.push({
      id: c.id, name: c.name, icon: c.icon, productCount: c.productCount,
      children: c.children.map((child) => ({ id: child.id, name: child.name })), products: products.list,
    });
  }
  const newest = await searchProducts(trx, { pageNo: 1, pageSize: 10, sort: 'newest' });
  return { categories, newest: newest.list };
}
