// The sign-in address with the page to come back to (spec shell §2: /login, query return
// (returnUrl); the 401 rule of §8 sends the user to /login?returnUrl=).

import { BASE_PATH } from './constants';

/**
 * An address inside the app, without the /study base: a data router's state.location (and
 * window.location) carry the base, while links and navigate() take paths without it.
 */
export function inAppPath(pathname: string): string {
  if (pathname === BASE_PATH) return '/';
  return pathname.startsWith(`${BASE_PATH}/`) ? pathname.slice(BASE_PATH.length) : pathname;
}

/** The query key that carries the return path; `return` is also read, for older links. */
export const RETURN_QUERY = 'returnUrl';

/** The sign-in address that brings the user back to `returnPath` afterwards. */
export function loginPath(returnPath: string): string {
  return `/login?${RETURN_QUERY}=${encodeURIComponent(returnPath)}`;
}

/**
 * The in-app path to go to after signing in: the returnUrl (or return) query when it is a path
 * inside the app, else /home. An absolute or protocol-relative URL is refused, so a crafted link
 * cannot send a freshly signed-in user to another site.
 */
export function returnTarget(search: URLSearchParams): string {
  const raw = search.get(RETURN_QUERY) ?? search.get('return') ?? '';
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/home';
  if (/^\/login(\/|\?|#|$)/.test(raw)) return '/home';
  return raw;
}
