// npm run backup / npm run restore (issue 22 point 7; server/db/backup.ts; docs/operations.md
// "Backups and recovery"): a restored database holds exactly the rows and sequences of the backup
// moment, the app works on it, and a restore never lands on a database that is not empty or
// half-loads a damaged file.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app';
import { readBackupManifest, restoreDatabase } from '../../server/db/backup';
import { openDatabase } from '../../server/db/database';
import { apiOf } from './api';
import { createTestApp, type TestApp } from './harness';

const run = promisify(execFile);
const TSX = resolve('node_modules/.bin/tsx');

let t: TestApp;
let dir: string;
const made: string[] = [];
const { call, signIn } = apiOf(() => t.app);

beforeAll(async () => {
  t = await createTestApp();
  dir = await mkdtemp(join(tmpdir(), 'backup-'));
});
afterAll(async () => {
  await t.close();
  for (const name of made) await admin(`drop database if exists ${name} with (force)`);
  await rm(dir, { recursive: true, force: true });
});

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const admin = (text: string) => withClient(inject('pgOwnerUrl'), (client) => client.query(text));

/** A new empty database in the test cluster, dropped after the file. */
async function emptyDatabase(): Promise<string> {
  const name = `r_${randomBytes(6).toString('hex')}`;
  await admin(`create database ${name}`);
  made.push(name);
  const url = new URL(inject('pgOwnerUrl'));
  url.pathname = `/${name}`;
  return url.toString();
}

/** Every row of every table (as sorted JSON text) and every sequence's state. */
async function contents(url: string, tables: string[]) {
  return withClient(url, async (client) => {
    const rows: Record<string, string[]> = {};
    for (const table of tables) {
      const { rows: [r] } = await client.query(`select coalesce(array_agg(row_to_json(x)::text order by row_to_json(x)::text), '{}') as rows from "${table}" x`);
      rows[table] = r.rows;
    }
    const { rows: sequences } = await client.query('select sequencename, last_value from pg_sequences where schemaname = \'public\' order by sequencename');
    return { rows, sequences };
  });
}

const CLI_TIMEOUT = 60_000;
const cli = (script: string, args: string[], databaseUrl: string) =>
  run(TSX, [`scripts/${script}.ts`, ...args], { env: { ...process.env, DATABASE_URL: databaseUrl }, timeout: CLI_TIMEOUT });
/**
 * The tests that run the scripts as child processes (a cold tsx start each) need the children's own
 * limit, not the project's 30 s: with issue 19's tables and rows a backup and a restore take about
 * 9 s on an idle machine and passed 30 s in a full server run on two busy cores (a timeout, not a
 * wrong row: the same test passes alone).
 */
const CLI_TEST_TIMEOUT = 2 * CLI_TIMEOUT + 30_000;
/** An in-process restore of the whole backup. */
const RESTORE_TEST_TIMEOUT = CLI_TIMEOUT;

