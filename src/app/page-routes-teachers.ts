// Issue 19 part G: teachers' pages and the requirements hall (spec learning §2 "Teachers" and
// "Requirements"). The spec lists them among the public pages; publishing a requirement needs a
// signed-in user, so /pages/require/save carries the auth flag (responding and rating ask for
// sign-in on the page itself).
import { withTheme, type PageRoute } from './page-route-kit';

export const teachersPageRoutes: PageRoute[] = [
  { path: 'teacherList', name: 'teacherList', meta: { title: 'route.teacherList', keepAlive: true, keepKey: 'teacherList' }, load: () => withTheme(() => import('../features/teachers/routes/teacher-list-page')) },
  { path: 'teacherList/teacherDetail', name: 'teacherDetail', meta: { title: 'route.teacherDetail' }, load: () => withTheme(() => import('../features/teachers/routes/teacher-detail-page')) },
  { path: 'teacherList/teacherContribution', name: 'teacherContribution', meta: { title: 'route.teacherContribution' }, load: () => withTheme(() => import('../features/teachers/routes/teacher-contribution-page')) },
  { path: 'pages/require/save', name: 'requireSave', meta: { title: 'route.requireSave', auth: true }, load: () => withTheme(() => import('../features/teachers/routes/require-save-page')) },
  { path: 'pages/require/list', name: 'requireList', meta: { title: 'route.requireList' }, load: () => withTheme(() => import('../features/teachers/routes/require-list-page')) },
  { path: 'pages/require/detail', name: 'requireDetail', meta: { title: 'route.requireDetail' }, load: () => withTheme(() => import('../features/teachers/routes/require-detail-page')) },
  { path: 'pages/article/list', name: 'articleList', meta: { title: 'route.articleList' }, load: () => withTheme(() => import('../features/teachers/routes/article-list-page')) },
];
