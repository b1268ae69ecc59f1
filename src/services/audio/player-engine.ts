// The floating player's engine: it follows the music store and drives one sound (howler in the
// browser, a fake in tests), applying spec shell §4 "Floating audio player" rule by rule. The store
// says what should happen (which item, playing or not, volume, mode); the engine makes the sound do
// it, counts listened seconds, applies the finished rule and saves progress:
// - on pause, on loading a new item, on leaving and on a sync request (spec shell §4);
// - at once the first time an item becomes finished.
import type { DecodedMedia, ProgressResponse, StudyRecord } from '../../api/hist';
import { SYNC_AUDIO_EVENT } from '../../lib/audio-handoff';
import { SEEK_DEBOUNCE_MS, TICK_MS } from '../../lib/audio-rules';
import { selectCurrentMusic, useMusicStore, type MusicItem, type MusicState } from '../../stores/music-store';
import type { ProgressSaver } from './progress-saver';

/** What the engine hears from a sound. */
export interface SoundEvents {
  onload(): void;
  onend(): void;
  onloaderror(error: unknown): void;
  onplayerror(error: unknown): void;
}

/** One loaded audio source (a Howl in the browser). */
export interface Sound {
  play(): void;
  pause(): void;
  /** The position in seconds. */
  position(): number;
  seek(seconds: number): void;
  /** Seconds; 0 until known. */
  duration(): number;
  playing(): boolean;
  volume(volume01: number): void;
  rate(rate: number): void;
  unload(): void;
}

/** Makes sounds. */
export interface AudioBackend {
  create(src: string, options: { volume: number; rate: number }, events: SoundEvents): Sound;
}

export interface EngineDeps {
  backend: AudioBackend;
  /** The decode call (spec shell §7). */
  decode(baseUrl: string, permissionFlag: 0 | 1): Promise<DecodedMedia>;
  /** The signed-in user's progress of a part, or null for a guest. */
  fetchProgress(contentId: number, partId: number): Promise<ProgressResponse | null>;
  /** The saver of the signed-in user, or null for a guest (nothing is saved). */
  saver(): ProgressSaver | null;
  /** The tenant's Study finishAudio percent. */
  finishAudio(): number | null;
  now?(): number;
  log?(message: string, error?: unknown): void;
  /** The decode call refused the item (for example a guest on sign-in-only audio). */
  onDecodeFailed?(item: MusicItem, error: unknown): void;
}

type Store = typeof useMusicStore;

/** The player engine's controls, beyond what the store does. */
export interface PlayerEngine {
  /** Follows the store and the page's leave events; returns the stop function. */
  start(): () => void;
  /** Moves the position now and the sound after 200 ms of no further moves (spec shell §9). */
  seek(seconds: number): void;
  /** spec shell §4 "sync request": save, then adopt the server's maximum progress when ahead. */
  sync(): Promise<void>;
}

/** The record the server keeps for an item (spec learning §3 "Study record"). */
export function recordOf(item: MusicItem, savedAt: number): StudyRecord {
  const duration = Math.floor(item.duration);
  const progress = Math.floor(item.currentTime);
  return {
    contentId: item.id,
    partId: item.partId,
    progress: duration > 0 ? Math.min(progress, duration) : progress,
    duration,
    playTime: item.playTime,
    state: item.state,
    savedAt,
    courseId: item.courseId,
    subjectId: item.subjectId,
  };
}

