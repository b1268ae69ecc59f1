import { Kysely, PostgresDialect, sql, type PostgresPool, type PostgresPoolClient, type PostgresQueryResult, type Transaction } from 'kysely';
import pg from 'pg';
import { APP_ROLE, ensureAppRole } from './roles';
import { migrateToLatest } from './migrate';
import { DatabaseHealth, isDatabaseUnavailable } from './availability';
import type { DB } from './types';

// bigint (int8) columns come back as strings by default; ids fit in a JS number here.
pg.types.setTypeParser(20, (value) => Number(value));

/** The two connections the server holds: the owner migrates and seeds; the app role serves requests. */
export interface Database {
  /** Connects as the non-owner app role: row-level security applies to every query. */
  app: Kysely<DB>;
  /** Connects as the owner; used only for migrations, seeding and operations. */
  owner: Kysely<DB>;
  /** Whether the database is reachable as the pools last saw it (issue 22: 503 while it is not). */
  health: DatabaseHealth;
  /** True while the pools last reached the database. */
  isUp(): boolean;
  /** The app pool's connections: open, idle, and requests waiting for one (metrics). */
  poolStats(): { total: number; idle: number; waiting: number };
  /** A new app-role connection outside the pool, for a long-lived LISTEN (server/db/answer-listener.ts). */
  newAppClient(): pg.Client;
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
  /** Shared health state; one is made when absent. */
  health?: DatabaseHealth;
}

/** How long a request waits for a new connection before it is answered 503 (not hung). */
const CONNECT_TIMEOUT_MS = Number(process.env.PG_CONNECT_TIMEOUT_MS ?? 5_000);

const NO_STATEMENT = { command: 'SELECT', rowCount: 0, rows: [] } as PostgresQueryResult<never>;

/**
 * A pool client that sends a transaction's `begin` in the same round trip as the transaction's
 * first statement when that statement has no parameters (pg then uses the simple protocol, which
 * takes several statements): withTenant's `begin` + set_config cost one round trip, not two (bench
 * "progress"). The statements and their order are unchanged. A transaction that ends before any
 * statement never reaches the server: its commit or rollback would have had nothing to do.
 */
function deferringBegin(client: PostgresPoolClient): PostgresPoolClient {
  let beginPending = false;
  function query<R>(sqlOrCursor: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  function query<R>(sqlOrCursor: Parameters<PostgresPoolClient['query']>[0]): ReturnType<PostgresPoolClient['query']>;
  function query(sqlOrCursor: unknown, parameters?: ReadonlyArray<unknown>): unknown {
    if (typeof sqlOrCursor !== 'string') {
      // A cursor (kysely stream): pg runs a client's queries in order, so a queued begin precedes it.
      if (beginPending) {
        beginPending = false;
        client.query('begin', []).catch(() => {});
      }
      return client.query(sqlOrCursor as never);
    }
    const text = sqlOrCursor;
    const values = parameters ?? [];
    if (text === 'begin' && values.length === 0 && !beginPending) {
      beginPending = true;
      return Promise.resolve(NO_STATEMENT);
    }
    if (!beginPending) return client.query(text, values);
    beginPending = false;
    if (text === 'commit' || text === 'rollback') return Promise.resolve(NO_STATEMENT);
    if (values.length > 0) return client.query('begin', []).then(() => client.query(text, values));
    // pg answers several statements with one result each: drop the begin's, and hand back what the
    // statement alone would have answered (one result, or an array when it held several statements).
    return client.query(`begin;\n${text}`, []).then((answer) => {
      const results = answer as unknown as PostgresQueryResult<unknown>[];
      return results.length === 2 ? results[1] : results.slice(1);
    });
  }
  return {
    query,
    release: () => {
      beginPending = false;
      client.release();
    },
  } as PostgresPoolClient;
}

/**
 * A pool whose every client has an error listener for its whole life. pg-pool listens only while a
 * client is idle: a connection cut while a request holds it (a database restart, a failover) emitted
 * 'error' with no listener, and Node exited (issue 22). Now the error marks the database down (one
 * log line per outage), the client is dropped when released, and the next connect makes a new one.
 */
function kysely(connectionString: string, max: number, health: DatabaseHealth): { db: Kysely<DB>; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  const connectedAt = new WeakMap<object, number>();
  pool.on('error', (error, client) => health.markDown(error, connectedAt.get(client)));
  pool.on('connect', (client) => {
    connectedAt.set(client, Date.now());
    client.on('error', (error) => health.markDown(error, connectedAt.get(client)));
    void health.connected();
  });
  // One wrapper per pooled client, so Kysely sees the same client each time it is checked out.
  const wrappers = new WeakMap<object, PostgresPoolClient>();
  const deferringPool: PostgresPool = {
    connect: async () => {
      let client: PostgresPoolClient;
      try {
        client = (await pool.connect()) as unknown as PostgresPoolClient;
      } catch (error) {
        // A refused connect or one that waited too long (maybe only for a busy pool): a probe decides.
        if (isDatabaseUnavailable(error)) void health.suspect(error);
        throw error;
      }
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = deferringBegin(client)));
      return wrapper;
    },
    end: () => pool.end(),
  };
  return { db: new Kysely<DB>({ dialect: new PostgresDialect({ pool: deferringPool }) }), pool };
}

/** Opens the owner connection, migrates to the latest version, then opens the app-role pool. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const health = options.health ?? new DatabaseHealth();
  const owner = kysely(options.ownerUrl, 4, health).db;
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
  const { db: app, pool } = kysely(appUrl, options.poolSize ?? 20, health);
  const probeUrl = appUrl;
  health.setProbe(async () => {
    // A fresh connection outside the pools: it reaches the database now or it does not.
    const client = new pg.Client({ connectionString: probeUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
    } finally {
      await client.end().catch(() => {});
    }
  });
  return {
    app,
    owner,
    health,
    isUp: () => health.isUp(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    newAppClient: () => new pg.Client({ connectionString: appUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS }),
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
  // A safe integer goes in as a literal: with no parameters, the statement travels with the begin.
  const setTenant = Number.isSafeInteger(tenantId)
    ? sql.raw(`select set_config('app.tenant_id', '${tenantId}', true)`)
    : sql`select set_config('app.tenant_id', ${String(tenantId)}, true)`;
  return db.transaction().execute(async (trx) => {
    await setTenant.execute(trx);
    return work(trx);
  });
}
