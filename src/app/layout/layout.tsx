// The page frame: navbar, the routed page at the tenant's content width, footer.
import { Outlet, useSearchParams } from 'react-router';
import { contentWidth } from '../../lib/settings';
import { useAppStore } from '../../stores/app-store';
import { Footer } from './footer';
import { Navbar } from './navbar';
import './layout.css';

/** Layout route element. With ?privacy (no tenant loaded) the page shows bare (spec shell §2). */
export function Layout() {
  const privacy = useAppStore((s) => s.privacy);
  const options = useAppStore((s) => s.options);
  const [search] = useSearchParams();
  if (privacy) return <Outlet />;
  // spec shell §2: the navbar is hidden when the route query hideNavbar is true.
  const hideNavbar = search.get('hideNavbar') === 'true';
  return (
    <div className="portal-layout">
      {hideNavbar ? null : <Navbar />}
      <main className="portal-main" style={{ width: contentWidth(options) }}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
