// Marking subjective answers: /user/center/work/myExamMarking (issue 18).
import { withTheme, type PageRoute } from './page-route-kit';

export const markingPageRoutes: PageRoute[] = [
  // spec learning §2 "Personal center" work: myExamMarking; the server checks the marker role (§6).
  {
    path: 'user/center/work/myExamMarking', name: 'myExamMarking', meta: { title: 'route.myExamMarking', auth: true },
    load: () => withTheme(() => import('../features/center/work/marking-page')),
  },
];
