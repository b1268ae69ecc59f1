// Closing what antd's static API (message, Modal.confirm) left open at the end of a test. jsdom never
// ends antd's leave animation: a closed toast or dialog stays in the document, half-gone, until its
// animation's end is sent, and antd's static holders live as long as the worker's antd does (the
// unit project shares a worker between files without isolation, vitest.config.ts).
import { waitFor } from '@testing-library/react';
import { message, Modal } from 'antd';

/** Sends the animation's end to every element antd is animating out, so it goes. */
function endLeaveAnimations(): void {
  for (const element of document.querySelectorAll('[class*="-leave-active"]')) {
    for (const name of ['animationend', 'webkitAnimationEnd', 'transitionend']) element.dispatchEvent(new Event(name));
  }
}

/**
 * Closes antd's static toasts and confirm dialogs and waits until they are out of the document.
 * (Removing their nodes by hand instead detached the list antd's static holder keeps rendering
 * into: every later toast of the worker went there and never showed.)
 */
export async function closeAntdStatics(): Promise<void> {
  message.destroy();
  Modal.destroyAll();
  await waitFor(() => {
    endLeaveAnimations();
    if (document.querySelector('.ant-message-notice, .ant-modal-confirm')) throw new Error('antd toasts or confirm dialogs are still closing');
  }, { timeout: 1000 }).catch(() => {
    // A confirm whose closing began under fake timers waits for a frame that never comes. Each
    // static confirm has a root of its own that no later confirm reuses, so its nodes can go.
    for (const confirm of document.querySelectorAll('.ant-modal-confirm')) confirm.closest('.ant-modal-root')?.parentElement?.remove();
  });
}
