// The columns of migration 0041-creator-works (issue 20 part V: creators' works, chapters, review
// and the content authoring calls), as Kysely sees them; intersected in types.ts `DB`.
// docs/shop-and-content.md part V explains them.
import type { ColumnType, Generated } from 'kysely';

/** A timestamp that may be absent. */
type MaybeTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type NullableOptional<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** The columns 0041 adds to content_part: a creator's chapter text, the approved text, and its visibility. */
export interface ContentPartWorkColumns {
  body_html: NullableOptional<string>;
  published_html: NullableOptional<string>;
  word_count: Generated<number>;
  /** 1 shown to readers (once approved), 0 hidden by the author. */
  state: Generated<number>;
  updated_at: MaybeTime;
}

/** The column 0041 adds to content. */
export interface ContentWorkColumns {
  edited_at: MaybeTime;
}

/** 0041 adds no table. */
export type CreatorsTables = Record<never, never>;
