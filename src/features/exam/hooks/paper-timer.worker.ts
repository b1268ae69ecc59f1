// The paper's countdown in a dedicated worker (issue 18: "the timer runs in a Web Worker"): a
// hidden tab's page timers are throttled to once a minute or less, a worker's are not, so the
// warnings and the hand-in at time-up still come on time in a background tab. The maths is
// paper-clock.ts; this file only wires it to messages.
import { createCountdown, type TimerCommand } from './paper-clock';

const scope = self as unknown as { postMessage(message: unknown): void; onmessage: ((event: MessageEvent<TimerCommand>) => void) | null };

const countdown = createCountdown((report) => scope.postMessage(report), {
  now: () => Date.now(),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
});

scope.onmessage = (event) => countdown.handle(event.data);
