// The back-office's learning tasks (issue 19 part J; docs/growth.md "Back-office: tasks and
// certificates"): the tables of migration 0027 seen from the editor's side. Callers pass a
// transaction scoped to the tenant (row-level security) after the back-office check. Learners'
// progress is never lost: a kept content keeps its row (and its user_task_content), and a finished
// user_task never reverts (docs/growth.md "Tasks": finished never reverts).
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/types';
import { containsPattern, iso, isoOrNull } from '../../lib/list-sql';
import { ApiError } from '../../plugins/envelope';
import type { AdminTask, AdminTaskFields, AdminTaskRow, AdminTeam, PickKind, PickRow, TaskContentKind } from '../../../schemas/api/task-admin';

type Trx = Transaction<DB>;
type WindowState = AdminTaskRow['windowState'];

const fail = (message: string, errorCode: string, code = 400) => new ApiError(message, { code, errorCode });

// The learner side's window (tasks-repository.ts): upcoming before start, open until end, then closed.
const windowState = sql<WindowState>`case when now() < task.start_time then 'upcoming'
  when task.end_time is null or now() <= task.end_time then 'open' else 'closed' end`;

const joinedCount = sql<number>`(select count(*)::int from user_task u where u.task_id = task.id)`;
const finishedCount = sql<number>`(select count(*)::int from user_task u where u.task_id = task.id and u.state = 'finished')`;
const contentCount = sql<number>`(select count(*)::int from task_content c where c.task_id = task.id)`;

