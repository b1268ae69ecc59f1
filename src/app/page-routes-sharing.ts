// Issue 19 part H: learners' shared articles, notices by user, topics and affairs.
import { withTheme, type PageRoute } from './page-route-kit';

export const sharingPageRoutes: PageRoute[] = [
  { path: 'user/center/study/myArticle', name: 'myArticle', meta: { title: 'route.myArticle', auth: true }, load: () => withTheme(() => import('../features/center/routes/my-article-page')) },
  { path: 'user/center/study/myShare', name: 'myShare', meta: { title: 'route.myShare', auth: true }, load: () => withTheme(() => import('../features/center/routes/my-share-page')) },
  { path: 'user/center/study/myNotice', name: 'myNotice', meta: { title: 'route.myNotice', auth: true }, load: () => withTheme(() => import('../features/center/routes/my-notice-page')) },
  // spec learning §2 "Details": public pages (an affair's read receipt asks a guest to sign in).
  { path: 'topic/detail/:id', name: 'topicDetail', meta: { title: 'route.topicDetail' }, load: () => withTheme(() => import('../features/sharing/routes/topic-detail-page')) },
  { path: 'affair/detail/:id', name: 'affairDetail', meta: { title: 'route.affairDetail' }, load: () => withTheme(() => import('../features/sharing/routes/affair-detail-page')) },
];
