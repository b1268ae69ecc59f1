// Study recorded from a video (issue 7 item 4): watched seconds, the finish rule, saves on pause, end,
// every 30 s and leaving, and resuming at the saved position.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProgressResponse, StudyRecord } from '../../src/api/hist';
import { attachVideoStudy, VIDEO_SAVE_EVERY_MS } from '../../src/features/learning/hooks/use-video-study';
import { TASK_LOG_TYPE } from '../../schemas/api/tasks';

/** A <video> whose playback the test drives. */
function fakeVideo(length = 100) {
  const video = document.createElement('video');
  const media = { paused: true, ended: false, readyState: 4, duration: length, currentTime: 0 };
  for (const key of Object.keys(media) as Array<keyof typeof media>) {
    Object.defineProperty(video, key, { configurable: true, get: () => media[key], set: (v) => { (media as Record<string, unknown>)[key] = v; } });
  }
  return {
    video, media,
    play() { media.paused = false; video.dispatchEvent(new Event('play')); },
    pause() { media.paused = true; video.dispatchEvent(new Event('pause')); },
    end() { media.paused = true; media.ended = true; media.currentTime = length; video.dispatchEvent(new Event('ended')); },
  };
}

const server = (over: Partial<ProgressResponse>): ProgressResponse => ({
  contentId: 5, partId: 0, maxProgress: 0, maxDuration: 0, maxState: 1, progress: 0, duration: 0, state: 1, playTime: 0, percentage: 0, savedAt: 0, finishedAt: null, ...over,
});

function setup(opts: { length?: number; stored?: ProgressResponse | null; finishAudio?: number | null; userTaskId?: number | null } = {}) {
  const v = fakeVideo(opts.length);
  const saved: StudyRecord[] = [];
  const leave = vi.fn();
  const stop = attachVideoStudy(v.video, {
    contentId: 5, partId: 0, tenantFinishAudio: opts.finishAudio ?? null, userTaskId: opts.userTaskId ?? null,
    save: (r) => saved.push(r), leave, fetchProgress: async () => opts.stored ?? null,
  });
  /** n seconds of playback. */
  const watch = async (n: number) => {
    for (let i = 0; i < n; i += 1) {
      v.media.currentTime += 1;
      await vi.advanceTimersByTimeAsync(1000);
    }
  };
  return { ...v, saved, leave, stop, watch };
}

describe('video study', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('marks saves made inside a task with logType task and the userTaskId (spec learning §3), and others with neither', async () => {
    const inTask = setup({ userTaskId: 42 });
    await vi.advanceTimersByTimeAsync(0);
    inTask.play();
    await inTask.watch(2);
    inTask.pause();
    expect(inTask.saved).toEqual([expect.objectContaining({ contentId: 5, logType: TASK_LOG_TYPE, userTaskId: 42 })]);
    inTask.stop();
    const outside = setup();
    await vi.advanceTimersByTimeAsync(0);
    outside.play();
    await outside.watch(2);
    outside.pause();
    expect(outside.saved[0]).not.toHaveProperty('userTaskId');
    expect(outside.saved[0]).not.toHaveProperty('logType');
    outside.stop();
  });

  it('counts only seconds the video really plays, and saves on pause', async () => {
    const h = setup();
    await vi.advanceTimersByTimeAsync(0);
    await h.watch(3); // paused: nothing counted
    expect(h.saved).toEqual([]);
    h.play();
    await h.watch(5);
    h.media.readyState = 2; // buffering
    await h.watch(2);
    h.media.readyState = 4;
    h.pause();
    expect(h.saved).toEqual([expect.objectContaining({ contentId: 5, partId: 0, playTime: 5, progress: 10, duration: 100, state: 1 })]);
    h.stop();
  });

  it('saves every 30 s while playing', async () => {
    const h = setup({ length: 1000 });
    h.play();
    await h.watch(VIDEO_SAVE_EVERY_MS / 1000 - 1);
    expect(h.saved).toHaveLength(0);
    await h.watch(1);
    expect(h.saved).toHaveLength(1);
    await h.watch(30);
    expect(h.saved).toHaveLength(2);
    h.stop();
  });

  it('finishes by the finish rule, saves at once, and never reverts', async () => {
    const h = setup({ length: 20, finishAudio: 50 });
    h.play();
    await h.watch(7);
    expect(h.saved).toEqual([]);
    await h.watch(1); // 10 s threshold − 8 s watched = 2 s
    expect(h.saved).toEqual([expect.objectContaining({ state: 2, playTime: 8 })]);
    h.media.currentTime = 0;
    h.pause();
    expect(h.saved.at(-1)).toMatchObject({ state: 2, progress: 0 });
    h.stop();
  });

  it('resumes at the saved position and continues the watched time', async () => {
    const h = setup({ stored: server({ progress: 42, playTime: 40 }) });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.media.currentTime).toBe(42);
    h.play();
    await h.watch(1);
    h.pause();
    expect(h.saved.at(-1)).toMatchObject({ playTime: 41, progress: 43 });
    h.stop();
  });

  it('does not resume at the very end', async () => {
    const h = setup({ stored: server({ progress: 99 }) });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.media.currentTime).toBe(0);
    h.stop();
  });

  it('saves at the end, on leaving the page and when the video goes away', async () => {
    const h = setup();
    h.play();
    await h.watch(2);
    h.end();
    expect(h.saved.at(-1)).toMatchObject({ progress: 100 });
    window.dispatchEvent(new Event('pagehide'));
    expect(h.leave).toHaveBeenCalledOnce();
    const count = h.saved.length;
    h.stop();
    expect(h.saved).toHaveLength(count + 1);
  });

  it('saves nothing for a video that was never played', async () => {
    const h = setup();
    await vi.advanceTimersByTimeAsync(5000);
    h.stop();
    expect(h.saved).toEqual([]);
  });
});