/** The tenant's tasks, newest first, with the window's state and how many joined and finished. */
export async function listAdminTasks(trx: Trx, q: { text?: string | undefined; windowState?: WindowState | undefined; pageNo: number; pageSize: number }) {
  let base = trx.selectFrom('task').where('task.state', '=', 1);
  const text = q.text?.trim();
  if (text) base = base.where('task.title', 'ilike', containsPattern(text));
  if (q.windowState) base = base.where(sql<boolean>`${windowState} = ${q.windowState}`);
  const [rows, count] = await Promise.all([
    base.select(['task.id', 'task.title', 'task.cover', 'task.start_time', 'task.end_time', 'task.is_public', 'task.mode',
      windowState.as('window_state'), contentCount.as('content_count'), joinedCount.as('joined_count'), finishedCount.as('finished_count')])
      .orderBy('task.id', 'desc').limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const list: AdminTaskRow[] = rows.map((r) => ({
    id: Number(r.id), title: r.title, cover: r.cover, startTime: iso(r.start_time), endTime: isoOrNull(r.end_time), windowState: r.window_state,
    isPublic: r.is_public, mode: r.mode, contentCount: r.content_count, joinedCount: r.joined_count, finishedCount: r.finished_count,
  }));
  return { list, total: Number(count.n), pageNo: q.pageNo, pageSize: q.pageSize };
}

const personName = sql<string>`coalesce(nullif(u.real_name, ''), nullif(u.nick_name, ''), u.account)`;

/** One task as the editor shows it: fields, contents in order, assignees, teams, the points rule. */
export async function getAdminTask(trx: Trx, id: number): Promise<AdminTask> {
  const task = await trx.selectFrom('task')
    .select(['task.id', 'task.title', 'task.cover', 'task.summary', 'task.body', 'task.start_time', 'task.end_time', 'task.is_public', 'task.mode',
      'task.finish_rule', 'task.finish_min', windowState.as('window_state'), joinedCount.as('joined_count'), finishedCount.as('finished_count')])
    .where('task.id', '=', id).where('task.state', '=', 1).executeTakeFirst();
  if (!task) throw fail(`没有找到编号为 ${id} 的任务，它可能已被删除。`, 'TASK_NOT_FOUND', 404);
  const [contents, assignees, teams, members, rule] = await Promise.all([
    sql<{ id: number; kind: TaskContentKind; ref_id: number; title: string | null; required: boolean; started: number; finished: number }>`
      select c.id, c.kind, coalesce(c.course_id, c.content_id, c.exam_id) as ref_id, c.required,
        coalesce(co.title, ct.title, e.title) as title,
        (select count(*)::int from user_task_content p where p.task_content_id = c.id) as started,
        (select count(*)::int from user_task_content p where p.task_content_id = c.id and p.finished_at is not null) as finished
      from task_content c
      left join course co on co.tenant_id = c.tenant_id and co.id = c.course_id
      left join content ct on ct.tenant_id = c.tenant_id and ct.id = c.content_id
      left join exam e on e.tenant_id = c.tenant_id and e.id = c.exam_id
      where c.task_id = ${id} order by c.sort, c.id`.execute(trx),
    trx.selectFrom('task_assignee as a').innerJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'a.tenant_id').onRef('u.id', '=', 'a.user_id'))
      .select(['u.id', 'u.account', personName.as('name')]).where('a.task_id', '=', id).orderBy('a.assigned_at').orderBy('u.id').execute(),
    trx.selectFrom('task_team').select(['id', 'name']).where('task_id', '=', id).orderBy('id').execute(),
    trx.selectFrom('task_team_member as m').innerJoin('task_team as t', (j) => j.onRef('t.tenant_id', '=', 'm.tenant_id').onRef('t.id', '=', 'm.team_id'))
      .innerJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'm.tenant_id').onRef('u.id', '=', 'm.user_id'))
      .select(['m.team_id', 'm.role', 'u.id', 'u.account', personName.as('name'),
        sql<boolean>`exists (select 1 from user_task ut where ut.task_id = t.task_id and ut.user_id = m.user_id)`.as('joined')])
      .where('t.task_id', '=', id).orderBy(sql`m.role = 'leader'`, 'desc').orderBy('m.joined_at').execute(),
    trx.selectFrom('points_rule').select(['points', 'daily_cap', 'enabled']).where('kind', '=', 'task_finish').executeTakeFirst(),
  ]);
  const teamsOut: AdminTeam[] = teams.map((t) => {
    const mine = members.filter((m) => Number(m.team_id) === Number(t.id));
    const leader = mine.find((m) => m.role === 'leader');
    return {
      id: Number(t.id), name: t.name, leaderId: leader ? Number(leader.id) : null,
      members: mine.map((m) => ({ userId: Number(m.id), name: m.name, account: m.account, role: m.role, joined: m.joined })),
    };
  });
  return {
    id: Number(task.id), title: task.title, cover: task.cover, summary: task.summary, body: task.body, startTime: iso(task.start_time), endTime: isoOrNull(task.end_time),
    isPublic: task.is_public, mode: task.mode, finishRule: task.finish_rule, finishMin: task.finish_min, windowState: task.window_state,
    joinedCount: task.joined_count, finishedCount: task.finished_count,
    contents: contents.rows.map((c) => ({ id: Number(c.id), kind: c.kind, refId: Number(c.ref_id), title: c.title ?? '', required: c.required, startedCount: c.started, finishedCount: c.finished })),
    assignees: assignees.map((a) => ({ userId: Number(a.id), name: a.name, account: a.account })),
    teams: teamsOut,
    pointsRule: rule ? { points: rule.points, dailyCap: rule.daily_cap, enabled: rule.enabled } : null,
  };
}

/** Creates a task or changes one; the fields are already checked and the body sanitised. Returns its id. */
export async function writeTask(trx: Trx, tenantId: number, id: number | undefined, f: AdminTaskFields): Promise<number> {
  const values = {
    title: f.title, cover: f.cover, summary: f.summary, body: f.body, start_time: f.startTime, end_time: f.endTime, is_public: f.isPublic,
    mode: f.mode, finish_rule: f.finishRule, finish_min: f.finishRule === 'at_least' ? f.finishMin : null,
  };
  if (id === undefined) {
    const row = await trx.insertInto('task').values({ tenant_id: tenantId, ...values }).returning('id').executeTakeFirstOrThrow();
    return Number(row.id);
  }
  await trx.updateTable('task').set(values).where('id', '=', id).execute();
  return id;
}

