import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { ListOptions, Page } from './listing';

// SQL pieces every catalogue repository shares. Each takes the table's name so one helper serves
// courses, classes, products alike; table names come from code, never from a request.

/** Tables with the card columns (category_id, title, state, publish_time) of migration 0002. */
export type CardTable =
  | 'course' | 'subject' | 'content' | 'article' | 'notice' | 'training_class' | 'live_room' | 'exam' | 'task' | 'game' | 'product';

/** The card tables with a labels column (text[]): the ones a list may filter by label. */
export const LABELLED: ReadonlySet<CardTable> = new Set(['course', 'subject', 'content']);

/** A LIKE pattern matching the words anywhere, with the user's % and _ taken literally. */
export function containsPattern(words: string): string {
  return `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Ids of a category and every category under it: the rows whose path starts with its path. */
export function categoryAndDescendants(categoryId: number): RawBuilder<unknown> {
  return sql`(select d.id from category d join category c on c.tenant_id = d.tenant_id and d.path like c.path || '%' where c.id = ${categoryId})`;
}

/**
 * The filter of a catalogue list: published rows (state 1), in the category tree when asked, with
 * the words in the title (case-insensitive) when asked, carrying the label (exactly) when asked.
 */
export function listFilter(table: CardTable, q: Pick<ListOptions, 'categoryId' | 'searchValue' | 'label'>): Expression<SqlBool> {
  const parts = [sql`${sql.ref(`${table}.state`)} = 1`];
  if (q.categoryId !== undefined) parts.push(sql`${sql.ref(`${table}.category_id`)} in ${categoryAndDescendants(q.categoryId)}`);
  if (q.searchValue !== undefined) parts.push(sql`${sql.ref(`${table}.title`)} ilike ${containsPattern(q.searchValue)}`);
  if (q.label !== undefined) {
    if (!LABELLED.has(table)) throw new Error(`The ${table} table has no labels; only courses, subjects and contents are filtered by label.`);
    parts.push(sql`${q.label}::text = any(${sql.ref(`${table}.labels`)})`);
  }
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/** ORDER BY of a catalogue list: newest by publish time, or popular by the given count first. */
export function listOrder(table: CardTable, sort: ListOptions['sort'], popularBy: RawBuilder<unknown> | string): RawBuilder<unknown> {
  const newest = sql`${sql.ref(`${table}.publish_time`)} desc, ${sql.ref(`${table}.id`)} desc`;
  if (sort === 'newest') return newest;
  const count = typeof popularBy === 'string' ? sql.ref(`${table}.${popularBy}`) : popularBy;
  return sql`${count} desc, ${newest}`;
}

/** Runs a page query and its count together and builds the page. */
export async function pageOf<R, T>(rows: Promise<R[]>, count: Promise<{ n: number | string | bigint }>, q: Pick<ListOptions, 'pageNo' | 'pageSize'>, map: (row: R) => T): Promise<Page<T>> {
  const [found, total] = await Promise.all([rows, count]);
  return { list: found.map(map), total: Number(total.n), pageNo: q.pageNo, pageSize: q.pageSize };
}

/** OFFSET of a page. */
export const offsetOf = (q: Pick<ListOptions, 'pageNo' | 'pageSize'>) => (q.pageNo - 1) * q.pageSize;

/** A timestamp as the ISO string the API returns. */
export function iso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** An ISO string, or null for an absent timestamp. */
export function isoOrNull(value: Date | string | null): string | null {
  return value === null ? null : iso(value);
}

/** A selected card row's shared columns (every list selects them), as the fields every card carries. */
export function cardOf(r: {
  id: number; title: string; cover: string | null; summary: string | null;
  category_id: number | null; category_name: string | null; publish_time: Date | string;
}) {
  return {
    id: r.id, title: r.title, cover: r.cover, summary: r.summary,
    categoryId: r.category_id, categoryName: r.category_name, publishTime: iso(r.publish_time),
  };
}
