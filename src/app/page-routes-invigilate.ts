// The invigilator's live list of a running exam: /user/center/work/myExamInvigilate (issue 18).
import type { PageRoute } from './page-route-kit';

export const invigilatePageRoutes: PageRoute[] = [
];