/** The task's state the checks of a save need. */
export async function taskFacts(trx: Trx, id: number) {
  const row = await trx.selectFrom('task')
    .select(['task.id', 'task.mode', 'task.finish_rule', 'task.finish_min', windowState.as('window_state'), joinedCount.as('joined_count'), contentCount.as('content_count'),
      sql<number>`(select count(*)::int from task_team t where t.task_id = task.id)`.as('team_count')])
    .where('task.id', '=', id).where('task.state', '=', 1).executeTakeFirst();
  if (!row) throw fail(`没有找到编号为 ${id} 的任务，它可能已被删除。`, 'TASK_NOT_FOUND', 404);
  return row;
}

const KIND_LABEL: Record<TaskContentKind, string> = { course: '课程', content: '内容', exam: '考试' };

/**
 * Replaces the task's contents with `items`, in order. A content kept (same kind and id) keeps its
 * row, so learners' progress on it stays; a removed one takes its per-content progress with it, but
 * a finished task stays finished (user_task never reverts).
 */
export async function replaceContents(trx: Trx, tenantId: number, taskId: number, items: ReadonlyArray<{ kind: TaskContentKind; refId: number; required: boolean }>): Promise<void> {
  const seen = new Set<string>();
  for (const item of items) {
    const key = `${item.kind}:${item.refId}`;
    if (seen.has(key)) throw fail(`${KIND_LABEL[item.kind]}（编号 ${item.refId}）在任务里出现了两次，请删去重复的一项。`, 'TASK_CONTENT_DUPLICATE');
    seen.add(key);
  }
  for (const kind of ['course', 'content', 'exam'] as const) {
    const ids = items.filter((i) => i.kind === kind).map((i) => i.refId);
    if (!ids.length) continue;
    const found = await trx.selectFrom(kind).select('id').where('id', 'in', ids).where('state', '=', 1).execute();
    const have = new Set(found.map((r) => Number(r.id)));
    const missing = ids.find((i) => !have.has(i));
    if (missing !== undefined) throw fail(`没有找到编号为 ${missing} 的${KIND_LABEL[kind]}，它可能已下架或不属于本租户。`, 'TASK_CONTENT_NOT_FOUND');
  }
  const existing = await trx.selectFrom('task_content').select(['id', 'kind', 'course_id', 'content_id', 'exam_id']).where('task_id', '=', taskId).execute();
  const byKey = new Map(existing.map((r) => [`${r.kind}:${r.course_id ?? r.content_id ?? r.exam_id}`, Number(r.id)]));
  const kept = new Set<number>();
  for (const [sort, item] of items.entries()) {
    const id = byKey.get(`${item.kind}:${item.refId}`);
    if (id !== undefined) {
      kept.add(id);
      await trx.updateTable('task_content').set({ sort, required: item.required }).where('id', '=', id).execute();
    } else {
      await trx.insertInto('task_content').values({
        tenant_id: tenantId, task_id: taskId, kind: item.kind, sort, required: item.required,
        course_id: item.kind === 'course' ? item.refId : null, content_id: item.kind === 'content' ? item.refId : null, exam_id: item.kind === 'exam' ? item.refId : null,
      }).execute();
    }
  }
  const gone = existing.map((r) => Number(r.id)).filter((id) => !kept.has(id));
  if (gone.length) await trx.deleteFrom('task_content').where('id', 'in', gone).execute();
  await trx.updateTable('task').set({ step_count: items.length }).where('id', '=', taskId).execute();
}

/** Users of the tenant among `ids` (the rest do not exist here). */
async function existingUsers(trx: Trx, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await trx.selectFrom('user_account').select('id').where('id', 'in', [...ids]).execute();
  return new Set(rows.map((r) => Number(r.id)));
}

