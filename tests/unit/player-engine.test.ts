// The floating player's engine driving a fake sound under fake timers (spec shell §4 "Floating
// audio player"): decode, listened time, the finish rule, the end, seeking, saving and syncing.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DecodedMedia, ProgressResponse, StudyRecord } from '../../src/api/hist';
import { createPlayerEngine, type AudioBackend, type Sound, type SoundEvents } from '../../src/services/audio/player-engine';
import { ProgressSaver } from '../../src/services/audio/progress-saver';
import { requestAudioSync } from '../../src/lib/audio-handoff';
import { selectCurrentMusic, useMusicStore } from '../../src/stores/music-store';
import { resetStore, track } from './audio-fixtures';

class FakeSound implements Sound {
  at = 0;
  isPlaying = false;
  vol = 1;
  speed = 1;
  unloaded = false;
  seeks: number[] = [];
  constructor(readonly src: string, readonly events: SoundEvents, readonly length: number) {}
  play() { this.isPlaying = true; }
  pause() { this.isPlaying = false; }
  position() { return this.at; }
  seek(seconds: number) { this.at = seconds; this.seeks.push(seconds); }
  duration() { return this.length; }
  playing() { return this.isPlaying; }
  volume(v: number) { this.vol = v; }
  rate(r: number) { this.speed = r; }
  unload() { this.unloaded = true; this.isPlaying = false; }
  /** Advances playback by whole seconds (the fake clock advances separately). */
  advance(seconds: number) { if (this.isPlaying) this.at += seconds; }
  end() { this.isPlaying = false; this.events.onend(); }
}

function harness(opts: { length?: number; finishAudio?: number | null; server?: Partial<ProgressResponse> | null; signedIn?: boolean } = {}) {
  const sounds: FakeSound[] = [];
  const backend: AudioBackend = {
    create(src, options, events) {
      const sound = new FakeSound(src, events, opts.length ?? 60);
      sound.vol = options.volume;
      sound.speed = options.rate;
      sounds.push(sound);
      return sound;
    },
  };
  const decode = vi.fn(async (baseUrl: string): Promise<DecodedMedia> => ({ url: `/media/1001/${baseUrl.replace('media:', '')}?sig=x`, expiresAt: 0 }));
  const sent: StudyRecord[] = [];
  const saver = new ProgressSaver({
    send: async (record) => {
      sent.push(record);
      return { contentId: record.contentId, partId: record.partId, maxProgress: record.progress, maxDuration: record.duration, maxState: record.state, progress: record.progress, duration: record.duration, state: record.state, playTime: record.playTime, percentage: 0, savedAt: record.savedAt, finishedAt: null };
    },
    sendOnLeave: () => undefined,
    load: () => null,
    persist: () => undefined,
  });
  const fetchProgress = vi.fn(async (contentId: number, partId: number): Promise<ProgressResponse | null> => (opts.server === undefined || opts.server === null ? null : {
    contentId, partId, maxProgress: 0, maxDuration: 0, maxState: 1, progress: 0, duration: 0, state: 1, playTime: 0, percentage: 0, savedAt: 0, finishedAt: null, ...opts.server,
  }));
  const log = vi.fn();
  const engine = createPlayerEngine({
    backend, decode, fetchProgress, log,
    saver: () => (opts.signedIn === false ? null : saver),
    finishAudio: () => opts.finishAudio ?? null,
  });
  const stop = engine.start();
  const sound = () => sounds.at(-1)!;
  /** Lets decode and fetchProgress promises settle. */
  const settle = async () => { await vi.advanceTimersByTimeAsync(0); };
  /** n seconds of playback: the sound moves, then the 1 s tick runs. */
  const play = async (n: number) => {
    for (let i = 0; i < n; i += 1) {
      sound().advance(1);
      await vi.advanceTimersByTimeAsync(1000);
    }
  };
  return { engine, stop, sounds, sound, decode, sent, saver, fetchProgress, log, settle, play };
}

const s = useMusicStore.getState;

