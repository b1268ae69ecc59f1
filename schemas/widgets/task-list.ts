import { Type, type Static } from 'typebox';
import { listDefaults, listFields } from './list-props';
import type { WidgetContract } from './contract';
import type { RequestContext, WidgetRequest } from './request';

/** Props of a task list: public learning tasks of a category. */
export const TaskListProps = Type.Object(listFields(), { title: '任务列表', description: 'A grid or list of public learning tasks with their window state.' });
export type TaskListProps = Static<typeof TaskListProps>;

/** The contract of the task-list widget (widgets/task-list/): what the runtime and the server's template check share. */
export const taskListContract = {
  type: 'task-list',
  version: 1,
  propsSchema: TaskListProps,
  defaultProps: listDefaults(),
  migrations: [],
} satisfies WidgetContract<TaskListProps>;

/** The one GET of widgets/task-list/, public learning tasks; the server's home bootstrap makes it too. */
export function taskListRequest(props: TaskListProps, _ctx: RequestContext): WidgetRequest {
  return { path: '/task/api/task/searchAuth', query: { categoryId: props.categoryId, sort: props.sort, pageNo: 1, pageSize: props.count } };
}
