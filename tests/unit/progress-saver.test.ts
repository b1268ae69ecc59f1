// Study progress that is never lost (issue 6 item 2): kept in memory and storage until the server
// acknowledges it, retried with backoff, merged per part, sent on leaving.
import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/client';
import { studyLogBody, studyLogCode, type ProgressResponse, type StudyRecord } from '../../src/api/hist';
import { failureKind, mergeRecords, ProgressSaver, RETRY_MAX_MS } from '../../src/services/audio/progress-saver';

const record = (over: Partial<StudyRecord> = {}): StudyRecord => ({ contentId: 5, partId: 0, progress: 10, duration: 60, playTime: 10, state: 1, savedAt: 1000, ...over });
const ack = (r: StudyRecord): ProgressResponse => ({ contentId: r.contentId, partId: r.partId, maxProgress: r.progress, maxDuration: r.duration, maxState: r.state, progress: r.progress, duration: r.duration, state: r.state, playTime: r.playTime, percentage: 0, savedAt: r.savedAt, finishedAt: null });
const offline = () => new ApiError('网络连接失败', { code: 0, flag: null, status: 0 });

function setup(send: (r: StudyRecord) => Promise<ProgressResponse>, stored: unknown = null) {
  const storage: { value: StudyRecord[] } = { value: [] };
  const left: StudyRecord[] = [];
  const warn = vi.fn();
  const saver = new ProgressSaver({
    send,
    sendOnLeave: (r) => left.push(r),
    load: () => stored,
    persist: (records) => { storage.value = records; },
    warn,
  });
  return { saver, storage, left, warn };
}

