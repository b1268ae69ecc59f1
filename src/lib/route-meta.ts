// Route meta (spec shell §2 "Access"): carried on every route's handle and read by the title
// logic now and by the sign-in guards when they arrive.
import type { Resources } from '../i18n/zh';

/** A translation key under route.* used as a route's default title. */
export type RouteTitleKey = `route.${keyof Resources['route'] & string}`;

/** The spec's route meta: auth flag, title, keepAlive, keepKey, authDefault (1 or 2) and isLogin. */
export interface RouteMeta {
  auth?: boolean;
  title?: RouteTitleKey;
  keepAlive?: boolean;
  keepKey?: string;
  authDefault?: 1 | 2;
  isLogin?: boolean;
}

/** A route's handle: its name (matched against menu page codes for the title) and its meta. */
export interface RouteHandle {
  name: string;
  meta: RouteMeta;
}

/** Narrows an unknown route handle to ours. */
export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).name === 'string' && typeof (handle as RouteHandle).meta === 'object';
}

export { pageTitle } from './page-title';
