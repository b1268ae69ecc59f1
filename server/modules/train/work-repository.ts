// SQL of the teachers' work center (issue 18 "Teachers": myToDoList, myCourse, myClasses). The
// to-do reads the tables of migration 0023 directly (other parts own the pages that handle each
// kind). Callers pass a transaction scoped to the tenant and the caller's WorkScope
// (server/lib/work-scope.ts): every query is limited to what the caller's grants cover.
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { iso, isoOrNull } from '../../lib/list-sql';
import type { Page } from '../../lib/listing';
import {
  coveredExam, isInvigilator, isMarker, isTeacher, reviewable, taughtClass, taughtRoom, type WorkScope,
} from '../../lib/work-scope';
import { phaseOpenTime } from './classes-progress-repository';
import type {
  ScheduleRoom, SchedulePhase, TodoGroup, TodoItem, WorkClass, WorkMember, WorkSchedule, WorkTodo,
} from '../../../schemas/api/work';

type Trx = Transaction<DB>;

/** How many items each to-do group lists (the count covers them all). */
export const FIRST_ITEMS_SHOWN = 5;
/** A live room shows in the to-do from this long before its start (and while it is live). */
export const LIVE_SOON_HOURS = 24;

/** The pages that handle each kind (routes under /study; parts B, E, F and G of issue 18 build them). */
export const WORK_PAGES = {
  homework: '/user/center/work/myWork',
  marking: '/user/center/work/myExamMarking',
  invigilate: '/user/center/work/myExamInvigilate',
  live: '/user/center/work/myCourse',
  review: '/user/center/work/myContent',
} as const;

const NAME = sql<string>`coalesce(nullif(u.nick_name, ''), nullif(u.real_name, ''), u.account)`;
const col = (name: string) => sql.raw(name);

type ItemRow = { id: number | string; title: string; who: string | null; at: Date | string; count: number | null; link: string };
const toItem = (r: ItemRow): TodoItem => ({ id: Number(r.id), title: r.title, who: r.who, at: iso(r.at), count: r.count === null ? null : Number(r.count), link: r.link });

/** Homework submissions waiting for a mark in classes I teach, oldest first. */
async function homeworkGroup(trx: Trx, scope: WorkScope): Promise<TodoGroup> {
  const where = sql`s.state = 'submitted' and ${taughtClass(scope, col('h.classes_id'))}`;
  const [rows, count] = await Promise.all([
    sql<ItemRow>`
      select s.id, h.title, ${NAME} as who, s.submitted_at as at, null::int as count,
        ${WORK_PAGES.homework}::text || '?homeworkId=' || h.id as link
      from homework_submission s
      join homework h on h.tenant_id = s.tenant_id and h.id = s.homework_id
      join user_account u on u.tenant_id = s.tenant_id and u.id = s.user_id
      where ${where} order by s.submitted_at, s.id limit ${FIRST_ITEMS_SHOWN}`.execute(trx),
    sql<{ n: number }>`select count(*)::int as n from homework_submission s join homework h on h.tenant_id = s.tenant_id and h.id = s.homework_id where ${where}`.execute(trx),
  ]);
  return { kind: 'homework', count: count.rows[0]!.n, link: WORK_PAGES.homework, items: rows.rows.map(toItem) };
}

/** Exam attempts whose short answers await a marker, of exams I mark, oldest first; blind exams hide the name. */
async function markingGroup(trx: Trx, scope: WorkScope): Promise<TodoGroup> {
  const where = sql`a.marking_state = 'pending' and ${coveredExam(scope, 'marker', col('a.exam_id'))}`;
  const [rows, count] = await Promise.all([
    sql<ItemRow>`
      select a.id, e.title, case when e.blind_marking then null else ${NAME} end as who, coalesce(a.submitted_at, a.started_at) as at,
        null::int as count, ${WORK_PAGES.marking}::text || '?examId=' || e.id as link
      from exam_attempt a
      join exam e on e.tenant_id = a.tenant_id and e.id = a.exam_id
      join user_account u on u.tenant_id = a.tenant_id and u.id = a.user_id
      where ${where} order by a.submitted_at nulls last, a.id limit ${FIRST_ITEMS_SHOWN}`.execute(trx),
    sql<{ n: number }>`select count(*)::int as n from exam_attempt a where ${where}`.execute(trx),
  ]);
  return { kind: 'marking', count: count.rows[0]!.n, link: WORK_PAGES.marking, items: rows.rows.map(toItem) };
}

/** Running exams I invigilate with candidates answering now (open attempts before their deadline). */
async function invigilateGroup(trx: Trx, scope: WorkScope): Promise<TodoGroup> {
  const rows = await sql<ItemRow>`
    select e.id, e.title, null::text as who, min(a.started_at) as at, count(*)::int as count,
      ${WORK_PAGES.invigilate}::text || '?examId=' || e.id as link
    from exam e
    join exam_attempt a on a.tenant_id = e.tenant_id and a.exam_id = e.id and a.state = 'open' and (a.deadline is null or a.deadline > now())
    where e.type = 'exam' and e.start_time <= now() and (e.end_time is null or e.end_time > now())
      and ${coveredExam(scope, 'invigilator', col('e.id'))}
    group by e.id, e.title order by min(a.started_at), e.id`.execute(trx);
  return { kind: 'invigilate', count: rows.rows.length, link: WORK_PAGES.invigilate, items: rows.rows.slice(0, FIRST_ITEMS_SHOWN).map(toItem) };
}

