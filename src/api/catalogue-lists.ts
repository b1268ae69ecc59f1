// Category calls the learning list pages filter with (spec learning §7: GET /cm/api/cmCategory/
// categoryList, nav, child; docs/api.md "Catalogue lists"). The list calls themselves are in
// catalogue.ts (courses, subjects, contents) and community.ts (articles).
import type { CategoryItem, CategoryNavItem, CategoryNode } from '../../schemas/api/cm';
import { apiGet, type ApiOptions } from './client';

// One category, a category with its direct children (nav) and one with all its descendants
// (categoryList): the server's response schemas, derived (issue 14 point 4).
export type { CategoryItem, CategoryNavItem, CategoryNode } from '../../schemas/api/cm';

/**
 * Category purposes of the lists (server/modules/cm/purposes.ts): 1 courses and subjects,
 * 2 knowledge, 3 micro-lessons, contents and works, 10 articles, 11 reading.
 */
export const LIST_CATEGORY_PURPOSE = { course: 1, knowledge: 2, content: 3, article: 10, reading: 11 } as const;

const withSignal = (signal: AbortSignal | undefined, opts: ApiOptions): ApiOptions => (signal ? { ...opts, signal } : opts);

/**
 * The whole enabled category tree of a purpose, roots in menu order. Silent: a list page shows its
 * own inline failure beside the results rather than the error catalogue's alert.
 */
export const getCategoryTree = (purpose: number, signal?: AbortSignal) =>
  apiGet<CategoryNode[]>('/cm/api/cmCategory/categoryList', { purpose }, withSignal(signal, { silent: true }));

/** The top level of a purpose with direct children: a category nav bar. */
export const getCategoryNav = (purpose: number, signal?: AbortSignal) =>
  apiGet<CategoryNavItem[]>('/cm/api/cmCategory/nav', { purpose }, withSignal(signal, { silent: true }));

/** The direct children of a category; CATEGORY_NOT_FOUND for an unknown parent. */
export const getCategoryChildren = (parentId: number, signal?: AbortSignal) =>
  apiGet<CategoryItem[]>('/cm/api/cmCategory/child', { parentId }, withSignal(signal, { silent: true }));
