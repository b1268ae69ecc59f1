// Carries out the access decision (src/app/access.ts) for the matched route: a page that needs
// sign-in sends an anonymous visitor to /login with the return path (spec shell §2, §4, §6).
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useMatches } from 'react-router';
import { defaultLogin } from '../../api/user';
import { loginPath } from '../../lib/login-path';
import { useAppStore } from '../../stores/app-store';
import { selectSignedIn, useUserStore } from '../../stores/user-store';
import { decideAccess } from '../access';
import { isRouteHandle } from '../../lib/route-meta';

// One default sign-in attempt per page load: a tenant whose default account is broken must not
// cost a request on every click.
let defaultLoginTried = false;

/** For tests: forget that a default sign-in was tried. */
export function resetDefaultLoginAttempt(): void {
  defaultLoginTried = false;
}

/** Renders the page when the rules allow it; otherwise redirects or signs in by default first. */
export function AccessGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const handle = useMatches().map((m) => m.handle).filter(isRouteHandle).at(-1);
  const signedIn = useUserStore(selectSignedIn);
  const tenantId = useAppStore((s) => s.tenantId);
  const authOpen = useAppStore((s) => s.options.auth?.open ?? true);
  const forceLogin = useAppStore((s) => s.forceLogin);
  const wantsDefault = useAppStore((s) => s.loginConfig.defaultLogin === true);
  const [tried, setTried] = useState(defaultLoginTried);

  const decision = decideAccess({
    routeName: handle?.name ?? '',
    meta: handle?.meta ?? {},
    authOpen,
    forceLogin,
    signedIn,
    defaultLogin: wantsDefault,
    defaultLoginTried: tried,
  });

  useEffect(() => {
    if (decision.kind !== 'default-login' || tenantId === null) return;
    defaultLoginTried = true;
    let live = true;
    defaultLogin()
      .then((result) => useUserStore.getState().signIn(tenantId, result))
      .catch((error: unknown) => console.warn('The tenant\'s default sign-in failed; the visitor continues anonymously.', error))
      .finally(() => {
        if (live) setTried(true);
      });
    return () => {
      live = false;
    };
  }, [decision.kind, tenantId]);

  if (decision.kind === 'login') return <Navigate to={loginPath(`${location.pathname}${location.search}`)} replace />;
  if (decision.kind === 'default-login') return <div className="portal-page-loading" aria-busy="true" />;
  return <>{children}</>;
}
