// Progress-save bench (DESIGN "Performance": API throughput and latency under load): how many study
// progress saves per second one API node acknowledges, and whether every acknowledged save is stored.
//
//   npx tsx bench/progress.ts                       50 connections for 20 s
//   npx tsx bench/progress.ts --connections 20 --seconds 10
//   npx tsx bench/progress.ts --runs 5               5 measurements on one portal, and their median
//   npx tsx bench/progress.ts --warmup 5             seconds of load before the runs, not counted (default 5)
//
// Starts its own portal (API + embedded PostgreSQL on a fresh temp data dir) in a child process, so
// the load generator does not share the server's event loop; the child signs in the seeded learner
// of tenant 1001. autocannon then drives POST /cm/api/hist/save on 127.0.0.1; each request has its
// own partId (a counter), so every acknowledged save is its own row. A save counts as acknowledged
// when it answers 2xx with flag 0 (autocannon's per-request onResponse reads the body). At the end
// the rows of study_record for that user are counted: rows >= acknowledged means no acknowledged
// save was lost; rows above acknowledged are saves still in flight when the load stopped (the
// server finished them, autocannon had already dropped the connection). Prints writes/s, p99
// latency and the ratio to the 3,000 writes/s target; writes bench/out/progress.json. Exit code 0
// over or under target; non-zero only when it could not measure. Stops everything it started.
import type { ChildProcess } from 'node:child_process';
import { startChild, stopChild } from './child-portal';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
// @ts-expect-error autocannon 8 ships no type declarations; Autocannon below types the part used here.
import autocannonUntyped from 'autocannon';
import pg from 'pg';

/** The slice of autocannon's API this bench uses (README "API"). */
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  requests: Array<{
    method: string;
    headers: Record<string, string>;
    setupRequest: (req: Record<string, unknown>) => Record<string, unknown>;
    onResponse: (status: number, body: string) => void;
  }>;
}) => Promise<{ errors: number; timeouts: number; latency: { p50: number; p90: number; p99: number; max: number } }>;
const autocannon = autocannonUntyped as Autocannon;

/** Target: acknowledged progress saves per second on one node (issue 6). */
export const TARGET_WRITES_PER_S = 3000;
const HARD_LIMIT_MS = 5 * 60_000;
const TENANT_ID = 1001;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const thisFile = fileURLToPath(import.meta.url);

/** What the child portal reports once it listens. */
interface Ready {
  url: string;
  databaseUrl: string;
  token: string;
  userId: number;
  contentId: number;
}

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a positive integer.`);
  return value;
}

/** Child mode: start the portal, sign the learner in, print Ready as one JSON line, stop on stdin end or SIGTERM. */
async function serve(runDir: string): Promise<void> {
  const { startPortal } = await import('../server/start');
  const { DbCaptchaStore } = await import('../server/lib/captcha-store');
  const { clientPasswordDigest } = await import('../server/lib/password');
  const portal = await startPortal({
    port: 0, host: '127.0.0.1', pgDataDir: join(runDir, 'pg'), uploadDir: join(runDir, 'uploads'), logger: false,
  });
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= portal.close().then(() => process.exit(0), (error: unknown) => {
    console.error(`progress bench: the portal did not stop cleanly: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }));
  process.on('SIGTERM', stop);
  process.stdin.on('end', stop);
  process.stdin.resume();
  try {
    const captchaUuid = `bench-${process.pid}`;
    await new DbCaptchaStore(portal.db.app).markVerified(TENANT_ID, captchaUuid);
    const res = await fetch(`${portal.url}/um/api/user/loginByAccount`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tenantId: TENANT_ID, account: 'learner', password: clientPasswordDigest('Study@2026'), captchaUuid }),
    });
    const login = (await res.json()) as { flag: number; message: string; data: { id: number; token: string } };
    if (login.flag !== 0) throw new Error(`The seeded learner could not sign in: ${login.message}`);
    const content = await portal.db.owner.selectFrom('content').select('id').where('tenant_id', '=', TENANT_ID).orderBy('id').executeTakeFirstOrThrow();
    const ready: Ready = { url: portal.url, databaseUrl: portal.databaseUrl, token: login.data.token, userId: login.data.id, contentId: Number(content.id) };
    process.stdout.write(`${JSON.stringify(ready)}\n`);
  } catch (error) {
    console.error(`progress bench: ${error instanceof Error ? error.message : String(error)}`);
    await stop();
  }
}

