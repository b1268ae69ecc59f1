// The signed-in user's progress saver, shared by everything that records study: the floating audio
// player and the video and reading views of the detail pages. One per tenant and user, made on
// first use; no howler here, so a page that only records video does not load the audio engine.
import { useUserStore } from '../../stores/user-store';
import { createBrowserSaver, type ProgressSaver } from './progress-saver';

let active: { tenantId: number; userId: number; saver: ProgressSaver } | null = null;

/** The saver of the signed-in user (made on first use and when the user changes); null for a guest. */
export function currentSaver(): ProgressSaver | null {
  const { tenantId, registerInfo, userInfo } = useUserStore.getState();
  const userId = userInfo?.userId;
  if (tenantId === null || !registerInfo?.token || typeof userId !== 'number') return null;
  if (!active || active.tenantId !== tenantId || active.userId !== userId) {
    active?.saver.dispose();
    active = { tenantId, userId, saver: createBrowserSaver(tenantId, userId) };
    // Saves this user left unacknowledged on an earlier visit go out now.
    void active.saver.flush();
  }
  return active.saver;
}

