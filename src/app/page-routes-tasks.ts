// Issue 19 part A: tasks: the public list, a task's page, my tasks and my to-do tasks.
import { withTheme, type PageRoute } from './page-route-kit';

export const tasksPageRoutes: PageRoute[] = [
  // spec learning §2 "Details": /taskList and /task/detail/{id} are public (guests read, sign in to join).
  { path: 'taskList', name: 'taskList', meta: { title: 'route.taskList' }, load: () => withTheme(() => import('../features/tasks/routes/task-list-page')) },
  { path: 'task/detail/:id', name: 'taskDetail', meta: { title: 'route.taskDetail' }, load: () => withTheme(() => import('../features/tasks/routes/task-detail-page')) },
  // spec learning §2 "Personal center": every child requires login.
  { path: 'user/center/study/myTask', name: 'myTask', meta: { title: 'route.myTask', auth: true }, load: () => withTheme(() => import('../features/center/routes/my-task-page')) },
  { path: 'user/center/study/myMemberTask', name: 'myMemberTask', meta: { title: 'route.myMemberTask', auth: true }, load: () => withTheme(() => import('../features/center/routes/my-member-task-page')) },
];
