// Fixtures of the floating player's tests (tests/unit/audio-rules.test.ts, player-engine.test.ts).
import type { AudioTrack } from '../../src/lib/audio-handoff';
import { useMusicStore } from '../../src/stores/music-store';

/** A track of a 60 s lesson with a base address to decode. */
export const track = (id: number, extra: Partial<AudioTrack> = {}): AudioTrack => ({ id, title: `第${id}课`, mediaUrl: `media:audio/t${id}.wav`, duration: 60, ...extra });

/** An empty player for tenant 1001, user 7, with nothing stored. */
export function resetStore() {
  localStorage.clear();
  useMusicStore.setState({ scope: null, songList: [], currentIndex: -1, playStatus: 'stopped', showPlayer: false, volume: 100, rate: 1, playType: 0 });
  useMusicStore.getState().hydrate(1001, 7);
}

