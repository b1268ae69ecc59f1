import { mkdtemp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../server/db/embedded';

declare module 'vitest' {
  export interface ProvidedContext {
    pgOwnerUrl: string;
    pgAppPassword: string;
  }
}

/** One embedded PostgreSQL for the whole server run; each test file makes its own database in it. */
export default async function setup(project: TestProject) {
  const root = resolve('.tmp');
  await import('node:fs/promises').then((fs) => fs.mkdir(root, { recursive: true }));
  const dir = await mkdtemp(join(root, 'server-pg-'));
  const cluster = await startEmbeddedPostgres(join(dir, 'pg'), 'postgres');
  project.provide('pgOwnerUrl', cluster.ownerUrl('postgres'));
  project.provide('pgAppPassword', cluster.appPassword);
  return async () => {
    await cluster.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
