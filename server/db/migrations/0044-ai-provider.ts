import { sql, type Kysely } from 'kysely';
import { forceTenantRls, grantAppRole } from './tenant-rls';

// Issue 21 part A: a tenant's AI provider settings (docs/ai.md A). One row per tenant; no row means
// the deployment default (AI_API_BASE …) or the offline provider. The API key is sealed with
// AES-256-GCM under the deployment's key-encryption key (server/lib/ai/secret.ts) and is never
// answered to a browser: only its last four characters are kept in clear, for "已设置 ••••1234".
const TENANT_TABLES = ['ai_provider'];

/** `comment on` text for the table and its columns. */
const COMMENTS: Record<string, string> = {
  '': 'A tenant\'s AI provider settings (issue 21 part A; /sub_admin/ai). No row: the deployment default or the offline provider.',
  tenant_id: 'The tenant; the primary key (row-level security).',
  enabled: 'true: the AI area uses this provider; false: the deployment default or the offline provider.',
  kind: 'The provider protocol; openai (an OpenAI-compatible HTTP API) is the only one.',
  base_url: 'The API base, e.g. https://api.openai.com/v1; http(s) only, private addresses refused unless AI_ALLOW_PRIVATE_HOSTS=1.',
  api_key_sealed: 'The API key, AES-256-GCM sealed under the deployment key (v1.<kek id>.<iv>.<tag>.<ciphertext>); null when none.',
  api_key_hint: 'The key\'s last four characters shown in the back office; empty for short keys.',
  chat_model: 'The chat model (streamed answers, writing help, applications); empty: chat stays offline.',
  image_model: 'The image model (/robot/pic, /mjpic); empty: images are not available.',
  embedding_model: 'The embedding model (semantic retrieval); empty: keyword retrieval only.',
  tts_model: 'The text-to-speech model (the digital human); empty: none.',
  timeout_ms: 'How long one provider call may wait for an answer (and between streamed pieces), in ms.',
  max_tokens: 'The cap on tokens one answer may use; a caller asking for more gets this.',
  updated_at: 'When the settings were last saved.',
  updated_by: 'Who saved them last (user_account.id).',
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ai_provider (
      tenant_id bigint not null references tenant(id),
      enabled boolean not null default false,
      kind text not null default 'openai' check (kind in ('openai')),
      base_url text not null default '' check (char_length(base_url) <= 500),
      api_key_sealed text check (char_length(api_key_sealed) <= 2000),
      api_key_hint text not null default '' check (char_length(api_key_hint) <= 4),
      chat_model text not null default '' check (char_length(chat_model) <= 100),
      image_model text not null default '' check (char_length(image_model) <= 100),
      embedding_model text not null default '' check (char_length(embedding_model) <= 100),
      tts_model text not null default '' check (char_length(tts_model) <= 100),
      timeout_ms integer not null default 30000 check (timeout_ms between 1000 and 120000),
      max_tokens integer not null default 1024 check (max_tokens between 16 and 32000),
      updated_at timestamptz not null default now(),
      updated_by bigint,
      primary key (tenant_id)
    )`.execute(db);
  for (const [column, text] of Object.entries(COMMENTS)) {
    if (column === '') await sql`comment on table ai_provider is ${sql.lit(text)}`.execute(db);
    else await sql`comment on column ${sql.ref(`ai_provider.${column}`)} is ${sql.lit(text)}`.execute(db);
  }
  await forceTenantRls(db, TENANT_TABLES);
  await grantAppRole(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists ai_provider cascade`.execute(db);
}
