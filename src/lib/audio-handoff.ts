// Hand-off to the global floating audio player (spec shell: audio player). Widgets that list audio
// do not play it themselves: they announce "play these tracks from this one" as a window event, and
// the player (a later issue) listens. Plain DOM, no React, so any widget or page can call it.

/** The window event the floating player listens to. */
export const PLAY_AUDIO_EVENT = 'portal:play-audio';

/** One track as the player needs it. */
export interface AudioTrack {
  id: number | string;
  title: string;
  /** The audio address; null when the content must be fetched by id first. */
  mediaUrl: string | null;
  cover?: string | null;
  author?: string | null;
  /** Seconds; 0 when unknown. */
  duration?: number;
  /** The content purpose, for the player's "open details" link. */
  purpose?: number;
}

/** The detail of a PLAY_AUDIO_EVENT: the queue and the track to start with. */
export interface PlayAudioDetail {
  items: AudioTrack[];
  /** Index into items of the track to play first. */
  index: number;
}

/**
 * Asks the floating player to play `items` starting at `index` (clamped into range). Returns false
 * when there is nothing to play or no window (server rendering); true once the event is sent.
 */
export function playAudio(items: readonly AudioTrack[], index = 0): boolean {
  if (typeof window === 'undefined' || items.length === 0) return false;
  const start = Math.min(Math.max(0, Math.trunc(index) || 0), items.length - 1);
  const detail: PlayAudioDetail = { items: items.map((item) => ({ ...item })), index: start };
  window.dispatchEvent(new CustomEvent<PlayAudioDetail>(PLAY_AUDIO_EVENT, { detail }));
  return true;
}

/** Subscribes to play requests (for the player); returns the unsubscribe function. */
export function onPlayAudio(listener: (detail: PlayAudioDetail) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<PlayAudioDetail>).detail);
  window.addEventListener(PLAY_AUDIO_EVENT, handler);
  return () => window.removeEventListener(PLAY_AUDIO_EVENT, handler);
}
