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
  /** The part of the content (an episode); 0 or absent for the whole content. */
  partId?: number;
  /** Set when the track is a lesson of a course: its progress goes through the course study log. */
  courseId?: number | null;
  /** Set when the track is a lesson of a subject (topic). */
  subjectId?: number | null;
  /** Where clicking the player's title goes (a portal path), with its query. */
  pageUrl?: string | null;
  pageQuery?: Record<string, string> | null;
  /** The share of the duration that must be listened to for "finished", 0–1; absent: the tenant's finishAudio. */
  finishRatio?: number | null;
  /** 1 (default): only a signed-in user may decode the address; 0: guests may too. */
  permissionFlag?: 0 | 1;
}

/**
 * The detail page of a content (spec learning §2 "Details" and "Query meaning on detail routes"):
 * knowledge opens /knowledge/detail/{id}; every other purpose opens /sub_cm/content/detail with its
 * id and purpose.
 */
export function contentPage(id: number | string, purpose?: number): { pageUrl: string; pageQuery: Record<string, string> | null } {
  if (purpose === 2) return { pageUrl: `/knowledge/detail/${id}`, pageQuery: null };
  return { pageUrl: '/sub_cm/content/detail', pageQuery: { id: String(id), ...(purpose === undefined ? {} : { purpose: String(purpose) }) } };
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

/** The window event that asks the player to sync the current item's progress (spec shell §4). */
export const SYNC_AUDIO_EVENT = 'portal:sync-audio';

/**
 * A sync request (spec shell §4: "Progress is saved … on a sync request. A sync adopts the
 * server's maximum progress if that is ahead."): a page that shows or changes study progress asks
 * the player to save its item and catch up with the server.
 */
export function requestAudioSync(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SYNC_AUDIO_EVENT));
}
