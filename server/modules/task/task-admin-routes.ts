// The back-office's learning tasks (issue 19 part J; docs/api.md "Back-office: tasks and
// certificates"; the calls are ours, under /task/api/admin/). Every call is guarded as
// /cfg/api/admin/* (spec shell §6: the admin entry is for tenantType 1 with adminAuth), checked on
// every call by the kernel's server/lib/back-office.ts.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Transaction } from 'kysely';
import { Type } from 'typebox';
import { Envelope } from '../../../schemas/common';
import { isSiteAddress } from '../../../schemas/url';
import {
  AdminTask, AdminTaskPage, AdminTasksQuery, AssigneesBody, DeleteTeamBody, PickQuery, PickRow, SaveTaskBody, SaveTaskContentsBody, SaveTeamBody,
  TASK_TITLE_MAX, TaskAdminIdBody, TaskAdminIdQuery, TEAM_NAME_MAX, UnassignBody, type AdminTaskFields,
} from '../../../schemas/api/task-admin';
import type { DB } from '../../db/types';
import { ApiError, ok } from '../../plugins/envelope';
import { sanitizeRichTextHtml } from '../../lib/rich-text';
import {
  assignUsers, closeTaskNow, deleteTask, deleteTeam, getAdminTask, listAdminTasks, pickRows, replaceContents, taskFacts, unassignUser, writeTask, writeTeam,
} from './task-admin-repository';
import { asBackOfficeAdmin } from '../../lib/back-office';

type Trx = Transaction<DB>;
const tags = ['task-admin'];
const fail = (message: string, errorCode: string) => new ApiError(message, { errorCode });

/** The caller, who must hold the back-office right in a tenant that has one; then `work` runs in the tenant (server/lib/back-office.ts). */
async function asTaskAdmin<T>(app: FastifyInstance, req: FastifyRequest, tenantId: number, work: (trx: Trx) => Promise<T>): Promise<T> {
  return asBackOfficeAdmin(app, req, tenantId, (trx) => work(trx));
}

/** The editor's fields, trimmed and checked; the body sanitised (DESIGN: tenant rich text is sanitised on save). */
async function cleanFields(f: AdminTaskFields): Promise<AdminTaskFields> {
  const title = f.title.trim();
  if (!title) throw fail('请填写任务名称。', 'TASK_TITLE_REQUIRED');
  if ([...title].length > TASK_TITLE_MAX) throw fail(`任务名称最多 ${TASK_TITLE_MAX} 个字。`, 'TASK_TITLE_TOO_LONG');
  const cover = f.cover?.trim() || null;
  if (cover && !isSiteAddress(cover)) throw fail('封面地址需以 / 开头（站内文件）或以 http:// 、https:// 开头。', 'TASK_COVER_INVALID');
  if (f.endTime && new Date(f.endTime) <= new Date(f.startTime)) throw fail('结束时间需晚于开始时间。', 'TASK_WINDOW_INVALID');
  if (f.finishRule === 'at_least' && !f.finishMin) throw fail('“至少完成 N 项”需要填写 N（至少 1）。', 'TASK_FINISH_MIN_REQUIRED');
  const body = f.body?.trim() ? (await sanitizeRichTextHtml(f.body)).trim() || null : null;
  return { ...f, title, cover, summary: f.summary?.trim() || null, body, finishMin: f.finishRule === 'at_least' ? f.finishMin : null };
}