export function createPlayerEngine(deps: EngineDeps, store: Store = useMusicStore): PlayerEngine {
  const now = deps.now ?? (() => Date.now());
  const log = deps.log ?? ((message: string, error?: unknown) => console.warn(message, error));
  let sound: Sound | null = null;
  let soundKey: string | null = null;
  let loadToken = 0;
  let ticker: ReturnType<typeof setInterval> | null = null;
  let seekTimer: ReturnType<typeof setTimeout> | null = null;
  let pendingSeek: number | null = null;

  const current = (): MusicItem | null => selectCurrentMusic(store.getState());
  const itemOf = (key: string): MusicItem | undefined => store.getState().songList.find((item) => item.key === key);

  function save(item: MusicItem | null | undefined): void {
    const saver = deps.saver();
    if (!saver || !item || !(item.id > 0)) return;
    void saver.save(recordOf(item, now()));
  }

  function stopTicking(): void {
    if (ticker !== null) clearInterval(ticker);
    ticker = null;
  }

  // spec shell §4: "Listened time is counted every second while playing."
  function startTicking(): void {
    stopTicking();
    ticker = setInterval(() => {
      if (!sound || soundKey === null || !sound.playing()) return;
      const key = soundKey;
      const known = sound.duration();
      if (known > 0 && Math.abs(known - (itemOf(key)?.duration ?? 0)) >= 1) store.getState().setDuration(key, known);
      // While a dragged seek waits out its debounce, the bar shows the dragged position.
      const position = pendingSeek === null ? sound.position() : Number.NaN;
      if (store.getState().tick(key, position, deps.finishAudio())) save(itemOf(key));
    }, TICK_MS);
  }

  function unload(): void {
    stopTicking();
    if (seekTimer !== null) clearTimeout(seekTimer);
    seekTimer = null;
    pendingSeek = null;
    sound?.unload();
    sound = null;
    soundKey = null;
  }

  async function adopt(item: MusicItem): Promise<void> {
    // Like save(): only contents (id > 0) have server progress; a shop audiobook chapter has none.
    if (!(item.id > 0)) return;
    try {
      const server = await deps.fetchProgress(item.id, item.partId);
      if (server) store.getState().adoptProgress(item.key, server);
    } catch (error) {
      log(`Could not read the saved progress of "${item.title}"; playing from the local position.`, error);
    }
  }

  async function load(item: MusicItem): Promise<void> {
    const token = ++loadToken;
    unload();
    let src = item.src;
    const expired = item.expiresAt > 0 && item.expiresAt * 1000 - 60_000 < now();
    try {
      const [decoded] = await Promise.all([
        // spec shell §4: "A source that is not yet decoded is decoded on first play."
        !item.isDecode || !src || expired ? deps.decode(item.originSrc ?? '', item.permissionFlag) : Promise.resolve(null),
        adopt(item),
      ]);
      if (decoded) {
        store.getState().setDecoded(item.key, decoded.url, decoded.expiresAt);
        src = decoded.url;
      }
    } catch (error) {
      // spec shell §4: "Audio load errors are only logged."
      log(`Could not get a playable address for "${item.title}".`, error);
      if (token === loadToken) {
        store.getState().setPlayStatus('paused');
        deps.onDecodeFailed?.(item, error);
      }
      return;
    }
    if (token !== loadToken || !src) return;
    const state = store.getState();
    const key = item.key;
    const created = deps.backend.create(src, { volume: state.volume / 100, rate: state.rate }, {
      onload: () => {
        const duration = created.duration();
        if (duration > 0) store.getState().setDuration(key, duration);
      },
      onend: () => ended(key),
      onloaderror: (error) => {
        log(`The audio of "${item.title}" could not be loaded.`, error);
        // The signed address may have expired: decode again on the next play.
        store.getState().clearDecoded(key);
        if (soundKey === key) {
          unload();
          store.getState().setPlayStatus('paused');
        }
      },
      onplayerror: (error) => log(`The audio of "${item.title}" could not start.`, error),
    });
    sound = created;
    soundKey = key;
    const resumeAt = itemOf(key)?.currentTime ?? 0;
    if (resumeAt > 0) created.seek(resumeAt);
    // The new item's record exists from its first play on ("saved on loading a new item").
    save(itemOf(key));
    if (store.getState().playStatus === 'playing') {
      created.play();
      startTicking();
    }
  }

  // spec shell §4: "When playback ends: in repeat mode (playType 1) it restarts from zero,
  // otherwise it moves to the next item."
  function ended(key: string): void {
    if (soundKey !== key || !sound) return;
    const item = itemOf(key);
    if (item) store.getState().setPosition(key, item.duration > 0 ? item.duration : sound.position());
    const { playType } = store.getState();
    if (playType !== 1) {
      store.getState().next();
      if (current()?.key !== key) return;
    }
    // Repeat, or a list of one that loops onto itself.
    save(itemOf(key));
    store.getState().setPosition(key, 0);
    sound.seek(0);
    sound.play();
    startTicking();
  }

  function follow(state: MusicState, prev: MusicState): void {
    const item = selectCurrentMusic(state);
    const before = selectCurrentMusic(prev);
    if (item?.key !== before?.key) {
      // Loading a new item saves the one that was playing.
      if (before && soundKey === before.key) save(prev.songList.find((entry) => entry.key === before.key));
      if (!item) {
        loadToken += 1;
        unload();
        return;
      }
      if (state.playStatus === 'playing') void load(item);
      else unload();
    } else if (item && state.playStatus !== prev.playStatus) {
      if (state.playStatus === 'playing') {
        if (sound && soundKey === item.key) {
          sound.play();
          startTicking();
        } else void load(item);
      } else {
        sound?.pause();
        stopTicking();
        // spec shell §4: "Progress is saved on pause."
        if (prev.playStatus === 'playing') save(item);
      }
    }
    if (sound && state.volume !== prev.volume) sound.volume(state.volume / 100);
    if (sound && state.rate !== prev.rate) sound.rate(state.rate);
  }

  function leave(): void {
    const item = current();
    const saver = deps.saver();
    if (!saver) return;
    if (item && item.id > 0) void saver.save(recordOf(item, now()));
    saver.leave();
  }

  const engine: PlayerEngine = {
    start() {
      const unsubscribe = store.subscribe(follow);
      const onHide = () => {
        if (document.visibilityState === 'hidden') leave();
        else if (store.getState().playStatus !== 'playing') void engine.sync();
      };
      const onSync = () => void engine.sync();
      window.addEventListener('pagehide', leave);
      window.addEventListener(SYNC_AUDIO_EVENT, onSync);
      document.addEventListener('visibilitychange', onHide);
      void deps.saver()?.flush();
      // A reloaded page shows the current item at the furthest saved position.
      const item = current();
      if (item) {
        if (store.getState().playStatus === 'playing') void load(item);
        else void adopt(item);
      }
      return () => {
        unsubscribe();
        window.removeEventListener('pagehide', leave);
        window.removeEventListener(SYNC_AUDIO_EVENT, onSync);
        document.removeEventListener('visibilitychange', onHide);
        loadToken += 1;
        unload();
      };
    },
    seek(seconds) {
      const item = current();
      if (!item) return;
      store.getState().setPosition(item.key, seconds);
      pendingSeek = itemOf(item.key)?.currentTime ?? seconds;
      if (seekTimer !== null) clearTimeout(seekTimer);
      seekTimer = setTimeout(() => {
        seekTimer = null;
        const to = pendingSeek;
        pendingSeek = null;
        if (to !== null && sound && soundKey === item.key) sound.seek(to);
      }, SEEK_DEBOUNCE_MS);
    },
    async sync() {
      const item = current();
      if (!item) return;
      save(item);
      const before = item.currentTime;
      await adopt(item);
      const after = itemOf(item.key)?.currentTime ?? before;
      if (after !== before && sound && soundKey === item.key) sound.seek(after);
    },
  };
  return engine;
}
