import { Type, type Static } from 'typebox';
import { listDefaults, listFields } from './list-props';
import type { WidgetContract } from './contract';

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
