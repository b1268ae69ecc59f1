// The portal a bench drives runs in a child process (same node, same loader flags: tsx), so the
// load generator and the API do not share one event loop. The child is the bench's own file in
// --serve mode: it prints one JSON line when ready, and closes the portal when its stdin ends.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/** Starts `script` with `args`; resolves with the JSON line it prints when ready. */
export function startChild<T>(script: string, args: readonly string[]): Promise<{ child: ChildProcess; ready: T }> {
  const child = spawn(process.execPath, [...process.execArgv, script, ...args], { stdio: ['pipe', 'pipe', 'inherit'] });
  return new Promise((resolvePromise, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => {
      try {
        resolvePromise({ child, ready: JSON.parse(line) as T });
      } catch {
        reject(new Error(`The portal printed "${line}" instead of its address.`));
      }
    });
    child.once('exit', (code) => reject(new Error(`The portal exited (code ${code}) before it was ready.`)));
  });
}

/**
 * Stops the child: closing its stdin makes it close the portal (server, pools, PostgreSQL) in order.
 * Only if it has not exited after 30 s does it get SIGTERM (embedded PostgreSQL's exit hook then
 * stops the database), and SIGKILL 10 s later.
 */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.stdin?.end();
  const term = setTimeout(() => child.kill('SIGTERM'), 30_000);
  const kill = setTimeout(() => child.kill('SIGKILL'), 40_000);
  await exited;
  clearTimeout(term);
  clearTimeout(kill);
}
