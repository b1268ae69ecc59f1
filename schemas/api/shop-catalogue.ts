// Issue 20 part P's contract: the product category tree (spec learning §7 GET /pm/pmCategory/list2),
// a product's content page, what a learner bought and the product center (ours: docs/api.md
// "Shop: categories, product content, bought"). Server routes validate with these; the shop feature
// derives its types.
import { Type, type Static } from 'typebox';
import { TenantIdParam } from '../common';
import { Nullable, PageNo, PageSize } from './list';
import { ProductItem } from './order';

// --- GET /pm/pmCategory/list2 ---
export const ProductCategoryQuery = Type.Object({
  tenantId: TenantIdParam,
  parentId: Type.Optional(Type.Integer({ minimum: 1, description: 'Only the subtree under this category (its children and theirs); the whole tree when absent.' })),
});

const categoryFields = {
  id: Type.Integer(),
  parentId: Nullable(Type.Integer({ description: 'null for a root.' })),
  name: Type.String(),
  icon: Nullable(Type.String({ description: 'An icon image address, or null.' })),
  sort: Type.Integer({ description: 'Menu order among its siblings (ascending).' }),
  state: Type.Integer({ description: '1 shown (the tree lists only these).' }),
  featured: Type.Boolean({ description: 'Shown on the product center.' }),
  productCount: Type.Integer({ description: 'Products on sale in it and every category under it.' }),
};

// The tree goes three levels deep (root, child, grandchild): a deeper category is not listed, its
// products count in (and its rows are found through) its third-level ancestor.
const ThirdLevel = Type.Object({ ...categoryFields, children: Type.Array(Type.Unknown(), { maxItems: 0, description: 'Always empty: the tree stops at the third level.' }) });
const SecondLevel = Type.Object({ ...categoryFields, children: Type.Array(ThirdLevel) });

/** A root product category with its children and grandchildren. */
export const ProductCategoryNode = Type.Object({ ...categoryFields, children: Type.Array(SecondLevel) });
export type ProductCategoryNode = Static<typeof ProductCategoryNode>;

// --- Product content: GET /order/api/product/content ---
export const ProductContentQuery = Type.Object({ tenantId: TenantIdParam, id: Type.Integer({ minimum: 1, description: 'The product.' }) });

/** One line of a granted thing's outline: a course's lesson, a subject's item, a content's part, a book's chapter. */
export const OutlineItem = Type.Object({
  title: Type.String(),
  group: Nullable(Type.String({ description: 'A course lesson\'s chapter (phase) title; null for the others.' })),
  kind: Nullable(Type.String({ description: 'video, audio, pdf, article, link, course, content or chapter.' })),
  duration: Type.Integer({ description: 'Seconds; 0 when unknown or not timed.' }),
  free: Type.Boolean({ description: 'A book\'s sample chapter anyone may read; false for the others.' }),
});

/** Where a grant opens: a route of the portal and its query. */
export const GrantLink = Type.Object({
  path: Type.String({ description: 'A portal path under /study: /course/detail/{id}, /subject/detail/{id}, /sub_cm/content/detail (query id) or /sub_shop/noval/{id}.' }),
  query: Type.Record(Type.String(), Type.String(), { description: 'The query to add (content: id).' }),
});

/** One thing a product grants. */
export const ProductGrant = Type.Object({
  kind: Type.Enum(['course', 'subject', 'content', 'book']),
  targetId: Type.Integer({ description: 'The course, subject or content id; the product id for a book.' }),
  title: Type.String(),
  cover: Nullable(Type.String()),
  summary: Nullable(Type.String()),
  outline: Type.Array(OutlineItem, { description: 'At most 60 lines; outlineTotal says how many there are.' }),
  outlineTotal: Type.Integer(),
  link: GrantLink,
});
export type ProductGrant = Static<typeof ProductGrant>;

export const ProductContent = Type.Object({
  product: Type.Object({
    ...ProductItem.properties,
    state: Type.Integer({ description: '1 on sale; anything else taken off sale.' }),
  }),
  grants: Type.Array(ProductGrant, { description: 'What buying it grants, in order; empty for goods that are shipped (books on paper, stationery, gift cards).' }),
  owned: Type.Boolean({ description: 'The signed-in caller has a paid order (state 2 or 3) with this product; false for guests.' }),
  boughtAt: Nullable(Type.String({ format: 'date-time', description: 'When the caller\'s latest paid order of it was paid; null when not owned.' })),
});
export type ProductContent = Static<typeof ProductContent>;

// --- Bought: GET /order/api/product/bought ---
export const BoughtKind = Type.Enum(['course', 'book', 'content', 'goods'], {
  description: 'course: grants courses or subjects; book: a reading product (8, 9, 10); content: grants contents; goods: shipped goods that grant nothing to open.',
});
export type BoughtKind = Static<typeof BoughtKind>;

export const BoughtQuery = Type.Object({
  tenantId: TenantIdParam,
  kind: Type.Optional(BoughtKind),
  pageNo: Type.Optional(PageNo),
  pageSize: Type.Optional(PageSize),
});

export const BoughtItem = Type.Object({
  productId: Type.Integer(),
  title: Type.String(),
  cover: Nullable(Type.String()),
  productType: Type.Integer(),
  providerName: Type.String(),
  kind: BoughtKind,
  boughtAt: Type.String({ format: 'date-time', description: 'When the latest paid order with it was paid.' }),
  orderId: Type.Integer({ description: 'That order.' }),
  grants: Type.Array(Type.Object({ kind: Type.Enum(['course', 'subject', 'content', 'book']), targetId: Type.Integer(), title: Type.String(), link: GrantLink })),
});
export type BoughtItem = Static<typeof BoughtItem>;

export const BoughtPage = Type.Object({
  list: Type.Array(BoughtItem),
  total: Type.Integer({ description: 'Rows of the asked kind (all kinds when none).' }),
  pageNo: Type.Integer(),
  pageSize: Type.Integer(),
  counts: Type.Object({ all: Type.Integer(), course: Type.Integer(), book: Type.Integer(), content: Type.Integer(), goods: Type.Integer() }, { description: 'Products bought per kind, whatever kind was asked.' }),
});
export type BoughtPage = Static<typeof BoughtPage>;

// --- Product center: GET /order/api/product/center ---
export const ProductCenterQuery = Type.Object({
  tenantId: TenantIdParam,
  top: Type.Optional(Type.Integer({ minimum: 1, maximum: 12, default: 5, description: 'Products per category (best selling first).' })),
});

export const ProductCenter = Type.Object({
  categories: Type.Array(Type.Object({
    id: Type.Integer(), name: Type.String(), icon: Nullable(Type.String()),
    productCount: Type.Integer({ description: 'Products on sale in it and under it.' }),
    children: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
    products: Type.Array(ProductItem, { description: 'Its best sellers.' }),
  }), { description: 'The featured product categories (roots when the tenant features none), in menu order.' }),
  newest: Type.Array(ProductItem, { description: 'The latest products on sale, any category.' }),
});
export type ProductCenter = Static<typeof ProductCenter>;

