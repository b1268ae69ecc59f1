import type { Paged } from '../../src/api/client';
import type { TaskItem } from '../../src/api/catalogue';
import { requestDeclaration } from '../../src/runtime/request-data';
import { defineWidget } from '../../src/runtime/widget-definition';
import { taskListContract, taskListRequest, type TaskListProps } from '../../schemas/widgets/task-list';

/** task-list: public tasks (GET /task/api/task/searchAuth), each opening /task/detail/{id}. */
export const widget = defineWidget<TaskListProps, Paged<TaskItem>>({
  ...taskListContract,
  load: () => import('./task-list'),
  data: (props, ctx) => requestDeclaration<Paged<TaskItem>>(taskListRequest(props, ctx)),
});