/** Rooms I teach that are live now or start within LIVE_SOON_HOURS, soonest first. */
async function liveGroup(trx: Trx, scope: WorkScope, userId: number): Promise<TodoGroup> {
  const rows = await sql<ItemRow>`
    select r.id, r.title, null::text as who, r.start_time as at, null::int as count, '/chatRoom/detail/' || r.id as link
    from live_room r left join teacher t on t.tenant_id = r.tenant_id and t.id = r.teacher_id
    where r.state = 1 and ${taughtRoom(scope, userId)}
      and (r.live_state = 'live' or (r.live_state = 'upcoming' and r.start_time < now() + make_interval(hours => ${LIVE_SOON_HOURS})))
    order by case r.live_state when 'live' then 0 else 1 end, r.start_time, r.id`.execute(trx);
  return { kind: 'live', count: rows.rows.length, link: WORK_PAGES.live, items: rows.rows.slice(0, FIRST_ITEMS_SHOWN).map(toItem) };
}

/** Works awaiting review: submitted in a class I teach (any, for a tenant-wide teacher). */
async function reviewGroup(trx: Trx, scope: WorkScope): Promise<TodoGroup> {
  const where = sql`c.audit_state = 'pending' and ${reviewable(scope)}`;
  const [rows, count] = await Promise.all([
    sql<ItemRow>`
      select c.id, c.title, ${NAME} as who, coalesce(c.submitted_at, c.publish_time) as at, null::int as count,
        ${WORK_PAGES.review}::text as link
      from content c left join user_account u on u.tenant_id = c.tenant_id and u.id = c.uploader_id
      where ${where} order by c.submitted_at nulls last, c.id limit ${FIRST_ITEMS_SHOWN}`.execute(trx),
    sql<{ n: number }>`select count(*)::int as n from content c where ${where}`.execute(trx),
  ]);
  return { kind: 'review', count: count.rows[0]!.n, link: WORK_PAGES.review, items: rows.rows.map(toItem) };
}

/** Everything waiting for the caller, one group per kind their grants serve. */
export async function workTodo(trx: Trx, scope: WorkScope, userId: number): Promise<WorkTodo> {
  const groups: Promise<TodoGroup>[] = [];
  if (isTeacher(scope)) groups.push(homeworkGroup(trx, scope));
  if (isMarker(scope)) groups.push(markingGroup(trx, scope));
  if (isInvigilator(scope)) groups.push(invigilateGroup(trx, scope));
  if (isTeacher(scope)) groups.push(liveGroup(trx, scope, userId), reviewGroup(trx, scope));
  const done = await Promise.all(groups);
  return { total: done.reduce((n, g) => n + g.count, 0), groups: done };
}

const CLASS_STATE = sql<number>`case when now() < c.start_time then 1 when now() <= c.end_time then 2 else 3 end`;

/** The published classes I teach, running and upcoming first, then the finished ones. */
export async function listTaughtClasses(trx: Trx, scope: WorkScope): Promise<WorkClass[]> {
  if (!isTeacher(scope)) return [];
  const rows = await sql<{
    id: number; title: string; cover: string | null; start_time: Date; end_time: Date; state: number; enrol_count: number;
    enrol_limit: number | null; is_public: boolean; room_count: number;
  }>`
    select c.id, c.title, c.cover, c.start_time, c.end_time, ${CLASS_STATE} as state, c.enrol_count, c.enrol_limit, c.is_public,
      (select count(*) from live_room r where r.tenant_id = c.tenant_id and r.classes_id = c.id and r.state = 1)::int as room_count
    from training_class c
    where c.state = 1 and ${taughtClass(scope, col('c.id'))}
    order by case when now() <= c.end_time then 0 else 1 end, c.start_time, c.id`.execute(trx);
  return rows.rows.map((r) => ({
    id: Number(r.id), title: r.title, cover: r.cover, startTime: iso(r.start_time), endTime: iso(r.end_time), state: Number(r.state),
    enrolCount: r.enrol_count, enrolLimit: r.enrol_limit, isPublic: r.is_public, roomCount: r.room_count,
  }));
}

