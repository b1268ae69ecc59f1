// Task calls (issue 19 part A; spec learning §7 "Tasks and games": userTask searchUser, detail,
// contentList, saveTaskContent, finish, start, startTaskContent; task searchByMember; taskTeam
// searchByMember; task searchAuth is in routes.ts). The rules are in docs/growth.md "Tasks".
// Every call reads the tenant's rows under row-level security (readTenant); calls about "mine"
// need a signed-in user of the call's tenant.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Transaction } from 'kysely';
import { Type } from 'typebox';
import { Envelope, Paged } from '../../../schemas/common';
import type { DB } from '../../db/types';
import { requireUser, type AuthUser } from '../../plugins/auth';
import { ApiError, ok } from '../../plugins/envelope';
import { readTenant } from '../../lib/tenant-context';
import { awardPoints } from '../../lib/points';
import { issueCredentialsFor } from '../../lib/credentials';
import {
  contentsWithProgress, findMyTeam, findTask, findUserTask, isAssignedDirectly, joinTask, listMemberTasks, listMyTasks, listMyTeams,
  markFinished, progressOf, recordContentStart, setPointsAwarded, userTaskInfo, userTaskWithProgress, type TaskRow, type UserTaskRow,
} from './tasks-repository';
import {
  MemberTaskItem, MemberTaskQuery, MyTaskItem, MyTaskQuery, TaskContentBody, TaskContentItem, TaskContentStart, TaskDetail,
  TaskFinishResult, TaskIdQuery, TaskStartBody, TaskTeamInfo, TeamQuery, UserTaskBody, UserTaskInfo, type TaskContentItem as ContentItem,
} from '../../../schemas/api/tasks';

type Trx = Transaction<DB>;

const fail = (message: string, errorCode: string, code = 400) => new ApiError(message, { code, errorCode });
const taskNotFound = (id: number) => fail(`任务不存在或已下线（编号 ${id}）。`, 'TASK_NOT_FOUND', 404);
const userTaskNotFound = () => fail('你还没有参加这个任务，请先在任务页点“参加任务”。', 'USER_TASK_NOT_FOUND', 404);

/** The signed-in user of this tenant, or null for a guest (public reads). */
const optionalUser = (req: FastifyRequest, tenantId: number): AuthUser | null => (req.user && req.user.tenantId === tenantId ? req.user : null);

async function requireTask(trx: Trx, taskId: number): Promise<TaskRow> {
  const task = await findTask(trx, taskId);
  if (!task) throw taskNotFound(taskId);
  return task;
}

/** My task by id; another user's is as absent as one that does not exist. */
async function requireMyUserTask(trx: Trx, userTaskId: number, userId: number): Promise<UserTaskRow> {
  const ut = await findUserTask(trx, { id: userTaskId });
  if (!ut || Number(ut.user_id) !== userId) throw userTaskNotFound();
  return ut;
}

// Issue: "Outside the window a task cannot be started or finished (clear message)".
function requireOpenWindow(task: TaskRow, what: string): void {
  if (task.window_state === 'upcoming') {
    throw fail(`任务还没开始，${new Date(task.start_time).toLocaleString('zh-CN', { hour12: false })} 开始后才能${what}。`, 'TASK_NOT_STARTED', 409);
  }
  if (task.window_state === 'closed') throw fail(`任务已于 ${new Date(task.end_time!).toLocaleString('zh-CN', { hour12: false })} 结束，不能再${what}。`, 'TASK_CLOSED', 409);
}

/** Why the user may not join (null: may). Public personal tasks are open to all; the rest to assignees and team members. */
async function joinRefusal(trx: Trx, task: TaskRow, userId: number): Promise<{ reason: string | null; teamId: number | null; assigned: boolean }> {
  const team = await findMyTeam(trx, Number(task.id), userId);
  const direct = await isAssignedDirectly(trx, Number(task.id), userId);
  const assigned = direct || Boolean(team);
  if (task.mode === 'team') {
    if (!team) return { reason: '这是团队任务，只有任务团队的成员可以参加；请联系管理员把你加入团队。', teamId: null, assigned };
    return { reason: null, teamId: Number(team.id), assigned };
  }
  if (!task.is_public && !assigned) return { reason: '这个任务只对指派的学员开放。', teamId: null, assigned };
  return { reason: null, teamId: null, assigned };
}

