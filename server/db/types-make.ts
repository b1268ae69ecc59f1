// The tables of migration 0038-make-and-stores (issue 20 part S: made-to-order requests and
// applications to open a shop), as Kysely sees them; collected in types.ts `DB`. The migration
// comments every column; docs/shop-and-content.md part S explains the states.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './types-columns';

type TenantKey = ColumnType<number, number, never>;
type Id = Generated<number>;
/** numeric(12,2): pg returns a string; the repository turns it into a number. */
type Money = ColumnType<string, number | string, number | string>;
type NullableMoney = ColumnType<string | null, number | string | null | undefined, number | string | null>;
/** A date column: written as 'YYYY-MM-DD', read through `::text` (pg would make a local-midnight Date). */
type DateText = ColumnType<Date, string, string>;
type NullableDateText = ColumnType<Date | null, string | null | undefined, string | null>;
/** A jsonb column written as JSON text (JSON.stringify) and read parsed. */
type JsonDefault<T> = ColumnType<T, string | undefined, string>;

/** A file from the upload flow, as stored in attachments. */
export interface MakeFileRow { name: string; url: string; size: number; contentType: string }

/** What the tenant makes to order; state 0 offered, 1 hidden. */
export interface MakeKindTable {
  tenant_id: TenantKey;
  id: Id;
  provider_id: number;
  code: string;
  title: string;
  summary: Generated<string>;
  lead_days: Generated<number>;
  sort: Generated<number>;
  state: Generated<number>;
}

/** A made-to-order request: submitted → quoted → accepted / declined, or withdrawn. */
export type MakeRequestState = 'submitted' | 'quoted' | 'accepted' | 'declined' | 'withdrawn';

export interface MakeRequestTable {
  tenant_id: TenantKey;
  id: Id;
  user_id: number;
  kind_id: number;
  title: string;
  description: string;
  budget_min: Money;
  budget_max: Money;
  deadline: DateText;
  contact_name: string;
  contact_phone: string;
  attachments: JsonDefault<MakeFileRow[]>;
  state: Generated<MakeRequestState>;
  quote_price: NullableMoney;
  quote_delivery: NullableDateText;
  quote_note: string | null;
  quoted_at: Timestamp | null;
  quoted_by: number | null;
  decline_reason: string | null;
  decided_at: Timestamp | null;
  product_id: number | null;
  order_id: number | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A message on a request, from the learner or the back office (from_staff). */
export interface MakeMessageTable {
  tenant_id: TenantKey;
  id: Id;
  request_id: number;
  user_id: number;
  from_staff: Generated<boolean>;
  body: string;
  created_at: Generated<Date>;
}

/** An application to open a shop: pending → approved (provider_id set) or rejected (reject_reason). */
export type StoreApplicationState = 'pending' | 'approved' | 'rejected';

export interface StoreApplicationTable {
  tenant_id: TenantKey;
  id: Id;
  user_id: number;
  shop_name: string;
  org_type: 'SCHOOL' | 'MERCHANT';
  contact_name: string;
  contact_phone: string;
  licence_no: string;
  description: string;
  logo: string | null;
  state: Generated<StoreApplicationState>;
  reject_reason: string | null;
  provider_id: number | null;
  reviewed_by: number | null;
  reviewed_at: Timestamp | null;
  created_at: Generated<Date>;
}

/** Part S's tables (migration 0038). */
export interface MakeTables {
  make_kind: MakeKindTable;
  make_request: MakeRequestTable;
  make_message: MakeMessageTable;
  store_application: StoreApplicationTable;
}
