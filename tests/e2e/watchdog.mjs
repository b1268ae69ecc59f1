// Started detached by tests/e2e/global-setup.ts: node watchdog.mjs <ownerPid> <runDir>
// If the Vitest process that owns runDir dies without its teardown (SIGKILL, a crash, a CI runner
// killing the job), this stops the embedded PostgreSQL running from runDir/pg and deletes runDir,
// so no database outlives the run. It exits as soon as runDir is gone (a normal teardown).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ownerPid = Number(process.argv[2]);
const runDir = resolve(process.argv[3] ?? '');
if (!Number.isInteger(ownerPid) || ownerPid <= 0 || !process.argv[3]) {
  console.error('Usage: node tests/e2e/watchdog.mjs <ownerPid> <runDir>');
  process.exit(2);
}
const pgDir = join(runDir, 'pg');

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** The postmaster of runDir/pg, only if its lock file names that very data dir. */
function postmasterPid() {
  try {
    const [pidLine, dirLine] = readFileSync(join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(pidLine);
    return Number.isInteger(pid) && pid > 0 && resolve(dirLine ?? '') === pgDir ? pid : undefined;
  } catch {
    return undefined;
  }
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

async function stopPostgres() {
  const pid = postmasterPid();
  if (!pid || !alive(pid)) return;
  // SIGINT is PostgreSQL's fast shutdown; SIGQUIT the immediate one if that hangs.
  for (const [signal, waitMs] of [['SIGINT', 20_000], ['SIGQUIT', 5_000], ['SIGKILL', 2_000]]) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    for (let waited = 0; waited < waitMs && alive(pid); waited += 200) await sleep(200);
    if (!alive(pid)) return;
  }
}

for (;;) {
  if (!existsSync(runDir)) process.exit(0);
  if (!alive(ownerPid)) {
    await stopPostgres();
    rmSync(runDir, { recursive: true, force: true, maxRetries: 3 });
    process.exit(0);
  }
  await sleep(1000);
}
