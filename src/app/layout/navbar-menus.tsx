// The navbar's row of tenant menus (spec shell §2 "Top navigation bar": it shows the tenant menus).
// The row never wraps or hides a menu under its neighbours: the menus that do not fit the space
// left by the logo, the switcher and the actions move into a 更多 (More) dropdown at the row's end
// (issue 13 point 6: at 1280 px, signed in, 个人中心 sat under the search box). A hidden copy of
// the row measures each menu in its painted font, so a language, font size or window change
// re-fits it.
import { DownOutlined } from './shell-icons';
import type { MenuProps } from 'antd';
import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { NavigateItem } from '../../../schemas/tenant-settings';
import type { ResolvedNavbarOptions } from '../../lib/settings';
import { isMenuActive, resolveMenu } from './menu-link';
import { menuStyle, NavbarMenu } from './navbar-menu';
import { OnDemandDropdown, useArmedDropdown } from './on-demand-dropdown';
import { useLinkContext, useOpenLink } from './use-open-link';

/**
 * How many menus (from the first) fit in `available` px, given each one's width with its margins:
 * all when they all fit; otherwise as many as fit beside the More button of width `moreWidth`.
 */
export function fitMenuCount(available: number, widths: readonly number[], moreWidth: number): number {
  const total = widths.reduce((sum, width) => sum + width, 0);
  if (total <= available) return widths.length;
  let used = moreWidth;
  let count = 0;
  for (const width of widths) {
    if (used + width > available) break;
    used += width;
    count += 1;
  }
  return count;
}

/** An element's width with its horizontal margins, rounded up (sub-pixel widths add up). */
function outerWidth(element: HTMLElement): number {
  const style = getComputedStyle(element);
  return Math.ceil(element.getBoundingClientRect().width + (parseFloat(style.marginLeft) || 0) + (parseFloat(style.marginRight) || 0));
}

/** Props of the menu row. */
export interface NavbarMenusProps {
  menus: readonly NavigateItem[];
  options: ResolvedNavbarOptions;
  tenantId: number | null;
  storeId: number | null;
  justifyContent: CSSProperties['justifyContent'];
}

/** The More button and its dropdown of the menus that did not fit. */
function MoreMenu({ menus, options }: { menus: readonly NavigateItem[]; options: ResolvedNavbarOptions }) {
  const { t } = useTranslation();
  const openLink = useOpenLink();
  const linkContext = useLinkContext();
  const { pathname } = useLocation();
  const { armed, open, setOpen, triggerProps } = useArmedDropdown();
  const targets = menus.map((menu) => ({ menu, target: resolveMenu(menu, linkContext) }));
  const active = targets.some(({ target }) => isMenuActive(target, pathname));
  const items: MenuProps['items'] = targets.map(({ menu }) => ({
    key: String(menu.id),
    label: (
      <span data-testid="navbar-more-item" style={{ fontSize: options.childFontSize, color: options.navChildColor }}>
        {menu.title}
      </span>
    ),
  }));
  const onClick: MenuProps['onClick'] = ({ key }) => {
    setOpen(false);
    const found = targets.find(({ menu }) => String(menu.id) === key);
    if (found) openLink(found.target);
  };
  return (
    <OnDemandDropdown
      armed={armed}
      open={open}
      onOpenChange={setOpen}
      menu={{ items, onClick, style: options.navChildColorBg ? { background: options.navChildColorBg } : undefined }}
      trigger={['hover']}
    >
      <button
        type="button"
        data-testid="navbar-more"
        className={active ? 'portal-navbar__menu portal-navbar__more portal-navbar__menu--active' : 'portal-navbar__menu portal-navbar__more'}
        aria-haspopup="menu"
        style={menuStyle(options, active)}
        {...triggerProps}
      >
        {t('nav.more')}
        <DownOutlined className="portal-navbar__more-icon" />
      </button>
    </OnDemandDropdown>
  );
}

/** The menus that fit, then More with the rest; one row at any width, font size and language. */
export function NavbarMenus({ menus, options, tenantId, storeId, justifyContent }: NavbarMenusProps) {
  const { t } = useTranslation();
  const row = useRef<HTMLElement>(null);
  const measure = useRef<HTMLDivElement>(null);
  const [count, setCount] = useState(menus.length);

  useLayoutEffect(() => {
    const nav = row.current;
    const copy = measure.current;
    if (!nav || !copy) return;
    const fit = () => {
      const widths = Array.from(copy.querySelectorAll<HTMLElement>('[data-measure="menu"]'), outerWidth);
      const more = copy.querySelector<HTMLElement>('[data-measure="more"]');
      // No layout (a test DOM, a hidden tab): every menu stays in the row.
      if (nav.clientWidth === 0) return setCount(menus.length);
      setCount(fitMenuCount(nav.clientWidth, widths, more ? outerWidth(more) : 0));
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(fit);
    observer.observe(nav);
    observer.observe(copy);
    return () => observer.disconnect();
  }, [menus, options]);

  const shown = menus.slice(0, count);
  const hidden = menus.slice(count);
  return (
    <nav ref={row} className="portal-navbar__menus" style={{ justifyContent }}>
      {shown.map((menu) => (
        <NavbarMenu key={menu.id} menu={menu} options={options} tenantId={tenantId} storeId={storeId} />
      ))}
      {hidden.length ? <MoreMenu menus={hidden} options={options} /> : null}
      {/* The measuring copy: every menu in its active (widest) weight, and the More button. */}
      <div ref={measure} className="portal-navbar__measure" aria-hidden="true">
        {menus.map((menu) => (
          <span key={menu.id} data-measure="menu" className="portal-navbar__menu" style={menuStyle(options, true)}>
            {menu.title}
          </span>
        ))}
        <span data-measure="more" className="portal-navbar__menu portal-navbar__more" style={menuStyle(options, true)}>
          {t('nav.more')}
          <DownOutlined className="portal-navbar__more-icon" />
        </span>
      </div>
    </nav>
  );
}
