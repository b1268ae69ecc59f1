// The tables of migration 0048-ai-images (issue 21 part E: writing help, image generation, the
// gallery, custom parameters and saved styles), as Kysely sees them; collected in types.ts `DB`.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './types-columns';

type TenantKey = ColumnType<number, number, never>;
type NullableOptional<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** A saved drawing style; user_id null is the tenant's preset. */
export interface AiStyleTable {
  tenant_id: TenantKey;
  id: Generated<number>;
  user_id: NullableOptional<number>;
  name: string;
  prompt: string;
  reference_urls: ColumnType<string[], string[] | undefined, string[]>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** Parameters of a generated image besides its own columns. */
export interface AiImageParams {
  count: number;
  seed?: number;
}

/** A generated image of a learner, stored in the upload store. */
export interface AiImageTable {
  tenant_id: TenantKey;
  id: Generated<number>;
  user_id: number;
  prompt: string;
  negative_prompt: NullableOptional<string>;
  size: string;
  style_id: NullableOptional<number>;
  style_name: NullableOptional<string>;
  params: ColumnType<AiImageParams, string, string>;
  file_key: string;
  url: string;
  mime: 'image/png' | 'image/jpeg' | 'image/webp';
  bytes: number;
  shared: Generated<boolean>;
  created_at: Timestamp;
}

/** One run of the writing help. */
export interface AiWritingRunTable {
  tenant_id: TenantKey;
  id: Generated<number>;
  user_id: number;
  tool: 'outline' | 'summary' | 'rewrite';
  tone: NullableOptional<'formal' | 'plain' | 'concise'>;
  source_kind: 'text' | 'content' | 'course';
  source_id: NullableOptional<number>;
  source_title: string;
  input_chars: number;
  output: string;
  engine: 'offline' | 'openai';
  note: NullableOptional<string>;
  created_at: Timestamp;
}

export interface AiImagesTables {
  ai_style: AiStyleTable;
  ai_image: AiImageTable;
  ai_writing_run: AiWritingRunTable;
}
