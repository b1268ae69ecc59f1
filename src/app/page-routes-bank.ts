// The back-office's question bank and exam builder (issue 18 "Teachers": /sub_admin/...).
// Their own document, as /sub_admin/myAdmin: only /study/sub_admin/ documents allow the eval @rjsf needs.
import type { ComponentType } from 'react';
import { withTheme, type PageRoute } from './page-route-kit';

const adminPage = (load: () => Promise<{ default: ComponentType }>) => () => withTheme(async () => {
  const [page, { withOwnDocument }] = await Promise.all([load(), import('../components/own-document')]);
  return { default: withOwnDocument('/study/sub_admin/', page.default) };
});

export const bankPageRoutes: PageRoute[] = [
  { path: 'sub_admin/questions', name: 'questionBank', meta: { title: 'route.questionBank', auth: true }, load: adminPage(() => import('../features/admin/bank/questions-page')) },
  { path: 'sub_admin/exams', name: 'examBuilder', meta: { title: 'route.examBuilder', auth: true }, load: adminPage(() => import('../features/admin/bank/exams-page')) },
  { path: 'sub_admin/exams/:id', name: 'examBuilderEdit', meta: { title: 'route.examBuilder', auth: true }, load: adminPage(() => import('../features/admin/bank/exam-builder-page')) },
  { path: 'sub_admin/roles', name: 'roleGrants', meta: { title: 'route.roleGrants', auth: true }, load: adminPage(() => import('../features/admin/bank/roles-page')) },
];
