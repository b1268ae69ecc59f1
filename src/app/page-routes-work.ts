// The teachers' work center: myClasses, myCourse, myContent and myToDoList (issue 18 "Teachers").
import type { PageRoute } from './page-route-kit';

export const workPageRoutes: PageRoute[] = [
];
