// The task calls (issue 19 part A; schemas/api/tasks.ts, docs/api.md "Tasks"), shared by the task
// pages (src/features/tasks) and the personal center's myTask and myMemberTask. Reads are silent
// where the page shows its own error; writes go through the error catalogue, so a refusal (outside
// the window, rule not met) shows the server's message.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MemberTaskItem, MyTaskItem, TaskContentItem, TaskContentStart, TaskDetail, TaskFinishResult, TaskTeamInfo, TaskWindowState, UserTaskInfo,
} from '../../schemas/api/tasks';
import type { TaskItem } from '../../schemas/api/task';
import { useAppStore } from '../stores/app-store';
import { selectUserId, useUserStore } from '../stores/user-store';
import { apiGet, apiPost, type ApiOptions, type Paged } from './client';

export type {
  MemberTaskItem, MyTaskItem, TaskContentItem, TaskContentStart, TaskDetail, TaskFinishResult, TaskProgress, TaskTeamInfo, TaskWindowState,
  TeamMember, UserTaskInfo,
} from '../../schemas/api/tasks';
export type { TaskItem } from '../../schemas/api/task';
export { TASK_LOG_TYPE } from '../../schemas/api/tasks';

/** The task page's path (spec learning §2 "Details"). */
export const taskPath = (id: number) => `/task/detail/${id}`;

/** The public list's query. */
export interface TaskListQuery {
  pageNo: number;
  pageSize: number;
  windowState?: TaskWindowState | undefined;
  categoryId?: number | undefined;
  searchValue?: string | undefined;
}

const defined = (q: object) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== ''));

/** Public tasks (GET /task/api/task/searchAuth). */
export const searchTaskList = (q: TaskListQuery, opts: ApiOptions = {}) => apiGet<Paged<TaskItem>>('/task/api/task/searchAuth', defined(q), opts);

/** A task's page (guests too). */
export const getTaskDetail = (taskId: number, opts: ApiOptions = {}) => apiGet<TaskDetail>('/task/api/userTask/detail', { taskId }, opts);

/** A task's contents in order with my progress. */
export const getTaskContents = (taskId: number, opts: ApiOptions = {}) => apiGet<TaskContentItem[]>('/task/api/userTask/contentList', { taskId }, opts);

/** Joins a task. */
export const startTask = (taskId: number) => apiPost<UserTaskInfo>('/task/api/userTask/start', { taskId });

/** Opens a content of my task: the route to study it in. */
export const startTaskContent = (userTaskId: number, taskContentId: number) =>
  apiPost<TaskContentStart>('/task/api/userTask/startTaskContent', { userTaskId, taskContentId });

/** Records a content of my task from the study record. */
export const saveTaskContent = (userTaskId: number, taskContentId: number) =>
  apiPost<TaskContentItem>('/task/api/userTask/saveTaskContent', { userTaskId, taskContentId });

/** Finishes my task. */
export const finishTask = (userTaskId: number) => apiPost<TaskFinishResult>('/task/api/userTask/finish', { userTaskId });

/** My joined tasks. */
export const getMyTasks = (q: { pageNo: number; pageSize: number; state: 'doing' | 'finished' | 'all' }, opts: ApiOptions = {}) =>
  apiGet<Paged<MyTaskItem>>('/task/api/userTask/searchUser', q, opts);

/** Tasks assigned to me. */
export const getMemberTasks = (q: { pageNo: number; pageSize: number; state: 'todo' | 'finished' | 'all' }, opts: ApiOptions = {}) =>
  apiGet<Paged<MemberTaskItem>>('/task/api/task/searchByMember', q, opts);

/** My teams (of one task). */
export const getMyTeams = (taskId?: number, opts: ApiOptions = {}) =>
  apiGet<TaskTeamInfo[]>('/task/api/taskTeam/searchByMember', taskId ? { taskId } : {}, opts);

/** The cache keys of the task calls: tenant- and user-scoped. */
export function useTaskKeys() {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  return {
    all: ['tasks', tenantId] as const,
    detail: (taskId: number) => ['tasks', tenantId, userId, 'detail', taskId] as const,
    contents: (taskId: number) => ['tasks', tenantId, userId, 'contents', taskId] as const,
    mine: (...rest: unknown[]) => ['tasks', tenantId, userId, 'mine', ...rest] as const,
    member: (...rest: unknown[]) => ['tasks', tenantId, userId, 'member', ...rest] as const,
    list: (q: TaskListQuery) => ['tasks', tenantId, 'list', q] as const,
  };
}

/** A task's page and contents (silent reads: the page shows its own states). */
export function useTaskDetail(taskId: number | null) {
  const keys = useTaskKeys();
  // Progress changes while the learner studies on other pages: read it afresh on every visit.
  const detail = useQuery({
    queryKey: keys.detail(taskId ?? 0), enabled: taskId !== null, retry: false, refetchOnMount: 'always',
    queryFn: ({ signal }) => getTaskDetail(taskId!, { silent: true, signal }),
  });
  const contents = useQuery({
    queryKey: keys.contents(taskId ?? 0), enabled: taskId !== null, retry: false, refetchOnMount: 'always',
    queryFn: ({ signal }) => getTaskContents(taskId!, { silent: true, signal }),
  });
  return { detail, contents };
}

/** Join, open a content and finish, each refreshing every task read afterwards. */
export function useTaskActions() {
  const client = useQueryClient();
  const keys = useTaskKeys();
  const refresh = () => client.invalidateQueries({ queryKey: keys.all });
  return {
    join: useMutation({ mutationFn: startTask, onSettled: refresh }),
    open: useMutation({ mutationFn: (v: { userTaskId: number; taskContentId: number }) => startTaskContent(v.userTaskId, v.taskContentId), onSettled: refresh }),
    finish: useMutation({ mutationFn: finishTask, onSettled: refresh }),
  };
}
