// Homework: the assignment page, my homework, and the teacher's myWork and myZuoye (issue 18).
import { withTheme, type PageRoute } from './page-route-kit';

export const homeworkPageRoutes: PageRoute[] = [
  // spec learning §2 "Login required": /homeWork/detail and /zuoye/detail are the same assignment page.
  { path: 'homeWork/detail', name: 'homeWork', meta: { title: 'route.homeWork', auth: true }, load: () => withTheme(() => import('../features/homework/routes/homework-detail-page')) },
  { path: 'zuoye/detail', name: 'zuoye', meta: { title: 'route.homeWork', auth: true }, load: () => withTheme(() => import('../features/homework/routes/homework-detail-page')) },
  { path: 'user/center/study/myHomework', name: 'myHomework', meta: { title: 'route.myHomework', auth: true }, load: () => withTheme(() => import('../features/center/routes/my-homework-page')) },
  { path: 'user/center/work/myZuoye', name: 'myZuoye', meta: { title: 'route.myZuoye', auth: true }, load: () => withTheme(() => import('../features/center/work/homework-assignments-page')) },
  { path: 'user/center/work/myWork', name: 'myWork', meta: { title: 'route.myWork', auth: true }, load: () => withTheme(() => import('../features/center/work/homework-marking-page')) },
];
