// The route table (spec shell §2 "Shell routes") under the base path /study. Every page except
// the home route is lazy-loaded, so the first paint carries only the shell and home.
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, useLocation, useParams, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import HomePage from '../features/home/routes/home-page';
import { runtimePageRoutes } from './runtime-routes';
import { BASE_PATH } from '../lib/constants';
import { Layout } from './layout/layout';
import { RootRoute } from './layout/root-route';
import { RouteError } from './layout/route-error';
import type { RouteHandle } from '../lib/route-meta';
import { chunkLoaded, decideLazyFailure } from './chunk-load';
import { withChunkTimeout } from '../lib/chunk-timeout';
import { navigationTarget } from './navigation';
import { handleNavigationFailure } from './navigation-failure';

/**
 * Lazy route loader (spec shell §4 "Chunk-load failure", §9 timeout 120 s): a chunk that fails to
 * load reloads the target once; a second failure, or any other failure, is a navigation failure.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): () => Promise<{ Component: ComponentType }> {
  return async () => {
    try {
      const module = await withChunkTimeout(load);
      chunkLoaded(sessionStorage);
      return { Component: module.default };
    } catch (error) {
      const action = decideLazyFailure(error, navigationTarget(), sessionStorage);
      if (action.kind === 'reload') {
        console.warn(`Loading the page chunk failed; loading ${action.href} again once in case a new version was deployed.`, error);
        window.location.assign(action.href);
      } else {
        handleNavigationFailure(error);
      }
      return new Promise<never>(() => undefined);
    }
  };
}

/** /{id} and /index/{id} go to /home/{id}; a non-numeric single segment is an unknown page. */
function RedirectToHome() {
  const { id = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={/^\d+$/.test(id) ? `/home/${id}${search}` : '/error'} replace />;
}

/** A route's handle: its name and meta (title, auth, keep-alive), read through useMatches. */
export const routeHandle = (name: string, meta: RouteHandle['meta'] = {}): RouteHandle => ({ name, meta });
const handle = routeHandle;

/** The layout route, under which the page routes are added once they are needed (discoverPageRoutes). */
export const LAYOUT_ROUTE_ID = 'layout';

/**
 * Adds every page route (./lazy-routes.ts) the first time a path is not matched by a route of its
 * own, only by the layout's catch-alls (`:id`, `*`), or not at all (issue 15 point 3: the route
 * table stays out of the home's first JS). react-router calls it before it settles such a match;
 * adding the same routes again changes nothing, so every router (and test) can share it.
 */
export const discoverPageRoutes: PatchRoutesOnNavigationFunction = async ({ matches, patch }) => {
  const deepest = matches.at(-1)?.route;
  if (deepest && deepest.path !== '*' && deepest.path !== ':id' && deepest.id !== LAYOUT_ROUTE_ID) return;
  const { lazyRoutes } = await import('./lazy-routes');
  patch(LAYOUT_ROUTE_ID, lazyRoutes);
};

/** The shell's route tree; tests mount it in a memory router with `patchRoutesOnNavigation: discoverPageRoutes`. */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <div className="portal-full-page" />,
    children: [
      {
        id: LAYOUT_ROUTE_ID,
        element: <Layout />,
        children: [
          { index: true, element: <Navigate to="/home" replace /> },
          { path: 'home/:id?', element: <HomePage />, handle: handle('home', { title: 'route.home', keepAlive: true }) },
          { path: 'index/:id', element: <RedirectToHome /> },
          { path: ':id', element: <RedirectToHome /> },
          ...runtimePageRoutes.map((r) => ({ path: r.path, lazy: lazyPage(r.load), handle: handle(r.name, r.meta) })),
          // Every other page comes from ./lazy-routes.ts on first need (discoverPageRoutes).
          { path: 'error', lazy: lazyPage(() => import('../features/errors/routes/not-found-page')), handle: handle('error', { title: 'route.error' }) },
          { path: '*', element: <Navigate to="/error" replace /> },
        ],
      },
    ],
  },
];

/** The app's router: history mode under /study (spec shell §2). */
export function createAppRouter() {
  return createBrowserRouter(routes, { basename: BASE_PATH, patchRoutesOnNavigation: discoverPageRoutes });
}
