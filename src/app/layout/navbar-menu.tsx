// One tenant menu in the navbar, with its child menus on hover when the tenant enables them.
// The child menus' antd Dropdown loads on the first hover (on-demand-dropdown.tsx), together with
// the children themselves.
import { useQuery } from '@tanstack/react-query';
import type { MenuProps } from 'antd';
import { cloneElement, useState, type CSSProperties, type MouseEvent, type ReactElement } from 'react';
import { useHref, useLocation } from 'react-router';
import type { NavigateItem } from '../../../schemas/tenant-settings';
import { listNavChildren } from '../../api/tenant';
import type { ResolvedNavbarOptions } from '../../lib/settings';
import { isMenuActive, resolveMenu } from './menu-link';
import { dropdownLoaded, OnDemandDropdown, preloadDropdown } from './on-demand-dropdown';
import { isPlainClick, useLinkContext, useOpenLink } from './use-open-link';

/** Props of one navbar menu. */
export interface NavbarMenuProps {
  menu: NavigateItem;
  options: ResolvedNavbarOptions;
  tenantId: number | null;
  storeId: number | null;
}

/** Inline style of a menu from the navbar options (spec shell §9: 16 px and 30 px by default). */
export function menuStyle(options: ResolvedNavbarOptions, active: boolean): CSSProperties {
  return {
    fontSize: options.fontSize,
    color: options.color,
    fontWeight: active ? Math.max(options.fontWeight ?? 400, 600) : options.fontWeight,
    marginLeft: options.marginLeft,
    marginRight: options.marginRight,
  };
}

function NavChildren({ menu, options, tenantId, storeId, children }: NavbarMenuProps & { children: ReactElement }) {
  const [hovered, setHovered] = useState(false);
  const [armed, setArmed] = useState(false);
  const openLink = useOpenLink();
  const linkContext = useLinkContext();
  const query = useQuery({
    queryKey: ['navChildren', tenantId, storeId, menu.id],
    queryFn: async () => (await listNavChildren(menu.id, storeId, { silent: true })).list,
    enabled: hovered && tenantId !== null,
    staleTime: Infinity,
  });
  const childList = query.data ?? [];
  const items: MenuProps['items'] = childList.map((child) => ({
    key: String(child.id),
    label: (
      <span data-testid="navbar-child-menu" style={{ fontSize: options.childFontSize, color: options.navChildColor }}>
        {child.title}
      </span>
    ),
  }));
  const onClick: MenuProps['onClick'] = ({ key }) => {
    const child = childList.find((c) => String(c.id) === key);
    if (child) openLink(resolveMenu(child, linkContext));
  };
  // Until antd's Dropdown is in place, the anchor's own hover starts the children's request and
  // the Dropdown's code; from then on the Dropdown reports hover through onOpenChange.
  const trigger = armed && dropdownLoaded()
    ? children
    : cloneElement(children as ReactElement<{ onMouseEnter?: () => void; onMouseLeave?: () => void; onFocus?: () => void }>, {
        onMouseEnter: () => {
          preloadDropdown();
          setArmed(true);
          setHovered(true);
        },
        onFocus: () => {
          preloadDropdown();
          setArmed(true);
        },
        onMouseLeave: () => {
          if (!dropdownLoaded()) setHovered(false);
        },
      });
  return (
    <OnDemandDropdown
      armed={armed}
      open={hovered && childList.length > 0}
      onOpenChange={setHovered}
      menu={{ items, onClick, style: options.navChildColorBg ? { background: options.navChildColorBg } : undefined }}
    >
      {trigger}
    </OnDemandDropdown>
  );
}

/** A menu of the tenant: routes in-app, opens url links in a new window, shows children if enabled. */
export function NavbarMenu(props: NavbarMenuProps) {
  const { menu, options } = props;
  const openLink = useOpenLink();
  const linkContext = useLinkContext();
  const { pathname } = useLocation();
  const target = resolveMenu(menu, linkContext);
  const active = isMenuActive(target, pathname);
  const routeHref = useHref(target.kind === 'route' ? target.to : '/');
  const href = target.kind === 'route' ? routeHref : target.kind === 'external' && !target.needsPlaceholderResolution ? target.href : undefined;
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    openLink(target);
  };
  const anchor = (
    <a
      data-testid="navbar-menu"
      className={active ? 'portal-navbar__menu portal-navbar__menu--active' : 'portal-navbar__menu'}
      href={href}
      onClick={onClick}
      style={menuStyle(options, active)}
      aria-current={active ? 'page' : undefined}
    >
      {menu.title}
    </a>
  );
  return options.navChild ? <NavChildren {...props}>{anchor}</NavChildren> : anchor;
}
