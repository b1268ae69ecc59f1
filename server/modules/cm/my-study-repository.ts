import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { Page } from '../../lib/listing';
import { countFinishedLessons, isContentFinished } from './hist-repository';
import { cardOf, iso } from '../../lib/list-sql';
import { CONTENT_PURPOSE } from '../../lib/purposes';
import type { StudiedContent, StudiedCourse, StudiedSubject } from '../../../schemas/api/cm/my-study';
import { averageScore } from './social-repository';

// The user's study lists for the personal center (migration 0004 study_record joined to the
// catalogue of 0002). Each list first pages the ids of what the user studied, newest study first,
// then reads those cards; the progress comes from hist-repository's finish rule, so the center
// and the course page never disagree. Callers pass a transaction scoped to the tenant.

type Trx = Transaction<DB>;

/** Paging after defaults. */
export interface Paging {
  pageNo: number;
  pageSize: number;
}

interface StudiedRow {
  id: number;
  last_study: Date | string;
}

/** The user's studied contents, one row each with the time their progress last moved. */
const mine = (userId: number) => sql`select content_id, max(updated_at) as at from study_record where user_id = ${userId}::bigint group by content_id`;

/** One page of `studied` (rows: id, last_study) joined to the published rows of `table`, and the total. */
async function pageStudied(trx: Trx, table: 'course' | 'subject', studied: RawBuilder<unknown>, q: Paging): Promise<{ rows: StudiedRow[]; total: number }> {
  const [page, count] = await Promise.all([
    sql<StudiedRow>`
      with studied as (${studied})
      select s.id, s.last_study from studied s join ${sql.table(table)} t on t.id = s.id and t.state = 1
      order by s.last_study desc, s.id desc
      limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`.execute(trx),
    sql<{ n: number }>`
      with studied as (${studied})
      select count(*)::int as n from studied s join ${sql.table(table)} t on t.id = s.id and t.state = 1`.execute(trx),
  ]);
  return { rows: page.rows, total: Number(count.rows[0]?.n ?? 0) };
}

/** Rows in the order of `ids` (a page's order), skipping ids without a row. */
function inOrder<T extends { id: number }>(ids: readonly number[], rows: readonly T[]): T[] {
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The courses the user studied in: those with a lesson whose record was logged in that course (the
 * record's courseId, spec learning §3 "Study record"), with the time their progress last moved. A
 * library content is a lesson of many courses; studied in one, it counts for that one only (issue
 * 13 point 2: playing three lessons of one course listed the seven courses that hold them).
 */
const studiedCourses = (userId: number) => sql`
  select r.course_id as id, max(r.updated_at) as last_study
  from study_record r
  join course_phase_content l on l.tenant_id = r.tenant_id and l.course_id = r.course_id and l.content_id = r.content_id
  where r.user_id = ${userId}::bigint and r.course_id is not null
  group by r.course_id`;

/** A page of the published courses the user studied in, newest study first, with lesson and finished counts and progress. */
export async function searchStudiedCourses(trx: Trx, userId: number, q: Paging): Promise<Page<StudiedCourse>> {
  const { rows, total } = await pageStudied(trx, 'course', studiedCourses(userId), q);
  const ids = rows.map((r) => Number(r.id));
  const cards = ids.length === 0 ? [] : await trx.selectFrom('course')
    .leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'course.tenant_id').onRef('cat.id', '=', 'course.category_id'))
    .leftJoin('teacher', (j) => j.onRef('teacher.tenant_id', '=', 'course.tenant_id').onRef('teacher.id', '=', 'course.teacher_id'))
    .where('course.id', 'in', ids)
    .select([
      'course.id', 'course.title', 'course.cover', 'course.summary', 'course.category_id', 'cat.name as category_name',
      'course.publish_time', 'course.labels', 'course.study_count', 'course.favour_count', averageScore('course', sql.ref('course.id')).as('score'), 'teacher.name as teacher_name',
      sql<number>`(select count(*) from course_phase p where p.tenant_id = course.tenant_id and p.course_id = course.id)`.as('chapter_count'),
      sql<number>`(select coalesce(sum(l.duration), 0) from course_phase_content l where l.tenant_id = course.tenant_id and l.course_id = course.id)`.as('duration'),
    ])
    .execute();
  const lastStudy = new Map(rows.map((r) => [Number(r.id), iso(r.last_study)]));
  const list: StudiedCourse[] = [];
  // At most a page of small indexed counts, through the one finish rule (hist-repository).
  for (const r of inOrder(ids, cards)) {
    const counts = await countFinishedLessons(trx, userId, { courseId: Number(r.id) });
    list.push({
      ...cardOf(r), teacherName: r.teacher_name, chapterCount: Number(r.chapter_count), duration: Number(r.duration),
      studyCount: r.study_count, favourCount: r.favour_count, score: r.score, labels: r.labels,
      ...counts, lastStudyTime: lastStudy.get(Number(r.id))!,
    });
  }
  return { list, total, pageNo: q.pageNo, pageSize: q.pageSize };
}

