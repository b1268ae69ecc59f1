// Tasks' queries (migration 0027; docs/growth.md "Tasks"). Callers pass a transaction scoped to the
// tenant (row-level security); every query about "mine" names the user. Whether a task content is
// done comes from the study record (server/lib/study-finish.ts, the one finish rule) or a passed
// exam attempt, never from a flag of the task's own: studying inside a task counts once, for the
// task and the content.
import { sql, type Transaction } from 'kysely';
import type { DB, TaskContentKind, UserTaskState } from '../../db/types';
import type { ListOptions, Page } from '../../lib/listing';
import { countFinishedLessons, isContentFinished } from '../../lib/study-finish';
import { cardOf, iso, isoOrNull, listFilter, listOrder, offsetOf, pageOf } from '../../lib/list-sql';
import type { TaskItem } from '../../../schemas/api/task';
import type { TaskContentItem, TaskProgress, TaskTeamInfo, TaskWindowState, UserTaskInfo } from '../../../schemas/api/tasks';

type Trx = Transaction<DB>;

// A task's window, from the clock: upcoming before start, open until end (or for ever), then closed.
const windowState = sql<TaskWindowState>`case when now() < task.start_time then 'upcoming'
  when task.end_time is null or now() <= task.end_time then 'open' else 'closed' end`;

const CARD_COLUMNS = [
  'task.id', 'task.title', 'task.cover', 'task.summary', 'task.category_id', 'cat.name as category_name', 'task.publish_time',
  'task.start_time', 'task.end_time', 'task.step_count', 'task.points', 'task.join_count',
] as const;

interface CardRow {
  id: number; title: string; cover: string | null; summary: string | null; category_id: number | null; category_name: string | null;
  publish_time: Date | string; start_time: Date | string; end_time: Date | string | null; step_count: number; points: number;
  join_count: number; window_state: TaskWindowState;
}

const toItem = (r: CardRow): TaskItem => ({
  ...cardOf(r), startTime: iso(r.start_time), endTime: isoOrNull(r.end_time), stepCount: r.step_count,
  points: r.points, joinCount: r.join_count, windowState: r.window_state,
});

/** A page of public, published tasks, optionally only those whose window is in a state (sort popular: most joined). */
export async function searchTaskList(trx: Trx, q: ListOptions & { windowState?: TaskWindowState | undefined }): Promise<Page<TaskItem>> {
  let base = trx.selectFrom('task').where(listFilter('task', q)).where('task.is_public', '=', true);
  if (q.windowState) base = base.where(sql<boolean>`${windowState} = ${q.windowState}`);
  const rows = base
    .leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'task.tenant_id').onRef('cat.id', '=', 'task.category_id'))
    .select([...CARD_COLUMNS, windowState.as('window_state')])
    .orderBy(listOrder('task', q.sort, 'join_count'))
    .limit(q.pageSize).offset(offsetOf(q)).execute();
  const count = base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return pageOf(rows, count, q, (r) => toItem(r as CardRow));
}

/** A published task with its rule and window, or undefined. */
export async function findTask(trx: Trx, taskId: number) {
  const row = await trx.selectFrom('task')
    .leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'task.tenant_id').onRef('cat.id', '=', 'task.category_id'))
    .select([...CARD_COLUMNS, windowState.as('window_state'), 'task.body', 'task.mode', 'task.finish_rule', 'task.finish_min', 'task.is_public',
      sql<Date>`now()`.as('now')])
    .where('task.id', '=', taskId).where('task.state', '=', 1).executeTakeFirst();
  if (!row) return undefined;
  return { ...row, item: toItem(row as CardRow) };
}
export type TaskRow = NonNullable<Awaited<ReturnType<typeof findTask>>>;

