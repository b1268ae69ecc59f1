// The tables of migration 0035-shop-catalogue (issue 20 part P: product lists by category, product
// content, bought, the product center), as Kysely sees them; collected in types.ts `DB`.
// docs/shop-and-content.md "Product lists, product content, bought".
import type { ColumnType, Generated } from 'kysely';

type TenantKey = ColumnType<number, number, never>;
type NullableOptional<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** What a product grants: a course, subject, content, or the book (chapters) of a reading product. */
export type GrantKind = 'course' | 'subject' | 'content' | 'book';

/** One thing a product grants its buyer (a paid order of the product grants every row of it). */
export interface ProductGrantTable {
  tenant_id: TenantKey;
  id: Generated<number>;
  product_id: number;
  kind: GrantKind;
  /** kind course only. */
  course_id: NullableOptional<number>;
  /** kind subject only. */
  subject_id: NullableOptional<number>;
  /** kind content only. */
  content_id: NullableOptional<number>;
  sort: Generated<number>;
  created_at: Generated<Date>;
}

/** The column 0035 adds to category: a product category the product center features. */
export interface CategoryFeaturedColumn {
  featured: Generated<boolean>;
}

/** Part P's tables. */
export interface ShopCatalogueTables {
  product_grant: ProductGrantTable;
}
