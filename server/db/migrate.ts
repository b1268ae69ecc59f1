import { Migrator, type Kysely, type Migration } from 'kysely';
import * as m0001 from './migrations/0001-tenants-and-settings';
import * as m0002 from './migrations/0002-catalogue';
import * as m0003 from './migrations/0003-sessions-and-messages';
import * as m0004 from './migrations/0004-study-record';
import * as m0005 from './migrations/0005-social';
import * as m0006 from './migrations/0006-study-day';
import * as m0007 from './migrations/0007-article-body';
import * as m0008 from './migrations/0008-attachment';
import * as m0009 from './migrations/0009-classes';
import * as m0011 from './migrations/0011-shop-orders';
import * as m0010 from './migrations/0010-exam-paper';
import * as m0012 from './migrations/0012-robot';
import * as m0013 from './migrations/0013-reading';
import * as m0014 from './migrations/0014-product-detail';
import * as m0015 from './migrations/0015-stateless-nodes';
import * as m0016 from './migrations/0016-tenant-secret-rls';
import * as m0017 from './migrations/0017-sanitise-templates';
import * as m0018 from './migrations/0018-answer-cache';
import * as m0019 from './migrations/0019-page-designer';
import * as m0020 from './migrations/0020-live-rooms-and-roles';
import * as m0021 from './migrations/0021-live-chat';
import * as m0022 from './migrations/0022-classes-complete';
import * as m0023 from './migrations/0023-exams-complete';
import * as m0026 from './migrations/0026-practice-wrong-recorded';
import * as m0027 from './migrations/0027-tasks';
import * as m0028 from './migrations/0028-games';
import * as m0029 from './migrations/0029-points';
import * as m0030 from './migrations/0030-archives';
import * as m0031 from './migrations/0031-credentials';
import * as m0032 from './migrations/0032-matches';
import * as m0033 from './migrations/0033-teachers-requirements';
import * as m0034 from './migrations/0034-sharing';
import * as m0035 from './migrations/0035-shop-catalogue';
import * as m0036 from './migrations/0036-after-sale';
import * as m0037 from './migrations/0037-reservations';
import * as m0038 from './migrations/0038-make-and-stores';
import * as m0039 from './migrations/0039-center-shop';
import * as m0040 from './migrations/0040-authors-follows';
import * as m0041 from './migrations/0041-creator-works';
import * as m0042x from './migrations/0042-organs-and-dictionaries';
import * as m0043 from './migrations/0043-app-packages';
import * as m0044 from './migrations/0044-ai-provider';
import * as m0045 from './migrations/0045-ai-index';
import * as m0046 from './migrations/0046-ai-chat';
import * as m0047 from './migrations/0047-ai-assistants';
import * as m0048 from './migrations/0048-ai-images';
import * as m0049 from './migrations/0049-ai-credits';

/**
 * Versioned migrations, applied in name order on start-up. Never edit a landed migration: add the
 * next numbered file and list it here.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001-tenants-and-settings': m0001,
  '0002-catalogue': m0002,
  '0003-sessions-and-messages': m0003,
  '0004-study-record': m0004,
  '0005-social': m0005,
  '0006-study-day': m0006,
  '0007-article-body': m0007,
  '0008-attachment': m0008,
  '0009-classes': m0009,
  '0011-shop-orders': m0011,
  '0010-exam-paper': m0010,
  '0012-robot': m0012,
  '0013-reading': m0013,
  '0014-product-detail': m0014,
  '0015-stateless-nodes': m0015,
  '0016-tenant-secret-rls': m0016,
  '0017-sanitise-templates': m0017,
  '0018-answer-cache': m0018,
  '0019-page-designer': m0019,
  '0020-live-rooms-and-roles': m0020,
  '0021-live-chat': m0021,
  '0022-classes-complete': m0022,
  '0023-exams-complete': m0023,
  '0026-practice-wrong-recorded': m0026,
  '0027-tasks': m0027,
  '0028-games': m0028,
  '0029-points': m0029,
  '0030-archives': m0030,
  '0031-credentials': m0031,
  '0032-matches': m0032,
  '0033-teachers-requirements': m0033,
  '0034-sharing': m0034,
  '0035-shop-catalogue': m0035,
  '0036-after-sale': m0036,
  '0037-reservations': m0037,
  '0038-make-and-stores': m0038,
  '0039-center-shop': m0039,
  '0040-authors-follows': m0040,
  '0041-creator-works': m0041,
  '0042-organs-and-dictionaries': m0042x,
  '0043-app-packages': m0043,
  '0044-ai-provider': m0044,
  '0045-ai-index': m0045,
  '0046-ai-chat': m0046,
  '0047-ai-assistants': m0047,
  '0048-ai-images': m0048,
  '0049-ai-credits': m0049,
};

/** The names of the migrations this build knows, in the order they apply. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(MIGRATIONS).sort();

/** Migrations this build knows that the database has not applied (empty when it is current). */
export async function pendingMigrations(owner: Kysely<unknown>): Promise<string[]> {
  const applied = await owner.selectFrom('kysely_migration' as never).select('name' as never).execute() as unknown as { name: string }[];
  const done = new Set(applied.map((row) => row.name));
  return MIGRATION_NAMES.filter((name) => !done.has(name));
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(owner: Kysely<unknown>): Promise<string[]> {
  return migrate(owner, undefined);
}

/** Applies the pending migrations up to and including `last` (a restored backup's version: scripts/restore.ts). */
export async function migrateUpTo(owner: Kysely<unknown>, last: string): Promise<string[]> {
  if (!MIGRATION_NAMES.includes(last)) throw new Error(`Migration ${last} is unknown to this build; use the build that wrote it, or a newer one.`);
  return migrate(owner, last);
}

async function migrate(owner: Kysely<unknown>, last: string | undefined): Promise<string[]> {
  const migrator = new Migrator({ db: owner, provider: { getMigrations: async () => MIGRATIONS } });
  const { error, results } = last === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(last);
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${cause}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