/** The task's page for the user (or a guest). */
async function detailOf(trx: Trx, task: TaskRow, user: AuthUser | null): Promise<TaskDetail> {
  const base = {
    ...task.item, body: task.body, mode: task.mode, finishRule: task.finish_rule, finishMin: task.finish_min, isPublic: task.is_public,
    now: new Date(task.now).toISOString(),
  };
  if (!user) {
    const contents = await contentsWithProgress(trx, Number(task.id), null, null);
    return { ...base, ...counts(contents), assigned: false, canJoin: false, joinBlocked: '请先登录后参加任务。', mine: null, team: null };
  }
  const ut = await findUserTask(trx, { taskId: Number(task.id), userId: user.userId });
  const refusal = await joinRefusal(trx, task, user.userId);
  const team = task.mode === 'team' ? (await listMyTeams(trx, user.userId, Number(task.id)))[0] ?? null : null;
  if (ut) {
    const { info, contents } = await userTaskWithProgress(trx, ut, task);
    return { ...base, ...counts(contents), assigned: refusal.assigned, canJoin: false, joinBlocked: null, mine: info, team };
  }
  const contents = await contentsWithProgress(trx, Number(task.id), user.userId, null);
  let joinBlocked = refusal.reason;
  if (!joinBlocked && task.window_state === 'upcoming') joinBlocked = '任务还没开始，开始后才能参加。';
  if (!joinBlocked && task.window_state === 'closed') joinBlocked = '任务已结束，不能再参加。';
  return { ...base, ...counts(contents), assigned: refusal.assigned, canJoin: joinBlocked === null, joinBlocked, mine: null, team };
}

const counts = (contents: readonly ContentItem[]) => ({ contentCount: contents.length, requiredCount: contents.filter((c) => c.required).length });

/** Where a task content opens in the portal, carrying the user task (spec learning §3 userTaskId). */
function routeOf(c: ContentItem, userTaskId: number, taskId: number): string {
  const q = `userTaskId=${userTaskId}&taskContentId=${c.id}&taskId=${taskId}`;
  if (c.kind === 'course') return `/course/detail/${c.refId}?${q}`;
  if (c.kind === 'exam') return `/exam/detail/${c.refId}?${q}`;
  return `/knowledge/detail/${c.refId}?${q}`;
}

