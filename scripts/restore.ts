// `npm run restore -- --in file [--force] [--data-dir dir] [--database name]`: restores a backup
// made by `npm run backup` into an empty database (server/db/backup.ts; docs/operations.md
// "Backups and recovery"). With no DATABASE_URL and no data dir yet, a new embedded one is made.
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { restoreDatabase } from '../server/db/backup';
import { openTarget } from './db-target';

const USAGE = 'Usage: npm run restore -- --in backups/portal.backup.gz [--force] [--data-dir data/pg] [--database portal]   (DATABASE_URL, when set, names the database instead)';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { in: { type: 'string' }, force: { type: 'boolean' }, 'data-dir': { type: 'string' }, database: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help || !values.in) {
    console.log(USAGE);
    if (!values.help) process.exitCode = 1;
    return;
  }
  const file = resolve(values.in);
  const target = await openTarget({ dataDir: values['data-dir'], database: values.database, replaces: true, log: console.log });
  try {
    console.log(`Restoring ${file} into ${target.description} ...`);
    const manifest = await restoreDatabase(target.ownerUrl, file, {
      force: values.force ?? false,
      ...(target.appPassword ? { appPassword: target.appPassword } : {}),
      log: (line) => console.log(`  ${line}`),
    });
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(`Restored ${manifest.tables.length} tables, ${rows} rows (every count checked) from the backup of ${manifest.createdAt}, at migration ${manifest.migrations.at(-1)}.`);
    console.log('The server applies any newer migrations when it starts. Restore the uploads and media folders from their own copy.');
  } finally {
    await target.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
