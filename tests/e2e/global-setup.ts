import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startPortal, type RunningPortal } from '../../server/start';
import { seedE2eTenants } from './fixtures';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the portal under test, like http://127.0.0.1:PORT (no trailing slash). */
    baseUrl: string;
    /** Port of the portal under test, for tenant hosts like http://acme.localhost:PORT/. */
    port: number;
    /** Owner connection string of the portal's database, for reading what a tester would (the SMS outbox). */
    databaseUrl: string;
  }
}

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const tmpRoot = join(repoRoot, '.tmp');
/** A leftover e2e dir older than this whose PostgreSQL is not running belongs to a killed run. */
const STALE_AFTER_MS = 60 * 60 * 1000;

/** True when the PostgreSQL that owns `pgDataDir` (per its postmaster.pid) is still alive. */
async function postgresAlive(pgDataDir: string): Promise<boolean> {
  try {
    const pid = Number((await readFile(join(pgDataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
    if (!Number.isInteger(pid) || pid <= 0) return false;
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Removes .tmp/e2e-* dirs left by runs that were killed before their teardown (never a live one). */
async function removeStaleRuns(): Promise<void> {
  const entries = await readdir(tmpRoot).catch(() => [] as string[]);
  for (const name of entries.filter((n) => n.startsWith('e2e-'))) {
    const dir = join(tmpRoot, name);
    const info = await stat(dir).catch(() => undefined);
    if (!info || Date.now() - info.mtimeMs < STALE_AFTER_MS) continue;
    if (await postgresAlive(join(dir, 'pg'))) continue;
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Starts tests/e2e/watchdog.mjs detached: if this process dies without its teardown (SIGKILL, a
 * crash), the watchdog stops the PostgreSQL of runDir and deletes runDir; otherwise it exits once
 * the teardown has removed runDir.
 */
function startWatchdog(runDir: string): void {
  const script = fileURLToPath(new URL('./watchdog.mjs', import.meta.url));
  const child = spawn(process.execPath, [script, String(process.pid), runDir], { detached: true, stdio: 'ignore' });
  child.unref();
}

/**
 * Vitest globalSetup of the e2e project: starts the real portal (built SPA, API, embedded
 * PostgreSQL on a fresh data dir) on a free port and provides `baseUrl` and `port` to the tests.
 * The returned teardown stops the server and PostgreSQL and deletes the data.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const distDir = resolve(repoRoot, process.env.E2E_DIST_DIR ?? 'dist');
  if (!existsSync(join(distDir, 'index.html'))) {
    throw new Error(`The e2e tests need the built portal, but ${join(distDir, 'index.html')} does not exist; run "npm run build" first (npm run test:e2e does).`);
  }

  await mkdir(tmpRoot, { recursive: true });
  await removeStaleRuns();
  const runDir = await mkdtemp(join(tmpRoot, 'e2e-'));
  // mkdtemp makes the dir 0700; as root, embedded PostgreSQL runs as the `postgres` user, which
  // must be able to reach its data dir inside.
  await chmod(runDir, 0o755);
  startWatchdog(runDir);

  // The AI tests configure a tenant's provider as the fake OpenAI-compatible server on 127.0.0.1
  // (tests/support/fake-openai.ts), an address the portal refuses to tenants unless the operator
  // allows private hosts (docs/operations.md).
  process.env.AI_ALLOW_PRIVATE_HOSTS = '1';
  let portal: RunningPortal;
  try {
    portal = await startPortal({
      port: 0,
      host: '127.0.0.1',
      pgDataDir: join(runDir, 'pg'),
      uploadDir: join(runDir, 'uploads'),
      distDir,
      defaultTenant: 'demo',
      logger: Boolean(process.env.E2E_SERVER_LOG),
    });
  } catch (error) {
    // startPortal stops its own PostgreSQL when it fails; only the files are left to remove.
    await rm(runDir, { recursive: true, force: true });
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`The portal under test did not start (startPortal in tests/e2e/global-setup.ts): ${reason}`, { cause: error });
  }

  try {
    await seedE2eTenants(portal.db.owner);
  } catch (error) {
    await portal.close();
    await rm(runDir, { recursive: true, force: true });
    throw new Error(`Seeding the e2e tenants (tests/e2e/fixtures.ts) failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }

  project.provide('baseUrl', portal.url);
  project.provide('port', portal.port);
  project.provide('databaseUrl', portal.databaseUrl);

  let tornDown = false;
  return async () => {
    if (tornDown) return;
    tornDown = true;
    try {
      await portal.close();
    } finally {
      // Even if close() failed, deleting the data dir makes a surviving postmaster shut itself
      // down (it exits when its lock file disappears).
      await rm(runDir, { recursive: true, force: true, maxRetries: 3 });
    }
  };
}
