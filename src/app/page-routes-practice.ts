// Mock practice, practice sets, wrong-answer practice and myTest (issue 18 "Learners").
import type { PageRoute } from './page-route-kit';

export const practicePageRoutes: PageRoute[] = [
];