/** Starts the child portal and resolves with its Ready line. */

async function countRows(databaseUrl: string, userId: number, afterPartId: number): Promise<number> {
  // The owner is a superuser (embedded PostgreSQL), so row-level security does not hide rows; name the tenant.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('select count(*) as n from study_record where tenant_id = $1 and user_id = $2 and part_id > $3', [TENANT_ID, userId, afterPartId]);
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** What one measurement found. */
interface RunFigures {
  sent: number;
  acknowledged: number;
  refused: number;
  firstRefusal: string;
  errors: number;
  timeouts: number;
  latency: { p50: number; p90: number; p99: number; max: number };
  writesPerS: number;
  /** Rows of study_record written by this run's saves (their partIds), counted after it. */
  rows: number;
}

/** One autocannon run of saves; `nextPart` numbers the saves across runs, so each is its own row. */
async function measure(ready: Ready, connections: number, seconds: number, nextPart: () => number): Promise<RunFigures> {
  let sent = 0;
  let acknowledged = 0;
  let refused = 0;
  let firstRefusal = '';
  const savedAt = Date.now();
  const result = await autocannon({
    url: `${ready.url}/cm/api/hist/save`,
    connections, duration: seconds,
    requests: [{
      method: 'POST',
      headers: { 'content-type': 'application/json', token: ready.token },
      setupRequest: (req: Record<string, unknown>) => {
        sent += 1;
        const n = nextPart();
        req.body = JSON.stringify({
          tenantId: TENANT_ID, contentId: ready.contentId, partId: n, progress: n % 600, duration: 600,
          playTime: n % 600, state: 1, savedAt: savedAt + n, terminal: 'PC',
        });
        return req;
      },
      onResponse: (status: number, body: string) => {
        let flag: number | undefined;
        try {
          flag = (JSON.parse(body) as { flag?: number }).flag;
        } catch {
          flag = undefined;
        }
        if (status >= 200 && status < 300 && flag === 0) acknowledged += 1;
        else {
          refused += 1;
          firstRefusal ||= `HTTP ${status}: ${body.slice(0, 200)}`;
        }
      },
    }],
  });
  return { sent, acknowledged, refused, firstRefusal, errors: result.errors, timeouts: result.timeouts, latency: result.latency, writesPerS: acknowledged / seconds, rows: 0 };
}

/** Prints one run's figures and whether every acknowledged save is stored. */
function report(f: RunFigures, connections: number, seconds: number, prefix: string): void {
  console.log(`${prefix}requests sent ${f.sent}, acknowledged (2xx, flag 0) ${f.acknowledged}, refused ${f.refused}, errors ${f.errors}, timeouts ${f.timeouts}`);
  if (f.firstRefusal) console.log(`${prefix}first refusal: ${f.firstRefusal}`);
  console.log(`${prefix}latency ms: p50 ${f.latency.p50}, p90 ${f.latency.p90}, p99 ${f.latency.p99}, max ${f.latency.max}`);
  const lost = f.acknowledged - f.rows;
  console.log(`${prefix}rows in study_record for the run's saves: ${f.rows}; acknowledged: ${f.acknowledged}; ${f.rows === f.acknowledged ? 'MATCH' : lost > 0
    ? `MISMATCH: ${lost} acknowledged saves are missing`
    : `no acknowledged save lost (${-lost} more rows: saves in flight when the load stopped)`}`);
  console.log(`${prefix}${f.writesPerS.toFixed(0)} writes/s acknowledged, p99 ${f.latency.p99} ms, ${connections} connections, ${seconds} s`);
}

async function main(): Promise<number> {
  const connections = option('connections', 50);
  const seconds = option('seconds', 20);
  const runs = option('runs', 1);
  await mkdir(join(repoRoot, '.tmp'), { recursive: true });
  const runDir = await mkdtemp(join(repoRoot, '.tmp', 'bench-progress-'));
  // As root, embedded PostgreSQL runs as `postgres`, which must reach its data dir inside.
  await chmod(runDir, 0o755);
  let child: ChildProcess | undefined;
  const watchdog = setTimeout(() => {
    console.error(`progress bench: gave up after ${HARD_LIMIT_MS / 1000} s.`);
    child?.kill('SIGKILL');
    process.exit(1);
  }, HARD_LIMIT_MS + runs * seconds * 1000);
  watchdog.unref();
  try {
    console.log(`Starting the portal with a fresh embedded database in ${runDir} …`);
    const started = await startChild<Ready>(thisFile, ['--serve', runDir]);
    child = started.child;
    const { ready } = started;
    console.log(`Portal at ${ready.url}; learner ${ready.userId} of tenant ${TENANT_ID}; content ${ready.contentId}.`);

    let sent = 0;
    // A few seconds not counted: the fresh database is still settling after the seed (autovacuum,
    // checkpoint) and the server's code is cold; without it the first run was the lowest of every set.
    const warmUp = option('warmup', 5);
    await measure(ready, connections, warmUp, () => (sent += 1));
    const figures: RunFigures[] = [];
    for (let run = 1; run <= runs; run += 1) {
      const first = sent;
      const figure = await measure(ready, connections, seconds, () => (sent += 1));
      figure.rows = await countRows(ready.databaseUrl, ready.userId, first);
      figures.push(figure);
      report(figure, connections, seconds, runs > 1 ? `run ${run}/${runs}: ` : '');
    }
    const byRate = [...figures].sort((a, b) => a.writesPerS - b.writesPerS);
    const median = byRate[Math.floor((byRate.length - 1) / 2)]!;
    const lost = figures.reduce((n, f) => n + Math.max(0, f.acknowledged - f.rows), 0);
    const p99s = figures.map((f) => f.latency.p99).sort((a, b) => a - b);
    const p99 = p99s[Math.floor((p99s.length - 1) / 2)]!;
    const ratio = median.writesPerS / TARGET_WRITES_PER_S;
    if (runs > 1) console.log(`runs (writes/s): ${figures.map((f) => f.writesPerS.toFixed(0)).join(', ')}; lost acknowledged saves over all runs: ${lost}`);
    console.log(`progress saves: ${median.writesPerS.toFixed(0)} writes/s acknowledged${runs > 1 ? ` (median of ${runs} runs)` : ''}, p99 ${p99} ms, ${connections} connections, ${seconds} s (target ${TARGET_WRITES_PER_S} writes/s, ratio ${ratio.toFixed(2)})`);
    if (ratio < 1) console.log(`UNDER TARGET by ${(TARGET_WRITES_PER_S - median.writesPerS).toFixed(0)} writes/s`);
    await mkdir(resolve(repoRoot, 'bench/out'), { recursive: true });
    await writeFile(resolve(repoRoot, 'bench/out/progress.json'), `${JSON.stringify({
      connections, seconds, runs, writesPerS: median.writesPerS, p99Ms: p99, lost, targetWritesPerS: TARGET_WRITES_PER_S, ratio, figures,
    }, null, 2)}\n`);
    return lost > 0 ? 2 : 0;
  } finally {
    if (child) await stopChild(child);
    await rm(runDir, { recursive: true, force: true, maxRetries: 3 });
    clearTimeout(watchdog);
  }
}

if (process.argv.includes('--serve')) {
  const runDir = process.argv[process.argv.indexOf('--serve') + 1];
  if (!runDir) throw new Error('--serve takes the run directory.');
  serve(runDir).catch((error: unknown) => {
    console.error(`progress bench: the portal did not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
} else {
  main().then((code) => process.exit(code), (error: unknown) => {
    console.error(`progress bench: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
