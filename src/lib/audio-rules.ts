// The floating audio player's rules (spec shell §4 "Floating audio player", §9 audio constants) as
// pure functions, so the store, the engine and the tests share one reading of each rule.

/** spec shell §3: playType 0 loop list, 1 single repeat, otherwise random. */
export type PlayType = 0 | 1 | 2;

/** spec shell §9: "Play modes 0, 1, 2". */
export const PLAY_TYPES: readonly PlayType[] = [0, 1, 2];

/** spec shell §4: "Rates are 0.5, 0.75, 1, 1.25, 1.5 and 2." */
export const RATES: readonly number[] = [0.5, 0.75, 1, 1.25, 1.5, 2];

/** spec shell §9: volume 0 to 100 (default 100), rate default 1. */
export const VOLUME_MAX = 100;
export const DEFAULT_VOLUME = 100;
export const DEFAULT_RATE = 1;

/** spec shell §9: seek debounce 200 ms, timer tick 1 s, finish tolerance 2 s. */
export const SEEK_DEBOUNCE_MS = 200;
export const TICK_MS = 1000;
export const FINISH_TOLERANCE_S = 2;

/** spec shell §4: "Play mode cycles through list loop (0), single repeat (1) and random (2)." */
export function nextPlayType(playType: PlayType): PlayType {
  return ((playType + 1) % PLAY_TYPES.length) as PlayType;
}

/** A volume from any input: an integer 0–100; anything unreadable is the default. */
export function clampVolume(volume: number): number {
  if (!Number.isFinite(volume)) return DEFAULT_VOLUME;
  return Math.min(VOLUME_MAX, Math.max(0, Math.round(volume)));
}

/** The nearest allowed rate (spec shell §9: speeds 0.5 to 2). */
export function clampRate(rate: number): number {
  if (!Number.isFinite(rate)) return DEFAULT_RATE;
  return RATES.reduce((best, r) => (Math.abs(r - rate) < Math.abs(best - rate) ? r : best), DEFAULT_RATE);
}

/**
 * The index next (direction 1) or previous (-1) from `current` in a list of `length`.
 * spec shell §4: "Next and previous wrap around. A playlist of one item does not switch." In random
 * mode (2) the step goes to another item at random.
 */
export function stepIndex(length: number, current: number, direction: 1 | -1, playType: PlayType, random: () => number = Math.random): number {
  if (length <= 1) return current;
  if (playType === 2) {
    // Any index but the current one, uniformly.
    const pick = Math.min(length - 2, Math.floor(random() * (length - 1)));
    return pick >= current ? pick + 1 : pick;
  }
  return (current + direction + length) % length;
}

/**
 * The current index after removing `removed` from a list whose current index was `current`;
 * -1 when the list is now empty. spec shell §4: "Removing the current item selects the previous
 * one, else the first, else the list empties." Removing another item keeps the current one.
 */
export function indexAfterRemoval(lengthBefore: number, current: number, removed: number): number {
  const lengthAfter = lengthBefore - 1;
  if (lengthAfter <= 0) return -1;
  if (removed === current) return removed > 0 ? removed - 1 : 0;
  return removed < current ? current - 1 : current;
}

/**
 * The share of the duration that finishes an item: the item's finishRatio, else the tenant's Study
 * finishAudio percent, else all of it. A ratio above 1 is read as a percent (80 → 0.8), so both
 * ways of writing it work; anything not positive falls through to the next source.
 */
export function finishRatioOf(itemRatio: number | null | undefined, tenantFinishAudio: number | null | undefined): number {
  for (const value of [itemRatio, tenantFinishAudio === null || tenantFinishAudio === undefined ? undefined : tenantFinishAudio / 100]) {
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) continue;
    const ratio = value > 1 ? value / 100 : value;
    return Math.min(1, ratio);
  }
  return 1;
}

/**
 * spec shell §4: "The item becomes finished when the remaining time to the finish threshold is
 * 2 seconds or less. The threshold is the item's finishRatio, or the tenant's Study finishAudio
 * percent, applied to total duration, minus listened seconds." Unknown length (0) never finishes.
 */
export function reachesFinish(duration: number, playTime: number, ratio: number): boolean {
  if (!(duration > 0)) return false;
  const remaining = duration * ratio - playTime;
  return remaining <= FINISH_TOLERANCE_S;
}

/** m:ss, or h:mm:ss from an hour, for the player's time display. */
export function clock(seconds: number): string {
  const total = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
