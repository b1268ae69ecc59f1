// The floating audio player's state (spec shell §3 "Music state" and "Audio player state"). The
// spec describes one player twice: Music state names the list fields (songList, currentMusic,
// currentIndex, playStatus, showPlayer, volume) and Audio player state the item fields (src,
// originSrc, isDecode, currentTime, duration, pageUrl, pageQuery, finishRatio, playTime, courseId).
// We keep one store with the Music state names and items carrying the audio item fields
// (docs/decisions.md "One music store"). It holds no audio object: the engine
// (src/services/audio/player-engine.ts) follows this store and drives howler.
//
// The list and each item's position are kept in localStorage per tenant and user, so a reload
// resumes the current item where it was (issue 6: "Reloading the page resumes the current item").
import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import type { AudioTrack } from '../lib/audio-handoff';
import {
  clampRate, clampVolume, DEFAULT_RATE, DEFAULT_VOLUME, finishRatioOf, indexAfterRemoval, nextPlayType, reachesFinish, stepIndex, type PlayType,
} from '../lib/audio-rules';
import { getMusicState, setMusicState } from '../lib/storage';

/** One track of the playlist: the hand-off's track plus what playing it has learnt. */
export interface MusicItem {
  /** `${id}:${partId}`: one progress record per content and part (spec learning §3). */
  key: string;
  /** The content id. */
  id: number;
  partId: number;
  title: string;
  img: string | null;
  author: string | null;
  /** The address as listed (a base address the decode call turns into a playable URL). */
  originSrc: string | null;
  /** The playable URL once decoded. */
  src: string | null;
  isDecode: boolean;
  /** Epoch seconds after which `src` must be decoded again; 0: never. */
  expiresAt: number;
  /** Seconds. */
  duration: number;
  /** Position in seconds. */
  currentTime: number;
  /** Seconds listened (counted each second while playing). */
  playTime: number;
  /** 1 in progress, 2 finished (spec learning §3); finished never reverts. */
  state: 1 | 2;
  pageUrl: string | null;
  pageQuery: Record<string, string> | null;
  finishRatio: number | null;
  courseId: number | null;
  subjectId: number | null;
  permissionFlag: 0 | 1;
}

/** spec shell §3 "Music state": playStatus. */
export type PlayStatus = 'playing' | 'paused' | 'stopped';

/** What a progress sync learnt from the server (spec learning §3 "Progress response"). */
export interface ServerProgress {
  maxProgress: number;
  maxDuration: number;
  maxState: number;
  playTime: number;
}

export interface MusicState {
  /** Whose playlist this is: the tenant and user (null: a guest) it is stored under. */
  scope: { tenantId: number; userId: number | null } | null;
  songList: MusicItem[];
  /** -1 when the list is empty. */
  currentIndex: number;
  playStatus: PlayStatus;
  showPlayer: boolean;
  /** 0–100. */
  volume: number;
  rate: number;
  playType: PlayType;

  /** Switches to the stored playlist of a tenant and user (at start-up and on sign-in or out). */
  hydrate(tenantId: number, userId: number | null): void;
  /** The hand-off: replace the playlist with `tracks` and play the one at `index`. */
  playList(tracks: readonly AudioTrack[], index: number): void;
  setPlayStatus(status: PlayStatus): void;
  togglePlay(): void;
  next(): void;
  prev(): void;
  /** Plays the item at `index` of the list. */
  select(index: number): void;
  remove(index: number): void;
  cycleMode(): void;
  setVolume(volume: number): void;
  setRate(rate: number): void;
  /** spec shell §4: "Hiding the floating player stops playback." */
  hide(): void;
  /** Moves the current item's displayed position (the engine seeks, debounced). */
  setPosition(key: string, seconds: number): void;
  /** The real length, once the audio knows it. */
  setDuration(key: string, seconds: number): void;
  setDecoded(key: string, src: string, expiresAt: number): void;
  /** Forgets a decoded URL (it expired or failed), so the next play decodes again. */
  clearDecoded(key: string): void;
  /**
   * One tick of playback (each second while playing): the position, one more listened second and
   * the finished rule. Returns true only on the tick that first makes the item finished.
   */
  tick(key: string, position: number, tenantFinishAudio: number | null): boolean;
  /** A sync: adopt the server's maximum progress when it is ahead, and its finished state. */
  adoptProgress(key: string, server: ServerProgress): void;
}

/** The playlist entry of the key, and its index. */
function find(state: Pick<MusicState, 'songList'>, key: string): MusicItem | undefined {
  return state.songList.find((item) => item.key === key);
}

/** The current item, or null. */
export const selectCurrentMusic = (state: Pick<MusicState, 'songList' | 'currentIndex'>): MusicItem | null =>
  state.songList[state.currentIndex] ?? null;

