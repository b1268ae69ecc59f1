// Points after progress saves (issue 19 part C's study_time and content_finish), kept off the save
// path's cost (issue 15 point 6: ≥ 3,000 saves/s on one node, 0 lost). A learner's points are
// looked at by one run at a time per node: saves arriving while a run is under way only mark it
// to run once more after, so a burst of saves costs two runs, and the last save is always looked
// at (nothing is lost: study time is read from the day's total, finishes are kept until a run takes
// them). A part already rewarded for finishing is remembered, so saves of a finished content (every
// save after the end) cost nothing. Each award is once-only by its ref (server/lib/points.ts), so
// two nodes, or a restart, can only repeat a look, never an award.
import { LRUCache } from 'lru-cache';

/** Looks at one learner's study-time points and rewards these newly finished parts. */
export type AwardStudyPoints = (tenantId: number, userId: number, finished: readonly FinishedPart[]) => Promise<void>;

export interface FinishedPart {
  contentId: number;
  partId: number;
}

interface Run {
  /** A save came in while the run was under way: run once more after it. */
  again: boolean;
  /** Finished parts waiting for the next run. */
  finished: FinishedPart[];
  done: Promise<void>;
}

export class StudyPointsQueue {
  readonly #runs = new Map<string, Run>();
  /** Parts whose finish a run has taken (tenant:user:content:part); bounded, LRU. */
  readonly #rewarded = new LRUCache<string, true>({ max: 100_000 });

  constructor(private readonly award: AwardStudyPoints, private readonly onError: (error: unknown) => void) {}

  /**
   * Called after a save. Resolves when a run has looked at this save (at once when it only joined
   * a run under way, which looks again after). Never rejects: a failure goes to onError and never
   * fails the save it follows.
   */
  after(tenantId: number, userId: number, contentId: number, partId: number, finished: boolean): Promise<void> {
    const key = `${tenantId}:${userId}`;
    const part = `${key}:${contentId}:${partId}`;
    const finish = finished && !this.#rewarded.has(part) ? [{ contentId, partId }] : [];
    const running = this.#runs.get(key);
    if (running) {
      running.again = true;
      running.finished.push(...finish);
      return Promise.resolve();
    }
    const run: Run = { again: true, finished: finish, done: Promise.resolve() };
    this.#runs.set(key, run);
    run.done = (async () => {
      try {
        while (run.again) {
          run.again = false;
          const taken = run.finished.splice(0);
          try {
            await this.award(tenantId, userId, taken);
            for (const p of taken) this.#rewarded.set(`${key}:${p.contentId}:${p.partId}`, true);
          } catch (error) {
            this.onError(error);
          }
        }
      } finally {
        this.#runs.delete(key);
      }
    })();
    return run.done;
  }

  /** Resolves when every run under way has ended (the app's close). */
  async settle(): Promise<void> {
    await Promise.all([...this.#runs.values()].map((r) => r.done));
  }
}
