// A real `npm start` server in a child process, for the tests that kill its database or send it
// SIGTERM (issue 22): what they check is the process itself (its pid, its exit), so it cannot run
// inside the test worker as the other server tests do.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { clientPasswordDigest } from '../../server/lib/password';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A running server process and what the tests reach it by. */
export interface PortalProcess {
  child: ChildProcess;
  url: string;
  dataDir: string;
  /** Every line the server printed (stdout and stderr), for assertions on its log. */
  log: string[];
  /** The pid of the embedded postmaster now (it changes after a restart). */
  postmasterPid(): Promise<number>;
  /** An owner connection to the embedded database (superuser: row-level security does not apply). */
  ownerClient(): Promise<pg.Client>;
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<number | string>;
  /** Stops the process (SIGTERM, then SIGKILL after 20 s) and removes its folder. */
  dispose(): Promise<void>;
}

/** The first line of postmaster.pid is the pid, the fourth the port. */
async function postmasterFile(dataDir: string): Promise<{ pid: number; port: number }> {
  const lines = (await readFile(join(dataDir, 'postmaster.pid'), 'utf8')).split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

/** Starts `server/main.ts` as `npm start` does, on a fresh data dir, and waits until it listens. */
export async function startPortalProcess(name: string): Promise<PortalProcess> {
  await mkdir(join(repoRoot, '.tmp'), { recursive: true });
  const runDir = await mkdtemp(join(repoRoot, '.tmp', `${name}-`));
  await chmod(runDir, 0o755); // as root, PostgreSQL runs as `postgres`, which must enter it
  const dataDir = join(runDir, 'pg');
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'server/main.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: '0', HOST: '127.0.0.1', PG_DATA_DIR: dataDir, UPLOAD_DIR: join(runDir, 'uploads'),
      // One media folder for every run: its manifest lets a later start skip the encoding.
      MEDIA_DIR: join(repoRoot, '.tmp', 'portal-process-media'), DIST_DIR: join(runDir, 'no-dist'), LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) createInterface({ input: stream }).on('line', (line) => log.push(line));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start within 120 s:\n${log.join('\n')}`)), 120_000);
    const poll = setInterval(() => {
      const ready = log.map((line) => /Study portal ready: http:\/\/localhost:(\d+)\//.exec(line)).find(Boolean);
      if (ready) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${ready[1]}`);
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`The server exited (${code}) before it was ready:\n${log.join('\n')}`));
    });
  });
  const secrets = JSON.parse(await readFile(`${dataDir}.secrets.json`, 'utf8')) as { ownerPassword: string };
  return {
    child, url, dataDir, log, exited,
    postmasterPid: async () => (await postmasterFile(dataDir)).pid,
    ownerClient: async () => {
      const { port } = await postmasterFile(dataDir);
      const client = new pg.Client({ connectionString: `postgres://postgres:${encodeURIComponent(secrets.ownerPassword)}@127.0.0.1:${port}/portal` });
      await client.connect();
      return client;
    },
    dispose: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const kill = setTimeout(() => child.kill('SIGKILL'), 20_000);
        await exited;
        clearTimeout(kill);
      }
      // A postmaster left by a killed server stops when it sees its data dir go; stop it first.
      if (existsSync(join(dataDir, 'postmaster.pid'))) {
        const { pid } = await postmasterFile(dataDir).catch(() => ({ pid: 0 }));
        if (pid > 0) try { process.kill(pid, 'SIGINT'); } catch { /* already gone */ }
        for (let i = 0; i < 100 && existsSync(join(dataDir, 'postmaster.pid')); i++) await new Promise((r) => setTimeout(r, 100));
      }
      await rm(runDir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

/** The envelope as these tests read it, with the HTTP status; status 0 when no answer came. */
export interface Answer { status: number; flag?: number; code?: number; errorCode?: string; data?: any; pid?: number }

/** One JSON call; a refused or reset connection is status 0, as a browser's network error. */
export async function callJson(url: string, init: { method?: string; token?: string; body?: object } = {}): Promise<Answer> {
  try {
    const res = await fetch(url, {
      method: init.method ?? (init.body ? 'POST' : 'GET'),
      headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.token ? { token: init.token } : {}) },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    try {
      return { ...(JSON.parse(text) as object), status: res.status };
    } catch {
      return { status: res.status };
    }
  } catch {
    return { status: 0 };
  }
}

/** Signs the seeded demo learner in and returns the token. */
export async function signInLearner(url: string): Promise<string> {
  const answer = await callJson(`${url}/um/api/user/loginByAccount`, { body: { tenantId: 1001, account: 'learner', password: clientPasswordDigest('Study@2026') } });
  if (answer.flag !== 0) throw new Error(`The demo learner could not sign in: ${JSON.stringify(answer)}`);
  return (answer.data as { token: string }).token;
}

/**
 * Learners saving study progress as the player does (src/services/audio/progress-saver.ts): each
 * save gets its own partId, so each acknowledged save is its own row; a save that is not
 * acknowledged (no answer, a 5xx) stays queued and is sent again after a short wait.
 */
export class SaveLoad {
  readonly acknowledged = new Set<number>();
  readonly statuses = new Map<string, number>();
  private readonly pending: number[] = [];
  private next = 1;
  private running = false;
  private workers: Promise<void>[] = [];

  constructor(private readonly url: string, private readonly token: string, private readonly contentId: number, private readonly learners = 10) {}

  /** Starts the learners; each sends a save, waits for its answer, and goes again. */
  start(): void {
    this.running = true;
    this.workers = Array.from({ length: this.learners }, () => this.work());
  }

  /** Stops making new saves; the queued ones are retried until acknowledged or `deadlineMs` passes. */
  async stop(deadlineMs = 20_000): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
    const deadline = Date.now() + deadlineMs;
    while (this.pending.length && Date.now() < deadline) {
      const partId = this.pending.shift()!;
      if (!(await this.send(partId))) {
        this.pending.push(partId);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }

  /** Saves that were never acknowledged (still queued). */
  unacknowledged(): number {
    return this.pending.length;
  }

  private async work(): Promise<void> {
    while (this.running) {
      const partId = this.pending.shift() ?? this.next++;
      if (!(await this.send(partId))) {
        this.pending.push(partId);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  private async send(partId: number): Promise<boolean> {
    const answer = await callJson(`${this.url}/cm/api/hist/save`, {
      token: this.token,
      body: { tenantId: 1001, contentId: this.contentId, partId, progress: 30, duration: 600, playTime: 30, state: 1, savedAt: Date.now(), terminal: 'PC' },
    });
    const key = answer.status === 200 ? `200/${answer.flag}` : `${answer.status}/${answer.errorCode ?? '-'}`;
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
    if (answer.status === 200 && answer.flag === 0) {
      this.acknowledged.add(partId);
      return true;
    }
    return false;
  }
}

/** partIds of `userId`'s saved rows on `contentId`, read as the owner. */
export async function savedParts(client: pg.Client, contentId: number): Promise<Set<number>> {
  const { rows } = await client.query<{ part_id: number }>(
    `select part_id from study_record r join user_account u on u.tenant_id = r.tenant_id and u.id = r.user_id
      where r.tenant_id = 1001 and u.account = 'learner' and r.content_id = $1`, [contentId]);
  return new Set(rows.map((row) => Number(row.part_id)));
}
