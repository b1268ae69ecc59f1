// Marking subjective answers: /user/center/work/myExamMarking (issue 18).
import type { PageRoute } from './page-route-kit';

export const markingPageRoutes: PageRoute[] = [
];
