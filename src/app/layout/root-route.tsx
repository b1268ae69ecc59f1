// The top route: resets scroll on every navigation, keeps the document title in step and sends
// mobile browsers to the tenant's mobile site.
import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import { useAppStore } from '../../stores/app-store';
import { mobileRedirect } from '../mobile-redirect';
import { isRouteHandle, pageTitle } from '../../lib/route-meta';

/** spec shell §2: scroll resets to the top on every navigation, back and forward included. */
function useScrollToTop(): void {
  const location = useLocation();
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, [location.key]);
}

/** spec shell §2 "Page titles": the matching menu's title, else the route's, after the app name. */
function useDocumentTitle(): void {
  const { t } = useTranslation();
  const matches = useMatches();
  const appName = useAppStore((s) => s.site.appName);
  const menus = useAppStore((s) => s.menus);
  const handle = matches.map((m) => m.handle).filter(isRouteHandle).at(-1);
  const menuTitle = handle ? menus.find((menu) => menu.pageCode === handle.name)?.title : undefined;
  const title = menuTitle ?? (handle?.meta.title ? t(handle.meta.title) : null);
  const text = pageTitle(appName, title);
  useEffect(() => {
    if (text) document.title = text;
  }, [text]);
}

/** spec shell §1, §2 "Mobile redirect mapping": mobile browsers go to the tenant's mobile site. */
function useMobileRedirect(): void {
  const location = useLocation();
  const baseUrl = useAppStore((s) => s.options.mobileBaseUrl);
  useEffect(() => {
    const target = mobileRedirect({ userAgent: navigator.userAgent, baseUrl, pathname: location.pathname, search: location.search });
    if (target) window.location.replace(target);
  }, [baseUrl, location.pathname, location.search]);
}

/** Root element of the route tree. */
export function RootRoute() {
  useScrollToTop();
  useDocumentTitle();
  useMobileRedirect();
  return <Outlet />;
}