/** spec shell §3 "Music state": musicId, the current item's key. */
export const selectMusicId = (state: Pick<MusicState, 'songList' | 'currentIndex'>): string | null => selectCurrentMusic(state)?.key ?? null;

const isAbsolute = (url: string | null | undefined): url is string => typeof url === 'string' && /^(https?:|blob:|data:)/i.test(url);

/** A hand-off track as a playlist item. Absolute http(s) addresses need no decoding. */
export function toMusicItem(track: AudioTrack): MusicItem {
  const id = Number(track.id);
  const partId = Math.max(0, Math.trunc(Number(track.partId ?? 0)) || 0);
  const decoded = isAbsolute(track.mediaUrl);
  return {
    key: `${id}:${partId}`,
    id,
    partId,
    title: track.title ?? '',
    img: track.cover ?? null,
    author: track.author ?? null,
    originSrc: track.mediaUrl ?? null,
    src: decoded ? track.mediaUrl : null,
    isDecode: decoded,
    expiresAt: 0,
    duration: Math.max(0, Number(track.duration ?? 0) || 0),
    currentTime: 0,
    playTime: 0,
    state: 1,
    pageUrl: track.pageUrl ?? null,
    pageQuery: track.pageQuery ?? null,
    finishRatio: track.finishRatio ?? null,
    courseId: track.courseId ?? null,
    subjectId: track.subjectId ?? null,
    permissionFlag: track.permissionFlag === 0 ? 0 : 1,
  };
}

/** What is stored: the list with positions, the current index and the controls, never "playing". */
interface StoredMusic {
  songList: MusicItem[];
  currentIndex: number;
  showPlayer: boolean;
  volume: number;
  rate: number;
  playType: PlayType;
}

const isItem = (value: unknown): value is MusicItem => {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Partial<MusicItem>;
  return typeof item.key === 'string' && typeof item.id === 'number' && typeof item.partId === 'number'
    && typeof item.currentTime === 'number' && typeof item.playTime === 'number' && typeof item.duration === 'number';
};

/** Reads a stored playlist; anything corrupt reads as an empty player. */
function readStored(tenantId: number, userId: number | null): StoredMusic {
  const raw = getMusicState(tenantId, userId);
  const stored = typeof raw === 'object' && raw !== null ? (raw as Partial<StoredMusic>) : {};
  const songList = Array.isArray(stored.songList) ? stored.songList.filter(isItem) : [];
  const index = typeof stored.currentIndex === 'number' ? stored.currentIndex : -1;
  return {
    songList,
    currentIndex: songList.length === 0 ? -1 : Math.min(Math.max(0, index), songList.length - 1),
    showPlayer: songList.length > 0 && stored.showPlayer === true,
    volume: clampVolume(typeof stored.volume === 'number' ? stored.volume : DEFAULT_VOLUME),
    rate: clampRate(typeof stored.rate === 'number' ? stored.rate : DEFAULT_RATE),
    playType: stored.playType === 1 || stored.playType === 2 ? stored.playType : 0,
  };
}

