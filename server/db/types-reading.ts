// The reading products' chapters (migration 0013), as Kysely sees them; collected in types.ts `DB`.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './types-columns';

/** A chapter of a reading product (types 8, 9, 10): inline HTML text and/or an audio address; free ones are the sample. */
export interface ReadingChapterTable {
  tenant_id: ColumnType<number, number, never>;
  id: Generated<number>;
  product_id: number;
  sort: number;
  title: string;
  body_html: string | null;
  audio_url: string | null;
  duration: Generated<number>;
  is_free: Generated<boolean>;
  created_at: Timestamp;
}
