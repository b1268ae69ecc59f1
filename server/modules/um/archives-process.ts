// One entry's learning process (/archives/archivesDetall, GET /dataapi/study/LearningProcess):
// the timeline of its study records. A course lists its lessons in course order, a content its
// parts (or its one record), an exam its attempts, a class its items, self-directed study itself.
// Callers pass a transaction scoped to the tenant; every query names the user.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { contentShare, finishedContent } from '../../lib/study-finish';
import type { ArchiveEntry, ProcessStep } from '../../../schemas/api/archives';

type Trx = Transaction<DB>;

interface StepRow {
  title: string;
  kind: string;
  state: number;
  percentage: number | string;
  seconds: number | string;
  score: number | string | null;
  passed: boolean | null;
  started_at: Date | null;
  at: Date | null;
}

const stepOf = (r: StepRow): ProcessStep => ({
  title: r.title, kind: r.kind, state: Number(r.state), percentage: Number(r.percentage), seconds: Number(r.seconds),
  score: r.score === null ? null : Number(r.score), passed: r.passed,
  startedAt: r.started_at && new Date(r.started_at).toISOString(), at: r.at && new Date(r.at).toISOString(),
});

/** A content's state, share and time for the user, as step columns (0 not begun, 1 in progress, 2 finished). */
const contentColumns = (userId: number, contentId: ReturnType<typeof sql.ref>) => sql`
  case when ${finishedContent(userId, contentId)} then 2
    when exists (select 1 from study_record s where s.user_id = ${userId}::bigint and s.content_id = ${contentId}) then 1 else 0 end as state,
  case when ${finishedContent(userId, contentId)} then 100 else least(99, ${contentShare(userId, contentId)})::int end as percentage,
  coalesce((select sum(s.play_time) from study_record s where s.user_id = ${userId}::bigint and s.content_id = ${contentId}), 0)::bigint as seconds,
  null::numeric as score, null::boolean as passed,
  (select min(s.created_at) from study_record s where s.user_id = ${userId}::bigint and s.content_id = ${contentId}) as started_at,
  (select max(coalesce(s.finished_at, s.updated_at)) from study_record s where s.user_id = ${userId}::bigint and s.content_id = ${contentId}) as at`;

