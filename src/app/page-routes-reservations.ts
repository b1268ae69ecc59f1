// Issue 20 part R: reservations, contracts and refunds: the personal center's shopReserve and
// shopContract (spec learning §2 "Personal center" shop), and the back office's refund requests
// (/sub_admin/refunds; its own document, as the other /sub_admin pages: page-routes-growth-admin.ts).
import type { ComponentType } from 'react';
import { withTheme, type PageRoute } from './page-route-kit';

const adminPage = (load: () => Promise<{ default: ComponentType }>) => () => withTheme(async () => {
  const [page, { withOwnDocument }] = await Promise.all([load(), import('../components/own-document')]);
  return { default: withOwnDocument('/study/sub_admin/', page.default) };
});

export const reservationsPageRoutes: PageRoute[] = [
  { path: 'user/center/shop/shopReserve', name: 'shopReserve', meta: { title: 'route.shopReserve', auth: true }, load: () => withTheme(() => import('../features/center/routes/shop-reserve-page')) },
  { path: 'user/center/shop/shopContract', name: 'shopContract', meta: { title: 'route.shopContract', auth: true }, load: () => withTheme(() => import('../features/center/routes/shop-contract-page')) },
  { path: 'sub_admin/refunds', name: 'adminRefunds', meta: { title: 'route.adminRefunds', auth: true }, load: adminPage(() => import('../features/admin/reservations/refunds-page')) },
];