/** The task's contents in order with their titles. */
export async function listTaskContents(trx: Trx, taskId: number) {
  return trx.selectFrom('task_content as tc')
    .leftJoin('course as co', (j) => j.onRef('co.tenant_id', '=', 'tc.tenant_id').onRef('co.id', '=', 'tc.course_id'))
    .leftJoin('content as ct', (j) => j.onRef('ct.tenant_id', '=', 'tc.tenant_id').onRef('ct.id', '=', 'tc.content_id'))
    .leftJoin('exam as ex', (j) => j.onRef('ex.tenant_id', '=', 'tc.tenant_id').onRef('ex.id', '=', 'tc.exam_id'))
    .select([
      'tc.id', 'tc.kind', 'tc.course_id', 'tc.content_id', 'tc.exam_id', 'tc.required', 'tc.sort',
      sql<string>`coalesce(co.title, ct.title, ex.title, '')`.as('title'), 'ct.kind as content_kind', sql<number>`coalesce(ct.duration, 0)`.as('duration'),
    ])
    .where('tc.task_id', '=', taskId).orderBy('tc.sort').orderBy('tc.id').execute();
}
export type TaskContentRow = Awaited<ReturnType<typeof listTaskContents>>[number];

const refOf = (c: Pick<TaskContentRow, 'kind' | 'course_id' | 'content_id' | 'exam_id'>): number =>
  Number(c.kind === 'course' ? c.course_id : c.kind === 'content' ? c.content_id : c.exam_id);

/** Whether the user has done a task content, and how far (0–100): the study record or a passed attempt. */
async function contentDone(trx: Trx, userId: number, kind: TaskContentKind, refId: number): Promise<{ done: boolean; percentage: number }> {
  if (kind === 'course') {
    const p = await countFinishedLessons(trx, userId, { courseId: refId });
    const done = p.lessonCount > 0 && p.finishedCount === p.lessonCount;
    return { done, percentage: done ? 100 : p.percentage };
  }
  if (kind === 'content') {
    if (await isContentFinished(trx, userId, refId, 0)) return { done: true, percentage: 100 };
    const { rows } = await sql<{ p: number }>`
      select coalesce(max(percentage), 0)::int as p from study_record where user_id = ${userId}::bigint and content_id = ${refId}::bigint and part_id = 0`.execute(trx);
    return { done: false, percentage: Math.min(99, Number(rows[0]?.p ?? 0)) };
  }
  const passed = await trx.selectFrom('exam_attempt').select('id').where('user_id', '=', userId).where('exam_id', '=', refId)
    .where('passed', '=', true).limit(1).executeTakeFirst();
  return { done: Boolean(passed), percentage: passed ? 100 : 0 };
}

/** A user's task row, or undefined. */
export async function findUserTask(trx: Trx, where: { id: number } | { taskId: number; userId: number }) {
  let q = trx.selectFrom('user_task').selectAll();
  q = 'id' in where ? q.where('id', '=', where.id) : q.where('task_id', '=', where.taskId).where('user_id', '=', where.userId);
  return q.executeTakeFirst();
}
export type UserTaskRow = NonNullable<Awaited<ReturnType<typeof findUserTask>>>;

/**
 * The task's contents with the user's progress on each; when `userTaskId` is given, a content newly
 * seen done gets its finished_at in user_task_content (the task records when it saw it finish).
 */
export async function contentsWithProgress(trx: Trx, taskId: number, userId: number | null, mine: Pick<UserTaskRow, 'id' | 'tenant_id'> | null): Promise<TaskContentItem[]> {
  const userTaskId = mine === null ? null : Number(mine.id);
  const contents = await listTaskContents(trx, taskId);
  const seen = userTaskId === null ? [] : await trx.selectFrom('user_task_content').selectAll().where('user_task_id', '=', userTaskId).execute();
  const out: TaskContentItem[] = [];
  for (const [i, c] of contents.entries()) {
    const refId = refOf(c);
    const record = seen.find((s) => Number(s.task_content_id) === Number(c.id));
    const progress = userId === null ? { done: false, percentage: 0 } : await contentDone(trx, userId, c.kind, refId);
    let finishedAt = record?.finished_at ?? null;
    if (mine !== null && userTaskId !== null && progress.done && finishedAt === null) {
      // Seen done now: recorded once (started_at too, for a content done outside the task's own pages).
      const row = await trx.insertInto('user_task_content')
        .values({ tenant_id: Number(mine.tenant_id), user_task_id: userTaskId, task_content_id: c.id, finished_at: sql<Date>`now()` })
        .onConflict((oc) => oc.columns(['tenant_id', 'user_task_id', 'task_content_id']).doUpdateSet({ finished_at: sql<Date>`coalesce(user_task_content.finished_at, now())` }))
        .returning(['started_at', 'finished_at']).executeTakeFirstOrThrow();
      finishedAt = row.finished_at;
      out.push(item(c, i, refId, progress, row.started_at, finishedAt));
      continue;
    }
    out.push(item(c, i, refId, progress, record?.started_at ?? null, finishedAt));
  }
  return out;
}

