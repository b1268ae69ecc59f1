import { sql, type Kysely } from 'kysely';
import { sanitisePageTemplate } from '../../lib/rich-text';
import { forEachTenant } from './tenant-rls';

// Issue 15 point 2: tenant rich text is sanitised when a template is saved, no longer on every
// render. Templates stored before that are sanitised here under the current policy
// (schemas/rich-text-policy.ts) and stamped with its version, so the browser can show them without
// DOMPurify. Per tenant, under its own app.tenant_id: the page table's row-level security is forced,
// and the owner need not be a superuser.

export async function up(db: Kysely<unknown>): Promise<void> {
  // Inside the Migrator's own transaction on an existing database (forEachTenant): this opened a
  // transaction of its own, which Kysely refuses there; a fresh database has no tenant yet.
  await forEachTenant(db, async (trx, id) => {
    const pages = await sql<{ id: string; template: unknown }>`
      select id, template from page where tenant_id = ${id} and template is not null`.execute(trx);
    for (const page of pages.rows) {
      const sanitised = await sanitisePageTemplate(page.template);
      if (JSON.stringify(sanitised) === JSON.stringify(page.template)) continue;
      await sql`update page set template = ${JSON.stringify(sanitised)}::jsonb where tenant_id = ${id} and id = ${page.id}`.execute(trx);
    }
  });
}

/** Nothing to undo: sanitised rich text stays sanitised, and the stamp only spares the browser work. */
export async function down(): Promise<void> {}