/** The steps of an entry of the learner's file (the entry was found theirs by the caller). */
export async function processSteps(trx: Trx, userId: number, entry: ArchiveEntry): Promise<ProcessStep[]> {
  const u = sql`${userId}::bigint`;
  const id = sql`${entry.id}::bigint`;
  switch (entry.kind) {
    case 'course': {
      const { rows } = await sql<StepRow>`
        select l.title, 'lesson' as kind, ${contentColumns(userId, sql.ref('l.content_id'))}
        from course_phase_content l join course_phase p on p.tenant_id = l.tenant_id and p.id = l.phase_id
        where l.course_id = ${id} and l.content_id is not null
        order by p.sort, p.id, l.sort, l.id`.execute(trx);
      return rows.map(stepOf);
    }
    case 'content': {
      const { rows } = await sql<StepRow>`
        select coalesce(p.title, c.title) as title, case when s.part_id = 0 then 'content' else 'part' end as kind, s.state,
          s.percentage, s.play_time as seconds, null::numeric as score, null::boolean as passed, s.created_at as started_at,
          coalesce(s.finished_at, s.updated_at) as at
        from study_record s
        join content c on c.tenant_id = s.tenant_id and c.id = s.content_id
        left join content_part p on p.tenant_id = s.tenant_id and p.id = s.part_id and s.part_id > 0
        where s.user_id = ${u} and s.content_id = ${id}
        order by s.part_id = 0 desc, p.sort, s.part_id`.execute(trx);
      return rows.map(stepOf);
    }
    case 'exam': {
      const { rows } = await sql<StepRow>`
        select '' as title, 'attempt' as kind, case when a.state = 'open' then 1 when a.score is null then 1 else 2 end as state,
          case when a.state = 'open' then 0 else 100 end as percentage,
          coalesce(extract(epoch from (a.submitted_at - a.started_at)), 0)::bigint as seconds,
          a.score, a.passed, a.started_at, coalesce(a.submitted_at, a.started_at) as at
        from exam_attempt a where a.user_id = ${u} and a.exam_id = ${id}
        order by a.started_at, a.id`.execute(trx);
      // Attempts are numbered in order; the client words the title ("第 n 次").
      return rows.map((r, i) => stepOf({ ...r, title: String(i + 1) }));
    }
    case 'classes': {
      const { rows } = await sql<StepRow>`
        select c.title, 'content' as kind, ${contentColumns(userId, sql.ref('c.id'))}, i.sort as item_sort, ph.sort as phase_sort, i.id as item_id
        from classes_phase_content i
        join classes_phase ph on ph.tenant_id = i.tenant_id and ph.id = i.phase_id
        join content c on c.tenant_id = i.tenant_id and c.id = i.content_id
        where i.classes_id = ${id} and i.content_id is not null
        union all
        select k.title, 'course' as kind,
          case when not exists (select 1 from course_phase_content l where l.course_id = k.id and l.content_id is not null
                 and not ${finishedContent(userId, sql.ref('l.content_id'))})
               and exists (select 1 from course_phase_content l where l.course_id = k.id and l.content_id is not null) then 2
            when exists (select 1 from study_record s where s.user_id = ${u} and s.course_id = k.id) then 1 else 0 end,
          0, coalesce((select sum(s.play_time) from study_record s where s.user_id = ${u} and s.course_id = k.id), 0)::bigint,
          null::numeric, null::boolean,
          (select min(s.created_at) from study_record s where s.user_id = ${u} and s.course_id = k.id),
          (select max(s.updated_at) from study_record s where s.user_id = ${u} and s.course_id = k.id),
          i.sort, ph.sort, i.id
        from classes_phase_content i
        join classes_phase ph on ph.tenant_id = i.tenant_id and ph.id = i.phase_id
        join course k on k.tenant_id = i.tenant_id and k.id = i.course_id
        where i.classes_id = ${id} and i.course_id is not null
        order by phase_sort, item_sort, item_id`.execute(trx);
      // A course item's percentage: its finished state says 100; otherwise begun or not (the course page has the detail).
      return rows.map((r) => stepOf({ ...r, percentage: r.kind === 'course' ? (Number(r.state) === 2 ? 100 : 0) : r.percentage }));
    }
    case 'task':
      return taskSteps(trx, userId, entry.id);
    case 'autonomy':
      return [{
        title: entry.title, kind: 'autonomy', state: 2, percentage: 100, seconds: entry.seconds, score: null, passed: null,
        startedAt: entry.startedAt, at: entry.startedAt,
      }];
  }
}

/** A task's contents in order (part A's task_content) with the learner's state in their task (user_task_content) and time studied in it. */
async function taskSteps(trx: Trx, userId: number, taskId: number): Promise<ProcessStep[]> {
  const { rows } = await sql<StepRow>`
    select coalesce(k.title, c.title, x.title, '') as title, tc.kind,
      case when uc.finished_at is not null then 2 when uc.started_at is not null then 1 else 0 end as state,
      case when uc.finished_at is not null then 100 else 0 end as percentage,
      coalesce((select sum(r.play_time) from study_record r where r.user_id = ${userId}::bigint and r.user_task_id = ut.id
        and (r.content_id = tc.content_id or r.course_id = tc.course_id)), 0)::bigint as seconds,
      null::numeric as score, null::boolean as passed, uc.started_at, coalesce(uc.finished_at, uc.started_at) as at
    from task_content tc
    join user_task ut on ut.tenant_id = tc.tenant_id and ut.task_id = tc.task_id and ut.user_id = ${userId}::bigint
    left join user_task_content uc on uc.tenant_id = tc.tenant_id and uc.user_task_id = ut.id and uc.task_content_id = tc.id
    left join course k on k.tenant_id = tc.tenant_id and k.id = tc.course_id
    left join content c on c.tenant_id = tc.tenant_id and c.id = tc.content_id
    left join exam x on x.tenant_id = tc.tenant_id and x.id = tc.exam_id
    where tc.task_id = ${taskId}::bigint
    order by tc.sort, tc.id`.execute(trx);
  return rows.map(stepOf);
}
