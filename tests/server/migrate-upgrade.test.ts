// Upgrading a database that already holds tenants (operations: a new build on last month's data).
// Kysely's Migrator runs each migration inside a transaction; migrations 0017 and 0019 opened one
// of their own per tenant, which Kysely refuses ("calling the transaction method for a Transaction
// is not supported"), so every existing deployment failed to start at 0019. A fresh database passed:
// it has no tenant while migrating.
import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { MIGRATION_NAMES, migrateToLatest, migrateUpTo } from '../../server/db/migrate';
import { RICH_TEXT_POLICY_VERSION } from '../../schemas/rich-text-policy';

const made: string[] = [];
async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('pgOwnerUrl') });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
afterAll(async () => {
  for (const name of made) await admin(`drop database if exists ${name} with (force)`);
});

describe('migrating a database that holds tenants', () => {
  it('applies 0017 (sanitise templates) and 0019 (page versions) to existing pages inside the Migrator\'s transaction', async () => {
    const name = `u_${randomBytes(6).toString('hex')}`;
    await admin(`create database ${name}`);
    made.push(name);
    const url = new URL(inject('pgOwnerUrl'));
    url.pathname = `/${name}`;
    const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString(), max: 2 }) }) });
    try {
      const before0017 = MIGRATION_NAMES[MIGRATION_NAMES.findIndex((m) => m.startsWith('0017')) - 1]!;
      await migrateUpTo(db, before0017);
      // A tenant with a page whose rich text was stored before sanitising on save.
      await db.transaction().execute(async (trx) => {
        await sql`insert into tenant (id, code, name, tenant_type) values (7, 'old', 'Old tenant', 1)`.execute(trx);
        await sql`select set_config('app.tenant_id', '7', true)`.execute(trx);
        const template = { schemaVersion: 2, pageId: 1, pageCode: 'home', title: 'Home', root: { props: {} }, blocks: [
          { id: 't', type: 'rich-text', version: 1, props: { html: '<p onclick="steal()">Hello<script>x()</script></p>' } },
        ] };
        await sql`insert into page (tenant_id, id, page_code, name, type, purpose, state, sort, template)
          values (7, 1, 'home', 'Home', 1, 1, 1, 0, ${JSON.stringify(template)}::jsonb)`.execute(trx);
      });

      await expect(migrateToLatest(db)).resolves.toEqual(expect.arrayContaining([expect.stringMatching(/^0017/), expect.stringMatching(/^0019/)]));

      const rows = await db.transaction().execute(async (trx) => {
        await sql`select set_config('app.tenant_id', '7', true)`.execute(trx);
        const page = await sql<{ template: { richTextPolicy?: number; blocks: { props: { html: string } }[] } }>`select template from page where id = 1`.execute(trx);
        const versions = await sql<{ version: number }>`select version from page_version where page_id = 1`.execute(trx);
        return { page: page.rows[0]!, versions: versions.rows };
      });
      expect(rows.page.template.richTextPolicy).toBe(RICH_TEXT_POLICY_VERSION);
      expect(rows.page.template.blocks[0]!.props.html).toBe('<p>Hello</p>');
      expect(rows.versions).toEqual([{ version: 1 }]);
    } finally {
      await db.destroy();
    }
  });
});
