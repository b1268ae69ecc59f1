// Related items (spec learning §7: course, subject and content searchRelate; the parameters are not
// shown, docs/api.md "Related items" records ours). The detail pages list them under the item:
// published items of the same category (or under it), most popular first, then, when the category
// has too few, the tenant's most popular others. Never the item itself. A content is related to
// contents of its own purpose; help articles and course lessons (purposes 99 and 8) have none.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Transaction } from 'kysely';
import { Type } from 'typebox';
import { Envelope } from '../../../schemas/common';
import type { DB } from '../../db/types';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { type ListOptions, type Page } from '../../lib/listing';
import { UNLISTED_PURPOSES } from '../../lib/purposes';
import { searchContents, searchCourses, searchSubjects } from './repository';
import { ContentItem, CourseItem, RelateQuery, SubjectItem } from '../../../schemas/api/cm/catalogue';

type Trx = Transaction<DB>;

/**
 * Up to `size` items other than `id`: first of the category (and those under it), then the most
 * popular of the rest. `search` is the list's own query, so related items look like list cards.
 */
export async function related<T extends { id: number }>(
  size: number, id: number, categoryId: number | null, search: (q: ListOptions) => Promise<Page<T>>,
): Promise<T[]> {
  const base: ListOptions = { pageNo: 1, pageSize: size + 1, sort: 'popular' };
  const picked: T[] = [];
  const add = (rows: readonly T[]) => {
    for (const row of rows) if (row.id !== id && picked.length < size && !picked.some((p) => p.id === row.id)) picked.push(row);
  };
  if (categoryId !== null) add((await search({ ...base, categoryId })).list);
  if (picked.length < size) add((await search({ ...base, pageSize: size * 2 + 1 })).list);
  return picked;
}

async function categoryOf(trx: Trx, table: 'course' | 'subject' | 'content', id: number, notFound: string) {
  const row = await trx.selectFrom(table).select(['category_id', ...(table === 'content' ? ['purpose' as const] : [])]).where('id', '=', id).where('state', '=', 1)
    .executeTakeFirst() as { category_id: number | null; purpose?: number } | undefined;
  if (!row) throw new ApiError(`No published ${table} has the id ${id} in this tenant.`, { code: 404, errorCode: notFound });
  return row;
}

/** The three searchRelate calls; registered from cmRoutes (server/modules/cm/routes.ts). */
export async function relateRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/cm/api/course/searchRelate', {
    schema: { tags: ['cm'], summary: 'Courses related to a course: its category first, most studied first', querystring: RelateQuery, response: { 200: Envelope(Type.Array(CourseItem)) } },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => {
    const { id, pageSize = 6 } = req.query;
    const { category_id } = await categoryOf(trx, 'course', id, 'COURSE_NOT_FOUND');
    return ok(await related(pageSize, id, category_id, (q) => searchCourses(trx, q)));
  }));

  r.get('/cm/api/subject/searchRelate', {
    schema: { tags: ['cm'], summary: 'Subjects related to a subject: its category first, most studied first', querystring: RelateQuery, response: { 200: Envelope(Type.Array(SubjectItem)) } },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => {
    const { id, pageSize = 6 } = req.query;
    const { category_id } = await categoryOf(trx, 'subject', id, 'SUBJECT_NOT_FOUND');
    return ok(await related(pageSize, id, category_id, (q) => searchSubjects(trx, q)));
  }));

  r.get('/cm/api/content/searchRelate', {
    schema: { tags: ['cm'], summary: 'Contents related to a content: of its purpose, its category first, most viewed first', querystring: RelateQuery, response: { 200: Envelope(Type.Array(ContentItem)) } },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => {
    const { id, pageSize = 6 } = req.query;
    const { category_id, purpose } = await categoryOf(trx, 'content', id, 'CONTENT_NOT_FOUND');
    if (purpose === undefined || UNLISTED_PURPOSES.includes(purpose)) return ok([]);
    return ok(await related(pageSize, id, category_id, (q) => searchContents(trx, { ...q, purposes: [purpose] })));
  }));
}
