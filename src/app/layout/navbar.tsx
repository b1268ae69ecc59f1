// The top navigation bar (spec shell §2 "Top navigation bar"): logo and app name, the home-page
// switcher, the tenant's menus, and on the right the news bell or cart and sign-in.
import { BellOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation } from 'react-router';
import { contentWidth } from '../../lib/settings';
import { loginPath } from '../../lib/login-path';
import { useAppStore } from '../../stores/app-store';
import { HomeSwitcher, shouldShowSwitcher } from './home-switcher';
import { NavbarMenu } from './navbar-menu';

const JUSTIFY = { left: 'flex-start', center: 'center', right: 'flex-end' } as const;

/** The navbar, drawn entirely from the tenant's settings in the app store. */
export function Navbar() {
  const { t } = useTranslation();
  const location = useLocation();
  const site = useAppStore((s) => s.site);
  const tenantName = useAppStore((s) => s.tenantInfo?.name ?? '');
  const options = useAppStore((s) => s.options);
  const navbar = useAppStore((s) => s.navbarOptions);
  const menus = useAppStore((s) => s.menus);
  const pageCount = useAppStore((s) => s.homePages.length);
  const tenantId = useAppStore((s) => s.tenantId);
  const storeId = useAppStore((s) => s.store?.id ?? null);

  const homeMatch = matchPath('/home/:id?', location.pathname);
  const logo = options.logoImg ?? site.logoImg;
  const appName = site.appName || tenantName;
  const showCart = options.function === 'shop' && options.hasCart === true;
  const onLoginPage = matchPath('/login', location.pathname) !== null;

  return (
    <header data-testid="navbar" className="portal-navbar" style={{ background: navbar.background ?? '#ffffff' }}>
      <div className="portal-navbar__inner" style={{ width: contentWidth(options) }}>
        <Link to="/home" className="portal-navbar__brand" style={{ color: navbar.color }}>
          {logo ? <img data-testid="navbar-logo" className="portal-navbar__logo" src={logo} width={navbar.logoWidth} alt={appName} /> : null}
          <span data-testid="navbar-app-name" className="portal-navbar__app-name">
            {appName}
          </span>
        </Link>
        {shouldShowSwitcher({ siteFunction: options.function, onHomeRoute: homeMatch !== null, pageCount }) ? (
          <HomeSwitcher routeId={homeMatch?.params.id} color={navbar.color} />
        ) : null}
        <nav className="portal-navbar__menus" style={{ justifyContent: JUSTIFY[navbar.menuPosition ?? 'left'] }}>
          {menus.map((menu) => (
            <NavbarMenu key={menu.id} menu={menu} options={navbar} tenantId={tenantId} storeId={storeId} />
          ))}
        </nav>
        <div className="portal-navbar__actions" style={{ color: navbar.color }}>
          {/* Counts need a signed-in user (spec shell §6); they arrive with sign-in. */}
          {showCart ? (
            <Link to="/sub_shop/cart" data-testid="navbar-cart" aria-label={t('nav.cart')} title={t('nav.cart')} style={{ color: navbar.color }}>
              <ShoppingCartOutlined />
            </Link>
          ) : (
            <Link to="/user/center/study/myNews" data-testid="navbar-news" aria-label={t('nav.news')} title={t('nav.news')} style={{ color: navbar.color }}>
              <BellOutlined />
            </Link>
          )}
          {onLoginPage ? null : (
            <Link to={loginPath(`${location.pathname}${location.search}`)} data-testid="navbar-login" style={{ color: navbar.color }}>
              {t('nav.signIn')}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
