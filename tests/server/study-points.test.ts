// The study points queue (server/modules/cm/study-points.ts): a burst of saves of one learner costs
// at most two looks at their points, the last save is always looked at, and a finished part is
// rewarded by one look only (issue 15 point 6 beside issue 19's study points).
import { describe, expect, it } from 'vitest';
import { StudyPointsQueue, type FinishedPart } from '../../server/modules/cm/study-points';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => { open = resolve; });
  return { opened, open };
}

describe('study points after saves', () => {
  it('looks once for a save alone, and once more after a run for the saves that came meanwhile', async () => {
    const looks: { userId: number; finished: FinishedPart[] }[] = [];
    const first = gate();
    const queue = new StudyPointsQueue(async (_tenant, userId, finished) => {
      looks.push({ userId, finished: [...finished] });
      if (looks.length === 1) await first.opened;
    }, (error) => { throw error; });
    const running = queue.after(1001, 7, 1, 0, false);
    // 50 saves while the first look runs: they join it.
    const joined = Array.from({ length: 50 }, (_, i) => queue.after(1001, 7, 1, i + 1, i === 49));
    await Promise.all(joined);
    expect(looks).toHaveLength(1);
    first.open();
    await running;
    expect(looks).toHaveLength(2);
    expect(looks[1]!.finished).toEqual([{ contentId: 1, partId: 50 }]);
    // Another learner is looked at on their own.
    await queue.after(1001, 8, 1, 0, false);
    expect(looks.map((l) => l.userId)).toEqual([7, 7, 8]);
  });

  it('rewards a finished part by one look; saves of it afterwards carry no finish', async () => {
    const finishes: FinishedPart[] = [];
    const queue = new StudyPointsQueue(async (_t, _u, finished) => { finishes.push(...finished); }, (error) => { throw error; });
    for (let i = 0; i < 3; i++) await queue.after(1001, 7, 5, 0, true);
    expect(finishes).toEqual([{ contentId: 5, partId: 0 }]);
  });

  it('keeps a finish whose look failed for the next save, and never fails the save', async () => {
    const errors: unknown[] = [];
    let fail = true;
    const finishes: FinishedPart[] = [];
    const queue = new StudyPointsQueue(async (_t, _u, finished) => {
      if (fail) throw new Error('database gone');
      finishes.push(...finished);
    }, (error) => errors.push(error));
    await expect(queue.after(1001, 7, 5, 0, true)).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
    fail = false;
    await queue.after(1001, 7, 5, 0, true);
    expect(finishes).toEqual([{ contentId: 5, partId: 0 }]);
  });
});
