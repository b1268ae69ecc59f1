// The routes of every page but the home and the tab pages (issue 15 point 3: the home's first JS).
// ~300 routes with their lazy loaders are ~15 KB of the entry that a learner who only opens the home
// never uses; the router loads this chunk on the first navigation its shell routes cannot match
// (src/app/router.tsx discoverPageRoutes, react-router's patchRoutesOnNavigation) and adds them
// under the layout route.
import type { RouteObject } from 'react-router';
import { pageRoutes } from './page-routes';
import { lazyPage, routeHandle } from './router';

/** Every ordinary page (src/app/page-routes.ts), as children of the layout route. */
export const lazyRoutes: RouteObject[] = pageRoutes.map((r) => ({ path: r.path, lazy: lazyPage(r.load), handle: routeHandle(r.name, r.meta) }));
