// The floating player's rules and its store, rule by rule (spec shell §4 "Floating audio player",
// §9 audio constants). The engine driving a sound is in player-engine.test.ts.
import { beforeEach, describe, expect, it } from 'vitest';
import { playAudio, type AudioTrack } from '../../src/lib/audio-handoff';
import {
  clampRate, clampVolume, clock, finishRatioOf, indexAfterRemoval, nextPlayType, reachesFinish, stepIndex,
} from '../../src/lib/audio-rules';
import { selectCurrentMusic, useMusicStore } from '../../src/stores/music-store';
import { resetStore, track } from './audio-fixtures';

describe('audio rules', () => {
  it('cycles the play mode 0 → 1 → 2 → 0', () => {
    expect([nextPlayType(0), nextPlayType(1), nextPlayType(2)]).toEqual([1, 2, 0]);
  });

  it('keeps the volume an integer 0–100 and the rate on the allowed speeds', () => {
    expect([clampVolume(-5), clampVolume(55.4), clampVolume(180), clampVolume(Number.NaN)]).toEqual([0, 55, 100, 100]);
    expect([clampRate(0.1), clampRate(1.3), clampRate(9), clampRate(Number.NaN)]).toEqual([0.5, 1.25, 2, 1]);
  });

  it('wraps next and previous, and never switches a list of one', () => {
    expect(stepIndex(3, 2, 1, 0)).toBe(0);
    expect(stepIndex(3, 0, -1, 0)).toBe(2);
    expect(stepIndex(3, 1, 1, 1)).toBe(2);
    expect(stepIndex(1, 0, 1, 0)).toBe(0);
    expect(stepIndex(1, 0, -1, 2)).toBe(0);
  });

  it('steps to another item at random in random mode, never the current one', () => {
    expect(stepIndex(4, 1, 1, 2, () => 0)).toBe(0);
    expect(stepIndex(4, 1, 1, 2, () => 0.4)).toBe(2);
    expect(stepIndex(4, 1, 1, 2, () => 0.99)).toBe(3);
    expect(stepIndex(2, 0, -1, 2, () => 0.5)).toBe(1);
  });

  it('after removing the current item selects the previous one, else the first, else none', () => {
    expect(indexAfterRemoval(3, 2, 2)).toBe(1);
    expect(indexAfterRemoval(3, 0, 0)).toBe(0);
    expect(indexAfterRemoval(1, 0, 0)).toBe(-1);
    // Removing another item keeps the current one (its index shifts when it was after the removed one).
    expect(indexAfterRemoval(3, 2, 0)).toBe(1);
    expect(indexAfterRemoval(3, 0, 2)).toBe(0);
  });

  it('takes the item finishRatio, else the tenant finishAudio percent, else the whole length', () => {
    expect(finishRatioOf(0.5, 80)).toBe(0.5);
    expect(finishRatioOf(null, 80)).toBe(0.8);
    expect(finishRatioOf(90, null)).toBe(0.9);
    expect(finishRatioOf(undefined, null)).toBe(1);
    expect(finishRatioOf(0, 0)).toBe(1);
  });

  it('finishes when the threshold minus listened seconds is 2 s or less', () => {
    // 100 s at 80 %: threshold 80 s.
    expect(reachesFinish(100, 77, 0.8)).toBe(false);
    expect(reachesFinish(100, 78, 0.8)).toBe(true);
    expect(reachesFinish(0, 500, 1)).toBe(false);
  });

  it('formats the time', () => {
    expect([clock(0), clock(65.9), clock(3725)]).toEqual(['0:00', '1:05', '1:02:05']);
  });
});

describe('music store', () => {
  beforeEach(resetStore);

  it('takes a hand-off, shows the player and plays the chosen item', () => {
    const stop = (() => {
      const handler = (event: Event) => {
        const { items, index } = (event as CustomEvent<{ items: AudioTrack[]; index: number }>).detail;
        useMusicStore.getState().playList(items, index);
      };
      window.addEventListener('portal:play-audio', handler);
      return () => window.removeEventListener('portal:play-audio', handler);
    })();
    playAudio([track(1), track(2, { mediaUrl: 'https://cdn.example.com/a.mp3' })], 1);
    stop();
    const state = useMusicStore.getState();
    expect(state.showPlayer).toBe(true);
    expect(state.playStatus).toBe('playing');
    expect(selectCurrentMusic(state)).toMatchObject({ key: '2:0', isDecode: true, src: 'https://cdn.example.com/a.mp3' });
    expect(state.songList[0]).toMatchObject({ key: '1:0', isDecode: false, src: null, originSrc: 'media:audio/t1.wav' });
  });

  it('removes items by the spec rule and empties the list', () => {
    const s = useMusicStore.getState;
    s().playList([track(1), track(2), track(3)], 2);
    s().remove(2);
    expect(selectCurrentMusic(s())?.id).toBe(2);
    s().remove(0);
    expect(selectCurrentMusic(s())?.id).toBe(2);
    s().remove(0);
    expect(s().songList).toHaveLength(0);
    expect(s().currentIndex).toBe(-1);
    expect(s().playStatus).toBe('stopped');
  });

  it('hiding stops playback', () => {
    useMusicStore.getState().playList([track(1)], 0);
    useMusicStore.getState().hide();
    expect(useMusicStore.getState()).toMatchObject({ showPlayer: false, playStatus: 'paused' });
  });

  it('defaults the volume to 100 and the rate to 1, and keeps them in range', () => {
    const s = useMusicStore.getState;
    expect([s().volume, s().rate, s().playType]).toEqual([100, 1, 0]);
    s().setVolume(250);
    s().setRate(3);
    expect([s().volume, s().rate]).toEqual([100, 2]);
  });

  it('counts listened seconds, finishes once and never reverts', () => {
    const s = useMusicStore.getState;
    s().playList([track(1, { duration: 10 })], 0);
    const finishedAt: number[] = [];
    for (let second = 1; second <= 12; second += 1) if (s().tick('1:0', second, null)) finishedAt.push(second);
    // 10 s at 100 %: finished when 10 − listened ≤ 2, i.e. on the 8th second, and only then.
    expect(finishedAt).toEqual([8]);
    s().setPosition('1:0', 0);
    s().adoptProgress('1:0', { maxProgress: 0, maxDuration: 10, maxState: 1, playTime: 0 });
    expect(selectCurrentMusic(s())).toMatchObject({ state: 2, playTime: 12 });
  });

  it('keeps the list and positions across a reload, paused', () => {
    const s = useMusicStore.getState;
    s().playList([track(1), track(2)], 1);
    s().tick('2:0', 17, null);
    // A new page: the store starts empty and hydrates from storage.
    useMusicStore.setState({ scope: null, songList: [], currentIndex: -1, playStatus: 'stopped', showPlayer: false });
    s().hydrate(1001, 7);
    expect(s()).toMatchObject({ currentIndex: 1, playStatus: 'paused', showPlayer: true });
    expect(selectCurrentMusic(s())).toMatchObject({ key: '2:0', currentTime: 17, playTime: 1 });
    // Another user of the tenant has their own (empty) list.
    s().hydrate(1001, 8);
    expect(s().songList).toHaveLength(0);
  });

  it('a guest who signs in keeps the list when the account has none', () => {
    const s = useMusicStore.getState;
    s().hydrate(1001, null);
    s().playList([track(4)], 0);
    s().hydrate(1001, 9);
    expect(selectCurrentMusic(s())?.id).toBe(4);
    expect(s().scope).toEqual({ tenantId: 1001, userId: 9 });
  });
});
