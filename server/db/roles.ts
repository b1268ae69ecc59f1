import { sql, type Kysely } from 'kysely';

/** The non-owner role the API connects as; row-level security applies to it (no BYPASSRLS). */
export const APP_ROLE = 'portal_app';

/**
 * Makes sure the app role exists and can log in with the given password. Run as the owner before
 * migrating. Roles are cluster-wide, so concurrent callers (one database per test file) may race:
 * a duplicate is fine.
 */
export async function ensureAppRole(owner: Kysely<unknown>, password: string): Promise<void> {
  try {
    await sql`
      do $$ begin
        if not exists (select 1 from pg_roles where rolname = ${sql.lit(APP_ROLE)}) then
          create role ${sql.id(APP_ROLE)} nosuperuser nobypassrls noinherit;
        end if;
      end $$`.execute(owner);
  } catch (error) {
    if (!(error instanceof Error && /already exists|duplicate key|tuple concurrently updated/.test(error.message))) throw error;
  }
  // Roles live in the cluster-wide catalog: two databases set up at once (parallel test files)
  // may update the same role row together, which PostgreSQL refuses with "tuple concurrently
  // updated". The statement is idempotent, so it is simply tried again.
  for (let attempt = 1; ; attempt++) {
    try {
      await sql`alter role ${sql.id(APP_ROLE)} with login nosuperuser nobypassrls password ${sql.lit(password)}`.execute(owner);
      return;
    } catch (error) {
      if (attempt >= 5 || !(error instanceof Error && /tuple concurrently updated/.test(error.message))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}
