// Issue 20 part S: made-to-order requests and applications to open a shop (spec learning §2
// "Sub-home, shop and content"). /sub_home/make is open (a guest reads the kinds and is sent to sign
// in to send a request); the request's page, the application form and the back office's two pages
// need a sign-in (the server keeps the back office's calls to asBackOfficeAdmin).
import { withTheme, type PageRoute } from './page-route-kit';

export const makePageRoutes: PageRoute[] = [
  { path: 'sub_home/make', name: 'make', meta: { title: 'route.make' }, load: () => withTheme(() => import('../features/make/routes/make-page')) },
  { path: 'sub_home/make/makeDetail', name: 'makeDetail', meta: { title: 'route.makeDetail', auth: true }, load: () => withTheme(() => import('../features/make/routes/make-detail-page')) },
  { path: 'sub_admin/registTenant/index', name: 'registTenant', meta: { title: 'route.registTenant', auth: true }, load: () => withTheme(() => import('../features/make/routes/regist-tenant-page')) },
  // Ours: the back office answers requests and reviews applications (no @rjsf, so no own document).
  { path: 'sub_admin/makeRequests', name: 'makeRequests', meta: { title: 'route.makeRequests', auth: true }, load: () => withTheme(() => import('../features/admin/stores/make-requests-page')) },
  { path: 'sub_admin/storeApplications', name: 'storeApplications', meta: { title: 'route.storeApplications', auth: true }, load: () => withTheme(() => import('../features/admin/stores/store-applications-page')) },
];
