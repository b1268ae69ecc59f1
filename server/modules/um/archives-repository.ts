// The learner's learning file (issue 19 part D; spec learning §2 "Archives"): what they studied,
// read from the tables that already hold it (study_record, exam_attempt, classes_member, the task
// tables) and the self-directed study they logged (autonomy_study, migration 0030). Callers pass a
// transaction scoped to the tenant (row-level security); every query names the user, so nobody
// reads another's file. The rules are in docs/growth.md "Archives".
import { sql, type RawBuilder, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { contentShare, finishedContent } from '../../lib/study-finish';
import type { ArchiveEntry, ArchiveKind, UserStudyQuery } from '../../../schemas/api/archives';

type Trx = Transaction<DB>;

/** One entry as the union below returns it. */
interface EntryRow {
  kind: ArchiveKind;
  id: number | string;
  title: string;
  state: number;
  percentage: number | string;
  seconds: number | string;
  score: number | string | null;
  passed: boolean | null;
  started_at: Date;
  last_at: Date;
}

/** Progress over a set of contents: lessons, finished, and the share sum (the one finish rule of study-finish.ts). */
const lessonProgress = (userId: number, contents: RawBuilder<unknown>) => sql`
  select count(*)::int as lessons, count(*) filter (where x.finished)::int as finished,
    coalesce(sum(case when x.finished then 100 else least(x.share, 100) end), 0) as shares
  from (
    select ${finishedContent(userId, sql.ref('l.content_id'))} as finished, ${contentShare(userId, sql.ref('l.content_id'))} as share
    from (${contents}) l
  ) x`;

/** 0–100 from lesson counts: each lesson weighs the same; 100 only when every one is finished (as study-finish.ts). */
const percentOf = sql`case when p.lessons = 0 then 0 when p.finished = p.lessons then 100 else least(99, floor(p.shares / p.lessons))::int end`;

/**
 * Every entry of the learner's file, one row each: the courses they studied in, the contents they
 * studied outside a course, the exams they sat, the classes they are enrolled in, their tasks and
 * their self-directed study. `day` is the last study's calendar day in
 * the tenant's time zone (the period filter).
 */
function entriesSql(userId: number, timeZone: string): RawBuilder<EntryRow & { day: string }> {
  const u = sql`${userId}::bigint`;
  // Tasks (part A's user_task, migration 0027): finished never reverts; progress is the share of the task's contents seen done.
  const tasks = sql`
    union all
    select 'task', t.id, t.title, case when ut.state = 'finished' then 2 else 1 end,
      case when ut.state = 'finished' then 100 else least(99, coalesce(floor(100.0 *
        (select count(*) from user_task_content uc where uc.tenant_id = ut.tenant_id and uc.user_task_id = ut.id and uc.finished_at is not null)
        / nullif((select count(*) from task_content tc where tc.tenant_id = t.tenant_id and tc.task_id = t.id), 0)), 0))::int end,
      coalesce((select sum(r.play_time) from study_record r where r.user_id = ${u} and r.user_task_id = ut.id), 0)::bigint, null::numeric, null::boolean,
      ut.joined_at, greatest(ut.joined_at, ut.started_at, ut.finished_at,
        (select max(coalesce(uc.finished_at, uc.started_at)) from user_task_content uc where uc.tenant_id = ut.tenant_id and uc.user_task_id = ut.id))
    from user_task ut join task t on t.tenant_id = ut.tenant_id and t.id = ut.task_id
    where ut.user_id = ${u}`;
  return sql<EntryRow & { day: string }>`
    select e.*, to_char((e.last_at at time zone ${timeZone})::date, 'YYYY-MM-DD') as day from (
      select 'course' as kind, c.id, c.title, case when p.lessons > 0 and p.finished = p.lessons then 2 else 1 end as state,
        ${percentOf} as percentage, r.seconds, null::numeric as score, null::boolean as passed, r.started_at, r.last_at
      from (
        select r.tenant_id, r.course_id, sum(r.play_time)::bigint as seconds, min(r.created_at) as started_at, max(r.updated_at) as last_at
        from study_record r where r.user_id = ${u} and r.course_id is not null group by r.tenant_id, r.course_id
      ) r
      join course c on c.tenant_id = r.tenant_id and c.id = r.course_id
      cross join lateral (${lessonProgress(userId, sql`select distinct content_id from course_phase_content where course_id = c.id and content_id is not null`)}) p
      union all
      select 'content', c.id, c.title, case when ${finishedContent(userId, sql.ref('c.id'))} then 2 else 1 end,
        case when ${finishedContent(userId, sql.ref('c.id'))} then 100 else least(99, ${contentShare(userId, sql.ref('c.id'))})::int end,
        r.seconds, null::numeric, null::boolean, r.started_at, r.last_at
      from (
        select r.tenant_id, r.content_id, sum(r.play_time)::bigint as seconds, min(r.created_at) as started_at, max(r.updated_at) as last_at
        from study_record r where r.user_id = ${u} and r.course_id is null group by r.tenant_id, r.content_id
      ) r
      join content c on c.tenant_id = r.tenant_id and c.id = r.content_id
      union all
      select 'exam', x.id, x.title, case when a.done then 2 else 1 end, case when a.done then 100 else 0 end, a.seconds, a.score, a.passed,
        a.started_at, a.last_at
      from (
        select a.tenant_id, a.exam_id, bool_or(a.state <> 'open' and a.score is not null) as done, max(a.score) as score,
          case when bool_or(a.passed) then true when bool_or(a.passed = false) then false end as passed,
          coalesce(sum(extract(epoch from (a.submitted_at - a.started_at))) filter (where a.submitted_at is not null), 0)::bigint as seconds,
          min(a.started_at) as started_at, max(coalesce(a.submitted_at, a.started_at)) as last_at
        from exam_attempt a where a.user_id = ${u} group by a.tenant_id, a.exam_id
      ) a
      join exam x on x.tenant_id = a.tenant_id and x.id = a.exam_id and x.type = 'exam'
      union all
      select 'classes', k.id, k.title, case when p.lessons > 0 and p.finished = p.lessons then 2 else 1 end, ${percentOf},
        coalesce((select sum(r.play_time) from study_record r where r.user_id = ${u} and r.content_id in (${classContents(sql.ref('k.id'))})), 0)::bigint,
        null::numeric, null::boolean, m.enrolled_at,
        greatest(m.enrolled_at, (select max(r.updated_at) from study_record r where r.user_id = ${u} and r.content_id in (${classContents(sql.ref('k.id'))})))
      from classes_member m
      join training_class k on k.tenant_id = m.tenant_id and k.id = m.classes_id
      cross join lateral (${lessonProgress(userId, classContents(sql.ref('k.id')))}) p
      where m.user_id = ${u} and m.state = 1
      ${tasks}
      union all
      select 'autonomy', s.id, s.title, 2, 100, s.minutes * 60, null::numeric, null::boolean,
        (s.study_date::timestamp at time zone ${timeZone}),
        -- on its study day (the period filter), at the time of day it was logged (the order)
        ((s.study_date::timestamp + (s.created_at at time zone ${timeZone})::time) at time zone ${timeZone})
      from autonomy_study s where s.user_id = ${u}
    ) e`;
}

/** SQL: the content ids a class holds (its content items and its courses' lessons). */
function classContents(classesId: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    select i.content_id from classes_phase_content i where i.classes_id = ${classesId} and i.content_id is not null
    union
    select l.content_id from classes_phase_content i join course_phase_content l on l.tenant_id = i.tenant_id and l.course_id = i.course_id
    where i.classes_id = ${classesId} and i.course_id is not null and l.content_id is not null`;
}

/** An entry row as the API answers it. */
export function entryOf(r: EntryRow): ArchiveEntry {
  return {
    kind: r.kind, id: Number(r.id), title: r.title, state: Number(r.state), percentage: Number(r.percentage), seconds: Number(r.seconds),
    score: r.score === null ? null : Number(r.score), passed: r.passed,
    startedAt: new Date(r.started_at).toISOString(), lastStudyTime: new Date(r.last_at).toISOString(),
  };
}

/** A page of the learner's entries, newest study first, filtered by kind, state and the last study's day. */
export async function searchEntries(trx: Trx, userId: number, timeZone: string, q: UserStudyQuery & { pageNo: number; pageSize: number }) {
  const entries = entriesSql(userId, timeZone);
  const where = [sql`true`];
  if (q.kind) where.push(sql`kind = ${q.kind}`);
  if (q.state) where.push(sql`state = ${q.state}`);
  if (q.startDate) where.push(sql`day >= ${q.startDate}`);
  if (q.endDate) where.push(sql`day <= ${q.endDate}`);
  const { rows } = await sql<EntryRow & { total: number }>`
    select f.*, count(*) over ()::int as total from (${entries}) f
    where ${sql.join(where, sql` and `)}
    order by f.last_at desc, f.kind, f.id desc
    limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`.execute(trx);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && q.pageNo > 1) {
    const counted = await sql<{ total: number }>`select count(*)::int as total from (${entries}) f where ${sql.join(where, sql` and `)}`.execute(trx);
    total = counted.rows[0]?.total ?? 0;
  }
  return { list: rows.map(entryOf), total, pageNo: q.pageNo, pageSize: q.pageSize };
}

/** One entry of the learner's file, or undefined when it is not theirs (or not there). */
export async function findEntry(trx: Trx, userId: number, timeZone: string, kind: ArchiveKind, id: number): Promise<ArchiveEntry | undefined> {
  const { rows } = await sql<EntryRow>`
    select f.* from (${entriesSql(userId, timeZone)}) f where f.kind = ${kind} and f.id = ${id}::bigint`.execute(trx);
  return rows[0] && entryOf(rows[0]);
}

/** The counts of the learning file's summary (study time is counted by the caller). */
export async function countEntries(trx: Trx, userId: number, timeZone: string) {
  const { rows } = await sql<Record<string, number>>`
    select
      count(*) filter (where kind = 'course')::int as courses_studied,
      count(*) filter (where kind = 'course' and state = 2)::int as courses_finished,
      count(*) filter (where kind = 'exam' and state = 2)::int as exams_taken,
      count(*) filter (where kind = 'exam' and passed)::int as exams_passed,
      count(*) filter (where kind = 'classes')::int as classes_joined,
      count(*) filter (where kind = 'task' and state = 2)::int as tasks_finished,
      count(*) filter (where kind = 'autonomy')::int as autonomy_count
    from (${entriesSql(userId, timeZone)}) f`.execute(trx);
  const { rows: contents } = await sql<{ n: number }>`
    select count(*)::int as n from (select distinct content_id from study_record where user_id = ${userId}::bigint) r
    where ${finishedContent(userId, sql.ref('r.content_id'))}`.execute(trx);
  const c = rows[0] ?? {};
  return {
    coursesStudied: c.courses_studied ?? 0, coursesFinished: c.courses_finished ?? 0, examsTaken: c.exams_taken ?? 0,
    examsPassed: c.exams_passed ?? 0, classesJoined: c.classes_joined ?? 0, tasksFinished: c.tasks_finished ?? 0,
    autonomyCount: c.autonomy_count ?? 0, contentsFinished: contents[0]?.n ?? 0,
  };
}

/** The learner's points total (user_integral, kept equal to part C's ledger) and the tenant level it reaches (points_level). */
export async function pointsAndLevel(trx: Trx, userId: number): Promise<{ points: number; level: string | null }> {
  const row = await trx.selectFrom('user_integral').select(sql<number>`coalesce(sum(points), 0)::int`.as('points')).where('user_id', '=', userId).executeTakeFirst();
  const points = Number(row?.points ?? 0);
  const level = await trx.selectFrom('points_level').select('name').where('min_points', '<=', points).orderBy('min_points', 'desc').limit(1).executeTakeFirst();
  return { points, level: level?.name ?? null };
}

/** A page of the contents the learner studied (every record of a content together), newest study first. */
export async function searchContentRecords(trx: Trx, userId: number, pageNo: number, pageSize: number) {
  const { rows } = await sql<{
    content_id: number; title: string; kind: string; course_id: number | null; course_title: string | null; max_progress: number;
    duration: number; percentage: number; state: number; play_time: number; last_at: Date; total: number;
  }>`
    select r.content_id, c.title, c.kind, r.course_id, k.title as course_title, r.max_progress, greatest(r.duration, c.duration) as duration,
      case when ${finishedContent(userId, sql.ref('r.content_id'))} then 100 else least(99, ${contentShare(userId, sql.ref('r.content_id'))})::int end as percentage,
      case when ${finishedContent(userId, sql.ref('r.content_id'))} then 2 else 1 end as state,
      r.play_time, r.last_at, count(*) over ()::int as total
    from (
      select tenant_id, content_id, max(course_id) as course_id, max(max_progress)::int as max_progress, max(duration)::int as duration,
        sum(play_time)::int as play_time, max(updated_at) as last_at
      from study_record where user_id = ${userId}::bigint group by tenant_id, content_id
    ) r
    join content c on c.tenant_id = r.tenant_id and c.id = r.content_id
    left join course k on k.tenant_id = r.tenant_id and k.id = r.course_id
    order by r.last_at desc, r.content_id desc
    limit ${pageSize} offset ${(pageNo - 1) * pageSize}`.execute(trx);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && pageNo > 1) {
    const counted = await sql<{ n: number }>`select count(distinct content_id)::int as n from study_record where user_id = ${userId}::bigint`.execute(trx);
    total = counted.rows[0]?.n ?? 0;
  }
  return {
    list: rows.map((r) => ({
      contentId: Number(r.content_id), title: r.title, contentType: r.kind, courseId: r.course_id === null ? null : Number(r.course_id),
      courseTitle: r.course_title, maxProgress: Number(r.max_progress), duration: Number(r.duration), percentage: Number(r.percentage),
      state: Number(r.state), playTime: Number(r.play_time), lastStudyTime: new Date(r.last_at).toISOString(),
    })),
    total, pageNo, pageSize,
  };
}
