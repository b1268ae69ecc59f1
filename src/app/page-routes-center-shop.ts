// Issue 20 part T: the personal center's shop section (spec learning §2 "Personal center" shop; all
// children of /user/center require login). shopReserve and shopContract are part R's.
import { withTheme, type PageRoute } from './page-route-kit';

export const centerShopPageRoutes: PageRoute[] = [
  { path: 'user/center/shop/shopMy', name: 'shopMy', meta: { title: 'route.shopMy', auth: true }, load: () => withTheme(() => import('../features/center/routes/shop-my-page')) },
  { path: 'user/center/shop/shopOrder', name: 'shopOrder', meta: { title: 'route.shopOrder', auth: true }, load: () => withTheme(() => import('../features/center/routes/shop-order-page')) },
  { path: 'user/center/shop/shopAddress', name: 'shopAddress', meta: { title: 'route.shopAddress', auth: true }, load: () => withTheme(() => import('../features/center/routes/shop-address-page')) },
  { path: 'user/center/shop/shopFavorite', name: 'shopFavorite', meta: { title: 'route.shopFavorite', auth: true }, load: () => withTheme(() => import('../features/center/routes/shop-favorite-page')) },
  { path: 'user/center/shop/shopBookshelf', name: 'shopBookshelf', meta: { title: 'route.shopBookshelf', auth: true }, load: () => withTheme(() => import('../features/center/routes/shop-bookshelf-page')) },
];
