// On-demand antd feedback (modal alerts, toast messages). antd's Modal and message, with the
// dialog, notification and motion code under them, are not part of the first paint: they load the
// first time something asks for an alert or a message (an error-catalogue alert, the off-shelf
// warning, the unknown-tenant alert). <FeedbackHost> sits in the app's providers; the holder it loads
// brings antd's ConfigProvider (src/components/antd-theme.tsx), so the alerts and messages use the tenant's
// theme and locale (antd's useModal/useMessage holders).
import { lazy, Suspense, useEffect, useState, type ComponentType, type ReactElement } from 'react';
import type { ModalFuncProps } from 'antd';

/** What an alert returns: a handle to close it early. */
export interface AlertHandle {
  destroy(): void;
}

/** The holder's API: antd's hook-based modal and message, bound to the host's context. */
export interface FeedbackApi {
  modal(kind: 'info' | 'warning', config: ModalFuncProps): AlertHandle;
  message(kind: 'warning' | 'info' | 'error' | 'success', content: string, seconds?: number): void;
}

type Pending = (api: FeedbackApi) => void;

let api: FeedbackApi | null = null;
// True while `api` is antd's static fallback; a host mounted later takes over with its themed one.
let apiIsStatic = false;
const queue: Pending[] = [];
let requestHost: (() => void) | null = null;
let fallbackLoading = false;

/** Loads the holder (antd Modal + message), for the lazy host and the static fallback. */
const loadHolder = () => import('./feedback-holder');

function whenReady(run: Pending): void {
  if (api && !(apiIsStatic && requestHost)) {
    run(api);
    return;
  }
  queue.push(run);
  if (requestHost) requestHost();
  else if (!fallbackLoading) {
    // No host mounted (a test without <Providers>, or before the first render): antd's static API.
    fallbackLoading = true;
    void loadHolder()
      .then((m) => {
        if (api) return;
        provideFeedbackApi(m.staticFeedbackApi);
        apiIsStatic = true;
      })
      .catch((error: unknown) => console.error('Loading antd feedback (Modal, message) failed.', error))
      .finally(() => {
        fallbackLoading = false;
      });
  }
}

/** Called by the holder once mounted (or by the static fallback); runs everything queued so far. */
export function provideFeedbackApi(next: FeedbackApi | null): void {
  api = next;
  apiIsStatic = false;
  if (!next) return;
  for (const run of queue.splice(0)) run(next);
}

/** Shows an antd info/warning modal, loading antd's Modal on first use. */
export function showAlert(kind: 'info' | 'warning', config: ModalFuncProps): AlertHandle {
  let handle: AlertHandle | null = null;
  let destroyed = false;
  whenReady((ready) => {
    if (destroyed) return;
    handle = ready.modal(kind, config);
  });
  return {
    destroy() {
      destroyed = true;
      handle?.destroy();
    },
  };
}

/** Shows an antd message (toast), loading antd's message on first use. */
export function showMessage(kind: 'warning' | 'info' | 'error' | 'success', content: string, seconds?: number): void {
  whenReady((ready) => ready.message(kind, content, seconds));
}

const Holder = lazy(async () => ({ default: (await loadHolder()).FeedbackHolder as ComponentType }));

/** Renders antd's modal/message holders (themed) once something needs them. Place inside <Providers>. */
export function FeedbackHost(): ReactElement | null {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    const request = () => setNeeded(true);
    requestHost = request;
    if (queue.length) request();
    return () => {
      if (requestHost === request) requestHost = null;
    };
  }, []);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Holder />
    </Suspense>
  );
}
