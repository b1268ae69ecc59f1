// Which database `npm run backup` and `npm run restore` work on (docs/operations.md "Backups and
// recovery"): DATABASE_URL when set, otherwise the embedded PostgreSQL's data dir — the running
// server's PostgreSQL when one runs on it (its port is in postmaster.pid), else a PostgreSQL this
// tool starts for itself and stops when done.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { startEmbeddedPostgres } from '../server/db/embedded';

export interface DbTarget {
  ownerUrl: string;
  /** The app role's password when this tool knows it (the embedded cluster's secrets, or APP_DB_PASSWORD). */
  appPassword?: string;
  /** Said in the tool's output: which database this is. */
  description: string;
  close(): Promise<void>;
}

export interface TargetOptions {
  /** Embedded data dir (default PG_DATA_DIR or ./data/pg). */
  dataDir?: string | undefined;
  /** Database name in the embedded cluster (default portal). */
  database?: string | undefined;
  /** A restore replaces the database: it refuses to work under a running server. */
  replaces: boolean;
  log: (line: string) => void;
}

/** The pid and port of a PostgreSQL running on `dir`, from its postmaster.pid; undefined when none runs. */
async function runningPostmaster(dir: string): Promise<{ pid: number; port: number } | undefined> {
  const file = join(dir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const lines = (await readFile(file, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it runs as another user (the postgres user when the server runs as root).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  return Number.isInteger(port) && port > 0 ? { pid, port } : undefined;
}

export async function openTarget(options: TargetOptions): Promise<DbTarget> {
  const appPassword = process.env.APP_DB_PASSWORD;
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    return {
      ownerUrl: process.env.DATABASE_URL,
      ...(appPassword ? { appPassword } : {}),
      description: `${url.hostname}:${url.port || 5432}${url.pathname} (DATABASE_URL)`,
      close: async () => {},
    };
  }
  const dir = resolve(options.dataDir ?? process.env.PG_DATA_DIR ?? 'data/pg');
  const database = options.database ?? 'portal';
  const running = await runningPostmaster(dir);
  if (running) {
    if (options.replaces) {
      throw new Error(`A server's PostgreSQL (pid ${running.pid}) is running on ${dir}. Stop the server first: a restore replaces the database it serves.`);
    }
    const secretsFile = `${dir}.secrets.json`;
    if (!existsSync(secretsFile)) throw new Error(`PostgreSQL runs on ${dir} but ${secretsFile} is missing; set DATABASE_URL to reach it, or stop the server.`);
    const { ownerPassword } = JSON.parse(await readFile(secretsFile, 'utf8')) as { ownerPassword: string };
    return {
      ownerUrl: `postgres://postgres:${encodeURIComponent(ownerPassword)}@127.0.0.1:${running.port}/${database}`,
      description: `the running server's embedded PostgreSQL on ${dir} (port ${running.port})`,
      close: async () => {},
    };
  }
  if (!options.replaces && !existsSync(join(dir, 'PG_VERSION'))) {
    throw new Error(`There is no embedded database in ${dir}; pass --data-dir (or PG_DATA_DIR) for another one, or set DATABASE_URL.`);
  }
  options.log(`Starting the embedded PostgreSQL in ${dir} ...`);
  const cluster = await startEmbeddedPostgres(dir, database, () => {}, { supervise: false });
  return {
    ownerUrl: cluster.ownerUrl(database),
    appPassword: cluster.appPassword,
    description: `the embedded PostgreSQL on ${dir}`,
    close: () => cluster.stop(),
  };
}