/** The back-office's task calls; registered from taskService. */
export async function taskAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get('/task/api/admin/tasks', {
    schema: { tags, summary: 'Back-office: the tenant\'s tasks, newest first, with window state, joined and finished counts; title search and window filter, paged', querystring: AdminTasksQuery, response: { 200: Envelope(AdminTaskPage) } },
  }, async (req) => {
    const { pageNo = 1, pageSize = 20, text, windowState } = req.query;
    return ok(await asTaskAdmin(app, req, req.query.tenantId, (trx) => listAdminTasks(trx, { text, windowState, pageNo, pageSize })));
  });

  r.get('/task/api/admin/task', {
    schema: { tags, summary: 'Back-office: one task with its contents (and how many learners opened and finished each), assignees, teams and the tenant\'s task_finish points rule', querystring: TaskAdminIdQuery, response: { 200: Envelope(AdminTask) } },
  }, async (req) => ok(await asTaskAdmin(app, req, req.query.tenantId, (trx) => getAdminTask(trx, req.query.id))));

  r.post('/task/api/admin/task/save', {
    schema: { tags, summary: 'Back-office: create a task or change its title, cover, summary, body (sanitised), window, audience, mode and completion rule', body: SaveTaskBody, response: { 200: Envelope(AdminTask) } },
  }, async (req) => {
    const { tenantId, id } = req.body;
    return ok(await asTaskAdmin(app, req, tenantId, async (trx) => {
      const fields = await cleanFields(req.body.task);
      if (id !== undefined) {
        const facts = await taskFacts(trx, id);
        // Never lose learners' progress: who may do it (personal or team) is fixed once anyone joined.
        if (facts.mode !== fields.mode && facts.joined_count > 0) {
          throw fail(`已有 ${facts.joined_count} 人参加了这个任务，不能再在个人任务和小组任务之间切换。`, 'TASK_MODE_LOCKED');
        }
        if (facts.mode === 'team' && fields.mode === 'personal' && facts.team_count > 0) throw fail('请先删除这个任务的小组，再改为个人任务。', 'TASK_HAS_TEAMS');
        if (fields.finishRule === 'at_least' && facts.content_count > 0 && fields.finishMin! > facts.content_count) {
          throw fail(`任务只有 ${facts.content_count} 项内容，“至少完成”不能超过 ${facts.content_count}。`, 'TASK_FINISH_MIN_TOO_HIGH');
        }
      }
      return getAdminTask(trx, await writeTask(trx, tenantId, id, fields));
    }), '保存成功');
  });

  r.post('/task/api/admin/task/contents/save', {
    schema: { tags, summary: 'Back-office: the task\'s contents in order (courses, contents, exams of the tenant) with their required flag; kept contents keep learners\' progress', body: SaveTaskContentsBody, response: { 200: Envelope(AdminTask) } },
  }, async (req) => {
    const { tenantId, taskId, contents } = req.body;
    return ok(await asTaskAdmin(app, req, tenantId, async (trx) => {
      const facts = await taskFacts(trx, taskId);
      if (facts.finish_rule === 'at_least' && contents.length < facts.finish_min!) {
        throw fail(`完成规则是“至少完成 ${facts.finish_min} 项”，任务至少要有 ${facts.finish_min} 项内容；请先改完成规则。`, 'TASK_FINISH_MIN_TOO_HIGH');
      }
      await replaceContents(trx, tenantId, taskId, contents);
      return getAdminTask(trx, taskId);
    }), '保存成功');
  });

  r.post('/task/api/admin/task/assignees/add', {
    schema: { tags, summary: 'Back-office: assign the task to users and/or every current member of a class (already assigned ones are kept)', body: AssigneesBody, response: { 200: Envelope(AdminTask) } },
  }, async (req) => {
    const { tenantId, taskId, userIds = [], classesId } = req.body;
    let added = 0;
    const task = await asTaskAdmin(app, req, tenantId, async (trx) => {
      await taskFacts(trx, taskId);
      added = await assignUsers(trx, tenantId, taskId, userIds, classesId);
      return getAdminTask(trx, taskId);
    });
    return ok(task, `已分配给 ${added} 人`);
  });

  r.post('/task/api/admin/task/assignees/remove', {
    schema: { tags, summary: 'Back-office: take the task off one user\'s to-do list (their progress stays)', body: UnassignBody, response: { 200: Envelope(AdminTask) } },
  }, async (req) => {
    const { tenantId, taskId, userId } = req.body;
    return ok(await asTaskAdmin(app, req, tenantId, async (trx) => {
      await taskFacts(trx, taskId);
      await unassignUser(trx, taskId, userId);
      return getAdminTask(trx, taskId);
    }), '已移除');
  });

  r.post('/task/api/admin/task/team/save', {
    schema: { tags, summary: 'Back-office: create or change a team of a team task: name, leader, members (one team per user and task)', body: SaveTeamBody, response: { 200: Envelope(AdminTask) } },
  }, async (req) => {
    const { tenantId, taskId, id, leaderId, memberIds } = req.body;
    return ok(await asTaskAdmin(app, req, tenantId, async (trx) => {
      const name = req.body.name.trim();
      if (!name) throw fail('请填写小组名称。', 'TEAM_NAME_REQUIRED');
      if ([...name].length > TEAM_NAME_MAX) throw fail(`小组名称最多 ${TEAM_NAME_MAX} 个字。`, 'TEAM_NAME_TOO_LONG');
      const facts = await taskFacts(trx, taskId);
      if (facts.mode !== 'team') throw fail('只有小组任务可以设置小组；请先把任务改为小组任务。', 'TASK_NOT_TEAM');
      await writeTeam(trx, tenantId, taskId, { id, name, leaderId, memberIds });
      return getAdminTask(trx, taskId);
    }), '保存成功');
  });

  r.post('/task/api/admin/task/team/delete', {
    schema: { tags, summary: 'Back-office: delete a team nobody has started the task through', body: DeleteTeamBody, response: { 200: Envelope(AdminTask) } },
  }, async (req) => {
    const { tenantId, taskId, id } = req.body;
    return ok(await asTaskAdmin(app, req, tenantId, async (trx) => {
      await taskFacts(trx, taskId);
      await deleteTeam(trx, taskId, id);
      return getAdminTask(trx, taskId);
    }), '已删除');
  });

  r.post('/task/api/admin/task/close', {
    schema: { tags, summary: 'Back-office: end the task\'s window now (finished learners keep their finish)', body: TaskAdminIdBody, response: { 200: Envelope(AdminTask) } },
  }, async (req) => {
    const { tenantId, id } = req.body;
    return ok(await asTaskAdmin(app, req, tenantId, async (trx) => {
      const facts = await taskFacts(trx, id);
      await closeTaskNow(trx, id, facts.window_state);
      return getAdminTask(trx, id);
    }), '任务已结束');
  });

  r.post('/task/api/admin/task/delete', {
    schema: { tags, summary: 'Back-office: delete a task nobody joined (refused once anyone joined: close it instead)', body: TaskAdminIdBody, response: { 200: Envelope(Type.Null()) } },
  }, async (req) => {
    const { tenantId, id } = req.body;
    await asTaskAdmin(app, req, tenantId, async (trx) => {
      const facts = await taskFacts(trx, id);
      await deleteTask(trx, id, facts.joined_count);
    });
    return ok(null, '已删除');
  });

  r.get('/task/api/admin/pick', {
    schema: { tags, summary: 'Back-office: up to 20 of the tenant\'s published courses, contents, exams, classes or tasks whose title holds the text (the editors\' pickers)', querystring: PickQuery, response: { 200: Envelope(Type.Array(PickRow)) } },
  }, async (req) => ok(await asTaskAdmin(app, req, req.query.tenantId, (trx) => pickRows(trx, req.query.kind, req.query.text))));
}
