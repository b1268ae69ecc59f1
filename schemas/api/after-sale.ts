// After-sale calls (issue 20 part Q; spec learning §7 "Orders": buy/query, delivery/detail,
// orderComment/submit; the back office's shipping calls are ours, docs/api.md "Shop: after-sale").
// Server routes validate with these; src/api/after-sale.ts derives its types.
import { Type, type Static } from 'typebox';
import { Id, TenantIdParam, Text } from '../common';
import { Nullable, PageNo, PageSize } from './list';

/** Product types that ship nothing (spec learning §9: 8, 9, 10 are reading; 2 online courses; 13 AI credits, issue 21 F): no address, done at payment. */
export const SHIPS_NOTHING_TYPES: readonly number[] = [2, 8, 9, 10, 13];

/** Whether an order of these product types needs a delivery: any line that ships. */
export const needsDeliveryFor = (types: readonly number[]): boolean => types.some((t) => !SHIPS_NOTHING_TYPES.includes(t));

/** A delivery's states (ours; spec learning §4 "not shown"). */
export const DELIVERY_STATE = { shipped: 1, inTransit: 2, delivering: 3, signed: 4 } as const;

/** Most photos one review carries. */
export const REVIEW_IMAGES_MAX = 6;
/** Most characters of a review's text. */
export const REVIEW_TEXT_MAX = 500;

const DeliveryState = Type.Integer({ minimum: 1, maximum: 4, description: '1 shipped, 2 in transit, 3 out for delivery, 4 signed for.' });
const Time = Type.String({ format: 'date-time' });

// --- buy/query ---
export const BuyQuery = Type.Object({ tenantId: TenantIdParam, prodId: Id({ description: 'The product.' }) });

/** Whether the caller bought a product: a paid (to be received or completed) order holding it, the newest. */
export const BuyState = Type.Object({
  bought: Type.Boolean(),
  orderId: Nullable(Type.Integer({ description: 'The newest paid order holding the product; null when not bought.' })),
  orderNo: Nullable(Type.String()),
  orderState: Nullable(Type.Integer({ description: '2 to be received, 3 completed.' })),
  paidAt: Nullable(Time),
});
export type BuyState = Static<typeof BuyState>;

// --- delivery ---
export const DeliveryQuery = Type.Object({ tenantId: TenantIdParam, orderId: Id({ description: 'The order.' }) });

export const DeliveryEvent = Type.Object({
  id: Type.Integer(),
  time: Time,
  place: Nullable(Type.String()),
  text: Type.String({ description: 'Plain text; render it as text.' }),
  state: Nullable(DeliveryState),
});
export type DeliveryEvent = Static<typeof DeliveryEvent>;

const Address = Type.Object({ receiver: Type.String(), phone: Type.String(), area: Type.String(), detail: Type.String() });

/** An order's delivery: the carrier, number, state and timeline (newest first); all null before shipping. */
export const DeliveryView = Type.Object({
  orderId: Type.Integer(),
  orderNo: Type.String(),
  orderState: Type.Integer({ description: '1 pending payment, 2 paid (to be shipped or received), 3 completed, 4 cancelled.' }),
  needsDelivery: Type.Boolean({ description: 'false: the order ships nothing (no delivery ever).' }),
  shipped: Type.Boolean(),
  carrier: Nullable(Type.String()),
  trackingNo: Nullable(Type.String()),
  state: Nullable(DeliveryState),
  shippedAt: Nullable(Time),
  signedAt: Nullable(Time),
  address: Address,
  items: Type.Array(Type.Object({ prodId: Type.Integer(), title: Type.String(), cover: Nullable(Type.String()), quantity: Type.Integer() })),
  events: Type.Array(DeliveryEvent, { description: 'Newest first.' }),
});
export type DeliveryView = Static<typeof DeliveryView>;

// --- reviews ---
/** A photo of a review: an upload of this tenant (the fileUrl the upload flow returned). */
const ReviewImage = Type.String({ minLength: 1, maxLength: 1000, description: 'The fileUrl of an image uploaded to this tenant.' });

export const ReviewSubmitBody = Type.Object({
  tenantId: TenantIdParam,
  orderId: Id({ description: 'A completed order of the caller.' }),
  items: Type.Array(Type.Object({
    orderItemId: Id({ description: 'The order line reviewed (once per line).' }),
    score: Type.Integer({ minimum: 1, maximum: 5, description: 'Stars, 1 to 5.' }),
    content: Text({ minLength: 1, maxLength: REVIEW_TEXT_MAX, description: `Plain text, 1 to ${REVIEW_TEXT_MAX} characters after trimming; tags are removed.` }),
    images: Type.Optional(Type.Array(ReviewImage, { maxItems: REVIEW_IMAGES_MAX, description: `At most ${REVIEW_IMAGES_MAX} photos.` })),
  }), { minItems: 1, maxItems: 100 }),
});

