// Connects the error catalogue (src/api/error-catalogue.ts) to antd's Modal and the router. The
// Modal loads on demand (src/components/feedback): only when an error actually needs an alert.
import { setCatalogueUi } from '../api/catalogue-port';
import { inAppPath } from '../lib/login-path';
import { useUserStore } from '../stores/user-store';
import { showAlert } from '../components/feedback/feedback';

/** The router operations the catalogue needs (a react-router data router fits). */
export interface CatalogueRouter {
  navigate(to: string | number, opts?: { replace?: boolean }): Promise<void> | void;
  readonly state: { location: { pathname: string; search: string } };
}

/** Sends the catalogue's alerts and redirects to the given router; returns the uninstaller. */
export function installCatalogueUi(router: CatalogueRouter): () => void {
  setCatalogueUi({
    alert: (request) => {
      showAlert(request.closable ? 'info' : 'warning', {
        title: request.title,
        content: request.message,
        okText: request.okText,
        closable: request.closable,
        mask: { closable: request.closable },
        keyboard: request.closable,
        onOk: request.onOk,
        afterClose: request.afterClose,
      });
    },
    navigate: (to) => void router.navigate(to),
    goBack: () => {
      // react-router numbers its history entries; at the first one there is no page to go back to.
      const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
      void router.navigate(idx > 0 ? -1 : '/home');
    },
    currentPath: () => `${inAppPath(router.state.location.pathname)}${router.state.location.search}`,
    signedOut: () => useUserStore.getState().signOut(false),
  });
  return () => setCatalogueUi(null);
}
