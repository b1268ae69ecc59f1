// The on-demand part of src/components/feedback/feedback.tsx: antd's Modal and message. Loaded only when
// the first alert or message is asked for, together with antd's ConfigProvider (src/components/antd-theme.tsx),
// so the alerts and messages keep the tenant's theme and locale.
import { message, Modal } from 'antd';
import { useEffect, useMemo } from 'react';
import { AntdTheme } from '../antd-theme';
import { provideFeedbackApi, type FeedbackApi } from './feedback';

/**
 * Messages show below the 64 px navbar (layout.css), not over it: a toast over the menus took the
 * clicks meant for them, and antd keeps a hovered toast open, so a pointer resting there kept it.
 */
export const MESSAGE_TOP = 72;

/** antd's static API, for when no <FeedbackHost> is mounted (no theme context there). */
export const staticFeedbackApi: FeedbackApi = {
  modal: (kind, config) => (kind === 'info' ? Modal.info(config) : Modal.warning(config)),
  message: (kind, content, seconds) => {
    message.config({ top: MESSAGE_TOP });
    void message[kind](content, seconds);
  },
};

/** antd's modal and message holders, bound to the ConfigProvider around them. */
function Holders() {
  const [modal, modalHolder] = Modal.useModal();
  const [messageApi, messageHolder] = message.useMessage({ top: MESSAGE_TOP });
  const feedback = useMemo<FeedbackApi>(
    () => ({
      modal: (kind, config) => (kind === 'info' ? modal.info(config) : modal.warning(config)),
      message: (kind, content, seconds) => void messageApi[kind](content, seconds),
    }),
    [modal, messageApi],
  );
  useEffect(() => {
    provideFeedbackApi(feedback);
    return () => provideFeedbackApi(null);
  }, [feedback]);
  return (
    <>
      {modalHolder}
      {messageHolder}
    </>
  );
}

/** Mounts antd's modal and message holders inside the tenant's ConfigProvider and hands them over. */
export function FeedbackHolder() {
  return (
    <AntdTheme>
      <Holders />
    </AntdTheme>
  );
}
