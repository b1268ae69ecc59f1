// Issue 21 X: the counts of the personal center's header (GET /um/api/profile/searchSummary) in one
// statement: a subquery per source, each naming the user; the caller's transaction is scoped to the
// tenant (row-level security), so no row of another tenant is ever counted.
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/types';
import { finishedContent } from '../../lib/study-finish';
import type { ProfileSummary } from '../../../schemas/api/profile-organ-dict';

interface Row {
  courses: number; finished_courses: number; finished_contents: number; study_seconds: string | number;
  points: number; certificates: number; favorites: number; follows: number;
}

/** The learner's summary: courses studied and finished, contents finished, study time, points, certificates, favourites, follows. */
export async function findProfileSummary(db: Kysely<DB>, userId: number): Promise<ProfileSummary> {
  // Studied courses as my courses lists them (cm my-study-repository): published courses holding a
  // lesson whose record was logged in that course. A course is finished when every lesson is (the one
  // finish rule of server/lib/study-finish.ts).
  const { rows: [row] } = await sql<Row>`
    with studied as (
      select distinct r.course_id
      from study_record r
      join course_phase_content l on l.tenant_id = r.tenant_id and l.course_id = r.course_id and l.content_id = r.content_id
      join course c on c.tenant_id = r.tenant_id and c.id = r.course_id and c.state = 1
      where r.user_id = ${userId}::bigint and r.course_id is not null
    ),
    course_lessons as (
      select s.course_id, ${finishedContent(userId, sql.ref('l.content_id'))} as finished
      from studied s join (select distinct course_id, content_id from course_phase_content where content_id is not null) l on l.course_id = s.course_id
    ),
    my_contents as (select distinct content_id from study_record where user_id = ${userId}::bigint)
    select
      (select count(*)::int from studied) as courses,
      (select count(*)::int from (select course_id from course_lessons group by course_id having bool_and(finished)) f) as finished_courses,
      (select count(*)::int from my_contents m where ${finishedContent(userId, sql.ref('m.content_id'))}) as finished_contents,
      (select coalesce(sum(seconds), 0) from study_day where user_id = ${userId}::bigint) as study_seconds,
      coalesce((select points from user_integral where user_id = ${userId}::bigint), 0) as points,
      (select count(*)::int from user_credential where user_id = ${userId}::bigint and revoked_at is null
        and (expires_at is null or expires_at > now())) as certificates,
      (select count(*)::int from favorite where user_id = ${userId}::bigint)
        + (select count(*)::int from product_favorite where user_id = ${userId}::bigint) as favorites,
      (select count(*)::int from user_follow where user_id = ${userId}::bigint) as follows`.execute(db);
  return {
    courseCount: Number(row?.courses ?? 0), finishedCourseCount: Number(row?.finished_courses ?? 0),
    finishedContentCount: Number(row?.finished_contents ?? 0), studySeconds: Number(row?.study_seconds ?? 0),
    points: Number(row?.points ?? 0), certificateCount: Number(row?.certificates ?? 0),
    favoriteCount: Number(row?.favorites ?? 0), followCount: Number(row?.follows ?? 0),
  };
}
