// The page designer's tables (migration 0019), as Kysely sees them; collected in types.ts `DB`.
import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp } from './types-columns';

/** Per page: its revision, its draft (null: none) and who changed the page last and when. */
export interface PageDraftTable {
  tenant_id: ColumnType<number, number, never>;
  page_id: ColumnType<number, number, never>;
  revision: number;
  template: Json<unknown> | null;
  updated_by: number | null;
  updated_at: Timestamp;
}

/** A published template of a page, numbered per page from 1. */
export interface PageVersionTable {
  tenant_id: ColumnType<number, number, never>;
  page_id: ColumnType<number, number, never>;
  version: number;
  template: Json<unknown>;
  published_by: number | null;
  published_at: Timestamp;
}

/** What the designer changed: one row per create, saveDraft, publish, restore and delete. */
export type PageAuditAction = 'create' | 'saveDraft' | 'publish' | 'restore' | 'delete';

export interface PageAuditTable {
  tenant_id: ColumnType<number, number, never>;
  id: Generated<number>;
  page_id: number;
  page_code: string;
  user_id: number | null;
  action: PageAuditAction;
  version: number | null;
  revision: number | null;
  at: Timestamp;
}
