/** The page title (spec shell §2 "Page titles"): the menu title or the route's, prefixed with the app name. */
export function pageTitle(appName: string, title: string | null): string {
  if (appName && title) return `${appName} - ${title}`;
  return appName || title || '';
}
