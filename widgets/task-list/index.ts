import { searchTasks, type TaskItem } from '../../src/api/catalogue';
import type { Paged } from '../../src/api/client';
import { defineWidget } from '../../src/runtime/widget-definition';
import { taskListContract, type TaskListProps } from '../../schemas/widgets/task-list';

/** task-list: public tasks (GET /task/api/task/searchAuth), each opening /task/detail/{id}. */
export const widget = defineWidget<TaskListProps, Paged<TaskItem>>({
  ...taskListContract,
  load: () => import('./task-list'),
  data: (props) => {
    const query = { categoryId: props.categoryId, sort: props.sort, pageNo: 1, pageSize: props.count };
    return { key: ['task', 'task/searchAuth', query], fetch: (signal) => searchTasks(query, signal) };
  },
});
