// The teachers' work center: myClasses, myCourse, myContent and myToDoList (issue 18 "Teachers").
import { withTheme, type PageRoute } from './page-route-kit';

export const workPageRoutes: PageRoute[] = [
  // spec learning §2 "Personal center" work; who may open them is ours (§6): the server checks the grant.
  { path: 'user/center/work/myToDoList', name: 'myToDoList', meta: { title: 'route.myToDoList', auth: true }, load: () => withTheme(() => import('../features/center/work/work-todo-page')) },
  { path: 'user/center/work/myClasses', name: 'workClasses', meta: { title: 'route.workClasses', auth: true }, load: () => withTheme(() => import('../features/center/work/work-classes-page')) },
  { path: 'user/center/work/myCourse', name: 'workCourse', meta: { title: 'route.workCourse', auth: true }, load: () => withTheme(() => import('../features/center/work/work-course-page')) },
  { path: 'user/center/work/myContent', name: 'myContent', meta: { title: 'route.myContent', auth: true }, load: () => withTheme(() => import('../features/center/work/work-content-page')) },
];
