// Mock practice, practice sets, wrong-answer practice and myTest (issue 18 "Learners").
import { withTheme, type PageRoute } from './page-route-kit';

export const practicePageRoutes: PageRoute[] = [
  // Guests on /paper are sent to sign in (meta.auth); the newest sets are open to read.
  { path: 'paper', name: 'paper', meta: { title: 'route.paper', auth: true }, load: () => withTheme(() => import('../features/practice/routes/paper-page')) },
  { path: 'paper/latest', name: 'paperLatest', meta: { title: 'route.paperLatest' }, load: () => withTheme(() => import('../features/practice/routes/paper-latest-page')) },
  { path: 'exam/practice', name: 'examPractice', meta: { title: 'route.examPractice', auth: true }, load: () => withTheme(() => import('../features/practice/routes/exam-practice-page')) },
  { path: 'user/center/study/myTest', name: 'myTest', meta: { title: 'route.myTest', auth: true }, load: () => withTheme(() => import('../features/center/routes/my-test-page')) },
];