/** Assigns users and, when asked, every current member of a class; returns how many were new. */
export async function assignUsers(trx: Trx, tenantId: number, taskId: number, userIds: readonly number[], classesId: number | undefined): Promise<number> {
  const ids = new Set(userIds);
  const have = await existingUsers(trx, userIds);
  const missing = userIds.find((u) => !have.has(u));
  if (missing !== undefined) throw fail(`没有找到编号为 ${missing} 的用户。`, 'USER_NOT_FOUND');
  if (classesId !== undefined) {
    const cls = await trx.selectFrom('training_class').select('id').where('id', '=', classesId).executeTakeFirst();
    if (!cls) throw fail(`没有找到编号为 ${classesId} 的班级。`, 'CLASSES_NOT_FOUND');
    const members = await trx.selectFrom('classes_member').select('user_id').where('classes_id', '=', classesId).where('state', '=', 1).execute();
    for (const m of members) ids.add(Number(m.user_id));
  }
  if (!ids.size) throw fail('请选择要分配的用户或班级（所选班级还没有成员）。', 'ASSIGNEES_EMPTY');
  const added = await trx.insertInto('task_assignee').values([...ids].map((user_id) => ({ tenant_id: tenantId, task_id: taskId, user_id })))
    .onConflict((oc) => oc.columns(['tenant_id', 'task_id', 'user_id']).doNothing()).returning('user_id').execute();
  return added.length;
}

/** Takes a task off a user's to-do list; their progress, if they joined, stays. */
export async function unassignUser(trx: Trx, taskId: number, userId: number): Promise<void> {
  await trx.deleteFrom('task_assignee').where('task_id', '=', taskId).where('user_id', '=', userId).execute();
}

/** Creates or changes a team: its name, leader and members (a user is in one team of a task at most). */
export async function writeTeam(trx: Trx, tenantId: number, taskId: number, team: { id?: number | undefined; name: string; leaderId: number; memberIds: readonly number[] }): Promise<void> {
  const people = [team.leaderId, ...team.memberIds.filter((m) => m !== team.leaderId)];
  const have = await existingUsers(trx, people);
  const missing = people.find((u) => !have.has(u));
  if (missing !== undefined) throw fail(`没有找到编号为 ${missing} 的用户。`, 'USER_NOT_FOUND');
  const clash = await trx.selectFrom('task_team as t').innerJoin('task_team_member as m', (j) => j.onRef('m.tenant_id', '=', 't.tenant_id').onRef('m.team_id', '=', 't.id'))
    .innerJoin('user_account as u', (j) => j.onRef('u.tenant_id', '=', 'm.tenant_id').onRef('u.id', '=', 'm.user_id'))
    .select(['t.name', personName.as('person')])
    .where('t.task_id', '=', taskId).where('m.user_id', 'in', people)
    .$if(team.id !== undefined, (qb) => qb.where('t.id', '<>', team.id!)).executeTakeFirst();
  if (clash) throw fail(`${clash.person} 已在小组「${clash.name}」里，一个人在同一任务中只能属于一个小组。`, 'TEAM_MEMBER_TAKEN');
  const sameName = await trx.selectFrom('task_team').select('id').where('task_id', '=', taskId).where('name', '=', team.name)
    .$if(team.id !== undefined, (qb) => qb.where('id', '<>', team.id!)).executeTakeFirst();
  if (sameName) throw fail(`这个任务已有名为「${team.name}」的小组，请换一个名称。`, 'TEAM_NAME_TAKEN');
  let teamId = team.id;
  if (teamId === undefined) {
    teamId = Number((await trx.insertInto('task_team').values({ tenant_id: tenantId, task_id: taskId, name: team.name }).returning('id').executeTakeFirstOrThrow()).id);
  } else {
    const found = await trx.updateTable('task_team').set({ name: team.name }).where('id', '=', teamId).where('task_id', '=', taskId).returning('id').executeTakeFirst();
    if (!found) throw fail(`没有找到编号为 ${teamId} 的小组。`, 'TEAM_NOT_FOUND', 404);
    await trx.deleteFrom('task_team_member').where('team_id', '=', teamId).where('user_id', 'not in', people).execute();
  }
  for (const userId of people) {
    const role = userId === team.leaderId ? 'leader' as const : 'member' as const;
    await trx.insertInto('task_team_member').values({ tenant_id: tenantId, team_id: teamId, user_id: userId, role })
      .onConflict((oc) => oc.columns(['tenant_id', 'team_id', 'user_id']).doUpdateSet({ role })).execute();
  }
}

