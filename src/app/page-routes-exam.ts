// Exam preview, the detail alias and the attempt history (issue 18 "Learners").
import type { PageRoute } from './page-route-kit';
import { withTheme } from './page-route-kit';

export const examPageRoutes: PageRoute[] = [
  { path: 'exam/preview/:id', name: 'examPreview', meta: { title: 'route.examPreview' }, load: () => withTheme(() => import('../features/exam/routes/exam-preview-page')) },
  // spec learning §2: /exam/detail/index/{id} is an alias of the detail.
  { path: 'exam/detail/index/:id', name: 'examDetailIndex', meta: { title: 'route.examDetail' }, load: () => withTheme(() => import('../features/exam/routes/exam-detail-page')) },
  { path: 'exam/examHistory', name: 'examHistory', meta: { title: 'route.examHistory', auth: true }, load: () => withTheme(() => import('../features/exam/routes/exam-history-page')) },
];
