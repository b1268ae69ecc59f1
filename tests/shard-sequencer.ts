// Splits the e2e files between `--shard` runs by their measured time instead of vitest's hash
// order, so the two e2e lanes of `npm test` end together (scripts/run-parallel.mjs; each lane
// starts its own portal and database in tests/e2e/global-setup.ts). Longest file first to the
// lane with the least work so far (greedy; the a11y gate alone is a third of the e2e time).
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds per file on the 2-core CI machine (session 6's third run); a file not listed counts as
 * DEFAULT_SECONDS. Off by a little only unbalances the lanes; it never drops a file.
 */
const SECONDS: Record<string, number> = {
  'a11y-gate': 190, 'readme-links': 45, 'designer': 33, 'no-dead-links': 90, 'live-room': 28,
  'exam-admin': 25, 'shell-layout': 25, 'keyboard-journeys': 24, 'shell-access': 21, 'account-journey': 20,
  'audio-progress': 16, 'invigilate': 13, 'exam-kinds': 11, 'zoom-motion': 11, 'reading': 10,
  'shop-reading': 10, 'exam': 9, 'course-study': 9, 'exam-marking': 9, 'tenant-shell': 8, 'work-center': 8,
  'homework': 7, 'classes-complete': 7, 'shop': 7, 'runtime-home': 6, 'english-tenant': 6, 'practice': 6,
  'admin': 5, 'robot': 5, 'classes': 4.5, 'search-help': 4, 'my-study': 3, 'home-batch': 1,
};
const DEFAULT_SECONDS = 15;

const nameOf = (spec: TestSpecification) => relative(spec.project.config.root, spec.moduleId).replace(/^.*\//, '').replace(/\.test\.ts$/, '');
const secondsOf = (spec: TestSpecification) => SECONDS[nameOf(spec)] ?? DEFAULT_SECONDS;

export class TimedShardSequencer extends BaseSequencer {
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard!;
    const lanes = Array.from({ length: count }, () => ({ seconds: 0, files: [] as TestSpecification[] }));
    // Longest first; ties by path so every lane computes the same split.
    const ordered = [...files].sort((a, b) => secondsOf(b) - secondsOf(a) || (a.moduleId < b.moduleId ? -1 : 1));
    for (const file of ordered) {
      const lane = lanes.reduce((least, l) => (l.seconds < least.seconds ? l : least));
      lane.seconds += secondsOf(file);
      lane.files.push(file);
    }
    return lanes[index - 1]!.files;
  }
}
