import { searchTasks, type TaskItem } from '../../src/api/catalogue';
import type { Paged } from '../../src/api/client';
import { listDefaults } from '../../src/components/list-props';
import { defineWidget } from '../../src/runtime/widget-definition';
import { TaskListProps } from './schema';

/** task-list: public tasks (GET /task/api/task/searchAuth), each opening /task/detail/{id}. */
export const widget = defineWidget<TaskListProps, Paged<TaskItem>>({
  type: 'task-list',
  version: 1,
  propsSchema: TaskListProps,
  defaultProps: listDefaults(),
  migrations: [],
  load: () => import('./task-list'),
  data: (props) => {
    const query = { categoryId: props.categoryId, sort: props.sort, pageNo: 1, pageSize: props.count };
    return { key: ['task', 'task/searchAuth', query], fetch: (signal) => searchTasks(query, signal) };
  },
});
