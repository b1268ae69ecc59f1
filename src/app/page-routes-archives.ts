// Issue 19 part D: archives: the learner's learning file, self-directed study.
import { withTheme, type PageRoute } from './page-route-kit';

// spec learning §2 "Archives": my archive and its sections. The file is personal: every page needs a
// signed-in learner. /archives/pointDetail is part C's and /archives/certificatesDetail part E's.
export const archivesPageRoutes: PageRoute[] = [
  { path: 'archives', name: 'archives', meta: { title: 'route.archives', auth: true }, load: () => withTheme(() => import('../features/archives/routes/archives-page')) },
  { path: 'archives/detail', name: 'archivesDetail', meta: { title: 'route.archivesDetail', auth: true }, load: () => withTheme(() => import('../features/archives/routes/archives-detail-page')) },
  { path: 'archives/archivesDetall', name: 'archivesRecord', meta: { title: 'route.archivesRecord', auth: true }, load: () => withTheme(() => import('../features/archives/routes/archives-process-page')) },
  { path: 'archives/autonomyStudy', name: 'autonomyStudy', meta: { title: 'route.autonomyStudy', auth: true }, load: () => withTheme(() => import('../features/archives/routes/autonomy-study-page')) },
  { path: 'archives/studyTimeDetail', name: 'studyTimeDetail', meta: { title: 'route.studyTimeDetail', auth: true }, load: () => withTheme(() => import('../features/archives/routes/study-time-detail-page')) },
];
