// The tables of migration 0037-reservations (issue 20 part R: reservations, contracts and refunds), as Kysely sees them;
// collected in types.ts `DB`. docs/shop-and-content.md "Reservations, contracts and refunds" explains them.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './types-columns';

type TenantKey = ColumnType<number, number, never>;
type Id = Generated<number>;
type NullableOptional<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** numeric(12,2): pg returns a string. */
type Money = ColumnType<string, number | string, number | string>;

/** A bookable time of a service product. */
export interface ServiceSlotTable {
  tenant_id: TenantKey;
  id: Id;
  product_id: number;
  provider_id: number;
  start_at: ColumnType<Date, Date | string, Date | string>;
  end_at: ColumnType<Date, Date | string, Date | string>;
  capacity: number;
  state: Generated<'open' | 'closed'>;
  created_at: Timestamp;
}

/** A learner's booking of a slot, made with its order. */
export interface ReservationTable {
  tenant_id: TenantKey;
  id: Id;
  order_id: number;
  user_id: number;
  slot_id: number;
  product_id: number;
  note: NullableOptional<string>;
  state: Generated<'booked' | 'cancelled'>;
  cancelled_at: NullableOptional<Date>;
  created_at: Timestamp;
}

/** A contract text with {placeholders}; product_id null is the tenant default. */
export interface ContractTemplateTable {
  tenant_id: TenantKey;
  id: Id;
  product_id: NullableOptional<number>;
  title: string;
  body: string;
  created_at: Timestamp;
}

/** The filled-in contract of an order. */
export interface OrderContractTable {
  tenant_id: TenantKey;
  id: Id;
  order_id: number;
  user_id: number;
  product_id: number;
  template_id: number;
  contract_no: string;
  title: string;
  body: string;
  state: Generated<'pending' | 'confirmed'>;
  signer_name: NullableOptional<string>;
  agreed: Generated<boolean>;
  confirmed_at: NullableOptional<Date>;
  created_at: Timestamp;
}

/** A refund request on a paid order and its decision. */
export interface OrderRefundTable {
  tenant_id: TenantKey;
  id: Id;
  order_id: number;
  user_id: number;
  reason: string;
  amount: Money;
  state: Generated<'requested' | 'approved' | 'rejected'>;
  note: NullableOptional<string>;
  decided_by: NullableOptional<number>;
  decided_at: NullableOptional<Date>;
  created_at: Timestamp;
}

/** Part R's tables. */
export interface ReservationsTables {
  service_slot: ServiceSlotTable;
  reservation: ReservationTable;
  contract_template: ContractTemplateTable;
  order_contract: OrderContractTable;
  order_refund: OrderRefundTable;
}
