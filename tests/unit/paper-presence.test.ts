// The paper's heartbeat (issue 18 part D; src/features/exam/hooks/paper-presence.ts): one leave when
// the page stops being in front (hidden or blurred, whichever first) and one return with the seconds
// away; at most 50 events a beat, the rest next; a failed beat keeps its events; each answer comes
// with a clock sample corrected by half the round trip.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeartbeatResult, PaperEventInput } from '../../src/api/exam-invigilate';
import { PaperPresence } from '../../src/features/exam/hooks/paper-presence';

const answer = (serverNow: string): HeartbeatResult => ({ serverNow, deadline: null, state: 'open', forced: false, reason: null });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('paper presence', () => {
  it('one leave and one return however the page is left, the return with the seconds away', async () => {
    const sent: PaperEventInput[][] = [];
    const p = new PaperPresence({ send: async (events) => { sent.push(events); return answer(new Date().toISOString()); }, onAnswer: () => {} });
    p.update({ blurred: true });
    p.update({ hidden: true }); // still away: no second leave
    await vi.advanceTimersByTimeAsync(12_000);
    p.update({ hidden: false }); // still blurred
    p.update({ blurred: false });
    await vi.advanceTimersByTimeAsync(0);
    const events = sent.flat();
    expect(events.map((e) => [e.kind, e.detail])).toEqual([['leave', 'blur'], ['return', '12s']]);
  });

  it('sends at most 50 events a beat and the rest right after; a failed beat keeps them', async () => {
    let fail = true;
    const sent: PaperEventInput[][] = [];
    const p = new PaperPresence({
      send: async (events) => { if (fail) throw new Error('Network Error'); sent.push(events); return answer(new Date().toISOString()); },
      onAnswer: () => {}, intervalMs: 15_000,
    });
    p.start();
    for (let i = 0; i < 60; i += 1) p.record(i % 2 ? 'online' : 'offline');
    await vi.advanceTimersByTimeAsync(0);
    expect(p.queued()).toHaveLength(60);
    fail = false;
    await vi.advanceTimersByTimeAsync(15_000);
    expect(sent.map((b) => b.length)).toEqual([50, 10]);
    expect(p.queued()).toHaveLength(0);
    p.stop();
  });

  it('hands each answer on with a clock sample corrected by half the round trip', async () => {
    const start = Date.now();
    const onAnswer = vi.fn();
    const p = new PaperPresence({
      send: () => new Promise((resolve) => setTimeout(() => resolve(answer(new Date(start + 60_000).toISOString())), 400)),
      onAnswer,
    });
    void p.beat();
    await vi.advanceTimersByTimeAsync(400);
    expect(onAnswer).toHaveBeenCalledTimes(1);
    expect(onAnswer.mock.calls[0]![1]).toEqual({ offset: 60_000 + 200 - 400, rtt: 400 });
  });
});
