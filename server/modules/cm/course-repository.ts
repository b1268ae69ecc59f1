import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { cardOf } from '../../lib/list-sql';
import type { CourseInfo, CoursePhase, CoursePhaseSum } from '../../../schemas/api/cm/course';
import { averageScore } from './social-repository';

type Trx = Transaction<DB>;

// A course is readable when it is published (state 1); its chapters and lessons follow it. Row-level
// security already keeps other tenants' rows out.

/** True when the tenant has a published course with that id. */
export async function publishedCourseExists(trx: Trx, id: number): Promise<boolean> {
  const row = await trx.selectFrom('course').select('id').where('id', '=', id).where('state', '=', 1).executeTakeFirst();
  return Boolean(row);
}

/** One published course with its teacher, chapter and lesson counts and total length, or undefined. */
export async function findCourse(trx: Trx, id: number): Promise<CourseInfo | undefined> {
  const row = await trx.selectFrom('course')
    .leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'course.tenant_id').onRef('cat.id', '=', 'course.category_id'))
    .leftJoin('teacher', (j) => j.onRef('teacher.tenant_id', '=', 'course.tenant_id').onRef('teacher.id', '=', 'course.teacher_id'))
    .where('course.id', '=', id).where('course.state', '=', 1)
    .select([
      'course.id', 'course.title', 'course.cover', 'course.summary', 'course.category_id', 'cat.name as category_name',
      'course.publish_time', 'course.labels', 'course.study_count', 'course.favour_count', averageScore('course', sql.ref('course.id')).as('score'),
      'teacher.id as teacher_id', 'teacher.name as teacher_name', 'teacher.title as teacher_title', 'teacher.avatar as teacher_avatar', 'teacher.intro as teacher_intro',
      sql<number>`(select count(*) from course_phase p where p.tenant_id = course.tenant_id and p.course_id = course.id)`.as('chapter_count'),
      sql<number>`(select count(*) from course_phase_content l where l.tenant_id = course.tenant_id and l.course_id = course.id)`.as('lesson_count'),
      sql<number>`(select coalesce(sum(l.duration), 0) from course_phase_content l where l.tenant_id = course.tenant_id and l.course_id = course.id)`.as('duration'),
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...cardOf(row),
    labels: row.labels,
    teacher: row.teacher_id === null || row.teacher_name === null
      ? null
      : { id: row.teacher_id, name: row.teacher_name, title: row.teacher_title, avatar: row.teacher_avatar, intro: row.teacher_intro },
    studyCount: row.study_count, favourCount: row.favour_count, score: row.score,
    chapterCount: Number(row.chapter_count), lessonCount: Number(row.lesson_count), duration: Number(row.duration),
  };
}

/**
 * The chapters of a course in order (sort, then id) with their lessons in order. A lesson's media
 * and purpose come from its content when that is published; its contentId is kept either way, as
 * the study records (getCourseRecord) count it.
 */
export async function listCoursePhases(trx: Trx, courseId: number): Promise<CoursePhase[]> {
  const [phases, lessons] = await Promise.all([
    trx.selectFrom('course_phase').select(['id', 'title', 'sort']).where('course_id', '=', courseId).orderBy('sort').orderBy('id').execute(),
    trx.selectFrom('course_phase_content as l')
      .leftJoin('content as c', (j) => j.onRef('c.tenant_id', '=', 'l.tenant_id').onRef('c.id', '=', 'l.content_id').on('c.state', '=', 1))
      .select(['l.id', 'l.phase_id', 'l.content_id', 'l.title', 'l.kind', 'l.duration', 'c.media_url', 'c.purpose'])
      .where('l.course_id', '=', courseId)
      .orderBy('l.sort').orderBy('l.id')
      .execute(),
  ]);
  const byPhase = new Map<number, CoursePhase>(phases.map((p) => [p.id, { id: p.id, title: p.title, sort: p.sort, contents: [] }]));
  for (const l of lessons) {
    byPhase.get(l.phase_id)?.contents.push({
      id: l.id, contentId: l.content_id, title: l.title, kind: l.kind, duration: l.duration, mediaUrl: l.media_url ?? null, purpose: l.purpose ?? null,
    });
  }
  return [...byPhase.values()];
}

/** How many chapters and lessons a course has and their total length. */
export async function sumCoursePhases(trx: Trx, courseId: number): Promise<CoursePhaseSum> {
  const row = await trx.selectFrom('course_phase_content')
    .select([sql<number>`count(*)`.as('lessons'), sql<number>`coalesce(sum(duration), 0)`.as('duration')])
    .where('course_id', '=', courseId)
    .executeTakeFirstOrThrow();
  const phases = await trx.selectFrom('course_phase').select(sql<number>`count(*)`.as('n')).where('course_id', '=', courseId).executeTakeFirstOrThrow();
  return { phaseCount: Number(phases.n), lessonCount: Number(row.lessons), duration: Number(row.duration) };
}
