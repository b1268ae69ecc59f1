// The top navigation bar (spec shell §2 "Top navigation bar"): logo and app name, the home-page
// switcher, the tenant's menus, and on the right search, the news bell or cart and the user menu.
import { BellOutlined, ShoppingCartOutlined } from './shell-icons';
import { useTranslation } from 'react-i18next';
import { useMemo } from 'react';
import { Link, matchPath, useLocation } from 'react-router';
import { contentWidth } from '../../lib/settings';
import { paintedNavbarOptions } from '../../lib/theme-colors';
import { useAppStore } from '../../stores/app-store';
import { useColorStyle, useFontSizePx } from '../../stores/preferences-store';
import { useUserStore } from '../../stores/user-store';
import { NavbarQr } from './navbar-qr';
import { PreferencesMenu } from './preferences-menu';
import { NavbarSearch } from './navbar-search';
import { useCartCount, useUnreadCount } from './use-nav-counts';
import { UserMenu } from './user-menu';
import { badgeText } from './user-menu-items';
import { HomeSwitcher, shouldShowSwitcher } from './home-switcher';
import { NavbarMenus } from './navbar-menus';

const JUSTIFY = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;

/** px between the window's edge and the navbar's row (layout.css .portal-navbar__inner padding). */
const NAVBAR_GUTTER = 24;

/** The count badge; spec shell §9: the wide style above 99. */
function CountBadge({ badge }: { badge: { text: string; wide: boolean } | null }) {
  if (!badge) return null;
  return (
    <span className={`portal-navbar__badge${badge.wide ? ' portal-navbar__badge--wide' : ''}`} data-testid="navbar-badge" aria-hidden="true">
      {badge.text}
    </span>
  );
}

const countLabel = (name: string, count: string | null | false) => (count ? `${name}, ${count}` : name);

/** The navbar, drawn entirely from the tenant's settings in the app store. */
export function Navbar() {
  const { t } = useTranslation();
  const location = useLocation();
  const site = useAppStore((s) => s.site);
  const tenantName = useAppStore((s) => s.tenantInfo?.name ?? '');
  const options = useAppStore((s) => s.options);
  const tenantNavbar = useAppStore((s) => s.navbarOptions);
  const colorStyle = useColorStyle();
  const fontSizePx = useFontSizePx();
  // spec shell §9 font sizes 14/18/22 and the dark style reach the navbar too (issue 13 points 7, 8).
  const navbar = useMemo(() => paintedNavbarOptions(tenantNavbar, colorStyle, fontSizePx), [tenantNavbar, colorStyle, fontSizePx]);
  const menus = useAppStore((s) => s.menus);
  const pageCount = useAppStore((s) => s.homePages.length);
  const tenantId = useAppStore((s) => s.tenantId);
  const storeId = useAppStore((s) => s.store?.id ?? null);

  const homeMatch = matchPath('/home/:id?', location.pathname);
  const logo = options.logoImg ?? site.logoImg;
  const appName = site.appName || tenantName;
  const showCart = options.function === 'shop' && options.hasCart === true;
  // spec shell §6: the counts load only when there is a user id.
  useUnreadCount(!showCart);
  useCartCount(showCart);
  const unreadCount = useUserStore((s) => s.unreadCount);
  const cartCount = useUserStore((s) => s.cartCount);
  const newsBadge = badgeText(unreadCount);
  const cartBadge = badgeText(cartCount);

  return (
    <header
      data-testid="navbar"
      className="portal-navbar"
      style={{ background: navbar.background ?? 'var(--portal-surface, #ffffff)', color: navbar.color ?? 'var(--portal-text, rgba(0, 0, 0, 0.88))' }}
    >
      {/* spec shell §9 minimum page width 1280 px: the row keeps a margin inside the window there. */}
      <div className="portal-navbar__inner" style={{ maxWidth: contentWidth(options) + 2 * NAVBAR_GUTTER }}>
        <Link to="/home" className="portal-navbar__brand" style={{ color: navbar.color }}>
          {logo ? <img data-testid="navbar-logo" className="portal-navbar__logo" src={logo} width={navbar.logoWidth} alt={appName} /> : null}
          <span data-testid="navbar-app-name" className="portal-navbar__app-name">
            {appName}
          </span>
        </Link>
        {shouldShowSwitcher({ siteFunction: options.function, onHomeRoute: homeMatch !== null, pageCount }) ? (
          <HomeSwitcher routeId={homeMatch?.params.id} color={navbar.color} />
        ) : null}
        <NavbarMenus menus={menus} options={navbar} tenantId={tenantId} storeId={storeId} justifyContent={JUSTIFY[navbar.menuPosition ?? 'left']} />
        <div className="portal-navbar__actions" style={{ color: navbar.color }}>
          <NavbarSearch color={navbar.color} />
          <NavbarQr color={navbar.color} />
          {showCart ? (
            <Link to="/sub_shop/cart" data-testid="navbar-cart" className="portal-navbar__count" aria-label={countLabel(t('nav.cart'), cartBadge && t('nav.cartCount', { count: cartCount ?? 0 }))} title={t('nav.cart')} style={{ color: navbar.color }}>
              <ShoppingCartOutlined />
              <CountBadge badge={cartBadge} />
            </Link>
          ) : (
            <Link to="/user/center/study/myNews" data-testid="navbar-news" className="portal-navbar__count" aria-label={countLabel(t('nav.news'), newsBadge && t('nav.unread', { count: unreadCount ?? 0 }))} title={t('nav.news')} style={{ color: navbar.color }}>
              <BellOutlined />
              <CountBadge badge={newsBadge} />
            </Link>
          )}
          <PreferencesMenu color={navbar.color} />
          <UserMenu color={navbar.color} />
        </div>
      </div>
    </header>
  );
}
