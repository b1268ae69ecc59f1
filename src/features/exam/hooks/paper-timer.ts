// Starts the paper's countdown: in a Web Worker (paper-timer.worker.ts) where the browser has one,
// else, or when the worker cannot start, on the page's own timers with the same maths (tests under
// jsdom, an old browser). Either way the page hears the same reports.
import { createCountdown, type TimerCommand, type TimerReport } from './paper-clock';

/** A running countdown: tell it the deadline and offset (again after each clock sample), stop it. */
export interface PaperTimer {
  sync(deadline: number | null, offset: number): void;
  stop(): void;
  /** Whether it runs in a worker (for the docs' claim and the e2e check). */
  readonly inWorker: boolean;
}

function onPage(onReport: (report: TimerReport) => void): PaperTimer {
  const countdown = createCountdown(onReport, {
    now: () => Date.now(),
    setInterval: (fn, ms) => window.setInterval(fn, ms),
    clearInterval: (id) => window.clearInterval(id as number),
  });
  return { sync: (deadline, offset) => countdown.handle({ type: 'sync', deadline, offset }), stop: () => countdown.handle({ type: 'stop' }), inWorker: false };
}

/** The countdown for one paper; `onReport` hears each tick, warning and the one "due". */
export function startPaperTimer(onReport: (report: TimerReport) => void): PaperTimer {
  if (typeof Worker === 'undefined') return onPage(onReport);
  let worker: Worker;
  try {
    worker = new Worker(new URL('./paper-timer.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return onPage(onReport);
  }
  let last: TimerCommand | null = null;
  let fallback: PaperTimer | null = null;
  worker.onmessage = (event: MessageEvent<TimerReport>) => onReport(event.data);
  // A worker that fails to load (blocked, a network error) hands over to the page's timers.
  worker.onerror = () => {
    worker.terminate();
    fallback = onPage(onReport);
    if (last?.type === 'sync') fallback.sync(last.deadline, last.offset);
  };
  return {
    sync(deadline, offset) {
      last = { type: 'sync', deadline, offset };
      if (fallback) fallback.sync(deadline, offset);
      else worker.postMessage(last);
    },
    stop() {
      last = { type: 'stop' };
      fallback?.stop();
      worker.terminate();
    },
    get inWorker() { return fallback === null; },
  };
}
