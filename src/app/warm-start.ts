// The home's first render as the finished page (issue 15 point 3: all blocks of demo's home within
// 2× of a plain page). When the HTML carries start-up's answers and the home's template
// (server/plugins/bootstrap.ts), start-up runs before the first render (startAppNow), and the
// runtime chunk, the widget library and the template's widget modules, which the HTML preloads,
// are awaited before it too. The first commit is then the shell with the page's blocks, instead of
// the Loading screen, then the shell with a skeleton, then a busy page, then the blocks: each of
// those was a commit with its own style, layout and paint on the way to the same picture.
import { BASE_PATH } from '../lib/constants';
import { readBootstrap } from '../lib/bootstrap';
import { currentHomePage } from '../lib/home-pages';
import { useAppStore } from '../stores/app-store';
import { selectSignedIn, useUserStore } from '../stores/user-store';
import { loadRuntimePage } from '../features/home/components/lazy-runtime-page';
import { loadSignedInMenu } from './layout/user-menu';
import { loadPortalRegistry } from './portal-registry';
import { startAppNow } from './start-up';

/**
 * How long the first render waits for the home's modules. They are preloaded by the HTML, so this
 * is reached only on a slow network, where the shell and its skeleton then paint first as before.
 */
export const WARM_START_WAIT_MS = 400;

/** The same when the root already shows the server's markup of the home: the skeleton would replace blocks. */
export const SERVER_MARKUP_WAIT_MS = 5_000;

/** The :id of a home route (/home, /home/{id}) under the base path, null without one; undefined for other routes. */
export function homeRouteParam(pathname: string): string | null | undefined {
  const path = pathname.startsWith(BASE_PATH) ? pathname.slice(BASE_PATH.length) : pathname;
  const match = /^\/home(?:\/([^/]+))?\/?$/.exec(path);
  if (!match) return undefined;
  return match[1] ?? null;
}

/**
 * Runs start-up from the HTML's answers and, on a home route whose template the HTML carries,
 * loads what its first commit needs (at most `waitMs`; the server's render, src/ssr/render-home.tsx,
 * waits longer). Resolves when the app may render; it never rejects (what it could not do, the app does after its first render as before).
 */
export async function prepareFirstRender(location: Pick<Location, 'pathname' | 'hostname' | 'search'> = window.location, waitMs = WARM_START_WAIT_MS): Promise<void> {
  let started = false;
  try {
    started = startAppNow(location);
  } catch (error) {
    console.error('Starting from the answers in the page failed; the portal asks the API instead.', error);
  }
  if (!started) return;
  // A signed-in visitor's navbar shows their menu (start-up has read who is signed in): its code
  // loads now, and the home's first commit waits for it with the rest, so the menu does not replace
  // a placeholder under a pointer just after the first paint.
  const userMenu = selectSignedIn(useUserStore.getState()) ? loadSignedInMenu().catch(() => undefined) : undefined;
  // The index route sends to /home (src/app/router.tsx); done here, the first commit is the home
  // rather than a <Navigate> and then the home.
  if (location === window.location && (location.pathname === BASE_PATH || location.pathname === `${BASE_PATH}/`)) {
    window.history.replaceState(window.history.state, '', `${BASE_PATH}/home${location.search}${window.location.hash}`);
  }
  const routeId = homeRouteParam(location.pathname);
  if (routeId === undefined) return;
  const { homePages, tenantId, selectedPageId } = useAppStore.getState();
  const page = currentHomePage(homePages, { routeId: routeId ?? undefined, tenantId, selectedPageId });
  const stored = readBootstrap()?.template;
  if (!page || !stored || stored.pageId !== page.pageId) return;
  const ready = Promise.all([
    Promise.all([loadRuntimePage(), loadPortalRegistry()]).then(([runtime, registry]) => runtime.warmPage(registry, stored)),
    userMenu,
  ]).catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, WARM_START_WAIT_MS);
  });
  await Promise.race([ready, late]);
  clearTimeout(timer);
}
