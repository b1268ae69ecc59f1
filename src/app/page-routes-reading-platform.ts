// Issue 20 part U: book pages, authors and follows, the text platform, my follows and comments
// (spec learning §2 "Reading content" and "Personal center" content).
import { withTheme, type PageRoute } from './page-route-kit';

export const readingPlatformPageRoutes: PageRoute[] = [
  { path: 'content/noval/detail/:id?', name: 'novalDetail', meta: { title: 'route.novalDetail' }, load: () => withTheme(() => import('../features/reading/routes/book-detail-page')) },
  { path: 'content/author/:id?', name: 'author', meta: { title: 'route.author' }, load: () => withTheme(() => import('../features/reading/routes/author-page')) },
  { path: 'content/textPlatform/:id?', name: 'textPlatform', meta: { title: 'route.textPlatform' }, load: () => withTheme(() => import('../features/reading/routes/platform-page')) },
  { path: 'user/center/content/myFollow', name: 'myFollow', meta: { title: 'route.myFollow', auth: true }, load: () => withTheme(() => import('../features/center/routes/my-follow-page')) },
  { path: 'user/center/content/myComment', name: 'contentComment', meta: { title: 'route.contentComment', auth: true }, load: () => withTheme(() => import('../features/center/routes/content-comment-page')) },
];
