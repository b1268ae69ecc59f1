// The paper's clock maths and countdown (issue 18 part D; src/features/exam/hooks/paper-clock.ts):
// the offset from the server's clock corrected by half the round trip, the shortest round trip
// winning, the time left from the clock (not counted down, so a throttled tab is right on its next
// tick), the warnings at 5 and 1 minute crossed once, and "due" once at the lead before the deadline.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AUTO_SUBMIT_LEAD_MS, ClockSync, createCountdown, remainingMs, sampleOf, warningCrossed, type TimerReport,
} from '../../src/features/exam/hooks/paper-clock';

afterEach(() => vi.useRealTimers());

describe('clock samples', () => {
  it('the offset is the server time plus half the round trip, minus the local receive time', () => {
    // Sent at local 1000, answered at local 1400: the server read 10 000 about 200 ms before arrival.
    const s = sampleOf(new Date(10_000).toISOString(), 1_000, 1_400);
    expect(s).toEqual({ offset: 10_000 + 200 - 1_400, rtt: 400 });
  });

  it('a local clock 2 minutes slow still counts down to the server\'s deadline', () => {
    const serverNow = Date.parse('2026-11-27T08:00:00Z');
    const localNow = serverNow - 120_000; // this browser is 2 minutes behind
    // Sent 50 ms before the server read its clock, received 50 ms after: at receipt the server's clock says serverNow + 50.
    const { offset } = sampleOf(new Date(serverNow).toISOString(), localNow - 50, localNow + 50);
    expect(offset).toBe(120_000);
    const deadline = serverNow + 10 * 60_000;
    expect(remainingMs(deadline, offset, localNow + 50)).toBe(10 * 60_000 - 50);
    // Read by the local clock alone it would show 12 minutes.
    expect(remainingMs(deadline, 0, localNow + 50)).toBe(12 * 60_000 - 50);
  });

  it('keeps the sample with the shortest round trip among the latest five', () => {
    const sync = new ClockSync();
    expect(sync.offset()).toBe(0);
    sync.add({ offset: 500, rtt: 900 });
    expect(sync.add({ offset: 120, rtt: 40 })).toBe(120);
    expect(sync.add({ offset: 800, rtt: 2_000 })).toBe(120); // a slow answer does not move it
    for (let i = 0; i < 4; i += 1) sync.add({ offset: 300 + i, rtt: 100 + i });
    // The 40 ms sample has left the window of five: the best of the rest wins.
    expect(sync.offset()).toBe(300);
    expect(sync.add({ offset: Number.NaN, rtt: 1 })).toBe(300);
  });

  it('no deadline: no time left to count; past it: zero, never negative', () => {
    expect(remainingMs(null, 0, 5)).toBeNull();
    expect(remainingMs(1_000, 0, 5_000)).toBe(0);
  });
});

describe('warnings', () => {
  it('5 minutes and 1 minute, each once as it is crossed; resuming under a minute says only 1 minute', () => {
    expect(warningCrossed(Infinity, 20 * 60_000)).toBeNull();
    expect(warningCrossed(300_500, 299_500)).toBe(300_000);
    expect(warningCrossed(299_500, 298_500)).toBeNull();
    expect(warningCrossed(60_400, 59_400)).toBe(60_000);
    expect(warningCrossed(Infinity, 30_000)).toBe(60_000);
    expect(warningCrossed(Infinity, 0)).toBeNull();
  });
});

describe('countdown', () => {
  function run(deadlineIn: number, offset = 0) {
    vi.useFakeTimers();
    const start = Date.now();
    const reports: TimerReport[] = [];
    const countdown = createCountdown((r) => reports.push(r), {
      now: () => Date.now(), setInterval: (fn, ms) => setInterval(fn, ms), clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
    });
    countdown.handle({ type: 'sync', deadline: start + deadlineIn, offset });
    return { reports, countdown, start, of: (type: TimerReport['type']) => reports.filter((r) => r.type === type) };
  }

  it('ticks every second, warns at 5 and 1 minute, and is due once a second before the deadline', () => {
    const { reports, of } = run(6 * 60_000);
    expect(reports[0]).toEqual({ type: 'tick', remaining: 6 * 60_000 });
    vi.advanceTimersByTime(60_000);
    expect(of('tick')).toHaveLength(61);
    expect(of('warn')).toEqual([{ type: 'warn', at: 300_000 }]);
    vi.advanceTimersByTime(4 * 60_000);
    expect(of('warn')).toEqual([{ type: 'warn', at: 300_000 }, { type: 'warn', at: 60_000 }]);
    expect(of('due')).toHaveLength(0);
    vi.advanceTimersByTime(60_000 - AUTO_SUBMIT_LEAD_MS - 1_000);
    expect(of('due')).toHaveLength(0);
    vi.advanceTimersByTime(1_000);
    expect(of('due')).toHaveLength(1);
    vi.advanceTimersByTime(10_000);
    expect(of('due')).toHaveLength(1);
    expect((of('tick').at(-1) as { remaining: number }).remaining).toBe(0);
  });

  it('a tab asleep for two minutes is right on its next tick (the time left comes from the clock)', () => {
    const { of, start } = run(10 * 60_000);
    // The clock jumps while no tick ran (a throttled or suspended page): then one tick.
    vi.setSystemTime(start + 120_000);
    vi.advanceTimersByTime(1_000);
    expect((of('tick').at(-1) as { remaining: number }).remaining).toBe(10 * 60_000 - 121_000);
  });

  it('a sync with a new offset ticks at once with it; stop ends the ticks', () => {
    const { countdown, of, start } = run(60 * 60_000);
    countdown.handle({ type: 'sync', deadline: start + 60 * 60_000, offset: 30_000 });
    expect(of('tick').at(-1)).toEqual({ type: 'tick', remaining: 60 * 60_000 - 30_000 });
    countdown.handle({ type: 'stop' });
    const n = of('tick').length;
    vi.advanceTimersByTime(5_000);
    expect(of('tick')).toHaveLength(n);
  });
});
