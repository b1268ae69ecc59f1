// The navbar's menu of a signed-in user (spec shell §2, §4 "Logout", §6): their name with a dropdown
// of the entries user-menu-items.ts decides. Loaded once someone is signed in (src/app/layout/user-menu.tsx):
// a visitor's page does not carry it (issue 15 point 3).
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { logoutOnServer } from '../../api/user';
import { loginPath } from '../../lib/login-path';
import { useAppStore } from '../../stores/app-store';
import { selectDisplayName, selectSignedIn, useUserStore } from '../../stores/user-store';
import { showAlert, showMessage } from '../../components/feedback/feedback';
import { OnDemandDropdown, useArmedDropdown } from './on-demand-dropdown';
import { UserMenuFace } from './user-menu-face';
import { adminUrl, USER_MENU_TARGETS, userMenuEntries, type UserMenuEntry } from './user-menu-items';

const LABEL_KEYS = { admin: 'nav.admin', user: 'nav.myInfo', safe: 'nav.safe', orders: 'nav.orders', help: 'nav.help', logout: 'nav.logout' } as const;

/** The signed-in user's name and menu. */
export function SignedInMenu({ color }: { color: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useUserStore(selectSignedIn);
  const user = useUserStore((s) => s.userInfo);
  const tenantId = useAppStore((s) => s.tenantId);
  const tenantType = useAppStore((s) => s.tenantInfo?.tenantType ?? null);
  const keys = useAppStore((s) => s.navbarOptions.userMenu);
  const menus = useAppStore((s) => s.menus);
  const siteFunction = useAppStore((s) => s.options.function);
  const { armed, open, setOpen, triggerProps } = useArmedDropdown();
  const here = `${location.pathname}${location.search}`;

  const entries = userMenuEntries({ keys, tenantType, adminAuth: user?.adminAuth === true, signedIn, menus, siteFunction });

  const logout = () => {
    // spec shell §4 "Logout": it asks for confirmation first.
    showAlert('warning', {
      title: t('nav.logoutTitle'),
      content: t('nav.logoutConfirm'),
      okCancel: true,
      okText: t('nav.confirm'),
      cancelText: t('nav.cancel'),
      onOk: async () => {
        await logoutOnServer().catch((error: unknown) => console.warn('Revoking the token on the server failed; signing out locally.', error));
        useUserStore.getState().signOut(true);
        void navigate(loginPath(here));
      },
    });
  };

  const choose = (entry: UserMenuEntry) => {
    setOpen(false);
    if (entry === 'logout') return logout();
    if (entry === 'admin') {
      // spec shell §6: with no user the admin entry says 'please log in first'.
      if (!user || tenantId === null) return showMessage('warning', t('nav.pleaseLogin'));
      window.open(adminUrl(window.location.origin, user.userId, tenantId), '_blank', 'noopener');
      return;
    }
    void navigate(USER_MENU_TARGETS[entry]);
  };

  const items: MenuProps['items'] = entries.map((entry) => ({ key: entry, label: <span data-testid={`user-menu-${entry}`}>{t(LABEL_KEYS[entry])}</span> }));
  const name = useUserStore(selectDisplayName);

  return (
    <OnDemandDropdown
      armed={armed}
      open={open}
      onOpenChange={setOpen}
      menu={{ items, onClick: ({ key }) => choose(key as UserMenuEntry) }}
      // Hover opens and closes; a click (or Enter) only opens. With a click trigger as well, the hover
      // that precedes every click had already opened it, and the click closed it again.
      trigger={['hover']}
    >
      <button
        type="button"
        className="portal-navbar__user"
        data-testid="user-menu"
        // WCAG 2.5.3 (label in name): the accessible name starts with the name the button shows.
        aria-label={name ? `${name} ${t('nav.userMenu')}` : t('nav.userMenu')}
        aria-haspopup="menu"
        style={{ color }}
        {...triggerProps}
      >
        <UserMenuFace name={name} />
      </button>
    </OnDemandDropdown>
  );
}
