// Route entries of the runtime pages that are not the home route: the tab pages and the widget
// gallery. Lazy, so their chunks load only when visited. src/app/router.tsx adds them to the layout's
// children, wrapping each load in its lazyPage (chunk-failure reload):
//   ...runtimePageRoutes.map((r) => ({ path: r.path, lazy: lazyPage(r.load), handle: handle(r.name, r.meta) })),
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { RouteMeta } from '../lib/route-meta';

/** A lazily loaded page route: path, route name (matched against menu page codes), meta, loader. */
export interface RuntimePageRoute {
  path: string;
  name: string;
  meta: RouteMeta;
  load: () => Promise<{ default: ComponentType }>;
}

/**
 * The gallery renders antd components of its own, outside a runtime page: it gets antd's
 * ConfigProvider with the tenant's theme (src/components/antd-theme.tsx), loaded alongside its chunk.
 */
async function loadGallery(): Promise<{ default: ComponentType }> {
  const [page, theme] = await Promise.all([import('../features/gallery/routes/gallery-page'), import('../components/antd-theme')]);
  return { default: theme.withAntdTheme(page.default) };
}

/** /tabBarIndex/{pageCode}?pageCodeTitle=… and /widgets/gallery. */
export const runtimePageRoutes: readonly RuntimePageRoute[] = [
  { path: 'tabBarIndex/:pageCode', name: 'tabBarIndex', meta: {}, load: () => import('../features/home/routes/tab-page') },
  { path: 'widgets/gallery', name: 'widgetGallery', meta: {}, load: loadGallery },
];

/** The same routes as plain react-router objects (for tests and for routers without lazyPage). */
export const runtimeRoutes: RouteObject[] = runtimePageRoutes.map((r) => ({
  path: r.path,
  handle: { name: r.name, meta: r.meta },
  lazy: async () => ({ Component: (await r.load()).default }),
}));