/** Deletes a team nobody has joined the task through. */
export async function deleteTeam(trx: Trx, taskId: number, teamId: number): Promise<void> {
  const joined = await trx.selectFrom('user_task').select((eb) => eb.fn.countAll<string>().as('n')).where('team_id', '=', teamId).executeTakeFirstOrThrow();
  if (Number(joined.n) > 0) throw fail(`这个小组已有 ${joined.n} 人开始了任务，不能删除；可以调整成员。`, 'TEAM_HAS_LEARNERS', 409);
  const gone = await trx.deleteFrom('task_team').where('id', '=', teamId).where('task_id', '=', taskId).returning('id').executeTakeFirst();
  if (!gone) throw fail(`没有找到编号为 ${teamId} 的小组。`, 'TEAM_NOT_FOUND', 404);
}

/** Ends the window now (an upcoming task opens and closes at once). */
export async function closeTaskNow(trx: Trx, taskId: number, state: WindowState): Promise<void> {
  if (state === 'closed') throw fail('这个任务已经结束了。', 'TASK_ALREADY_CLOSED', 409);
  await trx.updateTable('task').set(state === 'upcoming' ? { start_time: sql`now()`, end_time: sql`now()` } : { end_time: sql`now()` }).where('id', '=', taskId).execute();
}

/** Deletes a task nobody joined, with its certificate rules (none can have issued). */
export async function deleteTask(trx: Trx, taskId: number, joined: number): Promise<void> {
  // Never lose learners' progress: once anyone joined, the task can only be closed.
  if (joined > 0) throw fail(`已有 ${joined} 人参加了这个任务，不能删除；可以提前结束它。`, 'TASK_HAS_LEARNERS', 409);
  await trx.deleteFrom('credential_rule').where('source_kind', '=', 'task').where('source_id', '=', taskId)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('user_credential').select('id').whereRef('user_credential.rule_id', '=', 'credential_rule.id')))).execute();
  await trx.deleteFrom('task').where('id', '=', taskId).execute();
}

/** Up to 20 of the tenant's rows of a kind whose title (class: name) holds the text, newest first. */
export async function pickRows(trx: Trx, kind: PickKind, text: string | undefined): Promise<PickRow[]> {
  const like = text?.trim() ? containsPattern(text.trim()) : null;
  if (kind === 'classes') {
    const rows = await trx.selectFrom('training_class').select(['id', 'title']).where('state', '=', 1)
      .$if(like !== null, (qb) => qb.where('title', 'ilike', like!)).orderBy('id', 'desc').limit(20).execute();
    return rows.map((r) => ({ id: Number(r.id), title: r.title }));
  }
  if (kind === 'content') {
    // What a task may open (the learner side's player): approved videos, audio, documents and articles.
    const rows = await trx.selectFrom('content').select(['id', 'title']).where('state', '=', 1).where('audit_state', '=', 'approved')
      .where('kind', 'in', ['video', 'audio', 'pdf', 'article'])
      .$if(like !== null, (qb) => qb.where('title', 'ilike', like!)).orderBy('id', 'desc').limit(20).execute();
    return rows.map((r) => ({ id: Number(r.id), title: r.title }));
  }
  const rows = await trx.selectFrom(kind).select(['id', 'title']).where('state', '=', 1)
    .$if(like !== null, (qb) => qb.where('title', 'ilike', like!)).orderBy('id', 'desc').limit(20).execute();
  return rows.map((r) => ({ id: Number(r.id), title: r.title }));
}
