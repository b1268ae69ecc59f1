// The table of migration 0044-ai-provider (issue 21 part A: a tenant's AI provider settings), as
// Kysely sees it; collected in types.ts `DB`. docs/ai.md A explains it.
import type { ColumnType, Generated } from 'kysely';

export interface AiProviderTable {
  tenant_id: number;
  enabled: Generated<boolean>;
  kind: Generated<'openai'>;
  base_url: Generated<string>;
  /** The key sealed by server/lib/ai/secret.ts; never sent to a browser. */
  api_key_sealed: ColumnType<string | null, string | null | undefined, string | null>;
  api_key_hint: Generated<string>;
  chat_model: Generated<string>;
  image_model: Generated<string>;
  embedding_model: Generated<string>;
  tts_model: Generated<string>;
  timeout_ms: Generated<number>;
  max_tokens: Generated<number>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_by: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface AiProviderTables {
  ai_provider: AiProviderTable;
}
