import { sql, type Kysely } from 'kysely';

// Issue 21 part C (docs/ai.md C): streamed conversations with stop, retry and feedback, and a
// conversation's assistant. New columns on migration 0012's tables (already tenant-keyed, with
// row-level security forced): a conversation records its assistant (part D's ai_assistant, whose
// migration 0047 comes later, so no foreign key: a deleted assistant leaves the id, and the chat
// falls back to the default prompt); an answer records its state, which provider made it, the
// earlier answers a retry replaced (nothing is lost), and the learner's feedback. A stopped or
// failed answer may be empty, so the text check allows an empty assistant message.

/** `comment on` text of the new columns. */
const COMMENTS: Record<string, string> = {
  'robot_conversation.assistant_id': 'The assistant (ai_assistant.id, issue 21 D) the conversation was started with; null for the default assistant.',
  'robot_message.state': 'An answer\'s end: complete, stopped (the learner pressed stop; the text written so far is kept) or failed (the provider failed); complete for questions.',
  'robot_message.provider': 'Which provider wrote an answer: offline (retrieval) or openai; null for questions and answers before issue 21.',
  'robot_message.previous': 'Earlier answers a retry replaced, oldest first: [{ text, links, state, provider, createdAt }].',
  'robot_message.feedback': 'The learner\'s rating of an answer: up or down; null when none.',
  'robot_message.feedback_reason': 'Why the answer was rated down (at most 200 characters); null otherwise.',
  'robot_message.feedback_at': 'When the rating was last given.',
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table robot_conversation add column assistant_id bigint`.execute(db);
  await sql`
    alter table robot_message
      add column state text not null default 'complete' check (state in ('complete', 'stopped', 'failed')),
      add column provider text check (provider is null or provider in ('offline', 'openai')),
      add column previous jsonb not null default '[]'::jsonb,
      add column feedback text check (feedback is null or feedback in ('up', 'down')),
      add column feedback_reason text check (feedback_reason is null or char_length(feedback_reason) <= 200),
      add column feedback_at timestamptz`.execute(db);
  await sql`alter table robot_message drop constraint robot_message_text_check`.execute(db);
  await sql`alter table robot_message add constraint robot_message_text_check
    check (length(text) <= 8000 and (length(text) >= 1 or (role = 'assistant' and state <> 'complete')))`.execute(db);
  for (const [column, text] of Object.entries(COMMENTS)) {
    await sql`comment on column ${sql.ref(column)} is ${sql.lit(text)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table robot_message drop constraint robot_message_text_check`.execute(db);
  await sql`alter table robot_message add constraint robot_message_text_check check (length(text) between 1 and 8000)`.execute(db);
  await sql`alter table robot_message drop column state, drop column provider, drop column previous, drop column feedback, drop column feedback_reason, drop column feedback_at`.execute(db);
  await sql`alter table robot_conversation drop column assistant_id`.execute(db);
}
