import { startPortal } from './start';

// `npm start`: the portal, its API and the database, configured by environment (docs/operations.md).
const portal = await startPortal({
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
  logger: true,
}).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

const host = `localhost:${portal.port}`;
console.log(`Study portal ready: http://${host}/study/home (demo), http://acme.${host}/study/home (acme), API docs http://${host}/docs`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping the server and PostgreSQL ...`);
    portal.close().then(
      () => process.exit(0),
      (error: unknown) => { console.error(error); process.exit(1); },
    );
  });
}
