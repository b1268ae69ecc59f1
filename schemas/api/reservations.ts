// Reservations, contracts and refunds (issue 20 part R; spec learning §7 "Orders": orderCustomize/create,
// orderCustomize/info; the other calls are ours, docs/api.md "Reservations, contracts and refunds").
// Server routes validate with these; src/api/reservations.ts derives its types.
import { Type, type Static } from 'typebox';
import { Id, TenantIdParam, Text } from '../common';
import { Nullable, PageParams } from './list';

/** Product types of part R (ours; beside schemas/api/order.ts's 1–4 and 8–10): both ship nothing. */
export const CUSTOM_PRODUCT_TYPE = { service: 11, contract: 12 } as const;
/** Order state 6 (ours): refunded, by an approved request or a cancelled paid reservation. */
export const ORDER_REFUNDED = 6;
/** Longest learner's note on a reservation, refund reason and back-office note. */
export const NOTE_MAX = 200;

const IsoTime = (description?: string) => Type.String({ format: 'date-time', ...(description ? { description } : {}) });

// --- Slots and reserving ---
export const SlotListQuery = Type.Object({ tenantId: TenantIdParam, prodId: Id({ description: 'The service product (type 11).' }) });

/** A bookable time as the product page shows it. */
export const SlotView = Type.Object({
  id: Type.Integer(),
  startAt: IsoTime(), endAt: IsoTime(),
  capacity: Type.Integer(),
  booked: Type.Integer({ description: 'Seats held: booked reservations whose order is pending, paid or complete.' }),
  free: Type.Integer({ description: 'capacity − booked, never below 0.' }),
  mine: Type.Boolean({ description: 'The signed-in caller holds a seat in it (false for guests).' }),
  bookable: Type.Boolean({ description: 'Open, not started and not full.' }),
});
export type SlotView = Static<typeof SlotView>;

/** The upcoming slots of a service product (started ones are left out), earliest first. */
export const SlotList = Type.Object({ prodId: Type.Integer(), providerId: Type.Integer(), providerName: Type.String(), slots: Type.Array(SlotView) });
export type SlotList = Static<typeof SlotList>;

/** POST /order/api/orderCustomize/create: reserve a slot of a service product, or order a contract product. */
export const CustomizeCreateBody = Type.Object({
  tenantId: TenantIdParam,
  kind: Type.Enum(['reserve', 'contract'], { description: 'reserve: a service product (type 11) for slotId; contract: a contract product (type 12).' }),
  prodId: Id(),
  slotId: Type.Optional(Id({ description: 'reserve: the slot to book.' })),
  note: Type.Optional(Text({ maxLength: NOTE_MAX, description: 'reserve: a note for the provider.' })),
  submitToken: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'Made once per page: a second create with it returns the same order.' }),
});

/** What create answers: the order (pay it when needsPay) and its reservation or contract. */
export const CustomizeCreated = Type.Object({
  orderId: Type.Integer(), orderNo: Type.String(),
  orderState: Type.Integer({ description: '1 pending payment; 3 completed (a free reservation, confirmed at once).' }),
  needsPay: Type.Boolean({ description: 'true: pay through pay/unifiedOrder (a contract first needs confirming).' }),
  reservationId: Nullable(Type.Integer()), contractId: Nullable(Type.Integer()),
  repeated: Type.Boolean({ description: 'true: this token had already placed the order.' }),
});
export type CustomizeCreated = Static<typeof CustomizeCreated>;

export const OrderIdQuery = Type.Object({ tenantId: TenantIdParam, orderId: Id() });

/** Where a reservation stands (derived from its own state, its order's and the clock). */
export const ReservationStatus = Type.Enum(['toPay', 'upcoming', 'past', 'cancelled'], {
  description: 'toPay: its order waits for payment; upcoming: confirmed, not started; past: started or over; cancelled: by the learner, expiry of the unpaid order, or a refund.',
});
export type ReservationStatus = Static<typeof ReservationStatus>;

export const ReservationView = Type.Object({
  id: Type.Integer(), orderId: Type.Integer(), orderNo: Type.String(), orderState: Type.Integer(),
  prodId: Type.Integer(), title: Type.String(), cover: Nullable(Type.String()), providerName: Type.String(),
  slotId: Type.Integer(), startAt: IsoTime(), endAt: IsoTime(),
  note: Nullable(Type.String()), price: Type.Number({ description: 'What the order costs (0: free).' }),
  status: ReservationStatus,
  cancellable: Type.Boolean({ description: 'Booked and not started: cancelling frees the seat (and refunds a paid one).' }),
  createdAt: IsoTime(), cancelledAt: Nullable(IsoTime()),
});
export type ReservationView = Static<typeof ReservationView>;

