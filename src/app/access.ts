// The access rules of spec shell §2 "Access", §4 "Login requirement" and §6, as one pure decision
// the layout's guard carries out. Kept free of React so each rule has its own unit test.
import type { RouteMeta } from '../lib/route-meta';

/** Routes that never need sign-in, even when the site is closed (spec shell §4). */
// credentialVerify (issue 19 part E, ours): a certificate's public verification, opened by a stranger from its QR code.
export const ALWAYS_OPEN_ROUTES: readonly string[] = ['login', 'createUser', 'chatRoomtest', 'credentialVerify'];

/** spec shell §4: forceLogin 2 lets anonymous visitors in although auth.open is off. */
export const FORCE_LOGIN_OPEN = 2;

/** What the guard does for one navigation. */
export type AccessDecision =
  | { kind: 'allow' }
  /** Send the visitor to /login with the return path. */
  | { kind: 'login' }
  /** Try the tenant's default sign-in first; the page shows whatever the outcome. */
  | { kind: 'default-login' };

/** Everything the decision depends on. */
export interface AccessInput {
  /** The matched route's name (its handle), e.g. 'home', 'login'. */
  routeName: string;
  meta: RouteMeta;
  /** Site option auth.open; a tenant that says nothing keeps its site open. */
  authOpen: boolean;
  forceLogin: number | null;
  /** True when a registration token is held for this tenant. */
  signedIn: boolean;
  /** The tenant's setting: try a default sign-in for anonymous visitors (loginConfig.defaultLogin). */
  defaultLogin: boolean;
  /** True once a default sign-in was tried in this page load (it is not retried on every click). */
  defaultLoginTried: boolean;
}

/** Decides whether a navigation may show its page (spec shell §2, §4, §6). */
export function decideAccess(input: AccessInput): AccessDecision {
  if (input.signedIn) return { kind: 'allow' };
  const loginPage = input.meta.isLogin === true || ALWAYS_OPEN_ROUTES.includes(input.routeName);
  if (loginPage) return { kind: 'allow' };
  // spec shell §4 "Login requirement", auth.open on: the tenant's settings decide whether a default
  // sign-in is attempted. authDefault 2 marks a route that never attempts it.
  const tryDefault = input.authOpen && input.defaultLogin && !input.defaultLoginTried && input.meta.authDefault !== 2;
  // spec shell §2: a route with the auth flag sends a visitor without a token to /login.
  if (input.meta.auth === true) return tryDefault ? { kind: 'default-login' } : { kind: 'login' };
  if (!input.authOpen) {
    // spec shell §4: auth.open off — every other route needs sign-in unless forceLogin equals 2.
    return input.forceLogin === FORCE_LOGIN_OPEN ? { kind: 'allow' } : { kind: 'login' };
  }
  return tryDefault ? { kind: 'default-login' } : { kind: 'allow' };
}