describe('backup and restore', () => {
  it('restores every table\'s rows and sequences as they were at the backup, and the app works on the restored database', async () => {
    // Some study history first, so the tables with triggers (study_record → study_day) hold rows.
    const learner = await signIn(1001, 'learner', 'Study@2026');
    const content = await t.db.owner.selectFrom('content').select('id').where('tenant_id', '=', 1001).orderBy('id').executeTakeFirstOrThrow();
    const saved = await call('POST', '/cm/api/hist/save', learner.token, { tenantId: 1001, contentId: Number(content.id), progress: 30, duration: 60, playTime: 30, state: 1, savedAt: Date.now() });
    expect(saved.success, saved.message).toBe(true);

    const file = join(dir, 'portal.backup.gz');
    const backup = await cli('backup', ['--out', file], t.databaseUrl);
    expect(backup.stdout).toMatch(/Wrote .*portal\.backup\.gz .* tables, \d+ rows, at migration/);
    const manifest = await readBackupManifest(file);
    const tables = manifest.tables.map((table) => table.name);
    expect(tables).toEqual(expect.arrayContaining(['tenant', 'user_account', 'course', 'study_record', 'study_day']));
    expect(tables).not.toContain('kysely_migration');
    const atBackup = await contents(t.databaseUrl, tables);
    expect(atBackup.rows.study_record!.length).toBeGreaterThan(0);
    expect(manifest.tables.find((table) => table.name === 'user_account')!.rows).toBe(atBackup.rows.user_account!.length);

    // Written after the backup: must not come back.
    await signIn(1001, 'admin', 'Admin@2026');
    const after = await call('POST', '/cm/api/hist/save', learner.token, { tenantId: 1001, contentId: Number(content.id), progress: 50, duration: 60, playTime: 50, state: 1, savedAt: Date.now() });
    expect(after.success).toBe(true);
    expect(await contents(t.databaseUrl, tables)).not.toEqual(atBackup);

    const target = await emptyDatabase();
    const restore = await cli('restore', ['--in', file], target);
    expect(restore.stdout).toMatch(/Restored \d+ tables, \d+ rows \(every count checked\)/);
    expect(await contents(target, tables)).toEqual(atBackup);
    const migrations = await withClient(target, (client) => client.query('select name from kysely_migration order by name'));
    expect(migrations.rows.map((r) => r.name)).toEqual(manifest.migrations);

    // The app on the restored database: sign in (a new session row: the sequences moved on) and read a course.
    const db = await openDatabase({ ownerUrl: target, appPassword: inject('pgAppPassword'), poolSize: 2 });
    const app = await buildApp({ db });
    try {
      const api = apiOf(() => app);
      const user = await api.signIn(1001, 'learner', 'Study@2026');
      const course = await t.db.owner.selectFrom('course').select('id').where('tenant_id', '=', 1001).orderBy('id').executeTakeFirstOrThrow();
      const info = await api.call('GET', `/cm/api/course/info?tenantId=1001&id=${course.id}`, user.token);
      expect(info, info.message).toMatchObject({ success: true, data: { id: Number(course.id) } });
      const progress = await api.call('GET', `/cm/api/hist/getProgress?tenantId=1001&contentId=${content.id}&partId=0`, user.token);
      expect(progress.data).toMatchObject({ progress: 30 });
    } finally {
      await app.close();
      await db.close();
    }
  }, CLI_TEST_TIMEOUT);

  it('refuses a database that is not empty unless forced, and --force replaces it', async () => {
    const file = join(dir, 'portal.backup.gz');
    const target = await emptyDatabase();
    await withClient(target, (client) => client.query('create table leftover (x int); insert into leftover values (1)'));
    const refused = await cli('restore', ['--in', file], target).then(() => undefined, (error: { code: number; stderr: string }) => error);
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toMatch(/not empty .*--force/);
    expect((await withClient(target, (client) => client.query('select count(*)::int as n from leftover'))).rows[0].n).toBe(1);

    await restoreDatabase(target, file, { force: true });
    const tables = await withClient(target, (client) => client.query(`select relname from pg_class where relnamespace = 'public'::regnamespace and relname = 'leftover'`));
    expect(tables.rowCount).toBe(0);
    const manifest = await readBackupManifest(file);
    const users = await withClient(target, (client) => client.query('select count(*)::int as n from user_account'));
    expect(users.rows[0].n).toBe(manifest.tables.find((table) => table.name === 'user_account')!.rows);
  }, CLI_TEST_TIMEOUT);

  it('loads nothing from a truncated backup', async () => {
    const whole = gunzipSync(await readFile(join(dir, 'portal.backup.gz')));
    const cut = join(dir, 'cut.backup.gz');
    await writeFile(cut, gzipSync(whole.subarray(0, Math.floor(whole.length * 0.8))));
    const target = await emptyDatabase();
    await expect(restoreDatabase(target, cut)).rejects.toThrow(/truncated|damaged/);
    const users = await withClient(target, (client) => client.query('select count(*)::int as n from tenant'));
    expect(users.rows[0].n).toBe(0);
  }, RESTORE_TEST_TIMEOUT);
});
