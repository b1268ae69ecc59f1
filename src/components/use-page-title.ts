// A page that knows a better title than its route's (a chosen category, a detail's purpose, a
// survey on an exam route) writes it over the root route's title, and puts the route's title back
// when it lets go. Shared by the learning and exam features.
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageTitle } from '../lib/page-title';
import { useAppStore } from '../stores/app-store';

/**
 * spec shell §2 "Page titles": writes `name` (after the app name) as the document title while it is
 * set; undefined leaves the route's title alone, and letting a name go puts the title before it
 * back (the root route does not re-set an unchanged title).
 */
export function usePageTitle(name: string | undefined): void {
  const appName = useAppStore((s) => s.site.appName);
  // Written again on every visit: a keepAlive page shown again has the route's title set over it.
  const { key: visit } = useLocation();
  useEffect(() => {
    if (!name) return;
    // After the root route's own title effect (parents' effects run after children's in one commit).
    let live = true;
    let before: string | undefined;
    let written: string | undefined;
    queueMicrotask(() => {
      if (!live) return;
      before = document.title;
      written = pageTitle(appName, name);
      document.title = written;
    });
    return () => {
      live = false;
      if (written !== undefined && before !== undefined && document.title === written) document.title = before;
    };
  }, [appName, name, visit]);
}
