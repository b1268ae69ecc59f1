// What a page route is and how a themed page loads: shared by page-routes.ts and the per-area
// route lists (page-routes-<area>.ts), which page-routes.ts spreads into the shell's pages.
import type { ComponentType } from 'react';
import type { RouteMeta } from '../lib/route-meta';

/** A lazily loaded page route: path (relative to /study), route name, meta and loader. */
export interface PageRoute {
  path: string;
  /** Matched against the tenant menus' page codes for the title (spec shell §2 "Page titles"). */
  name: string;
  meta: RouteMeta;
  load: () => Promise<{ default: ComponentType }>;
}

/** Loads a page module and wraps its default export in antd's themed ConfigProvider. */
export async function withTheme(load: () => Promise<{ default: ComponentType }>): Promise<{ default: ComponentType }> {
  const [page, theme] = await Promise.all([load(), import('../components/antd-theme')]);
  return { default: theme.withAntdTheme(page.default) };
}
