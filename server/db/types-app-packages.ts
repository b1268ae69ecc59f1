// The table of migration 0043-app-packages (issue 21 Y), as Kysely sees it; intersected in types.ts `DB`.
import type { ColumnType, Generated } from 'kysely';

/** An app package a tenant publishes for one platform. */
export interface AppPackageTable {
  tenant_id: ColumnType<number, number, never>;
  id: Generated<number>;
  platform: 'android' | 'ios' | 'pc';
  version: string;
  min_version: string;
  notes: Generated<string>;
  download_url: string;
  size_bytes: ColumnType<number | null, number | null | undefined, number | null>;
  sha256: ColumnType<string | null, string | null | undefined, string | null>;
  state: Generated<number>;
  published_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface AppPackagesTables {
  app_package: AppPackageTable;
}
