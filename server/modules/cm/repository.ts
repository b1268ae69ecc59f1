import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import type { ListOptions, Page } from '../../lib/listing';
import { iso, listFilter, listOrder, offsetOf, pageOf, cardOf } from '../../lib/list-sql';
import { UNLISTED_PURPOSES } from '../../lib/purposes';
import type { ArticleItem, ContentItem, CourseItem, NoticeItem, SubjectItem } from '../../../schemas/api/cm/catalogue';
import { averageScore } from './social-repository';

type Trx = Transaction<DB>;

/** How a content is consumed (migration 0002). */
export type ContentKind = 'video' | 'audio' | 'pdf' | 'article' | 'link';

/** A page of published courses with teacher, chapter and lesson counts and total length. */
export async function searchCourses(trx: Trx, q: ListOptions): Promise<Page<CourseItem>> {
  const rows = trx.selectFrom('course')
    .leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'course.tenant_id').onRef('cat.id', '=', 'course.category_id'))
    .leftJoin('teacher', (j) => j.onRef('teacher.tenant_id', '=', 'course.tenant_id').onRef('teacher.id', '=', 'course.teacher_id'))
    .where(listFilter('course', q))
    .select([
      'course.id', 'course.title', 'course.cover', 'course.summary', 'course.category_id', 'cat.name as category_name',
      'course.publish_time', 'course.labels', 'course.study_count', 'course.favour_count', averageScore('course', sql.ref('course.id')).as('score'), 'teacher.name as teacher_name',
      sql<number>`(select count(*) from course_phase p where p.tenant_id = course.tenant_id and p.course_id = course.id)`.as('chapter_count'),
      sql<number>`(select count(*) from course_phase_content l where l.tenant_id = course.tenant_id and l.course_id = course.id)`.as('lesson_count'),
      sql<number>`(select coalesce(sum(l.duration), 0) from course_phase_content l where l.tenant_id = course.tenant_id and l.course_id = course.id)`.as('duration'),
    ])
    .orderBy(listOrder('course', q.sort, 'study_count'))
    .limit(q.pageSize).offset(offsetOf(q)).execute();
  const count = trx.selectFrom('course').where(listFilter('course', q)).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return pageOf(rows, count, q, (r) => ({
    ...cardOf(r),
    teacherName: r.teacher_name, chapterCount: Number(r.chapter_count),
    lessonCount: Number(r.lesson_count), duration: Number(r.duration), studyCount: r.study_count, favourCount: r.favour_count,
    score: r.score, labels: r.labels,
  }));
}

/** A page of published subjects with how many items (and of those, courses) each collects. */
export async function searchSubjects(trx: Trx, q: ListOptions): Promise<Page<SubjectItem>> {
  const rows = trx.selectFrom('subject')
    .leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'subject.tenant_id').onRef('cat.id', '=', 'subject.category_id'))
    .where(listFilter('subject', q))
    .select([
      'subject.id', 'subject.title', 'subject.cover', 'subject.summary', 'subject.category_id', 'cat.name as category_name',
      'subject.publish_time', 'subject.labels', 'subject.study_count', 'subject.favour_count',
      sql<number>`(select count(*) from subject_item i where i.tenant_id = subject.tenant_id and i.subject_id = subject.id)`.as('item_count'),
      sql<number>`(select count(i.course_id) from subject_item i where i.tenant_id = subject.tenant_id and i.subject_id = subject.id)`.as('course_count'),
    ])
    .orderBy(listOrder('subject', q.sort, 'study_count'))
    .limit(q.pageSize).offset(offsetOf(q)).execute();
  const count = trx.selectFrom('subject').where(listFilter('subject', q)).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return pageOf(rows, count, q, (r) => ({
    ...cardOf(r),
    itemCount: Number(r.item_count), courseCount: Number(r.course_count),
    studyCount: r.study_count, favourCount: r.favour_count, labels: r.labels,
  }));
}

/** A page of published contents of the given purposes (when none: all but help and course lessons, UNLISTED_PURPOSES), optionally of one kind. */
export async function searchContents(trx: Trx, q: ListOptions & { purposes?: number[]; kind?: ContentKind }): Promise<Page<ContentItem>> {
  let base = trx.selectFrom('content').where(listFilter('content', q));
  base = q.purposes?.length ? base.where('content.purpose', 'in', q.purposes) : base.where('content.purpose', 'not in', UNLISTED_PURPOSES);
  if (q.kind) base = base.where('content.kind', '=', q.kind);
  const rows = base
    .leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'content.tenant_id').onRef('cat.id', '=', 'content.category_id'))
    .select([
      'content.id', 'content.title', 'content.cover', 'content.summary', 'content.category_id', 'cat.name as category_name',
      'content.publish_time', 'content.purpose', 'content.kind', 'content.author', 'content.duration', 'content.media_url',
      'content.labels', 'content.view_count', 'content.favour_count',
      sql<number>`(select count(*) from content_part p where p.tenant_id = content.tenant_id and p.content_id = content.id)`.as('part_count'),
    ])
    .orderBy(listOrder('content', q.sort, 'view_count'))
    .limit(q.pageSize).offset(offsetOf(q)).execute();
  const count = base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return pageOf(rows, count, q, (r) => ({
    ...cardOf(r),
    purpose: r.purpose, kind: r.kind, author: r.author, duration: r.duration,
    mediaUrl: r.media_url, partCount: Number(r.part_count), viewCount: r.view_count, favourCount: r.favour_count, labels: r.labels,
  }));
}

/** A page of published articles, optionally of one kind (share or news). */
export async function searchArticles(trx: Trx, q: ListOptions & { kind?: 'share' | 'news' }): Promise<Page<ArticleItem>> {
  let base = trx.selectFrom('article').where(listFilter('article', q));
  if (q.kind) base = base.where('article.kind', '=', q.kind);
  const rows = base
    .leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'article.tenant_id').onRef('cat.id', '=', 'article.category_id'))
    .select([
      'article.id', 'article.title', 'article.cover', 'article.summary', 'article.category_id', 'cat.name as category_name',
      'article.publish_time', 'article.kind', 'article.author', 'article.view_count', 'article.favour_count',
    ])
    .orderBy(listOrder('article', q.sort, 'view_count'))
    .limit(q.pageSize).offset(offsetOf(q)).execute();
  const count = base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return pageOf(rows, count, q, (r) => ({
    ...cardOf(r),
    kind: r.kind, author: r.author, viewCount: r.view_count, favourCount: r.favour_count,
  }));
}

/** A page of public, published notices: pinned ones first, then by the asked order. */
export async function searchPublicNotices(trx: Trx, q: ListOptions): Promise<Page<NoticeItem>> {
  const base = trx.selectFrom('notice').where(listFilter('notice', q)).where('notice.is_public', '=', true);
  const rows = base
    .leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'notice.tenant_id').onRef('cat.id', '=', 'notice.category_id'))
    .select([
      'notice.id', 'notice.title', 'notice.summary', 'notice.category_id', 'cat.name as category_name', 'notice.top',
      'notice.view_count', 'notice.publish_time',
    ])
    .orderBy('notice.top', 'desc')
    .orderBy(listOrder('notice', q.sort, 'view_count'))
    .limit(q.pageSize).offset(offsetOf(q)).execute();
  const count = base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return pageOf(rows, count, q, (r) => ({
    id: r.id, title: r.title, summary: r.summary, categoryId: r.category_id, categoryName: r.category_name, top: r.top,
    viewCount: r.view_count, publishTime: iso(r.publish_time),
  }));
}
