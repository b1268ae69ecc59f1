import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import { APP_ROLE, ensureAppRole } from './roles';
import { migrateToLatest } from './migrate';
import type { DB } from './types';

// bigint (int8) columns come back as strings by default; ids fit in a JS number here.
pg.types.setTypeParser(20, (value) => Number(value));

/** The two connections the server holds: the owner migrates and seeds; the app role serves requests. */
export interface Database {
  /** Connects as the non-owner app role: row-level security applies to every query. */
  app: Kysely<DB>;
  /** Connects as the owner; used only for migrations, seeding and operations. */
  owner: Kysely<DB>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Owner connection (runs migrations). */
  ownerUrl: string;
  /** App-role connection. When absent it is derived from ownerUrl with the app role and appPassword. */
  appUrl?: string;
  /** Password to give the app role when appUrl is absent. */
  appPassword?: string;
  poolSize?: number;
}

function kysely(connectionString: string, max: number): Kysely<DB> {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client dropped by the server (restart, shutdown) must not crash the process; the pool
  // replaces it on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

/** Opens the owner connection, migrates to the latest version, then opens the app-role pool. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const owner = kysely(options.ownerUrl, 4);
  let appUrl = options.appUrl;
  try {
    if (!appUrl) {
      if (!options.appPassword) throw new Error('openDatabase needs appUrl or appPassword for the app role.');
      await ensureAppRole(owner as Kysely<unknown>, options.appPassword);
      const url = new URL(options.ownerUrl);
      url.username = APP_ROLE;
      url.password = options.appPassword;
      appUrl = url.toString();
    }
    await migrateToLatest(owner as Kysely<unknown>);
  } catch (error) {
    await owner.destroy();
    throw error;
  }
  const app = kysely(appUrl, options.poolSize ?? 20);
  return {
    app,
    owner,
    close: async () => {
      await Promise.all([app.destroy(), owner.destroy()]);
    },
  };
}

/**
 * Runs `work` in a transaction scoped to one tenant: `app.tenant_id` is set for this transaction
 * only (set_config(..., true)), and the row-level-security policies filter on it.
 */
export async function withTenant<T>(db: Kysely<DB>, tenantId: number, work: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('app.tenant_id', ${String(tenantId)}, true)`.execute(trx);
    return work(trx);
  });
}
