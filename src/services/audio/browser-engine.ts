// The browser's player engine: howler, the real calls, this browser's storage, the signed-in user.
// One per page; created when the player chunk first loads.
import { ApiError } from '../../api/client';
import { decodeMedia, getProgress } from '../../api/hist';
import { showMessage } from '../../components/feedback/feedback';
import { textsIn } from '../../i18n/texts';
import { useAppStore } from '../../stores/app-store';
import { howlerBackend } from './howler-backend';
import { createPlayerEngine, type PlayerEngine } from './player-engine';
import { currentSaver } from './study-saver';
import { NAMESPACE } from './texts';

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
    // A load error is only logged (spec shell §4), but a guest who presses play on sign-in-only
    // audio is told why nothing plays.
    onDecodeFailed: (_item, error) => {
      if (error instanceof ApiError && (error.flag === 401 || error.code === 401)) {
        showMessage('warning', textsIn(NAMESPACE)('signInToListen'));
      }
    },
  });
  // Back online: what failed while offline goes out at once instead of after the backoff wait.
  window.addEventListener('online', () => void currentSaver()?.flush());
  return engine;
}