/** A page of a class's enrolled members with their names, accounts and assessment, earliest enrolment first. */
export async function listWorkMembers(trx: Trx, classesId: number, q: { pageNo: number; pageSize: number; keyword?: string | undefined }): Promise<Page<WorkMember>> {
  const keyword = q.keyword?.trim();
  const like = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = sql`m.classes_id = ${classesId}::bigint and m.state = 1
    and (${like}::text is null or u.account ilike ${like} or u.nick_name ilike ${like} or u.real_name ilike ${like})`;
  const [rows, count] = await Promise.all([
    sql<{ user_id: number; account: string; name: string; enrolled_at: Date; score: number | null; passed: boolean | null }>`
      select m.user_id, u.account, ${NAME} as name, m.enrolled_at, a.score, a.passed
      from classes_member m
      join user_account u on u.tenant_id = m.tenant_id and u.id = m.user_id
      left join classes_member_assess a on a.tenant_id = m.tenant_id and a.classes_id = m.classes_id and a.user_id = m.user_id
      where ${where} order by m.enrolled_at, m.user_id limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`.execute(trx),
    sql<{ n: number }>`select count(*)::int as n from classes_member m join user_account u on u.tenant_id = m.tenant_id and u.id = m.user_id where ${where}`.execute(trx),
  ]);
  return {
    list: rows.rows.map((r) => ({
      userId: Number(r.user_id), account: r.account, name: r.name, enrolledAt: iso(r.enrolled_at), score: r.score, passed: r.passed,
    })),
    total: count.rows[0]!.n, pageNo: q.pageNo, pageSize: q.pageSize,
  };
}

/** The published rooms of a class, upcoming and live first. */
export async function listClassRooms(trx: Trx, classesId: number): Promise<ScheduleRoom[]> {
  const rows = await sql<RoomRowSql>`
    select r.id, r.title, r.classes_id, c.title as classes_title, r.start_time, r.end_time, r.live_state
    from live_room r left join training_class c on c.tenant_id = r.tenant_id and c.id = r.classes_id
    where r.state = 1 and r.classes_id = ${classesId}::bigint
    order by case r.live_state when 'live' then 0 when 'upcoming' then 1 else 2 end, r.start_time, r.id`.execute(trx);
  return rows.rows.map(toScheduleRoom);
}

type RoomRowSql = { id: number; title: string; classes_id: number | null; classes_title: string | null; start_time: Date; end_time: Date | null; live_state: ScheduleRoom['liveState'] };
const toScheduleRoom = (r: RoomRowSql): ScheduleRoom => ({
  id: Number(r.id), title: r.title, classesId: r.classes_id === null ? null : Number(r.classes_id), classesTitle: r.classes_title,
  startTime: iso(r.start_time), endTime: isoOrNull(r.end_time), liveState: r.live_state,
});

/** My teaching in [from, to): my classes that run then, their phases open then, and the rooms I teach that start then. */
export async function workSchedule(trx: Trx, scope: WorkScope, userId: number, from: Date, to: Date): Promise<WorkSchedule> {
  const empty = { from: from.toISOString(), to: to.toISOString(), classes: [], phases: [], rooms: [] };
  if (!isTeacher(scope)) return empty;
  const classes = await sql<{ id: number; title: string; start_time: Date; end_time: Date }>`
    select c.id, c.title, c.start_time, c.end_time from training_class c
    where c.state = 1 and ${taughtClass(scope, col('c.id'))} and c.start_time < ${to} and c.end_time >= ${from}
    order by c.start_time, c.id`.execute(trx);
  const ids = classes.rows.map((c) => String(c.id));
  const phaseRows = ids.length === 0 ? [] : (await sql<{ id: number; classes_id: number; title: string; open_day: number }>`
    select p.id, p.classes_id, p.title, p.open_day from classes_phase p
    where p.classes_id = any(${ids}::bigint[]) order by p.classes_id, p.open_day, p.sort, p.id`.execute(trx)).rows;
  const phases: SchedulePhase[] = [];
  for (const c of classes.rows) {
    const own = phaseRows.filter((p) => Number(p.classes_id) === Number(c.id));
    own.forEach((p, i) => {
      const start = phaseOpenTime(c.start_time, Number(p.open_day));
      const next = own[i + 1];
      const nextStart = next ? phaseOpenTime(c.start_time, Number(next.open_day)) : c.end_time;
      // Phases opening on one day share it: each runs at least to the end of its class or the next distinct opening.
      const end = nextStart > start ? nextStart : (own.slice(i + 1).map((o) => phaseOpenTime(c.start_time, Number(o.open_day))).find((d) => d > start) ?? c.end_time);
      if (start < to && end >= from) {
        phases.push({ classesId: Number(c.id), classesTitle: c.title, phaseId: Number(p.id), title: p.title, start: iso(start), end: iso(end) });
      }
    });
  }
  const rooms = await sql<RoomRowSql>`
    select r.id, r.title, r.classes_id, c.title as classes_title, r.start_time, r.end_time, r.live_state
    from live_room r
    left join teacher t on t.tenant_id = r.tenant_id and t.id = r.teacher_id
    left join training_class c on c.tenant_id = r.tenant_id and c.id = r.classes_id
    where r.state = 1 and ${taughtRoom(scope, userId)} and r.start_time >= ${from} and r.start_time < ${to}
    order by r.start_time, r.id`.execute(trx);
  return {
    ...empty,
    classes: classes.rows.map((c) => ({ id: Number(c.id), title: c.title, startTime: iso(c.start_time), endTime: iso(c.end_time) })),
    phases,
    rooms: rooms.rows.map(toScheduleRoom),
  };
}
