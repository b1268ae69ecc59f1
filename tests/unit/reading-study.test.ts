// Study recorded from reading (issue 7 item 4): seconds count only while the page is visible and
// focused, the estimate is the length, an article finishes only once its end was seen, and saves
// happen on finishing, every 30 s, on leaving and on stopping; a reopened item resumes its seconds.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TASK_LOG_TYPE } from '../../schemas/api/tasks';
import type { ProgressResponse, StudyRecord } from '../../src/api/hist';
import { attachReadingStudy, READING_SAVE_EVERY_MS, readingSeconds } from '../../src/features/learning/hooks/use-reading-study';

/** An IntersectionObserver the test triggers by hand. */
class FakeObserver {
  static last: FakeObserver | null = null;
  observed: Element[] = [];
  disconnected = false;
  constructor(private readonly callback: IntersectionObserverCallback) { FakeObserver.last = this; }
  observe(el: Element) { this.observed.push(el); }
  disconnect() { this.disconnected = true; }
  unobserve() {}
  takeRecords() { return []; }
  /** The marker scrolls into (or out of) view. */
  show(visible = true) {
    this.callback(this.observed.map((target) => ({ target, isIntersecting: visible }) as IntersectionObserverEntry), this as unknown as IntersectionObserver);
  }
}

const server = (over: Partial<ProgressResponse>): ProgressResponse => ({
  contentId: 5, partId: 0, maxProgress: 0, maxDuration: 0, maxState: 1, progress: 0, duration: 0, state: 1, playTime: 0, percentage: 0, savedAt: 0, finishedAt: null, ...over,
});

let visibility: DocumentVisibilityState;
let focused: boolean;

function setup(opts: { duration?: number; article?: boolean; stored?: ProgressResponse | null; finishAudio?: number | null; userTaskId?: number } = {}) {
  const saved: StudyRecord[] = [];
  const leave = vi.fn();
  const marker = document.createElement('div');
  const stop = attachReadingStudy({
    contentId: 5, partId: 0, duration: opts.duration ?? 60, tenantFinishAudio: opts.finishAudio ?? null, userTaskId: opts.userTaskId ?? null,
    endMarker: opts.article === false ? null : marker,
    save: (r) => saved.push(r), leave, fetchProgress: async () => opts.stored ?? null,
  });
  return { saved, leave, stop, marker, read: (seconds: number) => vi.advanceTimersByTimeAsync(seconds * 1000) };
}

describe('reading study', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    visibility = 'visible';
    focused = true;
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    vi.spyOn(document, 'hasFocus').mockImplementation(() => focused);
    FakeObserver.last = null;
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('marks reading inside a task with logType task and the userTaskId (spec learning §3)', async () => {
    const h = setup({ article: false, duration: 600, userTaskId: 7 });
    await h.read(3);
    h.stop();
    expect(h.saved).toEqual([expect.objectContaining({ contentId: 5, logType: TASK_LOG_TYPE, userTaskId: 7 })]);
  });

  it('estimates an article by its characters and a PDF by its pages', () => {
    expect(readingSeconds({ kind: 'article', text: 'x'.repeat(800) })).toBe(100);
    expect(readingSeconds({ kind: 'article', text: 'short' })).toBe(30);
    expect(readingSeconds({ kind: 'pdf', pages: 3 })).toBe(180);
    expect(readingSeconds({ kind: 'pdf' })).toBe(120);
  });

  it('counts only seconds the page is visible and its window focused', async () => {
    const h = setup({ article: false, duration: 600 });
    await h.read(5);
    visibility = 'hidden';
    await h.read(10);
    visibility = 'visible';
    focused = false;
    await h.read(10);
    focused = true;
    await h.read(2);
    h.stop();
    expect(h.saved).toEqual([expect.objectContaining({ contentId: 5, partId: 0, playTime: 7, progress: 7, duration: 600, state: 1 })]);
  });

  it('finishes a PDF by the finish ratio, saving at once, and caps progress at the length', async () => {
    const h = setup({ article: false, duration: 100, finishAudio: 50 });
    await h.read(47);
    expect(h.saved.filter((r) => r.state === 2)).toEqual([]);
    await h.read(1); // 50 - 48 <= 2 s
    expect(h.saved.at(-1)).toMatchObject({ playTime: 48, progress: 48, state: 2 });
    await h.read(100);
    h.stop();
    expect(h.saved.at(-1)).toMatchObject({ playTime: 148, progress: 100, duration: 100, state: 2 });
  });

  it('finishes an article only once its end has been seen', async () => {
    const h = setup({ duration: 30 });
    expect(FakeObserver.last!.observed).toEqual([h.marker]);
    await h.read(40);
    expect(h.saved.some((r) => r.state === 2)).toBe(false);
    FakeObserver.last!.show(false); // scrolled near, not into view
    expect(h.saved.some((r) => r.state === 2)).toBe(false);
    FakeObserver.last!.show();
    expect(h.saved.at(-1)).toMatchObject({ playTime: 40, progress: 30, state: 2 });
    expect(FakeObserver.last!.disconnected).toBe(true);
    h.stop();
  });

  it('finishes an article without the time once the end is seen early, and then by the time', async () => {
    const h = setup({ duration: 30 });
    FakeObserver.last!.show();
    await h.read(27);
    expect(h.saved.some((r) => r.state === 2)).toBe(false);
    await h.read(1);
    expect(h.saved.at(-1)).toMatchObject({ playTime: 28, state: 2 });
    h.stop();
  });

  it('treats a browser without IntersectionObserver as having seen the end', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const h = setup({ duration: 30 });
    await h.read(28);
    expect(h.saved.at(-1)).toMatchObject({ state: 2 });
    h.stop();
  });

  it('saves every 30 s while reading, on pagehide (then sends) and on stop, and not when nothing was read', async () => {
    const h = setup({ article: false, duration: 600 });
    await h.read(READING_SAVE_EVERY_MS / 1000);
    expect(h.saved.map((r) => r.playTime)).toEqual([30]);
    await h.read(5);
    window.dispatchEvent(new Event('pagehide'));
    expect(h.saved.map((r) => r.playTime)).toEqual([30, 35]);
    expect(h.leave).toHaveBeenCalledTimes(1);
    h.stop(); // nothing new since the last save
    expect(h.saved).toHaveLength(2);
    window.dispatchEvent(new Event('pagehide'));
    expect(h.leave).toHaveBeenCalledTimes(1); // no longer listening
    await h.read(5);
    expect(h.saved).toHaveLength(2);
  });

  it('resumes the counted seconds, and a finished item stays finished', async () => {
    const h = setup({ article: false, duration: 600, stored: server({ playTime: 200, state: 1 }) });
    await h.read(3);
    h.stop();
    expect(h.saved).toEqual([expect.objectContaining({ playTime: 203, progress: 203, state: 1 })]);

    const done = setup({ duration: 600, stored: server({ playTime: 700, state: 2 }) });
    await done.read(2);
    done.stop();
    expect(done.saved).toEqual([expect.objectContaining({ playTime: 702, progress: 600, state: 2 })]);
  });
});
