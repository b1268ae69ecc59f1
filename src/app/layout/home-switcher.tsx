// The navbar's home-page switcher (spec shell §2 "Top navigation bar"): study tenants with more
// than one home page get a dropdown on the home route. antd's Dropdown loads on the first hover,
// focus or click (on-demand-dropdown.tsx).
import { DownOutlined } from './shell-icons';
import type { MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { HomePageEntry } from '../../../schemas/tenant-settings';
import { currentHomePage, homePageLabel } from '../../lib/home-pages';
import { useAppStore } from '../../stores/app-store';
import { selectHomePage } from '../start-up';
import { dropdownLoaded, OnDemandDropdown } from './on-demand-dropdown';

/** Whether the switcher shows: study mode, on the home route, with more than one page. */
export function shouldShowSwitcher(input: { siteFunction: string; onHomeRoute: boolean; pageCount: number }): boolean {
  return input.siteFunction === 'study' && input.onHomeRoute && input.pageCount > 1;
}

/** The dropdown itself; the navbar decides whether to render it. */
export function HomeSwitcher({ routeId, color }: { routeId: string | undefined; color: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pages = useAppStore((s) => s.homePages);
  const tenantId = useAppStore((s) => s.tenantId);
  const selectedPageId = useAppStore((s) => s.selectedPageId);
  const current = currentHomePage(pages, { routeId, tenantId, selectedPageId });
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);
  // Before antd's Dropdown is in place, the button's own events open it (and close it on leave).
  const arm = () => {
    setArmed(true);
    setOpen(true);
  };
  // Keyboard focus only fetches the code; Enter/Space then opens it as before.
  const prepare = () => setArmed(true);
  const leave = () => {
    if (!dropdownLoaded()) setOpen(false);
  };

  const items: MenuProps['items'] = pages.map((page) => ({ key: String(page.pageId), label: homePageLabel(page) }));
  const onClick = ({ key }: { key: string }) => {
    const entry: HomePageEntry | undefined = pages.find((page) => String(page.pageId) === key);
    if (!entry) return;
    // The page id goes to the session rather than the path: /home/{id} is read as a tenant id
    // first at start-up, so a page id there could open another tenant after a reload.
    void selectHomePage(entry).catch((error: unknown) => console.error(`Switching to home page ${entry.pageId} failed.`, error));
    void navigate(routeId !== undefined && Number(routeId) === tenantId ? `/home/${routeId}` : '/home');
  };

  return (
    <OnDemandDropdown
      armed={armed}
      open={open}
      onOpenChange={setOpen}
      menu={{ items, onClick: (info) => { setOpen(false); onClick(info); }, selectable: true, selectedKeys: current ? [String(current.pageId)] : [] }}
      // Hover opens and closes; a click (or Enter) only opens. With a click trigger as well, the hover
      // that precedes every click had already opened it, and the click closed it again.
      trigger={['hover']}
    >
      <button
        type="button"
        className="portal-navbar__switcher"
        data-testid="home-switcher"
        title={t('nav.switchHome')}
        aria-haspopup="menu"
        style={{ color }}
        onMouseEnter={arm}
        onFocus={prepare}
        onClick={arm}
        onMouseLeave={leave}
      >
        <span>{current ? homePageLabel(current) : t('nav.switchHome')}</span>
        <DownOutlined />
      </button>
    </OnDemandDropdown>
  );
}
