// Which home page the home route shows (spec shell §2: "/home/{id?}: the optional id selects the
// tenant or home page"; §3: the chosen page id lives in the session).
import type { HomePageEntry } from '../../schemas/tenant-settings';

/**
 * The home page to show: the route's id when it names one of the tenant's pages (and is not the
 * tenant id itself), else the page chosen with the switcher, else the first page.
 */
export function currentHomePage(
  pages: readonly HomePageEntry[],
  input: { routeId?: string | undefined; tenantId: number | null; selectedPageId: number | null },
): HomePageEntry | null {
  const routeId = input.routeId !== undefined && /^\d+$/.test(input.routeId) ? Number(input.routeId) : null;
  if (routeId !== null && routeId !== input.tenantId) {
    const fromRoute = pages.find((page) => page.pageId === routeId);
    if (fromRoute) return fromRoute;
  }
  return pages.find((page) => page.pageId === input.selectedPageId) ?? pages[0] ?? null;
}

/** The label of an entry in the switcher: a store shows its store name. */
export function homePageLabel(page: HomePageEntry): string {
  return page.type === 1 && page.storeName ? page.storeName : page.name;
}
