// The one finish rule of study records (spec learning §4: finished never reverts), shared by cm's
// study history (server/modules/cm/hist-repository.ts) and train's classes: a content is finished
// when its whole-content record is, or when every part of it is; a course or subject by its lessons.
// Callers pass a transaction scoped to the tenant; every query names the user.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/types';

/** What a course or subject is: the scope of its study logs. */
export type LessonScope = { courseId: number } | { subjectId: number };

/** The content ids of a course's lessons, or of a subject's contents and of its courses' lessons. */
export function lessonContentIds(scope: LessonScope): RawBuilder<unknown> {
  if ('courseId' in scope) {
    return sql`select distinct content_id from course_phase_content where course_id = ${scope.courseId}::bigint and content_id is not null`;
  }
  return sql`
    select si.content_id from subject_item si where si.subject_id = ${scope.subjectId}::bigint and si.content_id is not null
    union
    select cpc.content_id from subject_item si
      join course_phase_content cpc on cpc.course_id = si.course_id
    where si.subject_id = ${scope.subjectId}::bigint and cpc.content_id is not null`;
}

// A content is finished when its whole-content record (part 0) is finished, or when it has parts
// and the user finished every one of them (the player logs a multi-part content per part).
/** SQL: true when the user finished the content (the one finish rule; also read by um's learning file). */
export const finishedContent = (userId: number, contentId: RawBuilder<unknown>) => sql`(
  exists (select 1 from study_record f where f.user_id = ${userId}::bigint and f.content_id = ${contentId} and f.part_id = 0 and f.state = 2)
  or (exists (select 1 from content_part p where p.content_id = ${contentId})
    and not exists (select 1 from content_part p where p.content_id = ${contentId}
      and not exists (select 1 from study_record f where f.user_id = ${userId}::bigint and f.content_id = p.content_id and f.part_id = p.id and f.state = 2))))`;

// How far the user got in a content they did not finish, 0–100: the whole-content record's share
// (part 0), else the parts' shares added up over the content's part count (parts not begun are 0).
/** SQL: how far the user got in a content, 0–100 (also read by um's learning file). */
export const contentShare = (userId: number, contentId: RawBuilder<unknown>) => sql`coalesce(
  (select s.percentage from study_record s where s.user_id = ${userId}::bigint and s.content_id = ${contentId} and s.part_id = 0),
  (select sum(s.percentage) / nullif((select count(*) from content_part p where p.content_id = ${contentId}), 0)
    from study_record s where s.user_id = ${userId}::bigint and s.content_id = ${contentId} and s.part_id > 0),
  0)`;

/** A course's or subject's lesson counts and the user's progress on it. */
export interface LessonProgress {
  /** Distinct lesson contents. */
  lessonCount: number;
  /** Of those, the ones the user finished (the one finish rule, finishedContent). */
  finishedCount: number;
  /**
   * The user's real progress, 0–100: each lesson weighs the same, a finished one 100, one begun its
   * share; 100 only when every lesson is finished.
   */
  percentage: number;
}

/** How many distinct contents the course or subject has, how many of them the user finished, and how far they got. */
export async function countFinishedLessons(db: Kysely<DB>, userId: number, scope: LessonScope): Promise<LessonProgress> {
  const { rows } = await sql<{ lessons: number; finished: number; shares: number | string }>`
    select count(*)::int as lessons, count(*) filter (where x.finished)::int as finished,
      coalesce(sum(case when x.finished then 100 else least(x.share, 100) end), 0) as shares
    from (
      select ${finishedContent(userId, sql.ref('l.content_id'))} as finished, ${contentShare(userId, sql.ref('l.content_id'))} as share
      from (${lessonContentIds(scope)}) l
    ) x`.execute(db);
  const lessonCount = Number(rows[0]?.lessons ?? 0);
  const finishedCount = Number(rows[0]?.finished ?? 0);
  const percentage = lessonCount === 0 ? 0 : Math.floor(Number(rows[0]?.shares ?? 0) / lessonCount);
  return { lessonCount, finishedCount, percentage: finishedCount < lessonCount ? Math.min(99, percentage) : percentage };
}

/** True when the user finished the content part (part 0: the content, see finishedContent). */
export async function isContentFinished(db: Kysely<DB>, userId: number, contentId: number, partId: number): Promise<boolean> {
  const { rows } = partId === 0
    ? await sql<{ finished: boolean }>`select ${finishedContent(userId, sql`${contentId}::bigint`)} as finished`.execute(db)
    : await sql<{ finished: boolean }>`
        select exists (select 1 from study_record where user_id = ${userId}::bigint and content_id = ${contentId}::bigint
          and part_id = ${partId}::bigint and state = 2) as finished`.execute(db);
  return Boolean(rows[0]?.finished);
}
