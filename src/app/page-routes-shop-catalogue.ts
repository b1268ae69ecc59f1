// Issue 20 part P: product lists by category, product content, bought, the product center
// (spec learning §2 "Products" and "Sub-home, shop and content"; docs/shop-and-content.md).
import { withTheme, type PageRoute } from './page-route-kit';

export const shopCataloguePageRoutes: PageRoute[] = [
  // Three lists: the whole catalogue with the category tree, one category's page, the navigation's list by product type.
  { path: 'sub_shop/products/products', name: 'shopProducts', meta: { title: 'route.shopProducts' }, load: () => withTheme(() => import('../features/shop/routes/catalogue-products-page')) },
  { path: 'sub_shop/list', name: 'shopList', meta: { title: 'route.shopList' }, load: () => withTheme(() => import('../features/shop/routes/catalogue-category-page')) },
  { path: 'shop/list', name: 'shopListByType', meta: { title: 'route.shopList' }, load: () => withTheme(() => import('../features/shop/routes/catalogue-shop-list-page')) },
  { path: 'product/content/:id', name: 'productContent', meta: { title: 'route.productContent' }, load: () => withTheme(() => import('../features/shop/routes/catalogue-content-page')) },
  { path: 'sub_shop/bought', name: 'bought', meta: { title: 'route.bought', auth: true }, load: () => withTheme(() => import('../features/shop/routes/bought-page')) },
  { path: 'sub_home/prodCenter/index', name: 'prodCenter', meta: { title: 'route.prodCenter' }, load: () => withTheme(() => import('../features/shop/routes/prod-center-page')) },
];
