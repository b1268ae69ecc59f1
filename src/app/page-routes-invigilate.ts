// The invigilator's live list of a running exam: /user/center/work/myExamInvigilate (issue 18).
import { withTheme, type PageRoute } from './page-route-kit';

export const invigilatePageRoutes: PageRoute[] = [
  // spec learning §2 "Personal center" work: myExamInvigilate; the server checks the invigilator role (§6).
  {
    path: 'user/center/work/myExamInvigilate', name: 'myExamInvigilate', meta: { title: 'route.myExamInvigilate', auth: true },
    load: () => withTheme(() => import('../features/center/work/invigilate-page')),
  },
];
