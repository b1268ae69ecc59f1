// The page frame: navbar, the routed page at the tenant's content width, footer, back-to-top.
import { useLocation, useSearchParams } from 'react-router';
import { BackToTop } from '../../components/back-to-top';
import { contentWidth } from '../../lib/settings';
import { useAppStore } from '../../stores/app-store';
import { AccessGuard } from './access-guard';
import { AudioDock } from '../../services/audio/audio-dock';
import { Footer } from './footer';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { Navbar } from './navbar';
import './layout.css';

const HIDE_NAVBAR_KEY = 'portal.hideNavbar';

/**
 * spec shell §2: the navbar is hidden when the cached route query hideNavbar is true. A page opened
 * with ?hideNavbar=true (embedded in another system) keeps it hidden for the rest of the session,
 * until a URL says hideNavbar=false.
 */
export function cachedHideNavbar(queryValue: string | null): boolean {
  if (queryValue !== null) {
    try {
      sessionStorage.setItem(HIDE_NAVBAR_KEY, queryValue);
    } catch {
      // Storage blocked: only this URL's value counts.
    }
    return queryValue === 'true';
  }
  try {
    return sessionStorage.getItem(HIDE_NAVBAR_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Layout route element. With ?privacy (no tenant loaded) the page shows bare (spec shell §2). */
export function Layout() {
  const privacy = useAppStore((s) => s.privacy);
  const options = useAppStore((s) => s.options);
  const [search] = useSearchParams();
  const location = useLocation();
  if (privacy) return <KeepAliveOutlet />;
  const hideNavbar = cachedHideNavbar(search.get('hideNavbar'));
  return (
    <div className="portal-layout">
      {hideNavbar ? null : <Navbar />}
      {/* A pageWidth over the window's width (acme's 1320 in a 1280 px window) gives way to the
          window; the body's 1280 px minimum (spec shell §9) still holds. */}
      {/* data-location: the address whose page this frame shows. A navigation is a transition, so the
          window's address moves first and the old page stays until the new one is ready; tests wait
          for the two to agree (tests/e2e/a11y-visit.ts). */}
      <main className="portal-main" data-location={location.pathname + location.search} style={{ width: '100%', maxWidth: contentWidth(options) }}>
        <AccessGuard>
          <KeepAliveOutlet />
        </AccessGuard>
      </main>
      <Footer />
      <BackToTop />
      <AudioDock />
    </div>
  );
}
