// The tables of migration 0039-center-shop (issue 20 part T: the personal center's shop section), as Kysely sees them;
// collected in types.ts `DB`.
import type { ColumnType } from 'kysely';
import type { Timestamp } from './types-columns';

type TenantKey = ColumnType<number, number, never>;
type NullableOptional<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** A product a learner saved (商品收藏). */
export interface ProductFavoriteTable {
  tenant_id: TenantKey;
  user_id: number;
  product_id: number;
  created_at: Timestamp;
}

/** A learner's reading state of a bought book: the chapter read last, and whether it is off the shelf. */
export interface ReadingShelfTable {
  tenant_id: TenantKey;
  user_id: number;
  product_id: number;
  chapter_id: NullableOptional<number>;
  read_at: NullableOptional<Date>;
  removed_at: NullableOptional<Date>;
}

/** Part T's tables. */
export interface CenterShopTables {
  product_favorite: ProductFavoriteTable;
  reading_shelf: ReadingShelfTable;
}
