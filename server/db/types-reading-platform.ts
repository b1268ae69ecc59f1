// The tables and columns of migration 0040-authors-follows (issue 20 part U: book pages, authors and
// follows, the text platform, my follows and comments), as Kysely sees them; collected in types.ts
// `DB`. docs/shop-and-content.md part U explains them.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './types-columns';

type TenantKey = ColumnType<number, number, never>;
type Id = Generated<number>;
type NullableOptional<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** A timestamp that may be absent. */
type MaybeTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A reading work's state (content.serial_state). */
export type SerialState = 'serialising' | 'finished';

/** An author (pen name) of reading works; user_id links a learner's own pen name (unique per tenant). */
export interface AuthorTable {
  tenant_id: TenantKey;
  id: Id;
  user_id: NullableOptional<number>;
  pen_name: string;
  avatar: NullableOptional<string>;
  intro: Generated<string>;
  created_at: Timestamp; // defaults to now()
  updated_at: Timestamp; // defaults to now()
}

/** A learner following an author. */
export interface UserFollowTable {
  tenant_id: TenantKey;
  user_id: number;
  author_id: number;
  created_at: Timestamp; // defaults to now()
}

/** A reading work on a learner's bookshelf. */
export interface ContentShelfTable {
  tenant_id: TenantKey;
  user_id: number;
  content_id: number;
  added_at: Timestamp; // defaults to now()
}

/** The columns migration 0040 adds to content (a reading work: purpose 5, 6 or 7). */
export interface ContentAuthorColumns {
  author_id: NullableOptional<number>;
  serial_state: NullableOptional<SerialState>;
  word_count: Generated<number>;
  chapter_updated_at: MaybeTime;
}

export interface ReadingPlatformTables {
  author: AuthorTable;
  user_follow: UserFollowTable;
  content_shelf: ContentShelfTable;
}
