// Issue 20 (first bullet of "Shop"): the provider and school pages the shop home links to
// (spec learning §2 "Sub-home, shop and content"; school is used when the org type is SCHOOL).
import { withTheme, type PageRoute } from './page-route-kit';

export const providerPageRoutes: PageRoute[] = [
  { path: 'sub_shop/provider/list', name: 'providerList', meta: { title: 'route.providerList' }, load: () => withTheme(() => import('../features/shop/routes/provider-list-page')) },
  { path: 'sub_shop/provider/:id?', name: 'provider', meta: { title: 'route.provider' }, load: () => withTheme(() => import('../features/shop/routes/provider-page')) },
  { path: 'sub_shop/school/:id?', name: 'school', meta: { title: 'route.school' }, load: () => withTheme(() => import('../features/shop/routes/provider-page')) },
];
