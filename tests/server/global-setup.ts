import { mkdtemp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase } from '../../server/db/database';
import { startEmbeddedPostgres } from '../../server/db/embedded';
import { loadTenantSeeds, seedTenants } from '../../server/demo/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    pgOwnerUrl: string;
    pgAppPassword: string;
    /** A migrated database with the demo tenants seeded, which test files clone (CREATE DATABASE … TEMPLATE). */
    pgSeededTemplate: string;
  }
}

/** The seeded database each test file copies instead of migrating and seeding its own. */
const SEEDED_TEMPLATE = 'seeded_template';

/**
 * One embedded PostgreSQL for the whole server run; each test file makes its own database in it.
 * Migrating and seeding the demo tenants happens once, into a template database: a file's copy
 * of it takes a fraction of a second, where seeding took a few seconds per file.
 */
export default async function setup(project: TestProject) {
  const root = resolve('.tmp');
  await import('node:fs/promises').then((fs) => fs.mkdir(root, { recursive: true }));
  const dir = await mkdtemp(join(root, 'server-pg-'));
  const cluster = await startEmbeddedPostgres(join(dir, 'pg'), 'postgres');
  const admin = new pg.Client({ connectionString: cluster.ownerUrl('postgres') });
  await admin.connect();
  try {
    await admin.query(`create database ${SEEDED_TEMPLATE}`);
  } finally {
    await admin.end();
  }
  // Closed before any file copies it: PostgreSQL copies a template only while no one is connected.
  const seeded = await openDatabase({ ownerUrl: cluster.ownerUrl(SEEDED_TEMPLATE), appPassword: cluster.appPassword, poolSize: 2 });
  try {
    await seedTenants(seeded.owner, await loadTenantSeeds());
  } finally {
    await seeded.close();
  }
  project.provide('pgSeededTemplate', SEEDED_TEMPLATE);
  project.provide('pgOwnerUrl', cluster.ownerUrl('postgres'));
  project.provide('pgAppPassword', cluster.appPassword);
  return async () => {
    await cluster.stop();
    await rm(dir, { recursive: true, force: true });
  };
}
