// Issue 20 part Q: delivery tracking, reviews, and the back office's shipping (spec learning §2
// "Shop": /sub_shop/delivery_detail/{id?}, /sub_shop/comment; /sub_admin/shopOrders is ours). The
// back-office page has its own document, as the other /sub_admin pages (page-routes-points.ts).
import type { ComponentType } from 'react';
import { withTheme, type PageRoute } from './page-route-kit';

const adminPage = (load: () => Promise<{ default: ComponentType }>) => () => withTheme(async () => {
  const [page, { withOwnDocument }] = await Promise.all([load(), import('../components/own-document')]);
  return { default: withOwnDocument('/study/sub_admin/', page.default) };
});

export const afterSalePageRoutes: PageRoute[] = [
  { path: 'sub_shop/delivery_detail/:id?', name: 'deliveryDetail', meta: { title: 'route.deliveryDetail', auth: true }, load: () => withTheme(() => import('../features/shop/routes/delivery-detail-page')) },
  { path: 'sub_shop/comment', name: 'shopComment', meta: { title: 'route.shopComment', auth: true }, load: () => withTheme(() => import('../features/shop/routes/review-order-page')) },
  { path: 'sub_admin/shopOrders', name: 'adminShopOrders', meta: { title: 'route.adminShopOrders', auth: true }, load: adminPage(() => import('../features/admin/shop/shop-orders-page')) },
];
