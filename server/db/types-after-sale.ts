// The tables and columns of migration 0036-after-sale (issue 20 part Q: delivery tracking, reviews,
// buy/query, digital goods without delivery), as Kysely sees them; collected in types.ts `DB`.
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './types-columns';

type TenantKey = ColumnType<number, number, never>;

/** The shipment of a paid physical order: one per order. state 1 shipped, 2 in transit, 3 out for delivery, 4 signed for. */
export interface OrderDeliveryTable {
  tenant_id: TenantKey;
  order_id: number;
  carrier: string;
  tracking_no: string;
  state: Generated<number>;
  shipped_by: number | null;
  shipped_at: Timestamp;
  signed_at: Timestamp | null;
  updated_at: Timestamp;
}

/** One step of a delivery's tracking timeline. */
export interface OrderDeliveryEventTable {
  tenant_id: TenantKey;
  id: Generated<number>;
  order_id: number;
  happened_at: Date | string;
  place: string | null;
  content: string;
  state: number | null;
  created_at: Timestamp;
}

/** The tables of migration 0036. */
export interface AfterSaleTables {
  order_delivery: OrderDeliveryTable;
  order_delivery_event: OrderDeliveryEventTable;
}

/** shop_order's column added by 0036: false when the order ships nothing. */
export interface ShopOrderAfterSaleColumns {
  needs_delivery: Generated<boolean>;
}

/** product_comment's columns added by 0036: the order line reviewed and the photos. */
export interface ProductCommentAfterSaleColumns {
  order_item_id: number | null;
  images: ColumnType<string[], string[] | undefined, string[]>;
}
