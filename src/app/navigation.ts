// The app's router, reachable from code outside React (lazy page loaders, the navigation-failure
// handler). Set once by the shell when it creates the router.
import type { Location } from 'react-router';
import { inAppPath } from '../lib/login-path';

/** The router operations used outside React. */
export interface AppNavigator {
  navigate(to: string, opts?: { replace?: boolean }): Promise<void> | void;
  readonly state: { location: Location; navigation: { location?: Location | undefined } };
}

let active: AppNavigator | null = null;

/** Records the router the shell created (null when it unmounts). */
export function setNavigator(next: AppNavigator | null): void {
  active = next;
}

/** The router, once the shell runs. */
export function getNavigator(): AppNavigator | null {
  return active;
}

/** The in-app path being navigated to (relative to /study), else the current one. */
export function navigationTarget(): string {
  const state = active?.state;
  const loc = state?.navigation.location ?? state?.location;
  if (loc) return `${inAppPath(loc.pathname)}${loc.search}`;
  return `${inAppPath(window.location.pathname)}${window.location.search}`;
}
