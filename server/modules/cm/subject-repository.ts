import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { cardOf } from '../../lib/list-sql';
import type { SubjectEntry, SubjectInfo } from '../../../schemas/api/cm/subject';

type Trx = Transaction<DB>;

// A subject is readable when it is published (state 1). Its items are the published courses and
// contents it collects, in its order (sort, then id): an item whose course or content was taken down
// is left out, so the counts of info and the rows of content agree. Row-level security already keeps
// other tenants' rows out.

/** True when the tenant has a published subject with that id. */
export async function publishedSubjectExists(trx: Trx, id: number): Promise<boolean> {
  const row = await trx.selectFrom('subject').select('id').where('id', '=', id).where('state', '=', 1).executeTakeFirst();
  return Boolean(row);
}

/** The length of a course: the sum of its lessons' durations. */
const courseLength = sql<number>`(select coalesce(sum(l.duration), 0) from course_phase_content l where l.tenant_id = c.tenant_id and l.course_id = c.id)`;

/** The published items of a subject in order, as the detail page lists them. */
export async function listSubjectItems(trx: Trx, subjectId: number): Promise<SubjectEntry[]> {
  const rows = await trx.selectFrom('subject_item as si')
    .leftJoin('course as c', (j) => j.onRef('c.tenant_id', '=', 'si.tenant_id').onRef('c.id', '=', 'si.course_id').on('c.state', '=', 1))
    .leftJoin('content as ct', (j) => j.onRef('ct.tenant_id', '=', 'si.tenant_id').onRef('ct.id', '=', 'si.content_id').on('ct.state', '=', 1))
    .where('si.subject_id', '=', subjectId)
    .where((eb) => eb.or([eb('c.id', 'is not', null), eb('ct.id', 'is not', null)]))
    .select([
      'si.id', 'c.id as course_id', 'ct.id as content_id', 'c.title as course_title', 'ct.title as content_title',
      'c.cover as course_cover', 'ct.cover as content_cover', 'ct.duration as content_duration',
      'ct.kind', 'ct.media_url', 'ct.purpose', courseLength.as('course_duration'),
    ])
    .orderBy('si.sort').orderBy('si.id')
    .execute();
  return rows.map((r): SubjectEntry => (r.course_id !== null
    ? {
      id: r.id, kind: 'course', courseId: r.course_id, contentId: null, title: r.course_title ?? '', cover: r.course_cover ?? null,
      duration: Number(r.course_duration), contentKind: null, mediaUrl: null, purpose: null,
    }
    : {
      id: r.id, kind: 'content', courseId: null, contentId: r.content_id, title: r.content_title ?? '', cover: r.content_cover ?? null,
      duration: Number(r.content_duration ?? 0), contentKind: r.kind ?? null, mediaUrl: r.media_url ?? null, purpose: r.purpose ?? null,
    }));
}

/** One published subject with its card fields and the counts and length of its published items, or undefined. */
export async function findSubject(trx: Trx, id: number): Promise<SubjectInfo | undefined> {
  const row = await trx.selectFrom('subject')
    .leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'subject.tenant_id').onRef('cat.id', '=', 'subject.category_id'))
    .where('subject.id', '=', id).where('subject.state', '=', 1)
    .select([
      'subject.id', 'subject.title', 'subject.cover', 'subject.summary', 'subject.category_id', 'cat.name as category_name',
      'subject.publish_time', 'subject.labels', 'subject.study_count', 'subject.favour_count',
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  const items = await listSubjectItems(trx, id);
  const courseCount = items.filter((i) => i.kind === 'course').length;
  return {
    ...cardOf(row),
    labels: row.labels, studyCount: row.study_count, favourCount: row.favour_count,
    itemCount: items.length, courseCount, contentCount: items.length - courseCount,
    duration: items.reduce((sum, i) => sum + i.duration, 0),
  };
}
