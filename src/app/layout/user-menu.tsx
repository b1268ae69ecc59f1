// The navbar's user menu (spec shell §2, §4 "Logout", §6): a sign-in link for a visitor, or the
// signed-in user's name with their menu (src/app/layout/signed-in-menu.tsx), which loads when
// someone is signed in, so a visitor's home does not carry it (issue 15 point 3).
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { withChunkTimeout } from '../../lib/chunk-timeout';
import { loginPath } from '../../lib/login-path';
import { selectDisplayName, selectSignedIn, useUserStore } from '../../stores/user-store';

const SignedInMenu = lazy(() => withChunkTimeout(() => import('./signed-in-menu')).then((module) => ({ default: module.SignedInMenu })));

/** The sign-in link or the signed-in user's menu. */
export function UserMenu({ color }: { color: string | undefined }) {
  const { t } = useTranslation();
  const location = useLocation();
  const signedIn = useUserStore(selectSignedIn);
  const name = useUserStore(selectDisplayName);

  if (!signedIn) {
    if (/^\/login(\/|$)/.test(location.pathname)) return null;
    return (
      <Link to={loginPath(`${location.pathname}${location.search}`)} data-testid="navbar-login" style={{ color }}>
        {t('nav.signIn')}
      </Link>
    );
  }
  // While the menu loads, the name holds its place.
  return (
    <Suspense fallback={<span className="portal-navbar__user" style={{ color }}><span className="portal-navbar__user-name">{name}</span></span>}>
      <SignedInMenu color={color} />
    </Suspense>
  );
}