export const OrderReviewsQuery = Type.Object({ tenantId: TenantIdParam, orderId: Id({ description: 'One of the caller\'s orders.' }) });

/** A review as its author sees it on the order. */
export const OwnReview = Type.Object({
  id: Type.Integer(), score: Type.Integer(), content: Type.String(), images: Type.Array(Type.String()), createTime: Time,
});

/** What an order's review page shows: each line and its review (null: not reviewed yet). */
export const OrderReviews = Type.Object({
  orderId: Type.Integer(),
  orderNo: Type.String(),
  orderState: Type.Integer(),
  reviewState: Type.Enum(['none', 'open', 'done'], { description: 'none: not completed, nothing to review; open: some line unreviewed; done: every line reviewed.' }),
  lines: Type.Array(Type.Object({
    orderItemId: Type.Integer(), prodId: Type.Integer(), title: Type.String(), cover: Nullable(Type.String()),
    productType: Type.Integer(), quantity: Type.Integer(), review: Nullable(OwnReview),
  })),
});
export type OrderReviews = Static<typeof OrderReviews>;

// --- the back office's shipping (ours) ---
export const ORDER_STAGES = ['pending', 'toShip', 'shipped', 'completed', 'cancelled', 'refunded'] as const;
/** An order's stage as the back office sorts them: pending payment, paid and to ship, shipped (to be received), completed, cancelled, refunded (state 6). */
export const OrderStage = Type.Enum([...ORDER_STAGES]);
export type OrderStage = Static<typeof OrderStage>;

export const AdminOrderQuery = Type.Object({
  tenantId: TenantIdParam,
  stage: Type.Optional(OrderStage),
  keyword: Type.Optional(Text({ maxLength: 40, description: 'Part of the order number or the receiver\'s name.' })),
  pageNo: Type.Optional(PageNo),
  pageSize: Type.Optional(PageSize),
});

export const AdminOrderRow = Type.Object({
  id: Type.Integer(),
  orderNo: Type.String(),
  stage: OrderStage,
  state: Type.Integer(),
  needsDelivery: Type.Boolean(),
  buyerName: Type.String(),
  createdAt: Time,
  paidAt: Nullable(Time),
  payPrice: Type.Number(),
  address: Address,
  items: Type.Array(Type.Object({ title: Type.String(), quantity: Type.Integer() })),
  delivery: Nullable(Type.Object({ carrier: Type.String(), trackingNo: Type.String(), state: DeliveryState, shippedAt: Time })),
});
export type AdminOrderRow = Static<typeof AdminOrderRow>;

export const AdminOrderPage = Type.Object({
  list: Type.Array(AdminOrderRow),
  total: Type.Integer(),
  pageNo: Type.Integer(),
  pageSize: Type.Integer(),
  counts: Type.Record(Type.String(), Type.Integer(), { description: 'Orders per stage (all stages), for the tabs.' }),
});
export type AdminOrderPage = Static<typeof AdminOrderPage>;

/** A tracking number: 4 to 40 letters, digits or hyphens. */
export const TRACKING_NO_PATTERN = '^[A-Za-z0-9-]{4,40}$';

export const ShipBody = Type.Object({
  tenantId: TenantIdParam,
  orderId: Id({ description: 'A paid physical order not shipped yet.' }),
  carrier: Text({ minLength: 1, maxLength: 40, description: 'The carrier, e.g. 顺丰速运.' }),
  trackingNo: Type.String({ pattern: TRACKING_NO_PATTERN, description: '4 to 40 letters, digits or hyphens.' }),
  place: Type.Optional(Text({ maxLength: 60, description: 'Where it leaves from (the first event).' })),
});

export const DeliveryEventBody = Type.Object({
  tenantId: TenantIdParam,
  orderId: Id({ description: 'A shipped order not yet signed for.' }),
  text: Text({ minLength: 1, maxLength: 200, description: 'What happened.' }),
  place: Type.Optional(Text({ maxLength: 60 })),
  happenedAt: Type.Optional(Type.String({ format: 'date-time', description: 'When it happened (default now); not before shipping, not in the future.' })),
  state: Type.Optional(Type.Integer({ minimum: 2, maximum: 4, description: 'Move the delivery to 2 in transit, 3 out for delivery or 4 signed for.' })),
});
