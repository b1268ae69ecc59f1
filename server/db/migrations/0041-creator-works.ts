import { sql, type Kysely } from 'kysely';

// Issue 20 part V: creators' works (spec learning §2 "Personal center" content: myWorks,
// myWorks/create; §7 the content authoring calls; the rules are ours, docs/shop-and-content.md
// part V). A work is a content of reading purpose 5 or 7 (part U's model: author_id, word_count,
// chapter_updated_at) written by a learner (uploader_id), reviewed through issue 18's audit columns;
// its chapters are its parts. This migration adds no table: only columns, so row-level security
// stays what 0002 forced on content and content_part.
// - content_part: the author's text (body_html, sanitised on save) apart from the text readers see
//   (published_html, copied on approval), so a published work keeps its approved text while its
//   author edits; state hides a chapter from readers; word_count and updated_at for the editor.
// - content: edited_at, when the author last saved the work or one of its chapters.

/** `comment on` text for every added column. */
const COMMENTS: Record<string, Record<string, string>> = {
  content_part: {
    body_html: 'A creator\'s chapter as its author last saved it (HTML sanitised on save); null: not a creator\'s chapter.',
    published_html: 'The chapter text readers see, copied from body_html when the work is approved; null: never approved.',
    word_count: 'Words of body_html (a CJK character or a Latin word counts one).',
    state: 'Readers see the chapter: 1 shown (once approved), 0 hidden by its author.',
    updated_at: 'When the author last saved the chapter (null for catalogue parts).',
  },
  content: {
    edited_at: 'When a creator last saved the work or one of its chapters; null for catalogue contents.',
  },
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table content_part
      add column body_html text check (char_length(body_html) <= 300000),
      add column published_html text,
      add column word_count integer not null default 0 check (word_count >= 0),
      add column state smallint not null default 1 check (state in (0, 1)),
      add column updated_at timestamptz`.execute(db);
  await sql`alter table content add column edited_at timestamptz`.execute(db);
  // My works, newest edit first (searchUpload).
  await sql`create index content_uploader_edited on content (tenant_id, uploader_id, edited_at desc) where uploader_id is not null`.execute(db);
  for (const [table, columns] of Object.entries(COMMENTS)) {
    for (const [column, text] of Object.entries(columns)) {
      await sql`comment on column ${sql.ref(`${table}.${column}`)} is ${sql.lit(text)}`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists content_uploader_edited`.execute(db);
  await sql`alter table content drop column if exists edited_at`.execute(db);
  await sql`
    alter table content_part
      drop column if exists updated_at,
      drop column if exists state,
      drop column if exists word_count,
      drop column if exists published_html,
      drop column if exists body_html`.execute(db);
}
