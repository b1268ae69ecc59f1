// spec shell §4 "Navigation failure" / §8: an alert (跳转异常，请重新登录), then the stored init
// data is cleared, the user is logged out and sent to /login.
import { i18n } from '../i18n/i18n';
import { getTenantId, setOrgPath, setPageId, setStoreId } from '../lib/storage';
import { useUserStore } from '../stores/user-store';
import { showAlert } from '../components/feedback/feedback';
import { getNavigator } from './navigation';

/**
 * The stored init data: the tenant's remembered start-up choices (store, organisation path, home
 * page). Clearing them makes the next start-up begin from the tenant's defaults.
 */
export function clearInitData(): void {
  const tenantId = getTenantId();
  if (tenantId !== null) {
    setStoreId(tenantId, null);
    setOrgPath(tenantId, null);
  }
  setPageId(null);
}

let alertOpen = false;

/** Carries out the navigation-failure rule once, however many loads failed together. */
export function handleNavigationFailure(error: unknown): void {
  console.error('Opening the page failed; following the navigation-failure rule (alert, log out, /login).', error);
  if (alertOpen) return;
  alertOpen = true;
  const finish = () => {
    alertOpen = false;
    clearInitData();
    useUserStore.getState().signOut(false);
    const navigator = getNavigator();
    if (navigator) void navigator.navigate('/login', { replace: true });
    else window.location.assign('/study/login');
  };
  showAlert('warning', {
    title: i18n.t('catalogue.hint'),
    content: i18n.t('nav.navFailure'),
    okText: i18n.t('catalogue.ok'),
    closable: false,
    keyboard: false,
    afterClose: finish,
  });
}