export const useMusicStore = create<MusicState>()(
  immer((set, get) => ({
    scope: null,
    songList: [],
    currentIndex: -1,
    playStatus: 'stopped',
    showPlayer: false,
    volume: DEFAULT_VOLUME,
    rate: DEFAULT_RATE,
    playType: 0,

    hydrate: (tenantId, userId) => {
      const scope = get().scope;
      if (scope && scope.tenantId === tenantId && scope.userId === userId) return;
      const stored = readStored(tenantId, userId);
      // A guest who signs in keeps what they were listening to when the account has no list yet.
      const carry = scope !== null && scope.tenantId === tenantId && scope.userId === null && userId !== null
        && stored.songList.length === 0 && get().songList.length > 0;
      if (carry) {
        set((state) => {
          state.scope = { tenantId, userId };
        });
        return;
      }
      set((state) => {
        state.scope = { tenantId, userId };
        Object.assign(state, stored);
        // A reload never starts sound by itself (browsers refuse autoplay): the item waits, paused.
        state.playStatus = stored.songList.length > 0 ? 'paused' : 'stopped';
      });
    },
    playList: (tracks, index) => {
      const items = tracks.map(toMusicItem).filter((item) => Number.isFinite(item.id));
      set((state) => {
        // Keep what is known about tracks already in the list (position, listened time, decode).
        const known = new Map(state.songList.map((item) => [item.key, item]));
        state.songList = items.map((item) => {
          const old = known.get(item.key);
          return old ? { ...item, currentTime: old.currentTime, playTime: old.playTime, state: old.state, src: old.src ?? item.src, isDecode: old.isDecode || item.isDecode, expiresAt: old.expiresAt, duration: item.duration || old.duration } : item;
        });
        state.currentIndex = items.length === 0 ? -1 : Math.min(Math.max(0, index), items.length - 1);
        state.showPlayer = items.length > 0;
        state.playStatus = items.length > 0 ? 'playing' : 'stopped';
      });
    },
    setPlayStatus: (status) => set((state) => {
      state.playStatus = state.currentIndex < 0 && status === 'playing' ? 'stopped' : status;
    }),
    togglePlay: () => {
      const { playStatus } = get();
      get().setPlayStatus(playStatus === 'playing' ? 'paused' : 'playing');
    },
    next: () => set((state) => {
      if (state.currentIndex < 0) return;
      state.currentIndex = stepIndex(state.songList.length, state.currentIndex, 1, state.playType);
    }),
    prev: () => set((state) => {
      if (state.currentIndex < 0) return;
      state.currentIndex = stepIndex(state.songList.length, state.currentIndex, -1, state.playType);
    }),
    select: (index) => set((state) => {
      if (index < 0 || index >= state.songList.length) return;
      state.currentIndex = index;
      state.playStatus = 'playing';
    }),
    remove: (index) => set((state) => {
      if (index < 0 || index >= state.songList.length) return;
      state.currentIndex = indexAfterRemoval(state.songList.length, state.currentIndex, index);
      state.songList.splice(index, 1);
      if (state.songList.length === 0) state.playStatus = 'stopped';
    }),
    cycleMode: () => set((state) => {
      state.playType = nextPlayType(state.playType);
    }),
    setVolume: (volume) => set((state) => {
      state.volume = clampVolume(volume);
    }),
    setRate: (rate) => set((state) => {
      state.rate = clampRate(rate);
    }),
    hide: () => set((state) => {
      state.showPlayer = false;
      if (state.playStatus === 'playing') state.playStatus = 'paused';
    }),
    setPosition: (key, seconds) => set((state) => {
      const item = find(state, key);
      if (!item || !Number.isFinite(seconds)) return;
      const max = item.duration > 0 ? item.duration : Number.POSITIVE_INFINITY;
      item.currentTime = Math.min(max, Math.max(0, seconds));
    }),
    setDuration: (key, seconds) => set((state) => {
      const item = find(state, key);
      if (item && Number.isFinite(seconds) && seconds > 0) item.duration = seconds;
    }),
    setDecoded: (key, src, expiresAt) => set((state) => {
      const item = find(state, key);
      if (!item) return;
      item.src = src;
      item.isDecode = true;
      item.expiresAt = expiresAt;
    }),
    clearDecoded: (key) => set((state) => {
      const item = find(state, key);
      if (!item || isAbsolute(item.originSrc)) return;
      item.src = null;
      item.isDecode = false;
      item.expiresAt = 0;
    }),
    tick: (key, position, tenantFinishAudio) => {
      let finishedNow = false;
      set((state) => {
        const item = find(state, key);
        if (!item) return;
        if (Number.isFinite(position)) item.currentTime = Math.max(0, position);
        item.playTime += 1;
        // "Finished is never reverted by playback. On first reaching finished the record is saved at once."
        if (item.state !== 2 && reachesFinish(item.duration, item.playTime, finishRatioFor(item, tenantFinishAudio))) {
          item.state = 2;
          finishedNow = true;
        }
      });
      return finishedNow;
    },
    adoptProgress: (key, server) => set((state) => {
      const item = find(state, key);
      if (!item) return;
      if (server.maxProgress > item.currentTime) item.currentTime = server.maxProgress;
      if (server.maxDuration > 0 && !(item.duration > 0)) item.duration = server.maxDuration;
      if (server.playTime > item.playTime) item.playTime = server.playTime;
      if (server.maxState === 2) item.state = 2;
    }),
  })),
);

/** The finish ratio for an item (its own, else the tenant's finishAudio percent). */
export function finishRatioFor(item: Pick<MusicItem, 'finishRatio'>, tenantFinishAudio: number | null): number {
  return finishRatioOf(item.finishRatio, tenantFinishAudio);
}

// Every change is written back for the scope it belongs to. Positions change once a second while
// playing; one small JSON write a second is well within what localStorage handles.
useMusicStore.subscribe((state, prev) => {
  if (!state.scope || (state.songList === prev.songList && state.currentIndex === prev.currentIndex && state.showPlayer === prev.showPlayer
    && state.volume === prev.volume && state.rate === prev.rate && state.playType === prev.playType && state.scope === prev.scope)) return;
  const stored: StoredMusic = {
    songList: state.songList,
    currentIndex: state.currentIndex,
    showPlayer: state.showPlayer,
    volume: state.volume,
    rate: state.rate,
    playType: state.playType,
  };
  setMusicState(state.scope.tenantId, state.scope.userId, stored);
});
