// The shop's cart, address book and order tables (migration 0011), as Kysely sees them; collected in types.ts `DB`.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './types-columns';

type TenantId = ColumnType<number, number, never>;
/** numeric(12,2): pg returns a string; the repository turns it into a number. */
type Money = ColumnType<string, number | string | undefined, number | string>;

/** A cart line: one product of one user. */
export interface CartItemTable {
  tenant_id: TenantId;
  id: Generated<number>;
  user_id: number;
  product_id: number;
  quantity: number;
  checked: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An address of the user's address book; at most one is the default. */
export interface UserAddressTable {
  tenant_id: TenantId;
  id: Generated<number>;
  user_id: number;
  receiver: string;
  phone: string;
  area: string;
  detail: string;
  label: 'home' | 'company' | 'school' | null;
  is_default: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** An order: state 1 pending payment, 2 to be received, 3 completed, 4 cancelled. */
export interface ShopOrderTable {
  tenant_id: TenantId;
  id: Generated<number>;
  order_no: string | null;
  user_id: number;
  submit_token: string;
  state: Generated<number>;
  cancel_reason: 'user' | 'expired' | null;
  product_count: Generated<number>;
  item_count: Generated<number>;
  total_price: Money;
  total_ret_price: Money;
  freight: Money;
  pay_price: Money;
  pay_type: string | null;
  remark: string | null;
  receiver: string;
  phone: string;
  area: string;
  detail: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  paid_at: Timestamp | null;
  shipped_at: Timestamp | null;
  received_at: Timestamp | null;
  cancelled_at: Timestamp | null;
}

/** A bought product, with the title, price and cover it had when the order was placed. */
export interface ShopOrderItemTable {
  tenant_id: TenantId;
  id: Generated<number>;
  order_id: number;
  product_id: number;
  provider_id: number;
  provider_name: string;
  product_type: number;
  title: string;
  cover: string | null;
  price: Money;
  ret_price: Money;
  quantity: number;
}

/** A buyer's review of a product (migration 0014): a 1–5 score and a text; state 0 hidden. */
export interface ProductCommentTable {
  tenant_id: TenantId;
  id: Generated<number>;
  product_id: number;
  user_id: number;
  order_id: number | null;
  score: number;
  content: string;
  state: Generated<number>;
  created_at: Timestamp;
}
