// Exam preview, the detail alias and the attempt history (issue 18 "Learners").
import type { PageRoute } from './page-route-kit';

export const examPageRoutes: PageRoute[] = [
];
