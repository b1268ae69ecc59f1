// The paper's heartbeat (issue 18: the invigilator sees last seen and leave-the-page events; the
// countdown re-syncs with the server's clock). Every 15 s, and at once when the learner leaves the
// page or comes back, it sends what happened since the last beat (at most 50 events a beat; the rest
// wait, and a failed beat keeps its events for the next one) and hands the answer on with a clock
// sample. Leaving is the page hidden or the window losing focus; coming back is both restored.
import type { HeartbeatResult, PaperEventInput, PaperEventKind } from '../../../api/exam-invigilate';
import { MAX_EVENTS_PER_HEARTBEAT } from '../../../api/exam-invigilate';
import { sampleOf, type ClockSample } from './paper-clock';

export const HEARTBEAT_MS = 15_000;
/** Events kept while the server cannot be reached; the oldest go first past this. */
const MAX_BUFFERED = 500;

export interface PresenceOptions {
  send: (events: PaperEventInput[]) => Promise<HeartbeatResult>;
  onAnswer: (answer: HeartbeatResult, sample: ClockSample) => void;
  intervalMs?: number;
  now?: () => number;
}

/** Why the page counts as left: hidden (another tab, minimised) or blurred (another window). */
export type Away = { hidden: boolean; blurred: boolean };

export class PaperPresence {
  private events: PaperEventInput[] = [];
  private inFlight = false;
  private again = false;
  private timer: ReturnType<typeof setInterval> | undefined;
  private away: Away = { hidden: false, blurred: false };
  private leftAt: number | null = null;
  private readonly now: () => number;

  constructor(private readonly o: PresenceOptions) {
    this.now = o.now ?? (() => Date.now());
  }

  /** Beats now and every interval from now on. */
  start(): void {
    this.stop();
    this.timer = setInterval(() => void this.beat(), this.o.intervalMs ?? HEARTBEAT_MS);
    void this.beat();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** The events waiting to be sent (tests, and the page's own view of them). */
  queued(): readonly PaperEventInput[] {
    return this.events;
  }

  /** Records an event and beats at once. */
  record(kind: PaperEventKind, detail?: string): void {
    this.events.push({ kind, at: new Date(this.now()).toISOString(), ...(detail ? { detail } : {}) });
    if (this.events.length > MAX_BUFFERED) this.events.splice(0, this.events.length - MAX_BUFFERED);
    void this.beat();
  }

  /**
   * The page's visibility or focus changed. One leave when the page stops being in front (hidden
   * or blurred, whichever first, named in the detail); one return, with the seconds away, when it
   * is in front again.
   */
  update(change: Partial<Away>): void {
    const wasAway = this.away.hidden || this.away.blurred;
    this.away = { ...this.away, ...change };
    const isAway = this.away.hidden || this.away.blurred;
    if (!wasAway && isAway) {
      this.leftAt = this.now();
      this.record('leave', this.away.hidden ? 'hidden' : 'blur');
    } else if (wasAway && !isAway) {
      const seconds = this.leftAt === null ? 0 : Math.round((this.now() - this.leftAt) / 1000);
      this.leftAt = null;
      this.record('return', `${seconds}s`);
    }
  }

  /** Sends the waiting events (up to 50); a beat asked for while one is out goes right after it. */
  async beat(): Promise<void> {
    if (this.inFlight) {
      this.again = true;
      return;
    }
    this.inFlight = true;
    const batch = this.events.slice(0, MAX_EVENTS_PER_HEARTBEAT);
    const sentAt = this.now();
    let delivered = false;
    try {
      const answer = await this.o.send(batch);
      this.events.splice(0, batch.length);
      delivered = true;
      this.o.onAnswer(answer, sampleOf(answer.serverNow, sentAt, this.now()));
    } catch {
      // Kept for the next beat; the autosave shows the connection's state.
    } finally {
      this.inFlight = false;
    }
    const asked = this.again;
    this.again = false;
    // A beat asked for meanwhile, or more events than one beat carries, go now; after a failure
    // only the regular beat tries again (no loop against a server that is away).
    if (delivered && (asked || this.events.length > 0)) void this.beat();
  }
}
