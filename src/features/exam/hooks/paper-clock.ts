// The paper's clock maths (issue 18 "Learners": "the timer runs in a Web Worker against the server's
// clock, drift corrected, survives a throttled background tab"). Pure, so the worker
// (paper-timer.worker.ts), the main-thread fallback (paper-timer.ts) and the tests share it.
//
// The server's clock is the truth: each answer that carries serverNow (the paper, every heartbeat)
// is a sample of the offset between it and this browser's Date.now(), corrected for half the round
// trip (the server read its clock about halfway). The sample with the shortest round trip among
// the latest few wins, as NTP does: a slow answer's midpoint guess is the least sure.

/** One reading of the server clock against ours. */
export interface ClockSample {
  /** serverTime - Date.now(), in ms. */
  offset: number;
  /** The round trip it came with, in ms. */
  rtt: number;
}

/** A sample from an answer's serverNow, sent at `sentAt` and received at `receivedAt` (both Date.now()). */
export function sampleOf(serverNow: string, sentAt: number, receivedAt: number): ClockSample {
  const rtt = Math.max(0, receivedAt - sentAt);
  return { offset: Date.parse(serverNow) + rtt / 2 - receivedAt, rtt };
}

/** How many recent samples the offset is chosen from. */
export const SAMPLES_KEPT = 5;

/** Keeps the latest samples; the offset is the one of the shortest round trip. */
export class ClockSync {
  private samples: ClockSample[] = [];

  add(sample: ClockSample): number {
    if (!Number.isFinite(sample.offset)) return this.offset();
    this.samples = [...this.samples, sample].slice(-SAMPLES_KEPT);
    return this.offset();
  }

  /** serverTime - Date.now(); 0 before any sample. */
  offset(): number {
    let best: ClockSample | undefined;
    for (const s of this.samples) if (!best || s.rtt <= best.rtt) best = s;
    return best?.offset ?? 0;
  }
}

/** ms left until `deadline` (ms since the epoch, server time) at our `now`; null: no limit. Never negative. */
export function remainingMs(deadline: number | null, offset: number, now: number): number | null {
  return deadline === null ? null : Math.max(0, deadline - (now + offset));
}

/** Warnings before the deadline: 5 minutes and 1 minute left. */
export const WARN_AT_MS = [5 * 60_000, 60_000] as const;
export type WarnAt = (typeof WARN_AT_MS)[number];

/**
 * The warning to give when the time left went from `before` to `now`: the smallest threshold
 * crossed, so a paper resumed with 30 s left says "1 minute", not both. null: none.
 */
export function warningCrossed(before: number, now: number): WarnAt | null {
  let crossed: WarnAt | null = null;
  for (const at of WARN_AT_MS) if (before > at && now <= at && now > 0) crossed = at;
  return crossed;
}

/** Time-up hands the paper in this early, so its last answers reach the server before the deadline. */
export const AUTO_SUBMIT_LEAD_MS = 1000;
/** The countdown's beat. */
export const TICK_MS = 1000;

/** What the countdown is told: the deadline (server time, ms) and the offset; or to stop. */
export type TimerCommand = { type: 'sync'; deadline: number | null; offset: number } | { type: 'stop' };
/** What it reports: each second's time left, a warning, and once "due" (hand the paper in). */
export type TimerReport = { type: 'tick'; remaining: number | null } | { type: 'warn'; at: WarnAt } | { type: 'due' };

/** What a countdown needs of its world (a worker's or the page's own timers and clock). */
export interface CountdownEnv {
  now(): number;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

/**
 * A countdown that ticks every second once synced, reports warnings as they are crossed and "due"
 * once when AUTO_SUBMIT_LEAD_MS or less is left. A sync (a heartbeat's answer, the page coming back
 * into view) ticks at once with the new offset; the time left is always computed from the clock,
 * never counted down, so a throttled or sleeping tab is right on its next tick.
 */
export function createCountdown(post: (report: TimerReport) => void, env: CountdownEnv) {
  let deadline: number | null = null;
  let offset = 0;
  let before = Number.POSITIVE_INFINITY;
  let due = false;
  let timer: unknown;

  const tick = () => {
    const left = remainingMs(deadline, offset, env.now());
    post({ type: 'tick', remaining: left });
    if (left === null) return;
    const warn = warningCrossed(before, left);
    if (warn !== null) post({ type: 'warn', at: warn });
    before = left;
    if (!due && left <= AUTO_SUBMIT_LEAD_MS) {
      due = true;
      post({ type: 'due' });
    }
  };

  return {
    handle(command: TimerCommand) {
      if (timer !== undefined) env.clearInterval(timer);
      timer = undefined;
      if (command.type === 'stop') return;
      deadline = command.deadline;
      offset = command.offset;
      tick();
      if (deadline !== null) timer = env.setInterval(tick, TICK_MS);
    },
  };
}
