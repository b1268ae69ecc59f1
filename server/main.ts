import { s3SettingsFromEnv } from './lib/s3-object-store';
import { startPortal } from './start';
import { handleSignalsYourself } from './db/embedded';

/** A shutdown that has not finished by then exits anyway (issue 22: exit within a bounded time). */
const SHUTDOWN_TIMEOUT_MS = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 20_000);

// This process stops PostgreSQL itself, after the requests in flight (below).
handleSignalsYourself();

// `npm start`: the portal, its API and the database, configured by environment (docs/operations.md).
// S3_BUCKET (with S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, …) sends new uploads to a bucket.
let s3;
try {
  s3 = s3SettingsFromEnv(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const portal = await startPortal({
  ...(s3 ? { s3 } : {}),
  port: Number(process.env.PORT ?? 8080),
  host: process.env.HOST ?? '0.0.0.0',
  ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
  ...(process.env.APP_DATABASE_URL ? { appDatabaseUrl: process.env.APP_DATABASE_URL } : {}),
  ...(process.env.APP_DB_PASSWORD ? { appDbPassword: process.env.APP_DB_PASSWORD } : {}),
  pgDataDir: process.env.PG_DATA_DIR ?? 'data/pg',
  uploadDir: process.env.UPLOAD_DIR ?? 'data/uploads',
  ...(process.env.MEDIA_DIR ? { mediaDir: process.env.MEDIA_DIR } : {}),
  distDir: process.env.DIST_DIR ?? 'dist',
  defaultTenant: process.env.DEFAULT_TENANT ?? 'demo',
  // SEED_DEMO=false: a production database gets no demo tenants, accounts or media.
  seed: !['0', 'false', 'no', 'off'].includes((process.env.SEED_DEMO ?? '').toLowerCase()),
  logger: true,
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

const host = `localhost:${portal.port}`;
console.log(`Study portal ready: http://${host}/study/home (demo), http://acme.${host}/study/home (acme), API docs http://${host}/docs`);

// Graceful shutdown (issue 22): stop accepting, finish what is in flight, close the pools and
// PostgreSQL cleanly. A second signal, or the timeout, exits at once.
let stoppingSince = 0;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stoppingSince) {
      // The same Ctrl-C can arrive twice (the terminal's process group and a relaying parent).
      if (Date.now() - stoppingSince < 2_000) return;
      console.warn(`${signal} again: exiting without waiting.`);
      process.exit(1);
    }
    stoppingSince = Date.now();
    console.log(`${signal}: finishing the requests in flight, then stopping the server and PostgreSQL ...`);
    const timer = setTimeout(() => {
      console.error(`Shutdown took longer than ${SHUTDOWN_TIMEOUT_MS} ms; exiting anyway.`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    portal.close().then(
      () => {
        console.log('Stopped cleanly.');
        process.exit(0);
      },
      (error: unknown) => { console.error(error); process.exit(1); },
    );
  });
}
