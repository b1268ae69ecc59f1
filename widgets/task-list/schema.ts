import { Type, type Static } from 'typebox';
import { listFields } from '../../src/components/list-props';

/** Props of a task list: public learning tasks of a category. */
export const TaskListProps = Type.Object(listFields(), { title: '任务列表', description: 'A grid or list of public learning tasks with their window state.' });
export type TaskListProps = Static<typeof TaskListProps>;
