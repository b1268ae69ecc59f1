import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T = unknown> = ColumnType<T, string, string>;

/** The tenant directory: a reference table read before any tenant context exists (lookup by code). */
export interface TenantTable {
  id: ColumnType<number, number, never>; // bigint, parsed to a number (server/db/database.ts)
  code: string;
  name: string;
  tenant_type: number;
  state: Generated<number>;
  secret: string;
  created_at: Generated<Timestamp>;
}

export interface TenantStoreTable {
  tenant_id: ColumnType<number, number, never>;
  id: ColumnType<number, number, never>;
  name: string;
  thumb_img: string | null;
  org_path: string | null;
  state: number;
  global_style: Json<Record<string, unknown>>;
  sort: Generated<number>;
}

export interface TenantConfigTable {
  tenant_id: ColumnType<number, number, never>;
  store_id: ColumnType<number, number, never>;
  param_group: string;
  param_key: string;
  param_value: string;
  param_value_type: number;
}

export interface NavigateTable {
  tenant_id: ColumnType<number, number, never>;
  id: ColumnType<number, number, never>;
  store_id: number;
  parent_id: number | null;
  title: string;
  page_code: string | null;
  page_path: string | null;
  link: Json<Record<string, unknown> | null> | null;
  sort: number;
  state: Generated<number>;
  purpose: Generated<number>;
}

export interface PageTable {
  tenant_id: ColumnType<number, number, never>;
  id: ColumnType<number, number, never>;
  store_id: number | null;
  page_code: string;
  name: string;
  type: number;
  purpose: number;
  state: number;
  thumb_img: string | null;
  sort: number;
  template: Json<unknown> | null;
}

export interface UserAccountTable {
  tenant_id: ColumnType<number, number, never>;
  id: Generated<number>;
  account: string;
  password_hash: string;
  password_salt: string;
  real_name: string | null;
  nick_name: string | null;
  mobile: string | null;
  email: string | null;
  gender: string | null;
  birthday: Timestamp | null;
  summary: string | null;
  avatar_img: string | null;
  admin_auth: Generated<boolean>;
  created_at: Generated<Timestamp>;
}

/** The database as Kysely sees it. */
export interface DB {
  tenant: TenantTable;
  tenant_store: TenantStoreTable;
  tenant_config: TenantConfigTable;
  navigate: NavigateTable;
  page: PageTable;
  user_account: UserAccountTable;
}
