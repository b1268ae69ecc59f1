// The autosave queue (issue 18 part D; src/features/exam/hooks/answer-queue.ts): every change is on
// the device before it is sent; offline then online delivers once, in the order of the changes; a
// failed save is retried with a growing pause until acknowledged; an answer changed while its save
// is in flight stays queued; a reload keeps what was not acknowledged; a closed attempt empties it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnswerInput } from '../../src/api/exam';
import { AnswerQueue, queueKey, readQueue, type FailureKind, type SaveStatus } from '../../src/features/exam/hooks/answer-queue';

/** A fake server: each send waits for the test to acknowledge or fail it. */
function fakeSend() {
  const calls: { answers: AnswerInput[]; ack: () => void; fail: (e?: unknown) => void }[] = [];
  const send = (answers: AnswerInput[]) => new Promise<{ savedAt: string }>((resolve, reject) => {
    calls.push({ answers, ack: () => resolve({ savedAt: new Date().toISOString() }), fail: (e) => reject(e ?? new Error('Network Error')) });
  });
  return { calls, send };
}

let online = true;
let statuses: SaveStatus[];
const flush = () => vi.advanceTimersByTimeAsync(0);

function queue(send: (a: AnswerInput[]) => Promise<{ savedAt: string }>, classify: (e: unknown) => FailureKind = () => 'retry', onClosed = vi.fn()) {
  return new AnswerQueue({ attemptId: 7, send, classify, onStatus: (s) => statuses.push(s), onClosed, isOnline: () => online, storage: window.localStorage });
}

beforeEach(() => {
  vi.useFakeTimers();
  window.localStorage.clear();
  online = true;
  statuses = [];
});
afterEach(() => vi.useRealTimers());

describe('autosave queue', () => {
  it('keeps each change on the device before sending, then forgets it once acknowledged', async () => {
    const server = fakeSend();
    const q = queue(server.send);
    q.set(3, ['A']);
    expect(readQueue(window.localStorage, 7)).toEqual([[3, ['A']]]);
    expect(server.calls).toHaveLength(0); // debounced
    await vi.advanceTimersByTimeAsync(600);
    expect(server.calls).toHaveLength(1);
    expect(statuses.at(-1)).toEqual({ kind: 'saving' });
    server.calls[0]!.ack();
    await flush();
    expect(window.localStorage.getItem(queueKey(7))).toBeNull();
    expect(statuses.at(-1)?.kind).toBe('saved');
    expect(q.hasPending()).toBe(false);
  });

  it('offline then online delivers once, in the order of the changes', async () => {
    const server = fakeSend();
    const q = queue(server.send);
    online = false;
    q.offline();
    q.set(5, ['B']);
    q.set(2, ['C']);
    q.set(9, ['the text']);
    q.set(2, ['D']); // changed again: moves to the end with its new value
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(0);
    expect(statuses.at(-1)).toEqual({ kind: 'offline' });
    online = true;
    q.online();
    await flush();
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]!.answers).toEqual([
      { questionId: 5, value: ['B'] }, { questionId: 9, value: ['the text'] }, { questionId: 2, value: ['D'] },
    ]);
    server.calls[0]!.ack();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(1);
    expect(q.hasPending()).toBe(false);
  });

  it('retries a failed save with a growing pause until it is acknowledged', async () => {
    const server = fakeSend();
    const q = queue(server.send);
    q.set(1, ['A']);
    await vi.advanceTimersByTimeAsync(600);
    server.calls[0]!.fail();
    await flush();
    expect(statuses.at(-1)).toEqual({ kind: 'offline' });
    await vi.advanceTimersByTimeAsync(999);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(2); // 1 s
    server.calls[1]!.fail();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(server.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.calls).toHaveLength(3); // 2 s
    server.calls[2]!.fail();
    await vi.advanceTimersByTimeAsync(4_000);
    expect(server.calls).toHaveLength(4); // 4 s
    expect(readQueue(window.localStorage, 7)).toEqual([[1, ['A']]]);
    server.calls[3]!.ack();
    await flush();
    expect(q.hasPending()).toBe(false);
    expect(window.localStorage.getItem(queueKey(7))).toBeNull();
  });

  it('an answer changed while its save is in flight stays queued and goes next', async () => {
    const server = fakeSend();
    const q = queue(server.send);
    q.set(1, ['A']);
    await vi.advanceTimersByTimeAsync(600);
    q.set(1, ['B']);
    server.calls[0]!.ack();
    await flush();
    expect(readQueue(window.localStorage, 7)).toEqual([[1, ['B']]]);
    await vi.advanceTimersByTimeAsync(600);
    expect(server.calls[1]!.answers).toEqual([{ questionId: 1, value: ['B'] }]);
  });

  it('a reload keeps the unsent answers: a new queue for the attempt restores them (and reads the older object form)', async () => {
    const server = fakeSend();
    const q = queue(server.send);
    q.set(4, ['A']);
    q.set(8, ['B', 'C']);
    q.dispose(); // the page goes away before the save
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.calls).toHaveLength(0);
    const again = queue(server.send);
    expect(again.restored()).toEqual({ 4: ['A'], 8: ['B', 'C'] });
    again.flushSoon();
    await flush();
    expect(server.calls[0]!.answers).toEqual([{ questionId: 4, value: ['A'] }, { questionId: 8, value: ['B', 'C'] }]);
    window.localStorage.setItem(queueKey(9), JSON.stringify({ 103: ['B'] }));
    expect(readQueue(window.localStorage, 9)).toEqual([[103, ['B']]]);
    window.localStorage.setItem(queueKey(9), '{not json');
    expect(readQueue(window.localStorage, 9)).toEqual([]);
  });

  it('the submit takes the pending answers; a closed attempt empties the queue and says so', async () => {
    const server = fakeSend();
    const onClosed = vi.fn();
    const q = queue(server.send, () => 'closed', onClosed);
    q.set(1, ['A']);
    q.set(2, ['B']);
    expect(q.drain()).toEqual([{ questionId: 1, value: ['A'] }, { questionId: 2, value: ['B'] }]);
    await vi.advanceTimersByTimeAsync(600);
    server.calls[0]!.fail(new Error('作答时间已到'));
    await flush();
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(q.hasPending()).toBe(false);
    expect(window.localStorage.getItem(queueKey(7))).toBeNull();
    q.set(3, ['C']);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(server.calls).toHaveLength(1);
  });

  it('a refused answer is dropped with the server\'s message, not retried', async () => {
    const server = fakeSend();
    const q = queue(server.send, () => 'refused');
    q.set(1, ['A']);
    await vi.advanceTimersByTimeAsync(600);
    server.calls[0]!.fail(new Error('题目 1 不在这份试卷中，请刷新页面后重试。'));
    await flush();
    expect(statuses.at(-1)).toEqual({ kind: 'refused', message: '题目 1 不在这份试卷中，请刷新页面后重试。' });
    expect(q.hasPending()).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.calls).toHaveLength(1);
  });
});
