// Homework: the assignment page, my homework, and the teacher's myWork and myZuoye (issue 18).
import type { PageRoute } from './page-route-kit';

export const homeworkPageRoutes: PageRoute[] = [
];