describe('progress saver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('merges two saves of a part: the later position, the largest listened time, finished kept', () => {
    const merged = mergeRecords(record({ progress: 50, playTime: 50, state: 2, savedAt: 2000 }), record({ progress: 5, playTime: 20, state: 1, savedAt: 3000, duration: 61 }));
    expect(merged).toMatchObject({ progress: 5, playTime: 50, state: 2, savedAt: 3000, duration: 61 });
    expect(mergeRecords(record({ savedAt: 3000, progress: 7 }), record({ savedAt: 2000, progress: 9 })).progress).toBe(7);
  });

  it('retries network and server failures, holds on 401 and drops refusals', () => {
    expect(failureKind(offline())).toBe('retry');
    expect(failureKind(new ApiError('x', { code: 502, flag: null, status: 502 }))).toBe('retry');
    expect(failureKind(new Error('boom'))).toBe('retry');
    expect(failureKind(new ApiError('请先登录', { code: 401, flag: 401, status: 200 }))).toBe('hold');
    expect(failureKind(new ApiError('内容不存在', { code: 404, flag: -1, status: 200, errorCode: 'CONTENT_NOT_FOUND' }))).toBe('drop');
  });

  it('stores a save before sending and forgets it once acknowledged', async () => {
    let storedWhileSending: StudyRecord[] = [];
    const h = setup(async (r) => { storedWhileSending = h.storage.value; return ack(r); });
    await h.saver.save(record());
    expect(storedWhileSending).toEqual([record()]);
    expect(h.storage.value).toEqual([]);
    expect(h.saver.size).toBe(0);
  });

  it('keeps a failed save and retries with doubling backoff until the server answers', async () => {
    let up = false;
    const send = vi.fn(async (r: StudyRecord) => { if (!up) throw offline(); return ack(r); });
    const h = setup(send);
    await h.saver.save(record());
    expect(send).toHaveBeenCalledTimes(1);
    expect(h.storage.value).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1); // 1 s
    expect(send).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000); // then 2 s
    expect(send).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(3999);
    expect(send).toHaveBeenCalledTimes(3);
    up = true;
    await vi.advanceTimersByTimeAsync(1); // then 4 s
    expect(send).toHaveBeenCalledTimes(4);
    expect(h.saver.size).toBe(0);
    expect(h.storage.value).toEqual([]);
  });

  it('never waits more than a minute between retries', async () => {
    const send = vi.fn(async () => { throw offline(); });
    const h = setup(send);
    await h.saver.save(record());
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 8000 + 16000 + 32000);
    expect(send).toHaveBeenCalledTimes(7);
    await vi.advanceTimersByTimeAsync(RETRY_MAX_MS - 1);
    expect(send).toHaveBeenCalledTimes(7);
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledTimes(8);
    h.saver.dispose();
  });

  it('sends saves left from an earlier visit, and skips corrupt stored entries', async () => {
    const send = vi.fn(async (r: StudyRecord) => ack(r));
    const h = setup(send, [record({ contentId: 8 }), { contentId: 'x' }, null]);
    expect(h.saver.size).toBe(1);
    await h.saver.flush();
    expect(send).toHaveBeenCalledExactlyOnceWith(record({ contentId: 8 }));
  });

  it('keeps a newer save that arrived while an older one was on its way', async () => {
    let release: () => void = () => undefined;
    const send = vi.fn((r: StudyRecord) => new Promise<ProgressResponse>((resolve) => { release = () => resolve(ack(r)); }));
    const h = setup(send);
    const done = h.saver.save(record({ progress: 10, savedAt: 1000 }));
    void h.saver.save(record({ progress: 20, playTime: 20, savedAt: 2000 }));
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]![0]).toMatchObject({ progress: 20 });
    release();
    await done;
    expect(h.saver.size).toBe(0);
  });

  it('drops a refused save with a warning and goes on with the others', async () => {
    const send = vi.fn(async (r: StudyRecord) => {
      if (r.contentId === 1) throw new ApiError('内容不存在', { code: 404, flag: -1, status: 200, errorCode: 'CONTENT_NOT_FOUND' });
      return ack(r);
    });
    const h = setup(send);
    h.saver.save(record({ contentId: 1 }));
    await h.saver.save(record({ contentId: 2 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(h.saver.size).toBe(0);
    expect(h.warn).toHaveBeenCalledOnce();
  });

  it('holds saves while not signed in, without retrying on a timer', async () => {
    const send = vi.fn(async () => { throw new ApiError('请先登录', { code: 401, flag: 401, status: 200 }); });
    const h = setup(send);
    await h.saver.save(record());
    await vi.advanceTimersByTimeAsync(120_000);
    expect(send).toHaveBeenCalledOnce();
    expect(h.storage.value).toHaveLength(1);
  });

  it('sends everything pending on leaving, and keeps it stored', async () => {
    const h = setup(async () => { throw offline(); });
    await h.saver.save(record({ contentId: 1 }));
    await h.saver.save(record({ contentId: 2 }));
    h.saver.leave();
    expect(h.left.map((r) => r.contentId)).toEqual([1, 2]);
    expect(h.storage.value).toHaveLength(2);
    h.saver.dispose();
  });
});

describe('study log body', () => {
  it('signs course logs with HMAC-MD5 of the fields in order, and sends plain saves unsigned', () => {
    const course = record({ courseId: 3 });
    const body = studyLogBody(course, 'k3y');
    expect(body).toMatchObject({ courseId: 3, terminal: 'PC', validCode: studyLogCode('k3y', course) });
    expect(body.validCode).toMatch(/^[0-9a-f]{32}$/);
    // Any changed field changes the code.
    expect(studyLogCode('k3y', { ...course, playTime: 11 })).not.toBe(body.validCode);
    expect(studyLogCode('other', course)).not.toBe(body.validCode);
    expect(studyLogBody(record(), undefined)).not.toHaveProperty('validCode');
    expect(() => studyLogBody(course, undefined)).toThrow(/logKey/);
  });

  it('agrees with node\'s HMAC-MD5 over the documented field order', () => {
    // The server computes node's HMAC-MD5 over the '|'-joined fields; the browser's js-md5 must agree.
    const code = studyLogCode('key', record({ contentId: 1, partId: 2, courseId: 3, subjectId: null, progress: 4, duration: 5, playTime: 6, state: 2, savedAt: 7 }));
    expect(code).toBe(md5hmacReference('key', '1|2|3|0|4|5|6|2|7'));
  });
});

function md5hmacReference(key: string, message: string): string {
  return createHmac('md5', key).update(message).digest('hex');
}
