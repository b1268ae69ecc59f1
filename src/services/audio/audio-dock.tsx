// Where the floating audio player lives in the shell (spec shell §2 "Other components", §4): a
// cross-route service the layout mounts once (DESIGN: cross-route services live outside features/). The
// dock is tiny and always there: it takes the hand-off from widgets and pages
// (src/lib/audio-handoff.ts). The music store and the player, with howler, load the first time there
// is something to play: a playlist stored for this tenant and visitor, or a hand-off (issue 15: a
// first visit's home carries none of it). Then the store follows the tenant and user, and the player
// stays mounted across navigation.
import { lazy, Suspense, useEffect, useState } from 'react';
import { onPlayAudio } from '../../lib/audio-handoff';
import { withChunkTimeout } from '../../lib/chunk-timeout';
import { getMusicState } from '../../lib/storage';
import { useAppStore } from '../../stores/app-store';
import { selectUserId, useUserStore } from '../../stores/user-store';

type MusicModule = typeof import('../../stores/music-store');
type MusicStore = MusicModule['useMusicStore'];

const FloatingPlayer = lazy(() => withChunkTimeout(() => import('./floating-player')));
const loadMusic = (): Promise<MusicModule> => withChunkTimeout(() => import('../../stores/music-store'));

/** Whether this tenant's visitor has a playlist stored (read without the music store; it checks the items). */
function hasStoredList(tenantId: number, userId: number | null): boolean {
  const stored = getMusicState(tenantId, userId);
  const list = typeof stored === 'object' && stored !== null ? (stored as { songList?: unknown }).songList : undefined;
  return Array.isArray(list) && list.length > 0;
}

const scopeNow = () => ({ tenantId: useAppStore.getState().tenantId, userId: selectUserId(useUserStore.getState()) });

export function AudioDock() {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const [store, setStore] = useState<MusicStore | null>(null);

  // The store follows the tenant and user once loaded; before, it loads when one has a stored list.
  // A guest's list is hydrated before they sign in, so it can carry over to the account (music-store hydrate).
  useEffect(() => {
    if (tenantId === null) return undefined;
    if (store) {
      store.getState().hydrate(tenantId, userId);
      return undefined;
    }
    if (!hasStoredList(tenantId, userId)) return undefined;
    let live = true;
    loadMusic().then((music) => live && setStore(() => music.useMusicStore), (error: unknown) => console.error('The audio player could not load; the stored playlist is not shown.', error));
    return () => {
      live = false;
    };
  }, [tenantId, userId, store]);

  useEffect(() => onPlayAudio(({ items, index }) => {
    loadMusic().then((music) => {
      const scope = scopeNow();
      if (scope.tenantId !== null) music.useMusicStore.getState().hydrate(scope.tenantId, scope.userId);
      music.useMusicStore.getState().playList(items, index);
      setStore(() => music.useMusicStore);
    }, (error: unknown) => console.error('The audio player could not load, so the audio does not play.', error));
  }), []);

  return store ? <Player store={store} /> : null;
}

/** The player, from the first time it has something to show. */
function Player({ store }: { store: MusicStore }) {
  const showPlayer = store((s) => s.showPlayer);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (showPlayer) setMounted(true);
  }, [showPlayer]);
  if (!mounted && !showPlayer) return null;
  return (
    <Suspense fallback={null}>
      <FloatingPlayer />
    </Suspense>
  );
}