function item(c: TaskContentRow, i: number, refId: number, p: { done: boolean; percentage: number }, startedAt: Date | string | null, finishedAt: Date | string | null): TaskContentItem {
  return {
    id: Number(c.id), kind: c.kind, refId, title: c.title, contentKind: c.content_kind ?? null, duration: Number(c.duration),
    required: c.required, sort: i + 1, done: p.done, percentage: p.percentage,
    startedAt: isoOrNull(startedAt), finishedAt: isoOrNull(finishedAt),
  };
}

/** The completion rule over the contents' progress (spec: "completion rules"; ours: all required, or at least N). */
export function progressOf(task: { finish_rule: 'all' | 'at_least'; finish_min: number | null }, contents: readonly Pick<TaskContentItem, 'done' | 'required'>[], finished: boolean): TaskProgress {
  const doneCount = contents.filter((c) => c.done).length;
  let needCount: number;
  let needDone: number;
  if (task.finish_rule === 'at_least') {
    needCount = Math.min(task.finish_min ?? 1, contents.length);
    needDone = Math.min(doneCount, needCount);
  } else {
    // No content marked required: every content is needed.
    const required = contents.some((c) => c.required) ? contents.filter((c) => c.required) : contents;
    needCount = required.length;
    needDone = required.filter((c) => c.done).length;
  }
  const ruleMet = needCount > 0 && needDone >= needCount;
  const percentage = finished || ruleMet ? 100 : needCount === 0 ? 0 : Math.floor((needDone * 100) / needCount);
  return { doneCount, needCount, needDone, percentage, ruleMet };
}

/** A user task as the API answers it, with its progress. */
export function userTaskInfo(ut: UserTaskRow, progress: TaskProgress): UserTaskInfo {
  return {
    id: Number(ut.id), taskId: Number(ut.task_id), state: ut.state, teamId: ut.team_id === null ? null : Number(ut.team_id),
    joinedAt: iso(ut.joined_at), startedAt: isoOrNull(ut.started_at), finishedAt: isoOrNull(ut.finished_at),
    pointsAwarded: ut.points_awarded, progress,
  };
}

/** The user's task with its progress (contents recorded as seen). */
export async function userTaskWithProgress(trx: Trx, ut: UserTaskRow, task: { finish_rule: 'all' | 'at_least'; finish_min: number | null }): Promise<{ info: UserTaskInfo; contents: TaskContentItem[] }> {
  const contents = await contentsWithProgress(trx, Number(ut.task_id), Number(ut.user_id), ut);
  return { info: userTaskInfo(ut, progressOf(task, contents, ut.state === 'finished')), contents };
}

/** Whether the task is assigned to the user directly. */
export async function isAssignedDirectly(trx: Trx, taskId: number, userId: number): Promise<boolean> {
  return Boolean(await trx.selectFrom('task_assignee').select('user_id').where('task_id', '=', taskId).where('user_id', '=', userId).executeTakeFirst());
}

/** The user's team of the task, or undefined. */
export async function findMyTeam(trx: Trx, taskId: number, userId: number) {
  return trx.selectFrom('task_team as t').innerJoin('task_team_member as m', (j) => j.onRef('m.tenant_id', '=', 't.tenant_id').onRef('m.team_id', '=', 't.id'))
    .select(['t.id', 't.name']).where('t.task_id', '=', taskId).where('m.user_id', '=', userId).executeTakeFirst();
}