export const ContractView = Type.Object({
  id: Type.Integer(), orderId: Type.Integer(), orderNo: Type.String(), orderState: Type.Integer(),
  contractNo: Type.String(), prodId: Type.Integer(), productTitle: Type.String(), price: Type.Number(),
  title: Type.String(), body: Type.String({ description: 'Plain text, paragraphs split by a blank line; render as text.' }),
  state: Type.Enum(['pending', 'confirmed']),
  signerName: Nullable(Type.String()), confirmedAt: Nullable(IsoTime()), createdAt: IsoTime(),
});
export type ContractView = Static<typeof ContractView>;

/** GET /order/api/orderCustomize/info: the reservation or contract of one of the caller's orders. */
export const CustomizeInfo = Type.Object({
  orderId: Type.Integer(),
  kind: Type.Enum(['reserve', 'contract', 'none'], { description: 'none: an ordinary order.' }),
  reservation: Nullable(ReservationView),
  contract: Nullable(ContractView),
});
export type CustomizeInfo = Static<typeof CustomizeInfo>;

// --- My lists ---
export const ReservationTab = Type.Enum(['upcoming', 'past', 'cancelled'], { description: 'upcoming: to pay or confirmed and not started; past: started; cancelled.' });
export type ReservationTab = Static<typeof ReservationTab>;
export const MyReservationsQuery = Type.Object({ ...PageParams, tab: Type.Optional(ReservationTab) });
export const ContractTab = Type.Enum(['pending', 'confirmed']);
export type ContractTab = Static<typeof ContractTab>;
export const MyContractsQuery = Type.Object({ ...PageParams, tab: Type.Optional(ContractTab) });

export const IdBody = Type.Object({ tenantId: TenantIdParam, id: Id() });
export const IdQuery = Type.Object({ tenantId: TenantIdParam, id: Id() });

export const ConfirmContractBody = Type.Object({
  tenantId: TenantIdParam, id: Id(),
  signerName: Text({ minLength: 2, maxLength: 30, description: 'The learner\'s name as typed to sign.' }),
  agreed: Type.Boolean({ description: 'Must be true: "I have read and agree".' }),
});

export const ContractFile = Type.Object({
  fileName: Type.String(), contentType: Type.Literal('application/pdf'), size: Type.Integer(),
  data: Type.String({ contentEncoding: 'base64', description: 'The PDF, base64.' }),
});
export type ContractFile = Static<typeof ContractFile>;

// --- Refunds ---
export const RefundState = Type.Enum(['requested', 'approved', 'rejected']);
export type RefundState = Static<typeof RefundState>;

export const RefundView = Type.Object({
  id: Type.Integer(), orderId: Type.Integer(), reason: Type.String(), amount: Type.Number(), state: RefundState,
  note: Nullable(Type.String({ description: 'The back office\'s note.' })), createdAt: IsoTime(), decidedAt: Nullable(IsoTime()),
  automatic: Type.Boolean({ description: 'true: made by cancelling a paid reservation, approved at once.' }),
});
export type RefundView = Static<typeof RefundView>;

/** The latest request of an order and whether another may be made now. */
export const RefundInfo = Type.Object({
  orderId: Type.Integer(), latest: Nullable(RefundView),
  canApply: Type.Boolean({ description: 'Paid (state 2 or 3), not refunded, no open request.' }),
});
export type RefundInfo = Static<typeof RefundInfo>;

export const RefundApplyBody = Type.Object({
  tenantId: TenantIdParam, orderId: Id(),
  reason: Text({ minLength: 2, maxLength: NOTE_MAX, description: 'Why, 2 to 200 characters.' }),
});

export const AdminRefundQuery = Type.Object({ ...PageParams, state: Type.Optional(RefundState) });

export const AdminRefundRow = Type.Object({
  ...RefundView.properties,
  orderNo: Type.String(), orderState: Type.Integer(), userName: Type.String(), account: Type.String(),
  items: Type.Array(Type.Object({ title: Type.String(), quantity: Type.Integer() })),
});
export type AdminRefundRow = Static<typeof AdminRefundRow>;

export const RefundAuditBody = Type.Object({
  tenantId: TenantIdParam, id: Id(),
  approve: Type.Boolean(),
  note: Type.Optional(Text({ maxLength: NOTE_MAX, description: 'To the learner; required when rejecting.' })),
});
