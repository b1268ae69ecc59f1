// `npm run backup -- [--out file] [--data-dir dir] [--database name]`: a logical backup of the
// portal's database (server/db/backup.ts; docs/operations.md "Backups and recovery"), taken in one
// consistent snapshot while the server keeps running.
import { mkdir, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { backupDatabase } from '../server/db/backup';
import { openTarget } from './db-target';

const USAGE = 'Usage: npm run backup -- [--out backups/portal.backup.gz] [--data-dir data/pg] [--database portal]   (DATABASE_URL, when set, names the database instead)';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' }, 'data-dir': { type: 'string' }, database: { type: 'string' }, help: { type: 'boolean' } } });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const out = resolve(values.out ?? `backups/portal-${stamp}.backup.gz`);
  await mkdir(dirname(out), { recursive: true });
  const target = await openTarget({ dataDir: values['data-dir'], database: values.database, replaces: false, log: console.log });
  try {
    console.log(`Backing up ${target.description} ...`);
    const manifest = await backupDatabase(target.ownerUrl, out, (line) => console.log(`  ${line}`));
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
    console.log(`Wrote ${out} (${(await stat(out)).size} bytes): ${manifest.tables.length} tables, ${rows} rows, at migration ${manifest.migrations.at(-1)}.`);
    console.log('Uploads and media are files, not in this backup: copy UPLOAD_DIR and MEDIA_DIR (./data/uploads, ./data/media) too.');
  } finally {
    await target.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
