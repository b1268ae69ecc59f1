// The tables of migration 0045-ai-index (issue 21 part B: the retrieval index over the tenant's
// catalogue), as Kysely sees them; collected in types.ts `DB`.
import type { ColumnType, Generated } from 'kysely';
import type { PassageKind } from '../lib/ai/types';
import type { Timestamp } from './types-columns';

/** A passage of the retrieval index: a piece of a published item with the link that opens it. */
export interface AiPassageTable {
  tenant_id: ColumnType<number, number, never>;
  id: Generated<number>;
  kind: PassageKind;
  ref_id: number;
  /** The passage number within its item, from 0. */
  seq: number;
  title: string;
  body: string;
  /** The portal path under /study. */
  link: string;
  /** tsvector; written with to_tsvector/setweight in SQL, never read as text. */
  tokens: ColumnType<string, unknown, unknown>;
}

/** When the tenant's index was built and from what. */
export interface AiIndexStateTable {
  tenant_id: number;
  fingerprint: string;
  built_at: Timestamp;
  passage_count: Generated<number>;
  build_ms: Generated<number>;
}

/** The column 0045 adds to course, subject, content and product (exam has its own since 0023), kept by a trigger. */
export interface AiIndexedColumn {
  updated_at: Timestamp;
}

export interface AiIndexTables {
  ai_passage: AiPassageTable;
  ai_index_state: AiIndexStateTable;
}
