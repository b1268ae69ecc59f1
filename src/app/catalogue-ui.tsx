// Connects the error catalogue (src/api/error-catalogue.ts) to antd's Modal and the router.
import { App as AntApp, Modal } from 'antd';
import { useEffect } from 'react';
import { setCatalogueUi } from '../api/error-catalogue';

/** The part of antd's modal API the catalogue uses; App.useApp().modal and the static Modal both fit. */
export type ModalApi = Pick<typeof Modal, 'info' | 'warning'>;

/** The router operations the catalogue needs (a react-router data router fits). */
export interface CatalogueRouter {
  navigate(to: string | number, opts?: { replace?: boolean }): Promise<void> | void;
  readonly state: { location: { pathname: string; search: string } };
}

// Static Modal until the App component hands over its context-aware one (theme, locale).
let modalApi: ModalApi = Modal;

/** Sends the catalogue's alerts and redirects to the given router; returns the uninstaller. */
export function installCatalogueUi(router: CatalogueRouter): () => void {
  setCatalogueUi({
    alert: (request) => {
      const show = request.closable ? modalApi.info : modalApi.warning;
      show({
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
    currentPath: () => `${router.state.location.pathname}${router.state.location.search}`,
  });
  return () => setCatalogueUi(null);
}

/** Hands antd's context-aware modal API (inside <App>) to the catalogue. Renders nothing. */
export function CatalogueModalBridge(): null {
  const { modal } = AntApp.useApp();
  useEffect(() => {
    modalApi = modal;
    return () => {
      modalApi = Modal;
    };
  }, [modal]);
  return null;
}
