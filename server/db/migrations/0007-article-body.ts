import { sql, type Kysely } from 'kysely';

// The text of an article (issue 7 item 3: /share/article/detail/{id}). As with an article-kind
// content (docs/api.md "Content info"), the table keeps the address of the text, a sanitised HTML
// document in the object store, not the text itself: lists never carry it, and the page fetches it
// only when it is opened. Articles seeded before this migration have none; their page shows the
// summary and says the text is not there.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table article add column body_url text check (body_url is null or body_url ~ '^(/uploads/|https?://)')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table article drop column if exists body_url`.execute(db);
}