/** Joins the task (one row per user and task; a second join returns the first) and counts the join. */
export async function joinTask(trx: Trx, tenantId: number, taskId: number, userId: number, teamId: number | null): Promise<UserTaskRow> {
  const inserted = await trx.insertInto('user_task').values({ tenant_id: tenantId, task_id: taskId, user_id: userId, team_id: teamId })
    .onConflict((oc) => oc.columns(['tenant_id', 'task_id', 'user_id']).doNothing()).returningAll().executeTakeFirst();
  if (inserted) {
    await trx.updateTable('task').set((eb) => ({ join_count: eb('join_count', '+', 1) })).where('id', '=', taskId).execute();
    return inserted;
  }
  return (await findUserTask(trx, { taskId, userId }))!;
}

/** Records that a content was opened from the task (first time only) and that the task started. */
export async function recordContentStart(trx: Trx, tenantId: number, ut: UserTaskRow, taskContentId: number): Promise<void> {
  await trx.insertInto('user_task_content').values({ tenant_id: tenantId, user_task_id: ut.id, task_content_id: taskContentId })
    .onConflict((oc) => oc.columns(['tenant_id', 'user_task_id', 'task_content_id']).doNothing()).execute();
  if (ut.state === 'joined') {
    await trx.updateTable('user_task').set({ state: 'started', started_at: sql<Date>`now()` })
      .where('id', '=', ut.id).where('state', '=', 'joined').execute();
  }
}

/** Marks the user's task finished (once: a finished task never reverts); false when it already was. */
export async function markFinished(trx: Trx, userTaskId: number): Promise<boolean> {
  const done = await trx.updateTable('user_task')
    .set({ state: 'finished', finished_at: sql<Date>`now()`, started_at: sql<Date>`coalesce(started_at, now())` })
    .where('id', '=', userTaskId).where('state', '<>', 'finished').returning('id').executeTakeFirst();
  return Boolean(done);
}

/** Stores the points the finish earned. */
export async function setPointsAwarded(trx: Trx, userTaskId: number, points: number): Promise<void> {
  await trx.updateTable('user_task').set({ points_awarded: points }).where('id', '=', userTaskId).execute();
}

