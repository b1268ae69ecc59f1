import { dirname, join, resolve } from 'node:path';
import { buildApp } from './app';
import { S3ObjectStore, type S3Settings } from './lib/s3-object-store';
import type { SmsSender } from './lib/sms';
import { openDatabase, type Database } from './db/database';
import { startEmbeddedPostgres, type EmbeddedCluster } from './db/embedded';
import { loadTenantSeeds, seedAssets, seedTenants } from './demo/seed';
import { writeCatalogueMedia } from './demo/seed-catalogue';

export interface PortalOptions {
  /** 0 picks a free port. */
  port?: number;
  /** Default '0.0.0.0'. */
  host?: string;
  /** When absent an embedded PostgreSQL is started. */
  databaseUrl?: string;
  /** App-role connection for an external database; see docs/operations.md. */
  appDatabaseUrl?: string;
  /** Password for the app role on an external database when appDatabaseUrl is absent. */
  appDbPassword?: string;
  /** Embedded data dir (default ./data/pg); a new dir is initialised, migrated and seeded. */
  pgDataDir?: string;
  /** Local object store (default ./data/uploads), served at /uploads/. */
  uploadDir?: string;
  /** New uploads go to this S3-compatible bucket instead of uploadDir (main.ts: the S3_* settings). */
  s3?: S3Settings;
  /** Tenants' media, served at /media/ only through signed links (default: `media` beside uploadDir). */
  mediaDir?: string;
  /** The built SPA (default ./dist), served at /study/* with history fallback. */
  distDir?: string;
  /** Tenant code used when the host names none (default 'demo'). */
  defaultTenant?: string;
  /** Seed the demo tenants that are missing (default true). */
  seed?: boolean;
  logger?: boolean;
  /** The SMS provider (server/lib/sms.ts); default: the sms_outbox table and the log. */
  smsSender?: SmsSender;
}

export interface RunningPortal {
  url: string;
  port: number;
  db: Database;
  /** The owner connection string (for operators' tools and the e2e suite's fixtures). */
  databaseUrl: string;
  /** The embedded PostgreSQL, when no databaseUrl was given (operators' tools and the outage test). */
  cluster?: EmbeddedCluster;
  /**
   * Stops gracefully (issue 22): stops accepting connections, lets the requests in flight finish
   * (their batched saves commit before they are answered), closes the pools, then stops the
   * embedded PostgreSQL cleanly.
   */
  close(): Promise<void>;
}

/** Starts the database (embedded or external), migrates, seeds the demo tenants, and listens. */
export async function startPortal(opts: PortalOptions = {}): Promise<RunningPortal> {
  const log = opts.logger ? (line: string) => console.log(line) : () => {};
  let cluster: EmbeddedCluster | undefined;
  let db: Database | undefined;
  let databaseUrl = '';
  try {
    if (opts.databaseUrl) {
      databaseUrl = opts.databaseUrl;
      db = await openDatabase({
        ownerUrl: opts.databaseUrl,
        ...(opts.appDatabaseUrl ? { appUrl: opts.appDatabaseUrl } : {}),
        ...(opts.appDbPassword ? { appPassword: opts.appDbPassword } : {}),
      });
    } else {
      const dataDir = resolve(opts.pgDataDir ?? 'data/pg');
      log(`Starting embedded PostgreSQL in ${dataDir} ...`);
      cluster = await startEmbeddedPostgres(dataDir, 'portal', (line) => process.env.PG_LOG && log(`[pg] ${line}`), {
        notify: (line) => (opts.logger ? console.warn(line) : undefined),
      });
      databaseUrl = cluster.ownerUrl('portal');
      db = await openDatabase({ ownerUrl: databaseUrl, appPassword: cluster.appPassword });
    }
    const uploadDir = resolve(opts.uploadDir ?? 'data/uploads');
    const mediaDir = resolve(opts.mediaDir ?? join(dirname(uploadDir), 'media'));
    if (opts.seed !== false) {
      const written = await seedTenants(db.owner, await loadTenantSeeds());
      await seedAssets(uploadDir);
      const tracks = await writeCatalogueMedia(mediaDir);
      if (tracks) log(`Wrote ${tracks} demo audio and video files into ${mediaDir}`);
      if (written.length) log(`Seeded demo tenants: ${written.join(', ')}`);
    }
    const app = await buildApp({
      db, uploadDir, mediaDir, distDir: resolve(opts.distDir ?? 'dist'), defaultTenant: opts.defaultTenant ?? 'demo', logger: opts.logger ?? false,
      trustProxy: process.env.TRUST_PROXY === '1' || process.env.TRUST_PROXY === 'true',
      // SSR_HOME=off: guests' homes go out without server-rendered markup (docs/operations.md).
      serverRender: !['0', 'false', 'no', 'off'].includes((process.env.SSR_HOME ?? '').toLowerCase()),
      ...(opts.smsSender ? { smsSender: opts.smsSender } : {}),
      // Overdue exam attempts close on the server even with the tab closed (issue 18); DEADLINE_SWEEP_MS=0 turns it off.
      deadlineSweep: process.env.DEADLINE_SWEEP_MS === '0' ? false : { intervalMs: Number(process.env.DEADLINE_SWEEP_MS) || 30_000 },
      ...(opts.s3 ? { objectStore: new S3ObjectStore(opts.s3) } : {}),
    });
    const address = await app.listen({ port: opts.port ?? 8080, host: opts.host ?? '0.0.0.0' });
    const port = Number(new URL(address).port);
    const openDb = db;
    let closed = false;
    return {
      url: `http://127.0.0.1:${port}`,
      databaseUrl,
      port,
      db: openDb,
      ...(cluster ? { cluster } : {}),
      close: async () => {
        if (closed) return;
        closed = true;
        await app.close();
        await openDb.close();
        await cluster?.stop();
      },
    };
  } catch (error) {
    await db?.close().catch(() => {});
    await cluster?.stop().catch(() => {});
    throw error;
  }
}
