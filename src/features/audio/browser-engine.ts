// The browser's player engine: howler, the real calls, this browser's storage, the signed-in user.
// One per page; created when the player chunk first loads.
import { decodeMedia, getProgress } from '../../api/hist';
import { useAppStore } from '../../stores/app-store';
import { useUserStore } from '../../stores/user-store';
import { howlerBackend } from './howler-backend';
import { createPlayerEngine, type PlayerEngine } from './player-engine';
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

let engine: PlayerEngine | null = null;

/** The page's engine. */
export function browserEngine(): PlayerEngine {
  if (engine) return engine;
  engine = createPlayerEngine({
    backend: howlerBackend,
    decode: (baseUrl, permissionFlag) => decodeMedia(baseUrl, permissionFlag),
    fetchProgress: async (contentId, partId) => (currentSaver() ? getProgress(contentId, partId) : null),
    saver: currentSaver,
    finishAudio: () => useAppStore.getState().site.finishAudio,
  });
  // Back online: what failed while offline goes out at once instead of after the backoff wait.
  window.addEventListener('online', () => void currentSaver()?.flush());
  return engine;
}
