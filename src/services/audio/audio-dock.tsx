// Where the floating audio player lives in the shell (spec shell §2 "Other components", §4): a
// cross-route service the layout mounts once (DESIGN: cross-route services live outside features/). The
// dock is tiny and always there: it points the music store at the tenant and user, and takes the
// hand-off from widgets and pages (src/lib/audio-handoff.ts). The player itself, with howler, loads
// the first time there is something to show, and then stays mounted across navigation.
import { lazy, Suspense, useEffect, useState } from 'react';
import { onPlayAudio } from '../../lib/audio-handoff';
import { withChunkTimeout } from '../../lib/chunk-timeout';
import { useAppStore } from '../../stores/app-store';
import { useMusicStore } from '../../stores/music-store';
import { selectUserId, useUserStore } from '../../stores/user-store';

const FloatingPlayer = lazy(() => withChunkTimeout(() => import('./floating-player')));

export function AudioDock() {
  const tenantId = useAppStore((s) => s.tenantId);
  const userId = useUserStore(selectUserId);
  const showPlayer = useMusicStore((s) => s.showPlayer);
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    if (tenantId !== null) useMusicStore.getState().hydrate(tenantId, userId);
  }, [tenantId, userId]);

  useEffect(() => onPlayAudio(({ items, index }) => useMusicStore.getState().playList(items, index)), []);

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
