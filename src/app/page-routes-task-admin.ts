// The back-office's learning tasks and certificate rules (issue 19, /sub_admin/...). Their own
// document, as the bank's (page-routes-bank.ts): only /study/sub_admin/ documents allow the eval @rjsf needs.
import type { ComponentType } from 'react';
import { withTheme, type PageRoute } from './page-route-kit';

const adminPage = (load: () => Promise<{ default: ComponentType }>) => () => withTheme(async () => {
  const [page, { withOwnDocument }] = await Promise.all([load(), import('../components/own-document')]);
  return { default: withOwnDocument('/study/sub_admin/', page.default) };
});

export const taskAdminPageRoutes: PageRoute[] = [
  { path: 'sub_admin/tasks', name: 'adminTasks', meta: { title: 'route.adminTasks', auth: true }, load: adminPage(() => import('../features/admin/tasks/tasks-page')) },
  { path: 'sub_admin/tasks/:id', name: 'adminTaskEdit', meta: { title: 'route.adminTasks', auth: true }, load: adminPage(() => import('../features/admin/tasks/task-editor-page')) },
  { path: 'sub_admin/credentials', name: 'adminCredentials', meta: { title: 'route.adminCredentials', auth: true }, load: adminPage(() => import('../features/admin/tasks/credentials-page')) },
];
