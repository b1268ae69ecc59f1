// The unit project's files share workers (isolate false): before a file resets the module graph,
// tests/setup-dom.ts waits for the imports the earlier file left loading. What broke without the
// wait: an import still loading at the reset finished into the new graph bound to the earlier
// file's modules (sign-in's unread badge, class-detail's toast, robot-talk's conversation).
import { describe, expect, it } from 'vitest';
import { settleEarlierImports } from '../setup-imports';

const flags = globalThis as { slowImportDone?: boolean };

describe('settleEarlierImports', () => {
  it('returns only once an import an earlier file left loading has finished', async () => {
    flags.slowImportDone = false;
    // Started and not awaited, as a lazy chunk an unmounting page asked for.
    void import('../fixtures/slow-import');
    await settleEarlierImports();
    expect(flags.slowImportDone).toBe(true);
  });

  it('returns at once when nothing is loading', async () => {
    const started = Date.now();
    await settleEarlierImports();
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
