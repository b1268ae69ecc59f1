// Shared kernel (issue 14 point 5): what every catalogue list (cm, train, exam, task, order, um's
// boards) shares: its options and its page. The SQL pieces are in list-sql.ts; reaching the
// tenant's rows (readTenant) is in tenant-context.ts.

// The list contract (query parameters, card fields) lives in schemas/api/list.ts with the other
// request and response schemas (issue 14 point 4); re-exported for the route files that use it.
export { CardFields, LabelParam, ListParams, ListSort, Nullable, PageNo, PageParams, PageSize } from '../../schemas/api/list';

/** A list call's options after defaults, as the repositories take them. */
export interface ListOptions {
  pageNo: number;
  pageSize: number;
  categoryId?: number;
  searchValue?: string;
  /** Only items carrying this label (courses, subjects and contents). */
  label?: string;
  sort: 'newest' | 'popular';
}

/** A page of rows, the shape of schemas/common.ts Paged. */
export interface Page<T> {
  list: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}

/** Normalises a list query: defaults applied, a blank searchValue dropped. */
export function listOptions(query: { pageNo?: number; pageSize?: number; categoryId?: number; searchValue?: string; label?: string; sort?: 'newest' | 'popular' }): ListOptions {
  const options: ListOptions = { pageNo: query.pageNo ?? 1, pageSize: query.pageSize ?? 10, sort: query.sort ?? 'newest' };
  if (query.categoryId !== undefined) options.categoryId = query.categoryId;
  const words = query.searchValue?.trim();
  if (words) options.searchValue = words;
  const label = query.label?.trim();
  if (label) options.label = label;
  return options;
}