/** A page of the published subjects with a content (direct, or a lesson of one of its courses) the user studied, newest study first. */
export async function searchStudiedSubjects(trx: Trx, userId: number, q: Paging): Promise<Page<StudiedSubject>> {
  const { rows, total } = await pageStudied(trx, 'subject', sql`
    select h.subject_id as id, max(h.at) as last_study from (
      select si.subject_id, m.at from subject_item si join (${mine(userId)}) m on m.content_id = si.content_id
      union all
      select si.subject_id, m.at from subject_item si
        join course_phase_content l on l.tenant_id = si.tenant_id and l.course_id = si.course_id
        join (${mine(userId)}) m on m.content_id = l.content_id
    ) h group by h.subject_id`, q);
  const ids = rows.map((r) => Number(r.id));
  const cards = ids.length === 0 ? [] : await trx.selectFrom('subject')
    .leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'subject.tenant_id').onRef('cat.id', '=', 'subject.category_id'))
    .where('subject.id', 'in', ids)
    .select([
      'subject.id', 'subject.title', 'subject.cover', 'subject.summary', 'subject.category_id', 'cat.name as category_name',
      'subject.publish_time', 'subject.labels', 'subject.study_count', 'subject.favour_count',
      sql<number>`(select count(*) from subject_item i where i.tenant_id = subject.tenant_id and i.subject_id = subject.id)`.as('item_count'),
      sql<number>`(select count(i.course_id) from subject_item i where i.tenant_id = subject.tenant_id and i.subject_id = subject.id)`.as('course_count'),
    ])
    .execute();
  const lastStudy = new Map(rows.map((r) => [Number(r.id), iso(r.last_study)]));
  const list: StudiedSubject[] = [];
  for (const r of inOrder(ids, cards)) {
    const counts = await countFinishedLessons(trx, userId, { subjectId: Number(r.id) });
    list.push({
      ...cardOf(r), itemCount: Number(r.item_count), courseCount: Number(r.course_count),
      studyCount: r.study_count, favourCount: r.favour_count, labels: r.labels,
      ...counts, lastStudyTime: lastStudy.get(Number(r.id))!,
    });
  }
  return { list, total, pageNo: q.pageNo, pageSize: q.pageSize };
}

interface ContentProgressRow {
  id: number;
  last_study: Date | string;
  max_progress: number;
  record_duration: number;
  record_percentage: number;
}

/**
 * A page of the published contents the user studied (in a course or not), newest study first, of
 * the given purposes (every purpose but help when none), with the user's progress on each.
 */
export async function searchStudiedContents(trx: Trx, userId: number, q: Paging & { purposes?: readonly number[] }): Promise<Page<StudiedContent>> {
  const purposeFilter = q.purposes?.length
    ? sql`c.purpose in (${sql.join(q.purposes.map((p) => sql`${p}::int`))})`
    : sql`c.purpose <> ${CONTENT_PURPOSE.help}::int`;
  // A whole-content record (part 0) is the content's progress; a content studied part by part adds its parts up.
  const studied = sql`
    select r.content_id as id, max(r.updated_at) as last_study,
      case when bool_or(r.part_id = 0) then max(r.max_progress) filter (where r.part_id = 0) else sum(r.max_progress) end as max_progress,
      case when bool_or(r.part_id = 0) then max(r.duration) filter (where r.part_id = 0) else sum(r.duration) end as record_duration,
      case when bool_or(r.part_id = 0) then max(r.percentage) filter (where r.part_id = 0) else max(r.percentage) end as record_percentage
    from study_record r join content c on c.tenant_id = r.tenant_id and c.id = r.content_id and c.state = 1 and ${purposeFilter}
    where r.user_id = ${userId}::bigint
    group by r.content_id`;
  const [page, count] = await Promise.all([
    sql<ContentProgressRow>`select * from (${studied}) s order by s.last_study desc, s.id desc
      limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`.execute(trx),
    sql<{ n: number }>`select count(*)::int as n from (${studied}) s`.execute(trx),
  ]);
  const ids = page.rows.map((r) => Number(r.id));
  const cards = ids.length === 0 ? [] : await trx.selectFrom('content')
    .leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'content.tenant_id').onRef('cat.id', '=', 'content.category_id'))
    .where('content.id', 'in', ids)
    .select([
      'content.id', 'content.title', 'content.cover', 'content.summary', 'content.category_id', 'cat.name as category_name',
      'content.publish_time', 'content.purpose', 'content.kind', 'content.author', 'content.duration', 'content.media_url',
      'content.labels', 'content.view_count', 'content.favour_count',
      sql<number>`(select count(*) from content_part p where p.tenant_id = content.tenant_id and p.content_id = content.id)`.as('part_count'),
    ])
    .execute();
  const progress = new Map(page.rows.map((r) => [Number(r.id), r]));
  const list: StudiedContent[] = [];
  for (const c of inOrder(ids, cards)) {
    const p = progress.get(Number(c.id))!;
    const finished = await isContentFinished(trx, userId, Number(c.id), 0);
    const maxProgress = Number(p.max_progress);
    const duration = Math.max(Number(c.duration), Number(p.record_duration));
    const percentage = finished ? 100 : duration > 0 ? Math.min(100, Math.floor((maxProgress * 100) / duration)) : Math.min(100, Number(p.record_percentage));
    list.push({
      ...cardOf(c), purpose: c.purpose, kind: c.kind, author: c.author, mediaUrl: c.media_url, partCount: Number(c.part_count),
      viewCount: c.view_count, favourCount: c.favour_count, labels: c.labels,
      duration, maxProgress, state: finished ? 2 : 1, percentage, lastStudyTime: iso(p.last_study),
    });
  }
  return { list, total: Number(count.rows[0]?.n ?? 0), pageNo: q.pageNo, pageSize: q.pageSize };
}