/** The task calls; registered from taskService (index.ts). */
export async function tasksRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/task/api/userTask/detail', {
    schema: {
      tags: ['task'], summary: 'A task\'s page: description, window, rule, who may join, and (signed in) my task with its progress and my team',
      querystring: TaskIdQuery, response: { 200: Envelope(TaskDetail) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => ok(await detailOf(trx, await requireTask(trx, req.query.taskId), optionalUser(req, req.query.tenantId)))));

  r.get('/task/api/userTask/contentList', {
    schema: {
      tags: ['task'], summary: 'A task\'s contents in order with kind and required flag; signed in, my progress on each (from the study record)',
      querystring: TaskIdQuery, response: { 200: Envelope(Type.Array(TaskContentItem)) },
    },
  }, async (req) => readTenant(app, req.query.tenantId, async (trx) => {
    const task = await requireTask(trx, req.query.taskId);
    const user = optionalUser(req, req.query.tenantId);
    const ut = user ? await findUserTask(trx, { taskId: Number(task.id), userId: user.userId }) : undefined;
    return ok(await contentsWithProgress(trx, Number(task.id), user?.userId ?? null, ut ?? null));
  }));

  r.post('/task/api/userTask/start', {
    schema: {
      tags: ['task'], summary: 'Joins a task inside its window (public tasks: anyone; others: assignees; team tasks: team members); joining twice returns the same task',
      body: TaskStartBody, response: { 200: Envelope(UserTaskInfo) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const task = await requireTask(trx, req.body.taskId);
      const existing = await findUserTask(trx, { taskId: Number(task.id), userId: user.userId });
      if (existing) return ok((await userTaskWithProgress(trx, existing, task)).info);
      requireOpenWindow(task, '参加');
      const refusal = await joinRefusal(trx, task, user.userId);
      if (refusal.reason) throw fail(refusal.reason, 'TASK_NOT_ALLOWED', 403);
      const ut = await joinTask(trx, user.tenantId, Number(task.id), user.userId, refusal.teamId);
      return ok((await userTaskWithProgress(trx, ut, task)).info, '已参加任务');
    });
  });

  r.post('/task/api/userTask/startTaskContent', {
    schema: {
      tags: ['task'], summary: 'Opens a content of my task inside its window: records its start and answers the route to study it in (with userTaskId)',
      body: TaskContentBody, response: { 200: Envelope(TaskContentStart) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const ut = await requireMyUserTask(trx, req.body.userTaskId, user.userId);
      const task = await requireTask(trx, Number(ut.task_id));
      const contents = await contentsWithProgress(trx, Number(task.id), user.userId, ut);
      const content = contents.find((c) => c.id === req.body.taskContentId);
      if (!content) throw fail('这项内容不属于你的这个任务。', 'TASK_CONTENT_NOT_FOUND', 404);
      // A finished task's contents stay open for review; a task not finished is studied only in its window.
      if (ut.state !== 'finished') {
        requireOpenWindow(task, '学习');
        await recordContentStart(trx, user.tenantId, ut, content.id);
      }
      const [fresh] = (await contentsWithProgress(trx, Number(task.id), user.userId, ut)).filter((c) => c.id === content.id);
      return ok({ route: routeOf(content, Number(ut.id), Number(task.id)), content: fresh ?? content });
    });
  });

  r.post('/task/api/userTask/saveTaskContent', {
    schema: {
      tags: ['task'], summary: 'Records a content of my task from the study record (or a passed exam) and answers its progress; the player\'s saves carry logType 3 and userTaskId',
      body: TaskContentBody, response: { 200: Envelope(TaskContentItem) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const ut = await requireMyUserTask(trx, req.body.userTaskId, user.userId);
      const contents = await contentsWithProgress(trx, Number(ut.task_id), user.userId, ut);
      const content = contents.find((c) => c.id === req.body.taskContentId);
      if (!content) throw fail('这项内容不属于你的这个任务。', 'TASK_CONTENT_NOT_FOUND', 404);
      return ok(content);
    });
  });

  r.post('/task/api/userTask/finish', {
    schema: {
      tags: ['task'], summary: 'Finishes my task when its rule is met, inside its window; awards task_finish points and the task\'s credentials once',
      body: UserTaskBody, response: { 200: Envelope(TaskFinishResult) },
    },
  }, async (req) => {
    const user = requireUser(req, req.body.tenantId);
    return readTenant(app, user.tenantId, async (trx) => {
      const ut = await requireMyUserTask(trx, req.body.userTaskId, user.userId);
      const task = await requireTask(trx, Number(ut.task_id));
      // Finishing twice answers the first finish: nothing is awarded again.
      if (ut.state === 'finished') return ok({ mine: (await userTaskWithProgress(trx, ut, task)).info, points: 0, credentialIds: [] });
      requireOpenWindow(task, '完成');
      const { info } = await userTaskWithProgress(trx, ut, task);
      if (!info.progress.ruleMet) {
        const rule = task.finish_rule === 'at_least' ? `至少完成 ${info.progress.needCount} 项内容` : `完成全部 ${info.progress.needCount} 项必修内容`;
        throw fail(`还不能完成任务：需要${rule}，目前完成了 ${info.progress.needDone} 项。`, 'TASK_RULE_NOT_MET', 409);
      }
      if (!(await markFinished(trx, Number(ut.id)))) {
        // docs/growth.md "Tasks": "Finishing again answers the first finish and awards nothing", also when
        // a finish at the same moment (a retry, a second tab) got there while this one waited for the row.
        // markFinished is false only for a finished row or one gone since it was read.
        const first = await findUserTask(trx, { id: Number(ut.id) });
        if (!first) throw userTaskNotFound();
        return ok({ mine: (await userTaskWithProgress(trx, first, task)).info, points: 0, credentialIds: [] });
      }
      // Kernel: points and credentials in the same transaction as the finish, after it.
      const points = await awardPoints(trx, { userId: user.userId, kind: 'task_finish', ref: `task:${task.id}`, note: task.title });
      if (points > 0) await setPointsAwarded(trx, Number(ut.id), points);
      const credentialIds = await issueCredentialsFor(trx, user.userId, { kind: 'task', id: Number(task.id) });
      const finished = (await findUserTask(trx, { id: Number(ut.id) }))!;
      return ok({ mine: userTaskInfo(finished, progressOf(task, await contentsWithProgress(trx, Number(task.id), user.userId, finished), true)), points, credentialIds }, '任务已完成');
    });
  });

  r.get('/task/api/userTask/searchUser', {
    schema: {
      tags: ['task'], summary: 'My joined tasks (doing, finished or all) with my progress, unfinished first, newest joined first',
      querystring: MyTaskQuery, response: { 200: Envelope(Paged(MyTaskItem)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10, state = 'all' } = req.query;
    return readTenant(app, user.tenantId, async (trx) => {
      const { rows, total } = await listMyTasks(trx, user.userId, { pageNo, pageSize, state });
      const list = [];
      for (const row of rows) {
        const ut = (await findUserTask(trx, { id: Number(row.user_task_id) }))!;
        const { info } = await userTaskWithProgress(trx, ut, row);
        const { finish_rule: _rule, finish_min: _min, user_task_id: _ut, window_state: windowState, ...card } = row;
        list.push({
          id: Number(card.id), title: card.title, cover: card.cover, summary: card.summary, categoryId: card.category_id, categoryName: card.category_name,
          publishTime: new Date(card.publish_time).toISOString(), startTime: new Date(card.start_time).toISOString(),
          endTime: card.end_time === null ? null : new Date(card.end_time).toISOString(), stepCount: card.step_count, points: card.points,
          joinCount: card.join_count, windowState, mine: info,
        });
      }
      return ok({ list, total, pageNo, pageSize });
    });
  });

  r.get('/task/api/task/searchByMember', {
    schema: {
      tags: ['task'], summary: 'Tasks assigned to me, directly or through a team (to-do by default), nearest deadline first, overdue marked',
      querystring: MemberTaskQuery, response: { 200: Envelope(Paged(MemberTaskItem)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    const { pageNo = 1, pageSize = 10, state = 'todo' } = req.query;
    return readTenant(app, user.tenantId, async (trx) => {
      const { rows, total } = await listMemberTasks(trx, user.userId, { pageNo, pageSize, state });
      const list = [];
      for (const row of rows) {
        const ut = row.user_task_id === null ? undefined : await findUserTask(trx, { id: Number(row.user_task_id) });
        const mine = ut ? (await userTaskWithProgress(trx, ut, row)).info : null;
        list.push({
          ...row.item, via: row.via, teamName: row.team_name, assignedAt: new Date(row.assigned_at).toISOString(),
          overdue: row.window_state === 'closed' && mine?.state !== 'finished', mine,
        });
      }
      return ok({ list, total, pageNo, pageSize });
    });
  });

  r.get('/task/api/taskTeam/searchByMember', {
    schema: {
      tags: ['task'], summary: 'My teams (of one task, or all), each with its task and every member\'s progress',
      querystring: TeamQuery, response: { 200: Envelope(Type.Array(TaskTeamInfo)) },
    },
  }, async (req) => {
    const user = requireUser(req, req.query.tenantId);
    return readTenant(app, user.tenantId, async (trx) => ok(await listMyTeams(trx, user.userId, req.query.taskId)));
  });
}