describe('player engine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetStore();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('decodes a source on first play, then plays it without decoding again', async () => {
    const h = harness();
    s().playList([track(1)], 0);
    await h.settle();
    expect(h.decode).toHaveBeenCalledExactlyOnceWith('media:audio/t1.wav', 1);
    expect(h.sound().src).toBe('/media/1001/audio/t1.wav?sig=x');
    expect(h.sound().isPlaying).toBe(true);
    expect(selectCurrentMusic(s())).toMatchObject({ isDecode: true, src: '/media/1001/audio/t1.wav?sig=x' });
    s().togglePlay();
    s().togglePlay();
    await h.settle();
    expect(h.decode).toHaveBeenCalledOnce();
    expect(h.sounds).toHaveLength(1);
    h.stop();
  });

  it('does not decode an address that is already playable', async () => {
    const h = harness();
    s().playList([track(1, { mediaUrl: 'https://cdn.example.com/x.mp3' })], 0);
    await h.settle();
    expect(h.decode).not.toHaveBeenCalled();
    expect(h.sound().src).toBe('https://cdn.example.com/x.mp3');
    h.stop();
  });

  it('counts listened time each second while playing, and not while paused', async () => {
    const h = harness();
    s().playList([track(1)], 0);
    await h.settle();
    await h.play(5);
    expect(selectCurrentMusic(s())).toMatchObject({ playTime: 5, currentTime: 5 });
    s().togglePlay();
    await vi.advanceTimersByTimeAsync(5000);
    expect(selectCurrentMusic(s())?.playTime).toBe(5);
    h.stop();
  });

  it('saves on pause', async () => {
    const h = harness();
    s().playList([track(1)], 0);
    await h.settle();
    await h.play(3);
    h.sent.length = 0;
    s().togglePlay();
    await h.settle();
    expect(h.sent).toEqual([expect.objectContaining({ contentId: 1, partId: 0, progress: 3, playTime: 3, state: 1 })]);
    h.stop();
  });

  it('applies volume 0–100 and the (hidden) rate to the sound', async () => {
    const h = harness();
    s().setVolume(40);
    s().playList([track(1)], 0);
    await h.settle();
    expect(h.sound().vol).toBe(0.4);
    s().setVolume(75);
    s().setRate(1.5);
    expect(h.sound().vol).toBe(0.75);
    expect(h.sound().speed).toBe(1.5);
    h.stop();
  });

  it('debounces a dragged seek by 200 ms, showing the dragged position at once', async () => {
    const h = harness();
    s().playList([track(1)], 0);
    await h.settle();
    h.engine.seek(10);
    h.engine.seek(20);
    h.engine.seek(30);
    expect(selectCurrentMusic(s())?.currentTime).toBe(30);
    await vi.advanceTimersByTimeAsync(199);
    expect(h.sound().seeks).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.sound().seeks).toEqual([30]);
    h.stop();
  });

  it('finishes at the tenant finishAudio percent minus listened seconds ≤ 2 s, saves at once, and never reverts', async () => {
    const h = harness({ finishAudio: 50, length: 20 });
    s().playList([track(1, { duration: 20 })], 0);
    await h.settle();
    h.sent.length = 0;
    // Threshold 10 s: 10 − 7 = 3 s left after 7 s, 2 s left after 8 s.
    await h.play(7);
    expect(selectCurrentMusic(s())?.state).toBe(1);
    expect(h.sent).toEqual([]);
    await h.play(1);
    expect(selectCurrentMusic(s())?.state).toBe(2);
    expect(h.sent).toEqual([expect.objectContaining({ state: 2, playTime: 8 })]);
    // Seeking back does not make it unfinished.
    h.engine.seek(0);
    await h.play(2);
    expect(selectCurrentMusic(s())?.state).toBe(2);
    expect(h.sent).toHaveLength(1);
    h.stop();
  });

  it('uses the item finishRatio before the tenant percent', async () => {
    const h = harness({ finishAudio: 90, length: 100 });
    s().playList([track(1, { duration: 100, finishRatio: 0.1 })], 0);
    await h.settle();
    await h.play(8);
    expect(selectCurrentMusic(s())?.state).toBe(2);
    h.stop();
  });

  it('at the end repeats from zero in single-repeat mode', async () => {
    const h = harness();
    s().playList([track(1), track(2)], 0);
    s().cycleMode();
    expect(s().playType).toBe(1);
    await h.settle();
    await h.play(4);
    h.sound().end();
    expect(selectCurrentMusic(s())?.id).toBe(1);
    expect(h.sound().isPlaying).toBe(true);
    expect(h.sound().at).toBe(0);
    h.stop();
  });

  it('at the end moves to the next item in list-loop mode, saving the finished one and loading the next', async () => {
    const h = harness();
    s().playList([track(1), track(2)], 1);
    await h.settle();
    await h.play(2);
    h.sent.length = 0;
    h.sound().end();
    await h.settle();
    expect(selectCurrentMusic(s())?.id).toBe(1);
    expect(h.sounds).toHaveLength(2);
    expect(h.sounds[0]!.unloaded).toBe(true);
    expect(h.sound().isPlaying).toBe(true);
    // The ended item is saved at its full length; the new one gets its first record.
    expect(h.sent.map((r) => [r.contentId, r.progress])).toEqual([[2, 60], [1, 0]]);
    h.stop();
  });

  it('next and previous wrap, and a list of one does not switch', async () => {
    const h = harness();
    s().playList([track(1), track(2), track(3)], 2);
    await h.settle();
    s().next();
    expect(selectCurrentMusic(s())?.id).toBe(1);
    s().prev();
    expect(selectCurrentMusic(s())?.id).toBe(3);
    s().playList([track(9)], 0);
    await h.settle();
    const sounds = h.sounds.length;
    s().next();
    s().prev();
    await h.settle();
    expect(selectCurrentMusic(s())?.id).toBe(9);
    expect(h.sounds).toHaveLength(sounds);
    h.stop();
  });

  it('a list of one in list-loop mode plays again from zero at the end', async () => {
    const h = harness();
    s().playList([track(1)], 0);
    await h.settle();
    await h.play(3);
    h.sound().end();
    expect(h.sound().at).toBe(0);
    expect(h.sound().isPlaying).toBe(true);
    h.stop();
  });

  it('hiding the player stops the sound and saves', async () => {
    const h = harness();
    s().playList([track(1)], 0);
    await h.settle();
    await h.play(2);
    h.sent.length = 0;
    s().hide();
    expect(h.sound().isPlaying).toBe(false);
    await h.settle();
    expect(h.sent).toHaveLength(1);
    h.stop();
  });

  it('only logs load errors, and decodes again on the next play', async () => {
    const h = harness();
    s().playList([track(1)], 0);
    await h.settle();
    h.sound().events.onloaderror('403');
    expect(h.log).toHaveBeenCalled();
    expect(s().playStatus).toBe('paused');
    expect(selectCurrentMusic(s())?.isDecode).toBe(false);
    s().togglePlay();
    await h.settle();
    expect(h.decode).toHaveBeenCalledTimes(2);
    h.stop();
  });

  it('only logs a failed decode', async () => {
    const h = harness();
    h.decode.mockRejectedValueOnce(new Error('音频不存在'));
    s().playList([track(1)], 0);
    await h.settle();
    expect(h.log).toHaveBeenCalledWith(expect.stringContaining('第1课'), expect.any(Error));
    expect(h.sounds).toHaveLength(0);
    expect(s().playStatus).toBe('paused');
    h.stop();
  });

  it('resumes a reloaded item at the server maxProgress when that is ahead', async () => {
    s().playList([track(1)], 0);
    s().setPlayStatus('paused');
    s().setPosition('1:0', 5);
    const h = harness({ server: { maxProgress: 42, playTime: 40 } });
    await h.settle();
    expect(selectCurrentMusic(s())).toMatchObject({ currentTime: 42, playTime: 40 });
    s().togglePlay();
    await h.settle();
    expect(h.sound().seeks[0]).toBe(42);
    h.stop();
  });

  it('a sync request saves and adopts the server position when ahead, never going back', async () => {
    const h = harness({ server: { maxProgress: 30 } });
    s().playList([track(1)], 0);
    await h.settle();
    s().togglePlay();
    h.sent.length = 0;
    requestAudioSync();
    await h.settle();
    expect(h.sent).toHaveLength(1);
    expect(selectCurrentMusic(s())?.currentTime).toBe(30);
    expect(h.sound().seeks.at(-1)).toBe(30);
    s().setPosition('1:0', 50);
    requestAudioSync();
    await h.settle();
    expect(selectCurrentMusic(s())?.currentTime).toBe(50);
    h.stop();
  });

  it('saves and sends what is pending when the page is left', async () => {
    const h = harness();
    const leave = vi.spyOn(h.saver, 'leave');
    s().playList([track(1)], 0);
    await h.settle();
    await h.play(2);
    window.dispatchEvent(new Event('pagehide'));
    expect(leave).toHaveBeenCalledOnce();
    h.stop();
  });

  it('saves nothing for a guest', async () => {
    const h = harness({ signedIn: false });
    s().playList([track(1)], 0);
    await h.settle();
    await h.play(2);
    s().togglePlay();
    await h.settle();
    expect(h.sent).toEqual([]);
    h.stop();
  });

  it('neither reads nor saves study progress for a track that is no content (a shop audiobook chapter, id < 0)', async () => {
    const h = harness({ server: { maxProgress: 30 } });
    s().playList([track(-9, { partId: 901 })], 0);
    await h.settle();
    expect(h.sound().isPlaying).toBe(true);
    await h.play(3);
    s().togglePlay();
    await h.settle();
    expect(h.fetchProgress).not.toHaveBeenCalled();
    expect(h.sent).toEqual([]);
    expect(selectCurrentMusic(s())?.currentTime).toBe(3);
    h.stop();
  });
});
