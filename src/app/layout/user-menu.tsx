// The navbar's user menu (spec shell §2, §4 "Logout", §6): a sign-in link for a visitor, or the
// signed-in user's name with their menu (src/app/layout/signed-in-menu.tsx), which loads when
// someone is signed in, so a visitor's home does not carry it (issue 15 point 3).
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { withChunkTimeout } from '../../lib/chunk-timeout';
import { loginPath } from '../../lib/login-path';
import { selectDisplayName, selectSignedIn, useUserStore } from '../../stores/user-store';
import { UserMenuFace } from './user-menu-face';

type SignedInMenuComponent = typeof import('./signed-in-menu').SignedInMenu;

/** The signed-in menu once its code has loaded: rendered directly, so no fallback commit comes first. */
let loadedSignedInMenu: SignedInMenuComponent | null = null;

/**
 * Loads the signed-in menu's code. The warm start (src/app/warm-start.ts) awaits it for a visitor
 * who is signed in, so their first commit already has the menu.
 */
export function loadSignedInMenu(): Promise<SignedInMenuComponent> {
  return withChunkTimeout(() => import('./signed-in-menu')).then((module) => {
    loadedSignedInMenu = module.SignedInMenu;
    return module.SignedInMenu;
  });
}

const LazySignedInMenu = lazy(() => loadSignedInMenu().then((component) => ({ default: component })));

/** The sign-in link or the signed-in user's menu. */
export function UserMenu({ color }: { color: string | undefined }) {
  const { t } = useTranslation();
  const location = useLocation();
  const signedIn = useUserStore(selectSignedIn);
  const name = useUserStore(selectDisplayName);
  // Chosen once: switching from the lazy wrapper to the loaded component would re-mount the menu.
  const [Menu] = useState<SignedInMenuComponent | typeof LazySignedInMenu>(() => loadedSignedInMenu ?? LazySignedInMenu);

  if (!signedIn) {
    if (/^\/login(\/|$)/.test(location.pathname)) return null;
    return (
      <Link to={loginPath(`${location.pathname}${location.search}`)} data-testid="navbar-login" style={{ color }}>
        {t('nav.signIn')}
      </Link>
    );
  }
  // While the menu loads, its face holds its place at its width (user-menu-face.tsx).
  return (
    <Suspense fallback={<span className="portal-navbar__user" style={{ color }}><UserMenuFace name={name} /></span>}>
      <Menu color={color} />
    </Suspense>
  );
}