/** A page of the user's joined tasks, newest joined first. */
export async function listMyTasks(trx: Trx, userId: number, q: { pageNo: number; pageSize: number; state: 'doing' | 'finished' | 'all' }) {
  let base = trx.selectFrom('user_task as ut').innerJoin('task', (j) => j.onRef('task.tenant_id', '=', 'ut.tenant_id').onRef('task.id', '=', 'ut.task_id'))
    .where('ut.user_id', '=', userId);
  if (q.state === 'doing') base = base.where('ut.state', '<>', 'finished');
  if (q.state === 'finished') base = base.where('ut.state', '=', 'finished');
  const rows = await base
    .leftJoin('category as cat', (j) => j.onRef('cat.tenant_id', '=', 'task.tenant_id').onRef('cat.id', '=', 'task.category_id'))
    .select([...CARD_COLUMNS, windowState.as('window_state'), 'task.finish_rule', 'task.finish_min', 'ut.id as user_task_id'])
    .orderBy(sql`ut.finished_at desc nulls first`).orderBy('ut.joined_at', 'desc').orderBy('ut.id', 'desc')
    .limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute();
  const total = await base.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

/** Tasks assigned to the user directly or through a team, nearest deadline first (open-ended last). */
export async function listMemberTasks(trx: Trx, userId: number, q: { pageNo: number; pageSize: number; state: 'todo' | 'finished' | 'all' }) {
  const assigned = sql`(
    select a.task_id, 'direct'::text as via, null::text as team_name, a.assigned_at from task_assignee a where a.user_id = ${userId}::bigint
    union all
    select t.task_id, 'team'::text, t.name, m.joined_at from task_team t join task_team_member m on m.tenant_id = t.tenant_id and m.team_id = t.id
      where m.user_id = ${userId}::bigint and not exists (select 1 from task_assignee a where a.task_id = t.task_id and a.user_id = ${userId}::bigint)
  )`;
  const finishedFilter = q.state === 'todo' ? sql`and coalesce(ut.state, '') <> 'finished'` : q.state === 'finished' ? sql`and ut.state = 'finished'` : sql``;
  const from = sql`from ${assigned} as x(task_id, via, team_name, assigned_at)
    join task on task.id = x.task_id and task.state = 1
    left join category cat on cat.tenant_id = task.tenant_id and cat.id = task.category_id
    left join user_task ut on ut.task_id = task.id and ut.user_id = ${userId}::bigint
    where true ${finishedFilter}`;
  const { rows } = await sql<CardRow & { via: 'direct' | 'team'; team_name: string | null; assigned_at: Date; finish_rule: 'all' | 'at_least'; finish_min: number | null; user_task_id: number | null }>`
    select task.id, task.title, task.cover, task.summary, task.category_id, cat.name as category_name, task.publish_time, task.start_time,
      task.end_time, task.step_count, task.points, task.join_count, ${windowState} as window_state, task.finish_rule, task.finish_min,
      x.via, x.team_name, x.assigned_at, ut.id as user_task_id
    ${from}
    order by task.end_time asc nulls last, task.start_time, task.id
    limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`.execute(trx);
  const { rows: count } = await sql<{ n: number }>`select count(*)::int as n ${from}`.execute(trx);
  return { rows: rows.map((r) => ({ ...r, item: toItem(r) })), total: Number(count[0]?.n ?? 0) };
}

/** The user's teams (of one task, or all), with their task and every member's progress. */
export async function listMyTeams(trx: Trx, userId: number, taskId?: number): Promise<TaskTeamInfo[]> {
  let q = trx.selectFrom('task_team as t')
    .innerJoin('task_team_member as me', (j) => j.onRef('me.tenant_id', '=', 't.tenant_id').onRef('me.team_id', '=', 't.id'))
    .innerJoin('task', (j) => j.onRef('task.tenant_id', '=', 't.tenant_id').onRef('task.id', '=', 't.task_id'))
    .select(['t.id', 't.name', 't.task_id', 'task.title as task_title', 'task.end_time', 'task.finish_rule', 'task.finish_min', windowState.as('window_state')])
    .where('me.user_id', '=', userId).where('task.state', '=', 1);
  if (taskId !== undefined) q = q.where('t.task_id', '=', taskId);
  const teams = await q.orderBy(sql`task.end_time asc nulls last`).orderBy('t.id').execute();
  const out: TaskTeamInfo[] = [];
  for (const team of teams) {
    const members = await trx.selectFrom('task_team_member as m')
      .innerJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'm.tenant_id').onRef('u.id', '=', 'm.user_id'))
      .leftJoin('user_task as ut', (j) => j.onRef('ut.tenant_id', '=', 'm.tenant_id').onRef('ut.user_id', '=', 'm.user_id').on('ut.task_id', '=', team.task_id))
      .select(['m.user_id', 'm.role', sql<string>`coalesce(nullif(u.real_name, ''), nullif(u.nick_name, ''), u.account)`.as('name'), 'ut.state', 'ut.id as user_task_id'])
      .where('m.team_id', '=', team.id)
      .orderBy(sql`m.role = 'leader'`, 'desc').orderBy('name').execute();
    const list = [];
    for (const m of members) {
      let percentage = 0;
      if (m.state === 'finished') percentage = 100;
      else if (m.state) {
        // A member's progress from their own study records, read without recording anything for them.
        const contents = await contentsWithProgress(trx, Number(team.task_id), Number(m.user_id), null);
        percentage = progressOf(team, contents, false).percentage;
      }
      list.push({
        userId: Number(m.user_id), name: m.name, role: m.role, state: (m.state ?? 'none') as UserTaskState | 'none', percentage,
        me: Number(m.user_id) === userId,
      });
    }
    out.push({
      id: Number(team.id), name: team.name, taskId: Number(team.task_id), taskTitle: team.task_title, windowState: team.window_state,
      endTime: isoOrNull(team.end_time), memberCount: list.length, finishedCount: list.filter((m) => m.state === 'finished').length, members: list,
    });
  }
  return out;
}
